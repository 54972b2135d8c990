/**
 * Options (spec 9.1.8 and 9.3, sdk-facts 3.1-3.4): renames and value maps of crawl, map, search and
 * scrape options, wherever the options object of a client call is written: inline, in a variable, behind
 * a spread, or assigned key by key afterwards.
 */
import type { ASTPath } from "jscodeshift";
import type { AssignmentExpression, Node, ObjectExpression, ObjectProperty } from "@babel/types";
import { findClientCalls } from "../detect/calls.js";
import { requestBodies } from "../detect/requests.js";
import { fileOptionsObjects, opaqueOptions, optionsObjects, type OptionsObject } from "../detect/options-objects.js";
import { findProperty, memberName, propertyKey, resolveObject } from "../detect/expressions.js";
import { isV1Call } from "../detect/version.js";
import { callsStandIn } from "../detect/mocks.js";
import { isMultiline, isTypeScript, literal, objectLiteral, removeListItem, removeStatementAt, textOf } from "../writing.js";
import { indentAt } from "../../core/text.js";
import { removeStatement } from "../../core/text.js";
import { assignedFormats } from "../detect/assigned-formats.js";
import type { Path, PathIndex } from "../detect/paths.js";
import { ClientTracker } from "../detect/clients.js";
import { queriedMethod, wrappedBy } from "../detect/type-queries.js";
import type { Step, StepContext } from "../pipeline.js";
import {
  EXPECT_ERROR,
  NESTED_OPTIONS,
  NEWLY_TYPED_KEYS,
  optionRowsFor,
  sharedValue,
  V0_OPTION_GROUPS,
  V0_SCRAPE_KEYS,
  v0FormatList,
  type Literal,
  type OptionRow,
  type V0OptionGroup,
} from "../../mapping/options.js";
import { FORMATS } from "../../mapping/formats.js";
import { settingsFreeFormat } from "./formats.js";
import {
  assignedV1Keys,
  expectErrorRemoved,
  passedThroughTodo,
  removed,
  renamed,
  v0GroupKept,
  v0GroupLifted,
  v0KeysDropped,
  type Message,
} from "../../mapping/messages.js";
import { TYPES } from "../../mapping/imports.js";
import { methodRow, type OptionsKind } from "../../mapping/client-methods.js";

type Change = Extract<OptionRow["change"], { kind: "boolean-to-value" }>;

/**
 * The new value for a boolean option: the mapped literal, or a conditional when the boolean is computed.
 * Where TypeScript will not check the object against the SDK's type, a string gets `as const` so it stays
 * the enum member instead of widening to `string`.
 */
function mappedValue(context: StepContext, change: Change, value: Node, typed: boolean): { text: string; omit: boolean } {
  const write = (v: Literal) => literal(context.source, v) + (typeof v === "string" && !typed && isTypeScript(context.source) ? " as const" : "");
  if (value.type === "BooleanLiteral") {
    return { text: write(change.values[String(value.value) as "true" | "false"]), omit: change.omit === value.value };
  }
  return { text: `${textOf(context.source, value)} ? ${write(change.values.true)} : ${write(change.values.false)}`, omit: false };
}

function migrateProperty(context: StepContext, object: ASTPath<ObjectExpression>, typed: boolean, index: number, row: OptionRow): void {
  const node = object.node.properties[index] as ObjectProperty;
  const path = object.get("properties", index) as ASTPath<Node>;
  const name = propertyKey(node)!;
  const remove = (message: Message) => context.apply(removeListItem(context.source, object.node, object.node.properties, node), message);
  const change = row.change;
  if (change.kind === "removed") {
    remove(removed(name, "v2 has no such option"));
    if (change.todo) context.todo(path, change.todo, "crawlOptions");
    return;
  }
  // The v2 key may already be there (v1 accepted crawlEntireDomain too): then the old key only goes.
  if (findProperty(object.node, change.to)) {
    remove(removed(name, `${change.to} is already set`));
    return;
  }
  const valueText = textOf(context.source, node.value);
  if (change.kind === "rename") {
    const text = node.shorthand ? `${change.to}: ${valueText}` : change.to;
    context.edit(node.shorthand ? node.start! : node.key.start!, node.shorthand ? node.end! : node.key.end!, text, renamed(name, change.to));
    if (change.todo) context.todo(path, change.todo, "crawlOptions");
    return;
  }
  const mapped = mappedValue(context, change, node.value, typed);
  if (mapped.omit) remove(removed(`${name}: ${valueText}`, "it is v2's default"));
  else context.edit(node.start!, node.end!, `${change.to}: ${mapped.text}`, renamed(`${name}: ${valueText}`, `${change.to}: ${mapped.text}`));
}

