/**
 * Requests to the Firecrawl API from Python without the SDK (issue 16, sdk-facts 7): `requests`, `httpx`
 * (sync and async) and `aiohttp` calls to a URL under https://api.firecrawl.dev/v1, or to a `/v1/...` path
 * joined to a base the code names as Firecrawl's (`f"{FIRECRAWL_API_URL}/v1/scrape"`, `f"{self.base_url}/v1/crawl"`
 * in a class that names Firecrawl, `os.getenv("FIRECRAWL_API_URL", ...) + "/v1/map"`, a base constant
 * ending in /v1 joined to routes). They move to /v2 with JavaScript's route table (mapping/api-requests.ts) and
 * its TODOs. A body is the API's own JSON, with camelCase keys: a dict literal in `json=` (or a variable
 * holding one, or `data=json.dumps(...)`) is migrated by the JavaScript option and format rows, not the
 * Python SDK's snake_case ones. Another API's /v1 is never touched.
 */
import { FORMATS } from "../../mapping/formats.js";
import type { OptionsKind } from "../../mapping/client-methods.js";
import { optionRowsFor, type OptionRow } from "../../mapping/options.js";
import { dictEntries } from "../detect/arguments.js";
import { pyFlagValue, pyLiteral, removeItem } from "../writing.js";
import { staying } from "../../core/moving.js";
import { settingsEntries } from "./formats.js";
import { pyResponseReads, readsItemsAsObjects, type PyBodyRead } from "../detect/responses.js";
import { exportedName, type PyContext, type PyStep } from "../pipeline.js";
import { stringValue, type Node } from "../runtime/parser.js";
import { moved, removed, renamed, responseRead, routeMoved, unreadSettings } from "../../mapping/messages.js";
import { findPyRequests, nestedBodies } from "../detect/requests.js";

const JSON_FORMATS = new Set(FORMATS.filter((row) => row.v2?.type === "json").map((row) => row.v1));
const JSON_KEYS = new Set(FORMATS.filter((row) => row.v2?.type === "json" && row.optionsKey).map((row) => row.optionsKey!));
const FORMAT_ROWS = new Map(FORMATS.map((row) => [row.v1, row]));

function asksForJson(body: Node): boolean {
  const entries = dictEntries(body) ?? [];
  if (entries.some((e) => JSON_KEYS.has(e.key))) return true;
  const formats = entries.find((e) => e.key === "formats")?.value;
  return !!formats && formats.type === "list" && formats.namedChildren.some((e) => JSON_FORMATS.has(stringValue(e) ?? ""));
}

/** Python's batch scrape body holds scrape options at its top level, as JavaScript's does. */
function rowsFor(kind: OptionsKind): Map<string, OptionRow> {
  return kind === "batch" ? new Map([...optionRowsFor("scrape"), ...optionRowsFor("batch")]) : optionRowsFor(kind);
}

/** One key of a body dict through its option row, as the options step moves a keyword argument. */
function migrateEntry(context: PyContext, dict: Node, entry: { key: string; value: Node; node: Node }, row: OptionRow, keys: readonly string[]): void {
  const change = row.change;
  const keyNode = entry.node.childForFieldName("key")!;
  const q = (s: string) => pyLiteral(context.source, s);
  if (change.kind === "removed") {
    context.apply(removeItem(context.source, dict, entry.node), removed(entry.key, "v2 has no such option"));
    if (change.todo) context.todo(entry.node, change.todo, "crawlOptions");
    return;
  }
  if (keys.includes(change.to)) {
    context.apply(removeItem(context.source, dict, entry.node), removed(entry.key, `${change.to} is already set`));
    return;
  }
  if (change.kind === "rename") {
    context.edit(keyNode.startIndex, keyNode.endIndex, q(change.to), renamed(entry.key, change.to));
    if (change.todo) context.todo(entry.node, change.todo, "crawlOptions");
    return;
  }
  const value = entry.value;
  if (change.omit !== undefined && value.type === String(change.omit)) {
    context.apply(removeItem(context.source, dict, entry.node), removed(`${entry.key}=${value.text}`, "it is v2's default"));
    return;
  }
  context.edit(
    entry.node.startIndex,
    entry.node.endIndex,
    `${q(change.to)}: ${pyFlagValue(context.source, change.values, value)}`,
    renamed(entry.key, change.to),
  );
}

