/**
 * 1.x params (sdk-facts 6.1): `app.scrape_url(url, params={"formats": [...], "onlyMainContent": True})`
 * passed camelCase API keys in a dict; 2.x and v2 take snake_case keyword arguments. A dict literal becomes
 * keyword arguments (the option and format steps then rename what v2 renamed); anything else is marked.
 */
import { PY_CAST, PY_NESTED_PAGE_OPTIONS, PY_OPTION_KINDS, PY_OPTION_MODELS, PY_V1_PARAMS_AT, PY_V1_READ_PARAMS, snakeCase } from "../../mapping/python.js";
import { pythonOptionRows, V0_OPTION_GROUPS, v0FormatList, type V0OptionGroup } from "../../mapping/options.js";
import type { OptionsKind } from "../../mapping/client-methods.js";
import { PY_FORMAT_SETTINGS, V1_ONLY_FORMAT_NAMES } from "../../mapping/formats.js";
import { PY_NO_WAIT } from "../../mapping/results.js";
import { dictEntries, dictSplats, keywords, positional } from "../detect/arguments.js";
import { kwargsParameter } from "../detect/callers.js";
import { methodArguments } from "../detect/forwarders.js";
import type { PyContext, PyStep } from "../pipeline.js";
import type { PyCall } from "../detect/clients.js";
import { isV1PyCall } from "../detect/version.js";
import { indentAt, lineStart, removeStatement } from "../../core/text.js";
import { attributeDict, boundDict } from "../detect/bound-dict.js";
import { modelCalled } from "../detect/model-names.js";
import { allOf, enclosing, inner, parameterAnnotation, stringValue, type Node } from "../runtime/parser.js";
import { moved, neverSent, PASSED_POSITIONALLY, removed, reworded, v0GroupsNotTaken, v0OptionsDropped, widenedParams } from "../../mapping/messages.js";
import { dictAsCall, pyFlagValue, pyLiteral, pyLiteralAt, reindent, removeItem, removeOrPass, textWith } from "../writing.js";
import type { Edit } from "../../core/edits.js";
import type { Source } from "../../core/source.js";

/** The options model a keyword's dict literal becomes (`scrape_options={...}`: `ScrapeOptions(...)`), if any. */
function modelOf(name: string, value: Node): string | null {
  const model = PY_OPTION_MODELS[name];
  return model && value.type === "dictionary" && dictEntries(value) ? modelCalled(value, model) : null;
}

/**
 * A dict that becomes its options model and is written on one line, as the keywords made of the dict around it are:
 * one with comments among its entries keeps its lines, and they their comments.
 */
function flatModel(name: string, value: Node): boolean {
  return modelOf(name, value) !== null && !allOf(value, "comment").length;
}

/** A keyword's value as v2 takes it, a dict that becomes its options model written as its call; `shape` moves its lines. */
function keywordValue(source: Source, name: string, value: Node, shape: readonly Edit[] = []): string {
  const called = modelOf(name, value);
  if (called && flatModel(name, value))
    return `${called}(${dictEntries(value)!
      .map((e) => `${snakeCase(e.key)}=${e.value.text}`)
      .join(", ")})`;
  return textWith(source, value, called ? [...dictAsCall(source, value, called), ...shape] : shape);
}

type Entry = { key: string; value: Node };

const keyOf = (entry: Entry) => entry.key;

/**
 * A v0 group's format switches as the `formats` keyword v1's layer made of them; undefined where they ask for
 * v2's default list, null where the code does not say them as plain booleans, they ask for a format v2 spells
 * as a dict, or the call has a formats list of its own.
 */
function v0Formats(group: V0OptionGroup, switches: readonly Entry[], hasFormats: boolean, quote: (s: string) => string): string | null | undefined {
  if (hasFormats || !switches.every((e) => e.value.type === "true" || e.value.type === "false")) return null;
  const list = v0FormatList(group, new Map(switches.map((e) => [e.key, e.value.type === "true"])));
  if (!list) return list;
  if (list.some((format) => V1_ONLY_FORMAT_NAMES.has(format))) return null;
  return `formats=[${list.map(quote).join(", ")}]`;
}