/** `opts.maxDepth = 2` after the literal: the same change on the assignment. */
function migrateAssignment(context: StepContext, path: ASTPath<AssignmentExpression>, typed: boolean, row: OptionRow): void {
  const left = path.node.left as Extract<Node, { type: "MemberExpression" }>;
  const name = memberName(left)!;
  const change = row.change;
  const statement = path.parent?.node.type === "ExpressionStatement" ? (path.parent as ASTPath<Node>) : null;
  if (change.kind === "removed" || (change.kind === "boolean-to-value" && mappedValue(context, change, path.node.right, typed).omit)) {
    if (statement)
      context.apply(
        removeStatementAt(context.source, context.index, statement),
        removed(name, change.kind === "removed" ? "v2 has no such option" : "it is v2's default"),
      );
    if (change.kind === "removed" && change.todo) context.todo(path, change.todo, "crawlOptions");
    return;
  }
  context.edit(left.property.start!, left.property.end!, change.to, renamed(name, change.to));
  if (change.kind === "rename") {
    if (change.todo) context.todo(path, change.todo, "crawlOptions");
    return;
  }
  const mapped = mappedValue(context, change, path.node.right, typed);
  context.edit(path.node.right.start!, path.node.right.end!, mapped.text);
}

/**
 * A key lifted out of a v0 group under its v1 spelling, as v2 writes it (the rows of the table it lands in);
 * null where v2 needs no key (a default) or has none, with the row's note.
 */
function liftedEntry(
  context: StepContext,
  at: ASTPath<Node>,
  row: OptionRow | undefined,
  name: string,
  value: Node,
  text: string,
  typed: boolean,
): string | null {
  const change = row?.change;
  if (change && "todo" in change && change.todo) context.todo(at, change.todo, "crawlOptions");
  if (!change) return `${name}: ${text}`;
  if (change.kind === "removed") return null;
  if (change.kind === "rename") return `${change.to}: ${text}`;
  const mapped = mappedValue(context, change, value, typed);
  return mapped.omit ? null : `${change.to}: ${mapped.text}`;
}

/**
 * v0's option groups in an options literal (`pageOptions: { onlyMainContent: true }`): the keys v1's own
 * compatibility layer mapped are lifted out, into the call's scrape options where it nests them, as v2 spells
 * them; the rest are named in one TODO. A group the file cannot see into, or with no place in this call, is named.
 */