/** `"formats": ["json"]` with `"jsonOptions": {...}` becomes `{"type": "json", ...}`, as the formats step does for keywords. */
function migrateFormats(context: PyContext, dict: Node, entries: { key: string; value: Node; node: Node }[]): Set<Node> {
  const used = new Set<Node>();
  const formats = entries.find((e) => e.key === "formats")?.value;
  if (formats?.type !== "list") return used;
  const q = (s: string) => pyLiteral(context.source, s);
  for (const element of formats.namedChildren) {
    const value = stringValue(element);
    const row = value !== undefined ? FORMAT_ROWS.get(value) : undefined;
    if (!row || !element) continue;
    if (!row.v2) {
      context.apply(removeItem(context.source, formats, element), removed(`format "${value}"`, "it never existed in the API"));
      continue;
    }
    const settings = row.optionsKey ? entries.find((e) => e.key === row.optionsKey) : undefined;
    if (row.v2.required && !settings) continue;
    const parts = [`${q("type")}: ${q(row.v2.type)}`];
    if (settings) {
      const more = settingsEntries(context, row, settings.value, formats, (key) => key);
      if (!more) {
        context.todo(formats, unreadSettings(`"${settings.key}"`, row.v2.type), "formats");
        continue;
      }
      parts.push(...more);
      used.add(settings.node);
    } else if (row.optionsKey) {
      context.todo(formats, `a v2 ${row.v2.type} format needs a prompt or a schema; v1 sent none`, "formats");
    }
    for (const [key, flag] of Object.entries(row.v2.fixed ?? {})) parts.push(`${q(key)}: ${flag ? "True" : "False"}`);
    context.edit(element.startIndex, element.endIndex, `{${parts.join(", ")}}`, renamed(`format "${value}"`, `a {"type": "${row.v2.type}"} format dict`));
  }
  for (const node of used) context.apply(removeItem(context.source, dict, node), moved(stringValue(node.childForFieldName("key"))!, "its format dict"));
  return used;
}

function migrateBody(context: PyContext, dict: Node, kind: OptionsKind): void {
  const entries = dictEntries(dict);
  if (!entries) return;
  for (const inner of nestedBodies(dict, kind)) if (inner.dict) migrateBody(context, inner.dict, inner.kind);
  const used = kind === "scrape" || kind === "batch" ? migrateFormats(context, dict, entries) : new Set<Node>();
  const rows = rowsFor(kind);
  const keys = entries.map((e) => e.key);
  for (const entry of entries) {
    const row = rows.get(entry.key);
    if (row && !used.has(entry.node)) migrateEntry(context, dict, entry, row, keys);
  }
}

/** `if data["links"]:`, `not data["links"]`, `data["links"] and ...`: only whether the list is there, which objects answer alike. */
function onlyTested(node: Node): boolean {
  const parent = node.parent;
  if (
    (parent?.type === "if_statement" || parent?.type === "while_statement" || parent?.type === "elif_clause") &&
    parent.childForFieldName("condition")?.id === node.id
  )
    return true;
  if (parent?.type === "not_operator") return true;
  return parent?.type === "boolean_operator" && parent.childForFieldName("operator")?.text === "and" && parent.childForFieldName("left")?.id === node.id;
}