/**
 * A params entry as keyword arguments: itself, or a v0 group's keys lifted out under their v1 names (a
 * crawl's page options into its scrape options, its format switches as the formats list), those with none
 * named in `dropped`.
 */
function keywordsOf(
  entry: Entry,
  entries: readonly Entry[],
  kind: OptionsKind | undefined,
  dropped: { keys: string[]; groups: string[] },
  source: Source,
): string[] {
  const group = V0_OPTION_GROUPS[entry.key];
  if (!group) return [`${snakeCase(entry.key)}=${keywordValue(source, snakeCase(entry.key), entry.value)}`];
  // A crawl's group handed to a scrape: the method never took its keys (max_depth= would make v2 raise).
  if (kind && group.in && !group.in.includes(kind)) {
    dropped.groups.push(entry.key);
    return [];
  }
  const inner = entry.value.type === "dictionary" ? dictEntries(entry.value) : null;
  // a crawl's and a search's page options are their scrape options
  const nested = group.into && kind && PY_NESTED_PAGE_OPTIONS[kind];
  if (!inner || (nested && entries.some((e) => e.key === group.into))) {
    dropped.keys.push(entry.key);
    return [];
  }
  const switches = inner.filter((e) => group.formats?.[e.key] !== undefined);
  const formats = switches.length
    ? v0Formats(group, switches, !nested && entries.some((e) => e.key === "formats"), (text) => pyLiteral(source, text))
    : undefined;
  if (formats === null) dropped.keys.push(...switches.map((e) => `${entry.key}.${e.key}`));
  const lifted: string[] = formats ? [formats] : [];
  for (const { key, value } of inner) {
    if (switches.some((e) => e.key === key)) continue;
    const to = group.keys[key];
    // v0 took one tag as a string where v2 takes a list: v1's compatibility layer made it one.
    const text = group.lists?.includes(key) && value.type === "string" ? `[${value.text}]` : value.text;
    if (to) lifted.push(`${snakeCase(to)}=${text}`);
    else dropped.keys.push(`${entry.key}.${key}`);
  }
  return nested && lifted.length
    ? [`${snakeCase(group.into!)}=${modelCalled(entry.value, PY_OPTION_MODELS[snakeCase(group.into!)]!)}(${lifted.join(", ")})`]
    : lifted;
}

/**
 * A dict literal's comments, by the entry they are about: those on lines of their own above it (`before`), the one
 * after it on its line (`after`); `last`, those below the last entry. A dropped entry's go with it.
 */
interface Comments {
  readonly of: ReadonlyMap<number, { readonly before: readonly Node[]; after: Node | null }>;
  readonly last: readonly Node[];
}

function commentsOf(dict: Node): Comments {
  const of = new Map<number, { before: Node[]; after: Node | null }>();
  let pending: Node[] = [];
  let previous: Node | null = null;
  for (const child of dict.namedChildren) {
    if (!child) continue;
    if (child.type !== "comment") {
      of.set(child.id, { before: pending, after: null });
      pending = [];
      previous = child;
    } else if (previous && child.startPosition.row === previous.endPosition.row) of.get(previous.id)!.after = child;
    else pending.push(child);
  }
  return { of, last: pending };
}

/**
 * How keyword arguments made of a dict's entries are laid out: `joiner` between two, and where the dict has comments
 * (a dict over lines: the keywords are then one a line), the line break and indentation each comment is written with.
 */
interface Layout {
  readonly joiner: string;
  readonly eol: string;
  readonly indent: string;
}

/** What comes before a keyword made of `entry`: the joiner after the one before, then the entry's own comment lines. */
function separator(source: PyContext["source"], layout: Layout, comments: Comments, entry: Node, previous: Node | null): string {
  const head = previous ? joinerAfter(source, layout, comments, previous) : "";
  return head + (comments.of.get(entry.id)?.before ?? []).map((c) => `${c.text}${layout.eol}${layout.indent}`).join("");
}

/** The joiner after a keyword made of `entry`, with the comment that trailed the entry, which then ends the line. */
function joinerAfter(source: PyContext["source"], layout: Layout, comments: Comments, entry: Node): string {
  const trailing = comments.of.get(entry.id)?.after;
  return trailing ? `,${spaceBefore(source, trailing)}${trailing.text}${layout.eol}${layout.indent}` : layout.joiner;
}