function liftV0Groups(context: StepContext, options: OptionsObject): void {
  const object = options.path.node;
  const dropped: string[] = [];
  object.properties.forEach((prop, index) => {
    const name = propertyKey(prop);
    const group = name ? V0_OPTION_GROUPS[name] : undefined;
    if (!group || !name || prop.type !== "ObjectProperty") return;
    const at = options.path.get("properties", index) as ASTPath<Node>;
    const nested = group.into ? NESTED_OPTIONS[options.kind]?.[group.into] : undefined;
    const inner = prop.value;
    const seen = inner.type === "ObjectExpression" && inner.properties.every((p) => p.type === "ObjectProperty" && propertyKey(p) !== undefined);
    if ((group.in && !group.in.includes(options.kind)) || !seen || (nested && findProperty(object, group.into!))) {
      context.todo(at, v0GroupKept(name));
      return;
    }
    const rows = optionRowsFor(nested ?? options.kind);
    const switches = (inner.properties as ObjectProperty[]).filter((p) => group.formats?.[propertyKey(p)!] !== undefined);
    const formats = switches.length ? v0Formats(context, group, switches, !nested && findProperty(object, "formats") !== undefined, options.typed) : undefined;
    if (formats === null) dropped.push(...switches.map((p) => `${name}.${propertyKey(p)}`));
    const entries: string[] = formats ? [formats] : [];
    for (const p of inner.properties as ObjectProperty[]) {
      const key = propertyKey(p)!;
      if (switches.includes(p)) continue;
      const v1 = group.keys[key];
      const value = p.value;
      if (!v1 || (!nested && findProperty(object, v1))) {
        dropped.push(`${name}.${key}`);
        continue;
      }
      // v0 took one tag as a string where v2 takes a list: v1's compatibility layer made it one.
      const text = group.lists?.includes(key) && value.type === "StringLiteral" ? `[${textOf(context.source, value)}]` : textOf(context.source, value);
      const entry = liftedEntry(context, at, rows.get(v1), v1, value, text, options.typed);
      if (entry) entries.push(entry);
    }
    const message = v0GroupLifted(name, nested ? group.into : undefined);
    if (!entries.length) context.apply(removeListItem(context.source, object, object.properties, prop), message);
    else if (nested) context.edit(prop.start!, prop.end!, `${group.into}: ${objectLiteral(context.source, entries, prop.start!)}`, message);
    else {
      const separator = isMultiline(context.source, object) ? `,${context.source.eol}${indentAt(context.source.text, prop.start!)}` : ", ";
      context.edit(prop.start!, prop.end!, entries.join(separator), message);
    }
  });
  if (dropped.length) context.todo(options.path as ASTPath<Node>, v0KeysDropped(dropped));
}

/**
 * A v0 group's format switches (`includeHtml: true`) as the `formats` entry v1's layer made of them; undefined
 * where they ask for v2's default list, null where the file does not say them as plain booleans or the options
 * have a formats list of their own.
 */
function v0Formats(
  context: StepContext,
  group: V0OptionGroup,
  switches: readonly ObjectProperty[],
  hasFormats: boolean,
  typed: boolean,
): string | null | undefined {
  if (hasFormats || !switches.every((p) => p.value.type === "BooleanLiteral")) return null;
  const list = v0FormatList(group, new Map(switches.map((p) => [propertyKey(p)!, (p.value as Extract<Node, { type: "BooleanLiteral" }>).value])));
  if (!list) return list;
  // Written as v2 spells them: the formats step does not see what this step writes in the same pass.
  return `formats: [${list.map((format) => settingsFreeFormat(context, format, typed)).join(", ")}]`;
}

/** Tests a conditional cannot take bare (`a ? b : c ? ...` would read differently). */
const LOOSE = new Set(["ConditionalExpression", "AssignmentExpression", "ArrowFunctionExpression", "SequenceExpression", "YieldExpression"]);

/**
 * `{ ignoreSitemap: ig, sitemapOnly: only }`: both become `sitemap`, which is written once, with the value they come to
 * together, where two keys would leave only the last one's (TypeScript refuses the object); the others go. Answers
 * the properties it took care of.
 */
