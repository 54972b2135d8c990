/**
 * Requests to the v1 API in shell text (issue 16): curl in scripts, Makefiles, Dockerfiles, CI YAML and the
 * bash blocks of documents. A URL under https://api.firecrawl.dev/v1, or a /v1 path after a variable the
 * script names as Firecrawl's (`$FIRECRAWL_API_URL/v1/scrape`, `$(FIRECRAWL_URL)`, `${{ env.FIRECRAWL_URL }}`),
 * moves to /v2 with the route table JavaScript uses (mapping/api-requests.ts). A JSON body in a quoted word
 * (`-d '{...}'`, with variables spliced in, or escaped in double quotes) is migrated by the very steps that migrate a JavaScript request body: it is set in a
 * request of a small script, those steps run, and what they wrote is turned back into JSON. Comment lines
 * are left alone, and so is another API's /v1.
 */
import { parseExpression } from "../js/runtime/parse.js";
import type { Node } from "@babel/types";
import { applyEdits, type Edit } from "../core/edits.js";
import { Planner, runPipeline, type Language, type Named, type Result, type StepPlan, type TransformOptions } from "../core/pipeline.js";
import { runSteps } from "../js/pipeline.js";
import type { Source } from "../core/source.js";
import { API_HOST, HOSTS, routeOf, startsRoute, type RouteRow } from "../mapping/api-requests.js";
import { staying } from "../core/moving.js";
import { step as formats } from "../js/steps/formats.js";
import { step as options } from "../js/steps/options.js";
import { joined, reworded, routeMoved, type Message } from "../mapping/messages.js";

interface ShellRequest {
  /** offsets of the `v1` to make `v2` */
  readonly version: { readonly start: number; readonly end: number };
  readonly route: RouteRow | undefined;
  readonly path: string;
  /** the command around the URL: the lines a trailing backslash joins */
  readonly command: { readonly start: number; readonly end: number };
  /** the body's shell word after `-d`, `--data-raw`, `--json` (and the like), when it is quoted */
  readonly body?: BodyWord;
  /** the body's word when it is not JSON written in the command: `@request.json`, `"$BODY"` */
  readonly bodyFrom?: string;
}

/**
 * A quoted shell word holding a JSON body: `'{"url": "https://..."}'`, the same with variables spliced in
 * (`'{"url": "'"$URL"'"}'`), or in double quotes, escaped (`"{\"url\": \"$URL\"}"`). Its JSON stands each
 * expansion in as a placeholder, which `write` puts back as it was written.
 */
interface BodyWord {
  readonly start: number;
  readonly end: number;
  /** the JSON, or undefined where the word has quoting this reader leaves to the shell (`\$`, backquotes) */
  readonly json: string | undefined;
  /** the word for a migrated JSON, or null when a placeholder did not come through once */
  write(json: string): string | null;
}
const BASE = String.raw`(?:https?://(?:${HOSTS})|\$\{\{\s*[\w.]*firecrawl[\w.]*\s*\}\}|\$\$?\{?\(?[A-Za-z_]*firecrawl\w*\)?\}?)`;
const V1 = new RegExp(`${BASE}/(v1)(?=[/?#"'\\s\\\\]|$)`, "gi");
const BODY_FLAG = /(?:-d|--data|--data-raw|--data-binary|--json)\s+(?=['"])/g;
/** A body flag and its word, whatever it is: `-d @request.json`, `--data-binary @-`, `-d "$BODY"`. */
const ANY_BODY = /(?:^|\s)(?:-d|--data|--data-raw|--data-binary|--json)(?:\s+|=)((?:'[^']*'|"(?:[^"\\]|\\.)*"|[^\s'"])+)/;
const EXPANSION = /\$(?:\{[^}]*\}|\([^)]*\)|\w+)/g;
const placeholder = (i: number) => `__firecrawl_codemod_shell_${i}__`;

/** Puts the pieces back in place of their placeholders, each exactly once, or says it cannot. */
function restore(json: string, pieces: readonly string[], piece: (text: string) => string): string | null {
  let seen = 0;
  const back = json.replace(/__firecrawl_codemod_shell_(\d+)__/g, (_, i: string) => (seen++, piece(pieces[Number(i)]!)));
  return seen === pieces.length ? back : null;
}

/** The quoted word at `at`: single quotes with pieces spliced between them, or one pair of double quotes. */
function bodyWord(text: string, at: number): BodyWord | undefined {
  if (text[at] === '"') {
    const match = /^"((?:[^"\\]|\\.)*)"/.exec(text.slice(at));
    if (!match) return undefined;
    const quoted = match[1]!;
    const pieces: string[] = [];
    const readable = !/\\[^"\\]|`/.test(quoted);
    const json = quoted.replace(/\\([\\"])/g, "$1").replace(EXPANSION, (m) => placeholder(pieces.push(m) - 1));
    return {
      start: at,
      end: at + match[0].length,
      json: readable ? json : undefined,
      write: (migrated) => restore(`"${migrated.replace(/[\\"]/g, "\\$&")}"`, pieces, (p) => p),
    };
  }
  // '...' then, for as long as the word goes on, a spliced piece (`"$URL"`, `$ID`) and '...' again.
  const word = /^'[^']*'(?:(?:"(?:[^"\\]|\\.)*"|[^\s'"])+'[^']*')*/.exec(text.slice(at));
  if (!word) return undefined;
  const pieces: string[] = [];
  const json = word[0].replace(/^'|'$/g, "").replace(/'((?:"(?:[^"\\]|\\.)*"|[^\s'"])+)'/g, (_, piece: string) => placeholder(pieces.push(piece) - 1));
  return { start: at, end: at + word[0].length, json, write: (migrated) => restore(`'${migrated}'`, pieces, (p) => `'${p}'`) };
}

/**
 * The text of the command around `at`: back to the start of the line that begins it (over lines the one
 * before continues with `\`), on to the first line end that is neither escaped nor inside quotes (a JSON
 * body in single quotes often spans lines).
 */
function commandAround(text: string, at: number): { start: number; end: number } {
  let start = text.lastIndexOf("\n", at - 1) + 1;
  while (start > 0 && /\\\r?\n$/.test(text.slice(Math.max(0, start - 3), start))) start = text.lastIndexOf("\n", start - 2) + 1;
  let quote: string | undefined;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === "\\" && quote === '"') i++;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "\\") i += text[i + 1] === "\r" ? 2 : 1;
    else if (c === "\n" && i >= at) return { start, end: i };
  }
  return { start, end: text.length };
}