/** A read of the response body that v2 answers elsewhere, rewritten to read it there. */
function migrateRead(context: PyContext, { node, read }: PyBodyRead): void {
  const { change } = read;
  const q = (s: string) => pyLiteral(context.source, s);
  const isGet = node.type === "call";
  const args = isGet ? node.childForFieldName("arguments")! : undefined;
  const key = isGet ? args!.namedChildren[0]! : node.childForFieldName("subscript")!;
  switch (change.kind) {
    case "rename":
      context.edit(key.startIndex, key.endIndex, q(change.to), responseRead(read));
      return;
    case "strings-to-objects": {
      const call = node.parent?.type === "argument_list" ? node.parent.parent : undefined;
      if (call?.childForFieldName("function")?.text === "len" || onlyTested(node) || readsItemsAsObjects(node, change.pick)) return;
      // `.get("links")` without a default gave None where v1 had no links: the comprehension needs a list.
      const list = isGet && !args!.namedChildren[1] ? `${node.text} or []` : node.text;
      context.edit(node.startIndex, node.endIndex, `[link[${q(change.pick)}] for link in ${list}]`, responseRead(read));
      return;
    }
    case "nested": {
      if (!isGet) return context.edit(node.endIndex, node.endIndex, `[${q(change.field)}]`, responseRead(read));
      const fallback = args!.namedChildren[1];
      const object = node.childForFieldName("function")!.childForFieldName("object")!;
      const text = `${object.text}.get(${key.text}, {}).get(${q(change.field)}${fallback ? `, ${fallback.text}` : ""})`;
      context.edit(node.startIndex, node.endIndex, text, responseRead(read));
      return;
    }
  }
}

/**
 * `payload["maxDepth"] = 2` after the literal, through the key's option row: the key renamed (and a boolean
 * given its v2 value), or the statement removed where v2 has no such option.
 */
function migrateKeySet(context: PyContext, subscript: Node, row: OptionRow): void {
  const change = row.change;
  const key = subscript.childForFieldName("subscript")!;
  const name = stringValue(key)!;
  const statement = subscript.parent!.parent!;
  const q = (text: string) => pyLiteral(context.source, text);
  if (change.kind === "removed") {
    const block = statement.parent!;
    const alone = block.type === "block" && block.namedChildren.filter((c) => c?.type !== "comment").length === 1;
    const text = context.source.text;
    const start = text.lastIndexOf("\n", statement.startIndex - 1) + 1;
    const end = text.indexOf("\n", statement.endIndex);
    if (alone) context.edit(statement.startIndex, statement.endIndex, "pass", removed(name, "v2 has no such option"));
    else context.edit(start, end === -1 ? text.length : end + 1, "", removed(name, "v2 has no such option"));
    if (change.todo) context.todo(statement, change.todo, "crawlOptions");
    return;
  }
  context.edit(key.startIndex, key.endIndex, q(change.to), renamed(name, change.to));
  if (change.kind === "rename") {
    if (change.todo) context.todo(statement, change.todo, "crawlOptions");
    return;
  }
  const value = subscript.parent!.childForFieldName("right")!;
  context.edit(value.startIndex, value.endIndex, pyFlagValue(context.source, change.values, value), renamed(name, change.to));
}

export const step: PyStep = {
  name: "api-requests",
  description: "moves raw HTTP requests to the API (requests, httpx, aiohttp) from /v1 to /v2, bodies migrated like SDK options",
  run(context) {
    const requests = findPyRequests(context.tree, context.source.text, exportedName(context));
    if (requests.length === 0) return;
    const stays = staying(requests);
    const done = new Set<number>();
    const bodies = new Set<number>();
    for (const request of requests) {
      if (stays.has(request)) {
        const reason = stays.get(request);
        // a route joined to a base of the code's own in a module that makes its clients as 4.x's only: kept on /v1 by choice
        const chosen = request.weak !== undefined && context.sdk.v2Classes.size > 0;
        if (reason && !chosen) context.todo(request.site, reason, "migrate");
        continue;
      }
      const { start, end } = request.version;
      if (!done.has(start)) context.edit(start, end, "v2", routeMoved(request.path));
      done.add(start);
      const route = request.route!;
      const found = route.reads && request.call ? pyResponseReads(request.call, route.reads) : undefined;
      for (const read of found?.reads ?? []) migrateRead(context, read);
      const changes = route.responseIfJson ? Boolean(found?.reads.length) || (request.body !== undefined && asksForJson(request.body)) : true;
      if (route.response && changes && !found?.complete) context.todo(request.site, route.response, "migrate");
      if (request.body && route.body && !bodies.has(request.body.id)) {
        bodies.add(request.body.id);
        migrateBody(context, request.body, route.body);
        const rows = rowsFor(route.body);
        for (const subscript of request.keysSet ?? []) {
          const row = rows.get(stringValue(subscript.childForFieldName("subscript"))!);
          if (row) migrateKeySet(context, subscript, row);
        }
      }
    }
  },
};