function mergeShared(context: StepContext, options: OptionsObject, rows: ReadonlyMap<string, OptionRow>): Set<Node> {
  const object = options.path.node;
  const byTarget = new Map<string, { prop: ObjectProperty; row: OptionRow }[]>();
  for (const prop of object.properties) {
    const row = rows.get(propertyKey(prop) ?? "");
    if (prop.type !== "ObjectProperty" || row?.change.kind !== "boolean-to-value" || findProperty(object, row.change.to)) continue;
    byTarget.set(row.change.to, [...(byTarget.get(row.change.to) ?? []), { prop, row }]);
  }
  const done = new Set<Node>();
  for (const [to, shared] of byTarget) {
    if (new Set(shared.map((s) => s.row)).size < 2) continue;
    const write = (v: Literal) => literal(context.source, v) + (typeof v === "string" && !options.typed && isTypeScript(context.source) ? " as const" : "");
    const flags = shared.map(({ prop, row }) => {
      const value = prop.value;
      const text = textOf(context.source, value);
      return { row, flag: value.type === "BooleanLiteral" ? value.value : LOOSE.has(value.type) ? `(${text})` : text };
    });
    const merged = sharedValue(flags, { literal: write, conditional: (test, whenTrue, whenFalse) => `${test} ? ${whenTrue} : ${whenFalse}` });
    if (merged === null) continue;
    const [first, ...rest] = shared;
    const names = shared.map((s) => propertyKey(s.prop)).join(" and ");
    const remove = (prop: ObjectProperty, message: Message) => context.apply(removeListItem(context.source, object, object.properties, prop), message);
    if (merged === undefined) remove(first!.prop, removed(names, "it is v2's default"));
    else context.edit(first!.prop.start!, first!.prop.end!, `${to}: ${merged}`, renamed(names, `${to}: ${merged}`));
    for (const { prop } of rest) remove(prop, removed(propertyKey(prop)!, `${to} says it with ${propertyKey(first!.prop)}`));
    shared.forEach(({ prop }) => done.add(prop));
  }
  return done;
}

function migrateObject(context: StepContext, options: OptionsObject): void {
  liftV0Groups(context, options);
  const rows = optionRowsFor(options.kind);
  const typedNow = NEWLY_TYPED_KEYS[options.kind] ?? [];
  for (const prop of options.path.node.properties) {
    const key = propertyKey(prop);
    if (!key || !typedNow.includes(key)) continue;
    // The directive's own line, right above the key (comments are not attached to nodes: found by offset).
    const directive = context.ast.comments?.find(
      (c) => c.type === "CommentLine" && EXPECT_ERROR.test(c.value) && c.end! <= prop.start! && context.source.text.slice(c.end!, prop.start!).trim() === "",
    );
    if (directive) context.apply(removeStatement(context.source, directive.start!, directive.end!), expectErrorRemoved(key));
  }
  const merged = mergeShared(context, options, rows);
  options.path.node.properties.forEach((prop, index) => {
    const row = rows.get(propertyKey(prop) ?? "");
    if (row && prop.type === "ObjectProperty" && !merged.has(prop)) migrateProperty(context, options.path, options.typed, index, row);
  });
  for (const assignment of options.assignments) {
    const left = assignment.node.left;
    if (left.type !== "MemberExpression" || left.computed || left.property.type !== "Identifier") continue;
    const row = rows.get(left.property.name);
    if (row) migrateAssignment(context, assignment, options.typed, row);
  }
}

/**
 * The v1 option names of a table that options passed through from elsewhere may carry, by what the file says:
 * all of them where it types values with v1's options type for the table (`args: CrawlParams`, or casts them to the
 * method's, `as Parameters<typeof app.crawlUrl>[1]`), a scrape's format settings with them, else those it spells out
 * (a tool schema's `maxDepth: {...}`, `"ignoreSitemap"`). Where it says none, the options are the user's own
 * shape: they compile and behave alike under v2, and a warning would be noise.
 */
function v1NamesInSight(context: StepContext, kind: OptionsKind, spelled: () => ReadonlySet<string>, cast: () => ReadonlySet<OptionsKind>): string[] {
  const names = [...optionRowsFor(kind).keys()];
  const typed = [...context.sdk.named].some(
    ([local, exported]) => TYPES.some((row) => row.js.v1 === exported && row.options === kind) && typesValues(context, local),
  );
  // v1's scrape options held its format settings too, which v2 takes only inside a format object
  if (typed || cast().has(kind)) return kind === "scrape" ? [...names, ...SETTINGS_KEYS] : names;
  const inFile = spelled();
  return names.filter((name) => inFile.has(name));
}

