/**
 * Code in documents: the fenced blocks of a Markdown or MDX file (and of a notebook's markdown cells) go
 * through the same engine as files of their language. A document's blocks of one language are migrated as
 * one program, as a notebook's cells are (a README makes its client in one block and scrapes with it in the
 * next); a block that does not fit there (it does not parse, or declares a name an earlier block declared)
 * is migrated alone, and where it does not parse as it stands, as a fragment: its `...` elisions made
 * comments, then its statements wrapped in an async function (Python: an indented excerpt dedented), and
 * every edit mapped back. A block that parses in no form is left as it is and named in the notes with its line.
 *
 * Only the lines of blocks that changed are rewritten, each with the prefix its container gives it (`> `,
 * a list item's indentation); every other byte of the document stays.
 */
import { diff } from "../core/diff-package.js";
import type { Change, Result } from "../core/pipeline.js";
import { applyEdits, type Edit } from "../core/edits.js";
import { maskCell } from "../python/runtime/ipython.js";
import type { SourceLanguage } from "../core/language.js";
import { codeBlocks, type Block } from "./blocks.js";
import { mentionsFirecrawl, NAMES } from "../core/mentions.js";
import { V1_ONLY_NAMES } from "../mapping/client-methods.js";
import { bodyFile, type BodyFiles } from "../shell/requests.js";
import { shownBodyTodo } from "./shown-bodies.js";
import { migrateShownResponse, movedRoute } from "./shown-responses.js";
import { markPowershell } from "./powershell.js";

/** The transform a shown body's TODO is reported under: the one that migrates bodies sent over HTTP. */
const SHOWN_BODY = "api-requests";

/**
 * Migrates one program in a language (as migrateText does a file of it); throws as the steps do. `files`
 * are the bodies the document shows apart from the shell commands that send them.
 */
export type ProgramMigrator = (language: CodeLanguage, code: string, files?: BodyFiles) => Result;

/** The languages whose blocks are migrated. */
type CodeLanguage = "javascript" | "typescript" | "tsx" | "python" | "shell";
const CODE_LANGUAGES: readonly SourceLanguage[] = ["javascript", "typescript", "tsx", "python", "shell"];

/** Between two blocks in the joined program: a comment line, which no step edits, so it marks the seam. */
const seamOf = (language: CodeLanguage) => `${language === "python" || language === "shell" ? "#" : "//"} %% firecrawl-codemod block boundary %%`;

/** A block's code as given to the engine, and how to read the engine's output back as the block's code. */
interface Form {
  readonly code: string;
  /** lines put before the block's first line (a wrapper's opening) */
  readonly above: number;
  /** columns taken off the block's lines (a dedented excerpt) */
  readonly shift: number;
  /** the block's code back from the migrated form, or null when the form did not survive the migration */
  restore(migrated: string): string | null;
}

const lineCount = (text: string) => text.split(/\r\n|\n|\r/).length;
const eolOf = (code: string) => (code.includes("\r\n") ? "\r\n" : "\n");

const asIs = (code: string): Form => ({ code, above: 0, shift: 0, restore: (migrated) => migrated });

/**
 * `...` standing for code left out (`{ url, ... }`, `foo(...)`, a line of its own), not a spread: each
 * becomes a numbered comment, put back after the migration.
 */
const ELISION = /(?:\.\.\.|…)(?=[ \t]*(?:[)\]},;]|$))/gm;