/** The blanks a trailing comment stood after (at least one). */
function spaceBefore(source: PyContext["source"], comment: Node): string {
  return /[ \t]*$/.exec(source.text.slice(0, comment.startIndex))![0] || " ";
}

/**
 * The comments after the last keyword made of `entry` (its trailing one, those below it), as text to follow it and
 * the end of the edit: where the call goes on after the dict on that line (`},` or `})`), its comma is taken into the
 * edit and what follows moves to a line of its own, at the closing brace's indentation, so no code ends up in a comment.
 */
function closing(source: PyContext["source"], layout: Layout, comments: Comments, entry: Node | null, end: number): { text: string; end: number } {
  const trailing = entry ? comments.of.get(entry.id)?.after : null;
  if (!trailing && !comments.last.length) return { text: "", end };
  const { text } = source;
  const lineEnd = text.indexOf("\n", end) === -1 ? text.length : text.indexOf("\n", end);
  const comma = /^[ \t]*,/.exec(text.slice(end, lineEnd));
  const until = comma ? end + comma[0].length : end;
  let out = comma ? "," : "";
  if (trailing) out += `${spaceBefore(source, trailing)}${trailing.text}`;
  for (const c of comments.last) out += `${layout.eol}${layout.indent}${c.text}`;
  if (text.slice(until, lineEnd).trim() !== "") out += `${layout.eol}${indentAt(text, end - 1)}`;
  return { text: out, end: until };
}

/**
 * The edits that turn a dict literal spanning `start`..`end` into keyword arguments (then `trailing` ones):
 * each key replaced by its snake_case name and `=`, each value kept unless it becomes a model, the braces
 * and separators between them replaced, the comments kept by their entries. The first edit always starts at `start`.
 */
function keywordEdits(
  source: PyContext["source"],
  entries: readonly { key: string; value: Node; node: Node }[],
  trailing: readonly string[],
  layout: Layout,
  comments: Comments,
  start: number,
  end: number,
) {
  const edits: { start: number; end: number; text: string }[] = [];
  let cursor = start;
  let pending = "";
  const flush = (to: number) => {
    if (to > cursor || pending || edits.length === 0) edits.push({ start: cursor, end: to, text: pending });
    cursor = to;
    pending = "";
  };
  entries.forEach((entry, i) => {
    const key = entry.node.childForFieldName("key")!;
    pending += separator(source, layout, comments, entry.node, entries[i - 1]?.node ?? null);
    flush(key.startIndex);
    pending = snakeCase(entry.key);
    flush(key.endIndex);
    const name = snakeCase(entry.key);
    const called = modelOf(name, entry.value);
    if (called && flatModel(name, entry.value)) {
      pending = `=${keywordValue(source, name, entry.value)}`;
      flush(entry.value.endIndex);
      return;
    }
    pending = "=";
    flush(entry.value.startIndex);
    cursor = entry.value.endIndex;
    if (called) edits.push(...dictAsCall(source, entry.value, called));
  });
  const final = entries.at(-1)?.node ?? null;
  const last = closing(source, layout, comments, trailing.length ? null : final, end);
  pending = trailing.map((t, i) => (i ? layout.joiner : final ? joinerAfter(source, layout, comments, final) : "") + t).join("") + last.text;
  flush(last.end);
  return edits;
}

/**
 * A params dict the code adds to before the call (`params["limit"] = n` under an `if`): it stays the dict it is,
 * annotated `dict` (v2's keyword arguments take no `dict[str, X]` of one value type), with its keys spelled as v2's
 * keyword arguments (and their values where v2 says a flag as a value: `sitemap: "skip"`), and goes to the call as
 * `**params`. An option v2 dropped goes, as its keyword would. A key that needs more (a v0 option group, a format
 * setting or formats v2 spells otherwise) stays as it is, and is named in the answer, for a TODO; two keys that become one v2 option leave the whole
 * dict as it is, and the answer says so.
 */