/**
 * The tables whose v1 options the file casts some value to, through a v1 method's own type (`job.options as
 * Parameters<typeof app.scrapeUrl>[1]`): values whose keys no type checker saw, said to be v1's options. Annotated so
 * (`opts: Parameters<...>[1]`), the v2 type it becomes checks what callers pass. Read once a run, as spelledNames is.
 */
function v1OptionsCasts(context: StepContext): Set<OptionsKind> {
  const kinds = new Set<OptionsKind>();
  if (!isTypeScript(context.source)) return kinds;
  const tracker = new ClientTracker(context.sdk, context.index);
  for (const path of [...context.index.of("TSTypeQuery"), ...context.index.of("TSIndexedAccessType")] as Path[]) {
    const queried = queriedMethod(tracker, path);
    const row = queried && methodRow(queried.method);
    const kind = row?.isV1Name ? row.row.options : undefined;
    const options = kind ? wrappedBy(path, "Parameters")?.parent : undefined;
    const cast = options?.node.type === "TSIndexedAccessType" ? options.parent?.node : undefined;
    if (cast?.type === "TSAsExpression" || cast?.type === "TSTypeAssertion") kinds.add(kind!);
  }
  return kinds;
}

/** Every name and string the file spells: read once a run, however many opaque options it passes. */
function spelledNames(context: StepContext): Set<string> {
  const spelled = new Set<string>();
  for (const path of context.index.of("Identifier")) spelled.add(path.node.name);
  for (const path of context.index.of("StringLiteral")) spelled.add(path.node.value);
  return spelled;
}

/**
 * Whether the file types some value with the options type `local` (`args: CrawlParams`): a method signature's
 * parameter (`search(query: string, params?: SearchParams)` in a mock interface) only restates the SDK's own
 * signature and says nothing of what callers pass, and a type guard's predicate (`args is ScrapeParams & { url:
 * string }`, over a tool's arguments) claims a type its test never checks: the keys come from where the guarded
 * value does (a tool schema the file spells out), not from the claim.
 */
function typesValues(context: StepContext, local: string): boolean {
  return context.index.of("TSTypeReference").some((path) => {
    if (path.node.typeName.type !== "Identifier" || path.node.typeName.name !== local) return false;
    for (let at = path.parent as ASTPath<Node> | null; at; at = at.parent as ASTPath<Node> | null) {
      if (at.node.type === "TSMethodSignature" || at.node.type === "TSFunctionType" || at.node.type === "TSTypePredicate") return false;
      if (at.node.type.endsWith("Statement") || at.node.type.endsWith("Declaration") || at.node.type === "Program") return true;
    }
    return true;
  });
}

/** v1's format settings keys (`jsonOptions`, ...), which v2 takes only inside a format object. */
const SETTINGS_KEYS = FORMATS.flatMap((row) => (row.optionsKey && row.v2 ? [row.optionsKey] : []));

/**
 * The keys of a call's scrape options that v2 rejects and no step rewrites: v0's page options wherever they are
 * written, format settings assigned after the literal (`opts.jsonOptions = ...`), or written in it beside formats
 * the file does not show (the formats step turns settings into a format object only beside a literal list).
 */
function unrewrittenKeys(options: OptionsObject, index: PathIndex): string[] {
  const names = new Set<string>();
  const formats = findProperty(options.path.node, "formats");
  const formatsShown =
    formats && resolveObject(options.path.get("properties", options.path.node.properties.indexOf(formats), "value"), true)?.node.type === "ArrayExpression";
  for (const prop of options.path.node.properties) {
    const key = propertyKey(prop);
    if (key && (V0_SCRAPE_KEYS.includes(key) || (formats && !formatsShown && SETTINGS_KEYS.includes(key)))) names.add(key);
  }
  // Settings the formats step moves into the format objects of a list assigned key by key are rewritten.
  const moved = assignedFormats(options, index)?.settings;
  for (const { node } of options.assignments) {
    const key = node.left.type === "MemberExpression" ? memberName(node.left) : undefined;
    if (key && !moved?.has(key) && (V0_SCRAPE_KEYS.includes(key) || SETTINGS_KEYS.includes(key))) names.add(key);
  }
  return [...names];
}