function elided(code: string): Form | null {
  const found: string[] = [];
  const marked = code.replace(ELISION, (m) => `/*firecrawl-codemod:elision:${found.push(m) - 1}*/`);
  if (!found.length) return null;
  return {
    code: marked,
    above: 0,
    shift: 0,
    restore(migrated) {
      let seen = 0;
      const back = migrated.replace(/\/\*firecrawl-codemod:elision:(\d+)\*\//g, (_, i: string) => (seen++, found[Number(i)] ?? ""));
      return seen === found.length ? back : null;
    },
  };
}

/** A restore that throws has not survived the migration. */
function attempt(restore: () => string): string | null {
  try {
    return restore();
  } catch {
    return null;
  }
}

const WRAPPER = "async function firecrawlCodemodFragment() {";

/** The fragment forms of a block, tried in turn when it does not parse as it stands. */
function fragmentForms(language: CodeLanguage, code: string): Form[] {
  // Shell text is read line by line, never parsed: it has no fragments.
  if (language === "shell") return [];
  const eol = eolOf(code);
  if (language === "python") {
    // IPython lines (`!pip install`, `%%time`, as notebooks exported to posts have them), set aside as in a cell.
    const cell = maskCell(code);
    const magics: Form[] =
      cell.python && cell.masked !== code ? [{ code: cell.masked, above: 0, shift: 0, restore: (m) => attempt(() => cell.restore(m)) }] : [];
    // An excerpt of an indented body (a method's lines): dedented, and indented again afterwards.
    const indents = code
      .split(/\r\n|\n|\r/)
      .filter((l) => l.trim())
      .map((l) => /^[ \t]*/.exec(l)![0]);
    const common = indents.reduce((a, b) => (b.startsWith(a) ? a : a.startsWith(b) ? b : ""), indents[0] ?? "");
    if (!common) return magics;
    const strip = (line: string) => (line.startsWith(common) ? line.slice(common.length) : line);
    return [...magics, { code: code.replace(/^.*$/gm, strip), above: 0, shift: common.length, restore: (m) => m.replace(/^(?=.*\S)/gm, common) }];
  }
  const marks = elided(code);
  const base = marks ?? asIs(code);
  const open = `${WRAPPER}${eol}`;
  const close = `${eol}}`;
  const wrapped: Form = {
    code: `${open}${base.code}${close}`,
    above: 1,
    shift: 0,
    restore: (m) => (m.startsWith(open) && m.endsWith(close) ? base.restore(m.slice(open.length, m.length - close.length)) : null),
  };
  return [...(marks ? [marks] : []), wrapped];
}

/**
 * What became of one block: its migrated code (null: unchanged) with changes located in it, or why it was
 * left; `failed` when the tool failed on it (a step threw, its output could not be mapped back), which is
 * the tool's error, not the block's.
 */
type Outcome =
  | { readonly code: string | null; readonly changes: readonly Change[]; readonly todos: readonly Change[] }
  | { readonly left: string; readonly failed?: boolean };

/** The engine's position of a parse error, when it is one (Babel's and tree-sitter's errors carry `loc`). */
const parseErrorAt = (error: unknown) => (error as { loc?: { line: number; column: number } }).loc;
const reason = (error: unknown) => (error as Error).message.replace(/ \(\d+:\d+\)$/, "");

/** Runs forms joined by the seam: one outcome per form, or the error with the index of the form it is in. */
function runJoined(language: CodeLanguage, forms: readonly Form[], migrate: ProgramMigrator): Outcome[] | { error: unknown; at: number | null; line?: number } {
  const eol = eolOf(forms.map((f) => f.code).join(""));
  const seam = `${eol}${seamOf(language)}${eol}`;
  const firsts = (codes: readonly string[]) => codes.map((_, i) => codes.slice(0, i).reduce((n, c) => n + lineCount(c) + 1, 1));
  const inputFirsts = firsts(forms.map((f) => f.code));
  const formAt = (line: number) => inputFirsts.filter((first) => first <= line).length - 1;
  let result: Result;
  try {
    result = migrate(language, forms.map((f) => f.code).join(seam));
  } catch (error) {
    const loc = parseErrorAt(error);
    if (!loc) return { error, at: null };
    const at = Math.max(0, formAt(loc.line));
    return { error, at, line: loc.line - inputFirsts[at]! + 1 - forms[at]!.above };
  }
  const parts = result.output === null ? forms.map((f) => f.code) : result.output.split(seam);
  if (parts.length !== forms.length) return { error: new Error("the migrated blocks could not be told apart again"), at: null };
  const outputFirsts = firsts(parts);
  return forms.map((form, i): Outcome => {
    const mine = (c: Change) => formAt(c.source.line) === i;
    // Into the block's own lines and columns: a wrapper's line above it and a dedent taken off.
    const locate = (c: Change): Change => ({
      ...c,
      line: c.line - outputFirsts[i]! + 1 - form.above,
      source: { line: c.source.line - inputFirsts[i]! + 1 - form.above, column: c.source.column + form.shift },
    });
    const changes = result.changes.filter(mine).map(locate);
    const todos = result.todos.filter(mine).map(locate);
    if (parts[i] === form.code) return { code: null, changes, todos };
    const code = form.restore(parts[i]!);
    return code === null ? { left: "its migration could not be mapped back onto the block", failed: true } : { code, changes, todos };
  });
}

/**
 * The blocks of one language, joined: a block that keeps the program from parsing is tried in its fragment
 * forms there (a wrapped fragment still sees the clients the blocks above made), then by itself (it may
 * redeclare what a block above declared), then a `ts` one as TSX; it is left out, with the parser's first reason, when nothing parses. A failure no
 * block can be blamed for (a step that throws) sends each block to be migrated alone, so one cannot hold
 * back the others.
 */
function runLanguage(language: CodeLanguage, blocks: readonly Block[], migrate: ProgramMigrator, notes: string[]): Outcome[] {
  const outcomes: Outcome[] = [];
  const forms = blocks.map((block) => [asIs(block.code), ...fragmentForms(language, block.code)]);
  const level = blocks.map(() => 0);
  const firstError: { error: unknown; line?: number }[] = [];
  const unparsed = (i: number): Outcome => {
    const { error, line } = firstError[i]!;
    return { left: `it does not parse, as it stands or as a fragment (line ${blocks[i]!.line + line!}: ${reason(error)})` };
  };
  /** A block that did not fit among the others, by itself, and a `js` one as TypeScript after that. */
  const alone = (i: number): Outcome => {
    const by = blocks.length > 1 ? language : language === "typescript" ? "tsx" : null;
    const outcome = by && runLanguage(by, [blocks[i]!], migrate, notes)[0]!;
    // Alone, a block's own parse error says more than the one it met among the others.
    return outcome && !("left" in outcome && by !== language) ? outcome : unparsed(i);
  };
  let active = blocks.map((_, i) => i);
  while (active.length) {
    const ran = runJoined(
      language,
      active.map((i) => forms[i]![level[i]!]!),
      migrate,
    );
    if (Array.isArray(ran)) {
      ran.forEach((outcome, k) => (outcomes[active[k]!] = outcome));
      break;
    }
    if (ran.at === null) {
      if (active.length === 1) outcomes[active[0]!] = { left: `the migration failed: ${reason(ran.error)}`, failed: true };
      else {
        // The last block goes by itself and the rest are tried again; not silently, as a block that uses a
        // client made above it is not migrated by itself.
        const i = active.at(-1)!;
        notes.push(`block at line ${blocks[i]!.line} (${blocks[i]!.lang}): migrated by itself, not with the blocks above it: together, ${reason(ran.error)}`);
        outcomes[i] = runLanguage(language, [blocks[i]!], migrate, notes)[0]!;
        active = active.slice(0, -1);
        continue;
      }
      break;
    }
    const i = active[ran.at]!;
    firstError[i] ??= ran;
    if (level[i]! + 1 < forms[i]!.length) level[i]!++;
    else {
      outcomes[i] = alone(i);
      active = active.filter((k) => k !== i);
    }
  }
  return outcomes;
}

/** The prefix of the nearest line with code, from `at` on, else before it (a blank line's may be shorter). */
function prefixNear(block: Block, at: number): string {
  const filled = (i: number) => block.lines[i]?.code.trim();
  for (let i = at; i < block.lines.length; i++) if (filled(i)) return block.lines[i]!.prefix;
  for (let i = at - 1; i >= 0; i--) if (filled(i)) return block.lines[i]!.prefix;
  return block.lines[0]!.prefix;
}

/**
 * A block's new lines, each with the prefix its container gives it: a line kept from the block keeps its
 * own, a new one takes the one of the nearest line of code (without trailing blanks when it is empty);
 * and each with the suffix the document gives its lines (a hard break's backslash), a new one the block's.
 */
function relaid(block: Block, code: string): string {
  // split() drops the empty line after a last line end; that line is the block's last line too.
  const fresh = code.split(/(?<=\r\n|\n|\r(?!\n))/).concat(/(?:\r\n|\n|\r)$/.test(code) ? [""] : []);
  const around: { prefix: string; suffix: string }[] = [];
  const suffix = block.lines[0]!.suffix;
  let at = 0;
  for (const part of diff().diffArrays(
    block.lines.map((l) => l.code),
    fresh.map((l) => l.replace(/\r?\n$|\r$/, "")),
  )) {
    for (const line of part.value) {
      if (part.removed) at++;
      else if (!part.added) around.push(block.lines[at++]!);
      else around.push({ prefix: line === "" ? prefixNear(block, at).trimEnd() : prefixNear(block, at), suffix });
    }
  }
  return fresh.map((line, i) => around[i]!.prefix + line.replace(/(?=(?:\r\n|\n|\r)?$)/, around[i]!.suffix)).join("");
}

/** Migrates the code blocks of a document; `null` output when no block changes. */
const V1_CALL = new RegExp(`\\.(?:${[...V1_ONLY_NAMES].join("|")})\\s*\\(`);

const NAMED = `[\\w$.@/-]*(?:${NAMES.join("|")})`;

/**
 * The name as code uses it: imported (`from firecrawl import`, `from "@mendable/firecrawl-js"`, `require(...)`),
 * constructed, called, reached into (`firecrawl.scrape`, `api.firecrawl.dev`) or quoted. A block of prose in a
 * code fence ("1. Initial request to Firecrawl v2 → ...") names the service in words only, and parses as no
 * code: taking that for a call left unread would fail CI over a document that has no SDK code at all.
 */
const CODE_NAMING = new RegExp(
  `\\bfrom\\s+${NAMED}[\\w.]*\\s+import\\b|\\b(?:import|new)\\s+${NAMED}|\\brequire\\s*\\(\\s*["'\`]${NAMED}|${NAMED}[\\w$-]*(?:\\s*\\(|\\.[\\w$])|["'\`]${NAMED}`,
);

/** Whether a block's text reaches the SDK: it names it in code, or calls a method only v1 has (`app.scrapeUrl(<YOUR_URL>)`). */
const callsSdk = (code: string) => CODE_NAMING.test(code) || V1_CALL.test(code);

/**
 * A name only v1 API has, outside the `.v1` accessor that keeps it on purpose: a method only v1 has (called or
 * handed on), a `/v1` route. A block that parses in no form and names none of these (`new Firecrawl({ apiKey:
 * <KEY> })` in a v2 guide) has nothing check could find in it: not vouching for it would fail CI over v2
 * documents. The v1 client's class name alone says nothing: a JS default import's local name is the writer's
 * choice, and the v2 Python SDK keeps `FirecrawlApp` and `AsyncFirecrawlApp` as aliases of its clients.
 */
const V1_NAMING = new RegExp(`(?<!\\.v1\\.)\\b(?:${[...V1_ONLY_NAMES].join("|")})\\b|/v1(?![\\w.-])`);

/** The body words of a shell block's commands that name a file: `-d @/tmp/request.json`. */
const FILE_BODY = /(?:^|\s)(?:-d|--data|--data-binary|--json)(?:\s+|=)(["']?@[^\s"']+["']?)/g;

/**
 * The JSON blocks a document sends as the bodies of its shell blocks' commands: a ```json block the prose
 * before the command names the file of (`Write to \`/tmp/request.json\`:`, then ```json, then `curl -d
 * @/tmp/request.json`), the last one since the shell block before. A JSON block that two commands send is
 * nobody's: each request would want it migrated for its own route.
 */
function bodyBlocks(text: string, all: readonly Block[]): { found: Map<Block, { files: Map<string, Block>; shared: Set<string> }>; sent: ReadonlySet<Block> } {
  const found = new Map<Block, { files: Map<string, Block>; shared: Set<string> }>();
  const senders = new Map<Block, number>();
  let since = 0;
  for (const [i, block] of all.entries()) {
    if (block.language !== "shell") continue;
    const files = new Map<string, Block>();
    for (const [, word] of block.code.matchAll(FILE_BODY)) {
      const file = bodyFile(word!);
      const json =
        file &&
        all
          .slice(since, i)
          .reverse()
          .find((b) => /^jsonc?$/i.test(b.lang));
      if (!file || !json || !text.slice(Math.max(0, json.lines[0]!.start - 200), block.lines[0]!.start).includes(file)) continue;
      files.set(file, json);
      senders.set(json, (senders.get(json) ?? 0) + 1);
    }
    found.set(block, { files, shared: new Set() });
    since = i + 1;
  }
  for (const { files, shared } of found.values())
    for (const [file, json] of files)
      if (senders.get(json)! > 1) {
        files.delete(file);
        shared.add(file);
      }
  return { found, sent: new Set(senders.keys()) };
}

export function runDocument(path: string, text: string, migrate: ProgramMigrator): Result {
  const notes: string[] = [];
  const blocks: Block[] = [];
  const read: Block[] = [];
  for (const b of codeBlocks(path, text)) {
    if ("unreadable" in b) notes.push(`block at line ${b.line} (${b.lang || "no language"}): left as it is: ${b.unreadable}`);
    else {
      read.push(b);
      if (b.language && CODE_LANGUAGES.includes(b.language) && b.code.trim()) blocks.push(b);
    }
  }
  const outcomes = new Map<Block, Outcome>();
  // JavaScript and TypeScript blocks make one program (a README's `js` block uses the client its `ts` block
  // made), parsed as TypeScript when one of them is, with JSX when one of them has it.
  const scripts = blocks.filter((b) => b.language !== "python" && b.language !== "shell");
  const typed = scripts.some((b) => b.language !== "javascript");
  const script: CodeLanguage = !typed ? "javascript" : scripts.some((b) => b.language === "tsx" || /^jsx$/i.test(b.lang)) ? "tsx" : "typescript";
  for (const [language, mine] of [
    [script, scripts],
    ["python", blocks.filter((b) => b.language === "python")],
  ] as const) {
    if (!mine.length) continue;
    let said: string[] = [];
    let ran = runLanguage(language, mine, migrate, said);
    // A `js` block that parses only as TypeScript says the document's author writes TypeScript: then all its
    // script blocks are read as TypeScript, where that leaves fewer blocks out, so that block still sees the client.
    const left = (all: readonly Outcome[]) => all.filter((o) => "left" in o).length;
    if (language === "javascript" && left(ran)) {
      const typedNotes: string[] = [];
      const typed = runLanguage("typescript", mine, migrate, typedNotes);
      if (left(typed) < left(ran)) [ran, said] = [typed, typedNotes];
    }
    notes.push(...said);
    ran.forEach((o, i) => outcomes.set(mine[i]!, o));
  }
  // A shell block's curl commands stand by themselves: each block is its own script, with the JSON blocks it sends.
  const { found: sent, sent: sentJson } = bodyBlocks(text, read);
  const rewritten = new Map<Block, string>();
  for (const block of blocks.filter((b) => b.language === "shell")) {
    const mine = sent.get(block)!;
    const files: BodyFiles = {
      read: (file) => mine.files.get(file)?.code,
      write: (file, json) => void rewritten.set(mine.files.get(file)!, json),
      shared: (file) => mine.shared.has(file),
    };
    outcomes.set(block, runLanguage("shell", [block], (language, code) => migrate(language, code, files), notes)[0]!);
  }
  for (const [json, code] of rewritten) {
    outcomes.set(json, { code, changes: [], todos: [] });
    blocks.push(json);
  }
  // A JSON block answering the request just above it is v2's answer once that request moved to /v2; one
  // further down answers something else (another section's request, a body shown in between).
  for (const [i, json] of read.entries()) {
    if (!/^jsonc?$/i.test(json.lang) || sentJson.has(json)) continue;
    const asked = i > 0 && !/^jsonc?$/i.test(read[i - 1]!.lang) ? read[i - 1] : undefined;
    const outcome = asked ? outcomes.get(asked) : undefined;
    const route = outcome && "code" in outcome && outcome.code !== null ? movedRoute(asked!.code, outcome.code) : undefined;
    const answer = route && migrateShownResponse(json.code, route);
    if (!answer) continue;
    outcomes.set(json, { code: answer.code, changes: answer.changes, todos: [] });
    blocks.push(json);
  }
  for (const block of read) {
    const marked = markPowershell(block);
    if (marked) {
      outcomes.set(block, { ...marked, changes: [] });
      blocks.push(block);
    }
  }
  // JSON shown and sent by nothing (an API guide's example body) is not migrated, but marked where it holds v1 names.
  const shown = new Map<Block, NonNullable<ReturnType<typeof shownBodyTodo>>>();
  if (mentionsFirecrawl(text))
    for (const block of read) {
      const mark = sentJson.has(block) || outcomes.has(block) ? null : shownBodyTodo(path, text, block);
      if (mark) shown.set(block, mark);
    }
  blocks.push(...shown.keys());
  blocks.sort((a, b) => a.line - b.line);
  const edits: Edit[] = [];
  const changes: Change[] = [];
  const todos: Change[] = [];
  const unchecked: { line: number; reason: string }[] = [];
  const failed: { line: number; reason: string }[] = [];
  /** how many lines the blocks above have gained */
  let shift = 0;
  for (const block of blocks) {
    const mark = shown.get(block);
    if (mark) {
      edits.push({ start: mark.start, end: mark.start, text: mark.line });
      todos.push({ transform: SHOWN_BODY, line: block.line + shift, message: mark.message, finding: mark.message, source: { line: block.line, column: 1 } });
      shift++;
      continue;
    }
    const outcome = outcomes.get(block)!;
    if ("left" in outcome) {
      if (outcome.failed) failed.push({ line: block.line, reason: `block at line ${block.line} (${block.lang}): left as it is: ${outcome.left}` });
      else {
        notes.push(`block at line ${block.line} (${block.lang}): left as it is: ${outcome.left}`);
        if (callsSdk(block.code) && V1_NAMING.test(block.code))
          unchecked.push({ line: block.line, reason: `block at line ${block.line} (${block.lang}) calls the SDK but ${outcome.left}` });
      }
      continue;
    }
    const inDocument = (c: Change): Change => ({
      ...c,
      line: block.line + shift + c.line,
      source: { line: block.line + c.source.line, column: c.source.column + (block.lines[c.source.line - 1]?.prefix.length ?? 0) },
    });
    changes.push(...outcome.changes.map(inDocument));
    todos.push(...outcome.todos.map(inDocument));
    if (outcome.code === null || outcome.code === block.code) continue;
    const last = block.lines.at(-1)!;
    edits.push({
      start: block.lines[0]!.start,
      end: last.start + last.prefix.length + last.code.length + last.suffix.length,
      text: relaid(block, outcome.code),
    });
    shift += lineCount(outcome.code) - block.lines.length;
  }
  return {
    output: edits.length ? applyEdits(text, edits) : null,
    changes,
    todos,
    ...(notes.length ? { notes } : {}),
    ...(unchecked.length ? { unchecked } : {}),
    ...(failed.length ? { failed } : {}),
  };
}