function keptDict(
  context: PyContext,
  call: PyCall,
  target: Node,
  name: string,
  bound: { dict: Node; statement: Node; writes: readonly Node[]; fallbacks: readonly Node[] },
  read?: ReadonlySet<string>,
): KeptDict {
  const rows = pythonOptionRows(PY_OPTION_KINDS[call.row.options ?? "scrape"]);
  // v1's service refused a page's options flat on a crawl or a search, as v2's methods do
  const nested = call.row.options ? PY_NESTED_PAGE_OPTIONS[call.row.options] : undefined;
  const dicts = [bound.dict, ...bound.fallbacks];
  const items = [
    ...dicts.flatMap((dict) =>
      (dictEntries(dict, true) ?? []).map((e) => ({
        key: e.node.childForFieldName("key")!,
        name: e.key,
        value: e.value,
        drop: () => removeItem(context.source, dict, e.node),
      })),
    ),
    ...bound.writes.map((w) => ({
      key: w.childForFieldName("subscript")!,
      name: stringValue(w.childForFieldName("subscript"))!,
      value: w.parent!.childForFieldName("right")!,
      drop: () => removeOrPass(context.source, w.parent!.parent!),
    })),
  ];
  // Keys 1.x's method did not read (PY_V1_READ_PARAMS) never reached the service, and v2 refuses them: they go.
  const unsent = read ? items.filter((item) => !read.has(snakeCase(item.name))) : [];
  const edits: { node: Node; text: string }[] = [];
  const todos: string[] = [];
  // Keys that need more than a new spelling stay as they are, named for the TODO; the others are spelled as v2 takes them.
  const unmoved: string[] = [];
  // The function's own **kwargs spread into the dict are its callers' options (the options step follows them there).
  const fn = enclosing(call.node, "function_definition");
  const forwarded = fn && kwargsParameter(fn);
  for (const splat of dicts.flatMap(dictSplats)) if (splat.text !== forwarded) unmoved.push(`**${splat.text} holds keys not read here`);
  const named = new Map<string, string>();
  for (const item of items) {
    if (unsent.includes(item)) continue;
    const snake = snakeCase(item.name);
    const row = rows.get(snake);
    const change = row?.change;
    const formats = snake === "formats" && item.value.type === "list" ? item.value.namedChildren.filter((f) => f?.type !== "comment") : [];
    const needs = V0_OPTION_GROUPS[item.name]
      ? "is a v0 option group"
      : nested?.has(snake)
        ? `is a page's option, which v2's ${call.row.python.v2}() takes in scrape_options=ScrapeOptions(...)`
        : PY_FORMAT_SETTINGS.has(snake)
          ? "is a format setting v2 gives in formats"
          : formats.some((f) => f?.type !== "string" || V1_ONLY_FORMAT_NAMES.has(stringValue(f)!))
            ? "holds formats v2 spells otherwise"
            : null;
    if (needs) {
      unmoved.push(`${item.name} ${needs}`);
      continue;
    }
    // An option v2 dropped goes, as its keyword does (options.ts): the dict is the same request spelled as a dict.
    if (change?.kind === "removed") {
      context.apply(item.drop(), removed(item.name, "v2 has no such option"));
      if (change.todo) todos.push(change.todo);
      continue;
    }
    const to = row?.python.v2 ?? snake;
    // Two v1 options that both become one v2 option (ignoreSitemap, sitemapOnly) say it together: not key by key.
    if (named.has(to) && named.get(to) !== item.name) return { reason: `${named.get(to)} and ${item.name} are both ${to} in v2`, notes: [] };
    named.set(to, item.name);
    // Written out even where the value is v2's default (parsers=["pdf"]): the same request, said explicitly.
    const value = change?.kind === "boolean-to-value" ? pyFlagValue(context.source, change.values, item.value) : keywordValue(context.source, to, item.value);
    if (change?.kind === "rename" && change.todo) todos.push(change.todo);
    if (to !== item.name) edits.push({ node: item.key, text: pyLiteralAt(context.source, item.key, to) });
    if (value !== item.value.text) edits.push({ node: item.value, text: value });
  }
  const message = reworded("a params dict is v1: pass its keys as keyword arguments", `params dict passed as **${name}`);
  for (const { node, text } of edits) context.edit(node.startIndex, node.endIndex, text, message);
  const dropped = unsent.length ? neverSent([...new Set(unsent.map((item) => item.name))], call.method) : undefined;
  for (const item of unsent) context.apply(item.drop(), dropped);
  const left = bound.statement.type === "expression_statement" ? bound.statement.namedChildren[0] : bound.statement;
  const variable = left?.childForFieldName("left");
  if (variable && !left!.childForFieldName("type")) context.edit(variable.endIndex, variable.endIndex, ": dict");
  if (target.text !== `**${name}`) context.edit(target.startIndex, target.endIndex, `**${name}`, message);
  // A key of the literal and of its fallback (`params if ... else {...}`) is named once.
  return { reason: unmoved.length ? [...new Set(unmoved)].join(", ") : null, notes: [...new Set(todos)] };
}