/** The v1 format strings of a literal list that the formats step rewrites, as `formats: "extract"`. */
function rewrittenFormats(list: Node): string[] {
  if (list.type !== "ArrayExpression") return [];
  return list.elements.flatMap((e) => (e?.type === "StringLiteral" && REWRITTEN_FORMATS.has(e.value) ? [`formats: "${e.value}"`] : []));
}

/**
 * The v1 names an options literal spells that the run rewrites (`formats: ["extract"]`, `extract: {...}`, `maxDepth`),
 * where the literal also spreads options from elsewhere (`...options`): written for v1, those options may carry the
 * same names, and a later spread overrides the rewritten keys. Nothing where the spread is not in such a literal.
 */
function rewrittenBeside(spread: ASTPath<Node>, kind: OptionsKind): string[] {
  const literal = spread.parent?.node.type === "SpreadElement" ? (spread.parent.parent?.node as Node | undefined) : undefined;
  if (literal?.type !== "ObjectExpression") return [];
  const rows = optionRowsFor(kind);
  const names: string[] = [];
  for (const prop of literal.properties) {
    const key = propertyKey(prop);
    if (!key || prop.type !== "ObjectProperty") continue;
    if (rows.has(key) || (kind === "scrape" && SETTINGS_KEYS.includes(key))) names.push(key);
    if (kind === "scrape" && key === "formats") names.push(...rewrittenFormats(prop.value));
  }
  return names;
}

/** The v1 format strings the formats step turns into something else (changeTracking stays a string without its settings). */
const REWRITTEN_FORMATS = new Set(FORMATS.filter((row) => !row.v2?.required).map((row) => row.v1));

export const step: Step = {
  name: "options",
  description: "renames crawl, map, search and scrape options (maxDepth, allowBackwardLinks, ignoreSitemap, parsePDF, ...)",
  run(context) {
    for (const options of fileOptionsObjects(context.index, context.sdk, requestBodies(context.index, context.requests))) migrateObject(context, options);
    // Options from elsewhere (a request body, a tool's arguments) may still carry v1 names, which v2 rejects.
    let spelled: Set<string> | undefined;
    const inFile = () => (spelled ??= spelledNames(context));
    let casts: Set<OptionsKind> | undefined;
    const cast = () => (casts ??= v1OptionsCasts(context));
    for (const call of findClientCalls(context.index, context.sdk)) {
      // A test's stand-in for the client takes what it is given: no v2 service sees those names.
      if (!isV1Call(call, context.sdk, context.options.sdk) || callsStandIn(call, context.sdk)) continue;
      const scrapeOptions = optionsObjects(call).filter((options) => options.kind === "scrape");
      const unrewritten = scrapeOptions.flatMap((options) => unrewrittenKeys(options, context.index));
      // `opts.formats = ["extract"]`: the formats step rewrites format lists in the literal only; the type error is there.
      const unwritten = scrapeOptions.filter((options) => !assignedFormats(options, context.index));
      for (const { node, path } of unwritten.flatMap((options) => options.assignments.map((a) => ({ node: a.node, path: a as ASTPath<Node> })))) {
        const formats = node.left.type === "MemberExpression" && memberName(node.left) === "formats" ? rewrittenFormats(node.right) : [];
        if (formats.length) context.todo(path, assignedV1Keys(formats));
      }
      const marked = opaqueOptions(call).flatMap(({ kind, path }) => {
        const names = new Set([...v1NamesInSight(context, kind, inFile, cast), ...rewrittenBeside(path, kind)]);
        return names.size ? [{ kind, path, names }] : [];
      });
      // One TODO a statement: the keys set out of reach join the pass-through's names.
      for (const name of marked.length ? unrewritten : []) marked[0]!.names.add(name);
      if (unrewritten.length && !marked.length) context.todo(call.path, assignedV1Keys([...new Set(unrewritten)]));
      for (const { kind, path, names } of marked) context.todo(path, passedThroughTodo(kind, [...names]), "crawlOptions");
    }
  },
};