function findRequests(source: Source): ShellRequest[] {
  const text = source.text;
  const requests: ShellRequest[] = [];
  for (const match of text.matchAll(V1)) {
    const lineStart = text.lastIndexOf("\n", match.index) + 1;
    if (/^\s*#/.test(text.slice(lineStart, match.index))) continue;
    const start = match.index + match[0].length - 2;
    // `.../v1` at the end of a word is a base: what follows on the next line is no route.
    const path = text[start + 2] === "/" ? /^[^\s"'\\?#]*/.exec(text.slice(start + 3))![0] : "";
    // `crawl/$JOB_ID` is the crawl route; `$ROUTE` alone is computed.
    const fixed = path.split("$")[0]!;
    const route = routeOf(fixed.replace(/\/$/, "")) ?? (fixed === path ? routeOf(path) : undefined);
    const command = commandAround(text, match.index);
    const flag = [...text.slice(command.start, command.end).matchAll(BODY_FLAG)][0];
    const body = flag && bodyWord(text, command.start + flag.index + flag[0].length);
    const word = body ? undefined : ANY_BODY.exec(text.slice(command.start, command.end))?.[1];
    requests.push({ version: { start, end: start + 2 }, route, path, command, body, bodyFrom: word });
  }
  return requests;
}

/** JavaScript object text as JSON: keys quoted, strings in double quotes; the rest as it was written. */
function asJson(text: string): string {
  const edits: Edit[] = [];
  const visit = (node: Node): void => {
    if (node.type === "ObjectExpression") {
      for (const property of node.properties) {
        if (property.type !== "ObjectProperty") continue;
        if (property.key.type === "Identifier" && !property.computed)
          edits.push({ start: property.key.start!, end: property.key.end!, text: JSON.stringify(property.key.name) });
        visit(property.key);
        visit(property.value);
      }
    } else if (node.type === "ArrayExpression") {
      for (const element of node.elements) if (element) visit(element);
    } else if (node.type === "StringLiteral" && text[node.start!] === "'") {
      edits.push({ start: node.start!, end: node.end!, text: JSON.stringify(node.value) });
    }
  };
  visit(parseExpression(text));
  return applyEdits(text, edits);
}

/**
 * A JSON body through the JavaScript request-body steps: the new JSON (or null when nothing changed), the
 * messages of what changed, and the TODOs the steps asked for; null for a body that does not parse.
 */
function migrateBody(route: RouteRow, json: string, keepV1Defaults?: boolean): { json: string | null; changes: Message[]; todos: string[] } | null {
  try {
    parseExpression(json);
  } catch {
    return null;
  }
  const head = `fetch("https://${API_HOST}/v1/${route.path}", { method: "POST", body: JSON.stringify(`;
  const result: Result = runSteps([options, formats], "body.js", `${head}${json}) });\n`, { keepV1Defaults });
  const changes = result.changes.map((c) => reworded(c.finding, c.message));
  const todos = result.todos.map((t) => t.message);
  if (result.output === null) return { json: null, changes, todos };
  const body = result.output.slice(result.output.indexOf(head) + head.length, result.output.lastIndexOf(") });"));
  return { json: asJson(body), changes, todos };
}

const wordText = (source: Source, word: BodyWord) => source.text.slice(word.start, word.end);

/** What stands in a TODO for a quoted body this reader cannot take as JSON. */
const UNREAD_BODY = "a quoted word that is not plain JSON (escapes, backquotes)";

/** The one step of shell text, under the concern JavaScript's request step has. */
export const shellSteps: readonly Named[] = [
  { name: "api-requests", description: "moves curl requests to the API from /v1 to /v2 (JSON bodies migrated like SDK options)" },
];

/**
 * Bodies a document keeps apart from their commands: a ```json block the prose says to write to a file, which
 * a command then sends (`-d @/tmp/request.json`). A request moves with such a body as with one in its command.
 */
export interface BodyFiles {
  /** the JSON the document writes to a file a command sends, where it shows one */
  read(file: string): string | undefined;
  /** the file's JSON, migrated with the request that sends it */
  write(file: string, json: string): void;
  /** whether the document shows the file's JSON for more than one command, so that none can take it */
  shared(file: string): boolean;
}

/** The file a body word names: `@request.json`, `"@/tmp/body.json"`; not `@-` (standard input). */
export const bodyFile = (word: string) => /^(["']?)@([^"'\s]+)\1$/.exec(word)?.[2]?.replace(/^-$/, "") || undefined;

const shellWith = (files?: BodyFiles): Language<ShellRequest[], Named> => ({
  parse: findRequests,
  reachesSdk: (requests) => requests.length > 0,
  plan(current, source, requests, options): StepPlan {
    const planner = new Planner(current, source, "#");
    // Each body is read first: a request whose body cannot be migrated stays on /v1, and its command with it.
    const read = requests.map((request) => {
      const start = startsRoute(request.route, request.path.split("$")[0]!, request.path.includes("$"));
      // `-d @request.json`, `--data-binary "@/tmp/body.json"`: a file the document may show.
      const word = request.bodyFrom ?? (request.body ? wordText(source, request.body) : undefined);
      const file = word !== undefined && request.route?.body && start ? bodyFile(word) : undefined;
      const kept = file !== undefined ? files?.read(file) : undefined;
      const body = kept === undefined ? request.body : undefined;
      const json = kept ?? body?.json;
      const migrated =
        (body || kept !== undefined) && request.route?.body && start && json !== undefined
          ? migrateBody(request.route, json, options.keepV1Defaults)
          : undefined;
      const text = migrated?.json && body ? body.write(migrated.json) : null;
      const unread = body && request.route?.body && start && (!migrated || (migrated.json !== null && text === null));
      // `-d "$BODY"`: a quoted word that is no JSON object is a body from elsewhere.
      const from =
        kept !== undefined
          ? migrated && /^\s*\{/.test(kept)
            ? undefined
            : word
          : (request.bodyFrom ?? (body?.json !== undefined && !/^\s*\{/.test(body.json) ? wordText(source, body) : undefined));
      const unseen = from && request.route?.body && start ? `\`${from}\`` : unread ? UNREAD_BODY : undefined;
      const sharedFile = file !== undefined && files?.shared(file) ? `@${file}` : undefined;
      return {
        ...request,
        body,
        version: { start: request.command.start },
        start,
        unseen,
        sharedFile,
        migrated,
        text,
        file: kept !== undefined && from === undefined ? file : undefined,
        kept,
      };
    });
    const stays = staying(read);
    for (const request of read) {
      if (stays.has(request)) {
        const reason = stays.get(request);
        if (reason) planner.todo(request.command, reason);
        continue;
      }
      const route = request.route!;
      const { body, migrated, text, file, kept } = request;
      // A body kept in a file changes in its own block: its changes are said where the command sends it.
      const inFile = file !== undefined && migrated ? migrated : undefined;
      planner.apply(
        { ...requests[read.indexOf(request)]!.version, text: "v2" },
        inFile ? joined([routeMoved(request.path), ...inFile.changes]) : routeMoved(request.path),
      );
      if (inFile?.json) files!.write(file!, inFile.json);
      if (body && text !== null && migrated) planner.apply({ start: body.start, end: body.end, text }, joined(migrated.changes));
      for (const todo of migrated?.todos ?? []) planner.todo(request.command, todo);
      const sent = inFile ? kept : body?.json;
      const asksForJson = sent !== undefined && /"(?:extract|json)"|"jsonOptions"/.test(sent);
      // A field only renamed matters where the command reads it (`jq .data.remaining_credits`).
      const command = source.text.slice(request.command.start, request.command.end);
      const renamesOnly = !!route.reads?.length && route.reads.every((r) => r.change.kind === "rename");
      const readsRenamed = route.reads?.some((r) => command.includes(r.at.at(-1)!));
      if (route.response && (!route.responseIfJson || asksForJson) && (!renamesOnly || route.responseIfJson || readsRenamed))
        planner.todo(request.command, route.response);
    }
    return planner.plan;
  },
});

/**
 * Migrates the requests to the API that a shell-like text (script, Makefile, Dockerfile, YAML) makes with curl;
 * `files` are the bodies a document shows apart from its commands.
 */
export function runShell(steps: readonly Named[], path: string, text: string, options: TransformOptions = {}, files?: BodyFiles): Result {
  return runPipeline(shellWith(files), steps, path, text, options, "shell");
}