/** What keptDict leaves to a human: the keys that need more than a new spelling, and the table's notes on the options it moved. */
interface KeptDict {
  readonly reason: string | null;
  readonly notes: readonly string[];
}

/** The TODO of a kept dict's call: one line, with the table's notes first, then what is left of the dict. */
function keptDictTodo(context: PyContext, call: PyCall, name: string, { reason, notes }: KeptDict): void {
  const said = reason ? [...notes, `of the options handed over as **${name}, ${reason}: give them as v2 takes them`] : notes;
  if (said.length) context.todo(call.node, said.join("; "), notes.length ? "crawlOptions" : "migrate");
}

/**
 * 2.x keyword arguments gathered in a dict and handed over as `**options` (a dict literal of the function, keys
 * maybe added later): the dict is kept as keptDict keeps a params dict. Each dict once, however many calls take it.
 */
function splattedDict(context: PyContext, call: PyCall, readers: ReadonlySet<number>, done: Set<number>): void {
  const splat = call.args.namedChildren.find((a) => a?.type === "dictionary_splat" && ["identifier", "attribute"].includes(a.namedChildren[0]?.type ?? ""));
  const name = splat?.namedChildren[0];
  // A name both versions have is v1's as detect/version.ts says (a file with v1 calls, unless the project pins v2).
  if (!name || !isV1PyCall(call, context.calls, context.options.sdk, context.sdk)) return;
  // `**self.params`: an attribute of the instance set once to a dict literal
  const bound = name.type === "attribute" ? attributeDict(name) : boundDict(name, call.node, readers);
  if (!("dict" in bound) || done.has(bound.dict.id)) return;
  done.add(bound.dict.id);
  keptDictTodo(context, call, name.text, keptDict(context, call, splat!, name.text, bound));
}

/**
 * A params dict the run cannot read (a parameter, a call's result, `opts if opts else None`) goes in as keyword
 * arguments, `**(params or {})`, as v2 takes options: keys that are v2's names already (`formats`, `limit`) work, and
 * camelCase ones fail as `params=` would have; the TODO says which to check. Positional arguments after it (v1's
 * poll_interval) cannot follow a `**`: the call keeps its TODO alone.
 */
function splatParams(context: PyContext, call: PyCall, target: Node, value: Node, extras: readonly Node[], reason?: string): void {
  const whence = reason ? `comes from ${value.text}, which this codemod cannot follow (${reason})` : "is not a plain dict literal";
  const narrow = narrowAnnotation(value);
  const widened = narrow && dictValueType(narrow);
  const trailing = extras.length ? trailingKeywords(context, call, extras) : [];
  if (!trailing || (narrow && !widened)) {
    context.todo(call.node, `v1 params must become keyword arguments in v2 (snake_case names); params ${whence}`);
    return;
  }
  if (widened)
    context.edit(
      widened.startIndex,
      widened.endIndex,
      narrow.text.startsWith(`${PY_CAST.module}.`) ? `${PY_CAST.module}.${PY_CAST.any}` : PY_CAST.any,
      widenedParams(value.text, widened.text),
    );
  const primary = ["identifier", "attribute", "call", "subscript"].includes(value.type);
  // `params or {}` says already what a None would be: it is splatted as it is
  const given = inner(value);
  const defaulted = given.type === "boolean_operator" && given.childForFieldName("operator")?.type === "or" && given.childForFieldName("right")?.text === "{}";
  const splat = defaulted ? `**(${given.text})` : `**(${primary ? value.text : `(${value.text})`} or {})`;
  // A splat comes after the keywords the positional arguments behind it become.
  context.edit(target.startIndex, (extras.at(-1) ?? target).endIndex, [...trailing, splat].join(", "), PARAMS_SPLATTED);
  context.todo(
    call.node,
    `v1 params are keyword arguments in v2, with v2's snake_case names (only_main_content, scrape_options=ScrapeOptions(...)): params ${whence}; check the keys it holds`,
  );
}

/**
 * The positional arguments after a params dict (`crawl_url(url, {...}, 2, key)`), which cannot stay behind keywords,
 * as keywords by the v1 signature; one v2 has no slot for goes, with its TODO. Null where v1's signature has fewer
 * places than the call fills, or none is known.
 */
function trailingKeywords(context: PyContext, call: PyCall, extras: readonly Node[]): string[] | null {
  const shape = call.row.js.args;
  const names = shape?.v1.slice(PY_V1_PARAMS_AT + 1) ?? [];
  if (extras.length > names.length) return null;
  return extras.flatMap((arg, i) => {
    const destination = shape!.into[names[i]!]!;
    if ("dropped" in destination) {
      context.todo(call.node, destination.dropped, "methods");
      return [];
    }
    return [`${snakeCase(names[i]!)}=${arg.text}`];
  });
}

/**
 * The annotation of a parameter typed as a dict of values narrower than Any (`params: Optional[Dict[str, str]]`):
 * splatted, each of v2's keyword parameters would be checked against that type, an error a parameter.
 */
function narrowAnnotation(value: Node): Node | null {
  const type = parameterAnnotation(value);
  return type && /\[/.test(type.text) && !/\bAny\b/.test(type.text) ? type : null;
}

/**
 * The value type of the dict an annotation names (`str` of `Optional[Dict[str, str]]`, of `dict[str, str] | None`),
 * where widening it to Any is all the splat needs: v1's own params held lists and numbers too, and every caller's
 * dict still fits. Another annotation (a TypedDict, a Union of dicts) keeps its TODO.
 */
function dictValueType(type: Node): Node | null {
  const dicts = type.descendantsOfType(["generic_type", "subscript"]).filter((n): n is Node => !!n && DICT_GENERIC.test(n.text));
  const dict = dicts.length === 1 ? dicts[0]! : null;
  if (!dict) return null;
  const args =
    dict.type === "subscript" ? dict.childrenForFieldName("subscript") : (dict.namedChildren.find((c) => c?.type === "type_parameter")?.namedChildren ?? []);
  return args.length === 2 ? (args[1] ?? null) : null;
}

const DICT_GENERIC = /^(?:typing\.)?(?:Dict|dict|Mapping|MutableMapping)\s*\[/;

const WAIT_KEY_SENT = removed(
  `"${PY_NO_WAIT}" in params`,
  `v0's SDK sent it to the service, which ignored it: whether the call waits was the SDK's own ${PY_NO_WAIT}= argument's to say`,
);

const PARAMS_SPLATTED = reworded("v1 params must become keyword arguments in v2", "params handed over as keyword arguments (**params)");

export const step: PyStep = {
  name: "params",
  description: "turns 1.x params={...} dicts of camelCase API keys into snake_case keyword arguments",
  // the partial executor-partial hands an executor is where its keywords go
  fresh: true,
  run(context) {
    const clientCalls = new Set(context.calls.map((c) => c.node.id));
    const splatted = new Set<number>();
    for (const call of context.calls) {
      // 1.0's crawl_url(url, params, wait_until_done=True): v2's crawl waits for the job as that asked.
      const waits = call.row.waiter && call.isV1Name ? keywords(call.args).find((k) => k.name === PY_NO_WAIT && k.value.type === "true") : undefined;
      if (waits)
        context.apply(removeItem(context.source, call.args, waits.node), removed(`${PY_NO_WAIT}=True`, `v2's ${call.row.python.v2}() waits for the job`));
      const given = keywords(call.args).find((k) => k.name === "params");
      if (!given) splattedDict(context, call, clientCalls, splatted);
      // A v2 name given v1's params (`app.scrape(url, params={...})`, or in params' place, `app.batch_scrape(urls, options)`:
      // code hedging between the two or written half way) takes them in no version: v2's methods with options take one
      // positional argument, and no params nor **kwargs, and 1.x's client had no such names.
      const hedged = !!given || (!!call.row.options && !call.passed && !call.invokes && !!positional(call.args)[PY_V1_PARAMS_AT]);
      if (!call.isV1Name && !call.row.python.v1.includes(call.method) && !hedged) continue;
      const value = given?.value ?? methodArguments(call)[PY_V1_PARAMS_AT];
      // A partial's call writes its own arguments: the partial's are the partial's call's to write.
      if (!value || (call.invokes && (value.startIndex < call.args.startIndex || value.endIndex > call.args.endIndex))) continue;
      if (call.passed && !call.passed.keywords) {
        context.todo(call.node, PASSED_POSITIONALLY);
        continue;
      }
      const target = given?.node ?? value;
      // Positional arguments after the dict (`crawl_url(url, {...}, 2, key)`) cannot stay behind keywords:
      // they become keywords by the v1 signature, or go with a TODO where v2 has no slot for them.
      const extras = given ? [] : methodArguments(call).slice(PY_V1_PARAMS_AT + 1);
      const bound = value.type === "identifier" ? boundDict(value, call.node, clientCalls) : null;
      let dict = value.type === "dictionary" ? value : null;
      // `params=None`, or None before v1's positional poll_interval, asks for no options: as an empty dict.
      const none = value.type === "none";
      if (bound) {
        if ("dict" in bound && (bound.writes.length || bound.fallbacks.length)) {
          if (extras.length)
            context.todo(
              call.node,
              `v1 params must become keyword arguments in v2 (snake_case names); params comes from ${value.text}, whose keys are set after it, and positional arguments follow it`,
            );
          else keptDictTodo(context, call, value.text, keptDict(context, call, given?.node ?? value, value.text, bound, PY_V1_READ_PARAMS[call.method]));
          continue;
        }
        if ("dict" in bound) dict = bound.dict;
        else {
          // passed by name or in params' place: either way v2 has no params to take it
          splatParams(context, call, target, value, extras, bound.reason);
          continue;
        }
      }
      const all = none ? [] : dict ? dictEntries(dict) : null;
      if (!all) {
        splatParams(context, call, target, value, extras);
        continue;
      }
      // Keys 1.x's method did not read (its extract built the request from its own) go: the call never sent them.
      const read = PY_V1_READ_PARAMS[call.method];
      const ignored = read ? all.filter((e) => !read.has(snakeCase(e.key))) : [];
      // `{"crawlerOptions": {...}, "wait_until_done": True}`: v0's SDK took that as its own argument, not in params
      const waitKey = call.row.waiter ? all.find((e) => e.key === PY_NO_WAIT) : undefined;
      const entries = all.filter((e) => !ignored.includes(e) && e !== waitKey);
      // No options and no v1 signature to read the rest by (crawl_url_and_watch): the call is its method's TODO's to rewrite.
      if (none && extras.length && !call.row.js.args) continue;
      const trailing = trailingKeywords(context, call, extras);
      if (!trailing) {
        context.todo(call.node, "v1 params must become keyword arguments in v2 (snake_case names), and the positional arguments after them too");
        continue;
      }
      // A dict from elsewhere is laid out as the call is: one argument a line only where the call has them so.
      const multiline =
        dict !== null &&
        dict.text.includes("\n") &&
        (dict === value || context.source.text.slice(lineStart(context.source.text, target.startIndex), target.startIndex).trim() === "");
      // Written where the dict hugs the call's line (`crawl(url, params={`), its keys' own indentation (the first key's
      // on a line of its own): the call's line's would put every keyword after the first at that line's margin.
      const startsLine = (at: number) => context.source.text.slice(lineStart(context.source.text, at), at).trim() === "";
      const lined = all.find((e) => startsLine(e.node.startIndex));
      const hugging = dict === value && !startsLine(target.startIndex) && lined !== undefined;
      const indent = multiline ? indentAt(context.source.text, hugging ? lined.node.startIndex : target.startIndex) : "";
      const layout = { joiner: multiline ? `,${context.source.eol}${indent}` : ", ", eol: context.source.eol, indent };
      const comments = dict ? commentsOf(dict) : { of: new Map(), last: [] };
      const message = reworded("a params dict is v1: pass keyword arguments", "params dict passed as keyword arguments");
      const end = (extras.at(-1) ?? target).endIndex;
      const unsent = ignored.length ? neverSent(ignored.map(keyOf), call.method) : null;
      if ((none || !entries.length) && !trailing.length) {
        const message = unsent ?? (waitKey ? WAIT_KEY_SENT : removed("params=None", "v2 takes keyword arguments"));
        // The arguments after it go with it, from the end of the one before: v2 has no place for them (their TODO says so).
        const before = extras.length ? target.previousNamedSibling : null;
        if (before) context.edit(before.endIndex, end, "", message);
        else context.apply(removeItem(context.source, call.args, target), message);
        continue;
      }
      if (unsent) context.edit(target.startIndex, target.startIndex, "", unsent, { start: ignored[0]!.node.startIndex, end: ignored.at(-1)!.node.endIndex });
      if (waitKey) context.edit(target.startIndex, target.startIndex, "", WAIT_KEY_SENT, { start: waitKey.node.startIndex, end: waitKey.node.endIndex });
      if (entries.some((e) => V0_OPTION_GROUPS[e.key])) {
        // v0's option groups are lifted out under their v1 names, so the dict is written anew.
        const dropped = { keys: [] as string[], groups: [] as string[] };
        const kwargs = [...entries.flatMap((e) => keywordsOf(e, entries, call.row.options, dropped, context.source)), ...trailing];
        if (dropped.keys.length) context.todo(call.node, v0OptionsDropped(dropped.keys));
        if (dropped.groups.length) {
          const takenBy = [...new Set(dropped.groups.flatMap((group) => V0_OPTION_GROUPS[group]!.in ?? []))];
          context.edit(target.startIndex, target.startIndex, "", v0GroupsNotTaken(dropped.groups, takenBy, call.row.python.v2 ?? call.method));
        }
        if (!kwargs.length) {
          context.apply(removeItem(context.source, call.args, target), removed("a params dict of v0 options", "v2 has none of them"));
          continue;
        }
        context.edit(target.startIndex, end, kwargs.join(layout.joiner), message);
      } else if (dict === value) {
        // In place, the keys are rewritten and the values kept where they stand, so a later step's finding
        // on a keyword (`parse_pdf=True`) is placed at, and quotes, the entry the user wrote.
        keywordEdits(context.source, entries, trailing, layout, comments, target.startIndex, end).forEach((edit, i) =>
          context.apply(edit, i === 0 ? message : undefined),
        );
        // A value over several lines keeps its shape under its keyword, one dict level out.
        if (multiline)
          for (const { key, node, value } of entries)
            if (!flatModel(snakeCase(key), value))
              for (const edit of reindent(context.source, value, indentAt(context.source.text, node.startIndex), indent)) context.apply(edit);
      } else {
        // Moved from where the dict is, each value keeps its shape under its keyword; the comments about the entries
        // go above the call's line, as the dict they stood in may go.
        const shape = (e: (typeof entries)[number]) =>
          multiline ? reindent(context.source, e.value, indentAt(context.source.text, e.node.startIndex), indent) : [];
        const kwargs = [...entries.map((e) => `${snakeCase(e.key)}=${keywordValue(context.source, snakeCase(e.key), e.value, shape(e))}`), ...trailing];
        context.edit(target.startIndex, end, kwargs.join(layout.joiner), message);
        const said = entries.flatMap((e) => [...comments.of.get(e.node.id)!.before, comments.of.get(e.node.id)!.after ?? []].flat()).concat(comments.last);
        const line = lineStart(context.source.text, call.node.startIndex);
        const margin = indentAt(context.source.text, call.node.startIndex);
        if (said.length) context.edit(line, line, said.map((c) => `${margin}${c.text}${context.source.eol}`).join(""));
      }
      if (bound && "dict" in bound && bound.unused) {
        context.apply(
          removeStatement(context.source, bound.statement.startIndex, bound.statement.endIndex),
          moved(value.text, "the call as keyword arguments"),
        );
      }
    }
  },
};
