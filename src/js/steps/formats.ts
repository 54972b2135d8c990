/**
 * Formats (spec 9.1.4-5 and 9.2): `"extract"` + `extract: {...}` and `"json"` + `jsonOptions: {...}` become
 * `{ type: "json", prompt, schema }`, `"screenshot@fullPage"` becomes `{ type: "screenshot", fullPage: true }`,
 * `"changeTracking"` + `changeTrackingOptions` becomes `{ type: "changeTracking", ... }`; in scrape options
 * wherever they stand (scrape, crawl and search `scrapeOptions`, batch, extract).
 */
import type { ASTPath } from "jscodeshift";
import type { ArrayExpression, Node, ObjectExpression, ObjectProperty } from "@babel/types";
import { requestBodies } from "../detect/requests.js";
import { fileOptionsObjects, type OptionsObject } from "../detect/options-objects.js";
import { arrayItemType, findProperty, memberName, propertyKey, resolveObject, unwrapNode } from "../detect/expressions.js";
import { isTypeScript, literal, removeListItem, removeStatementAt, textOf } from "../writing.js";
import type { Step, StepContext } from "../pipeline.js";
import { FORMAT_TEST, FORMATS, settingFate, UNCHANGED_FORMATS, type FormatRow } from "../../mapping/formats.js";
import {
  formatTestTodo,
  heldSettingsRefusedTodo,
  moved,
  removed,
  renamed,
  settingsRefused,
  settingsWithFormatsSetLater,
  settingsWithoutFormat,
  V1_MODE_DROPPED,
  following,
} from "../../mapping/messages.js";
import { findClientCalls } from "../detect/calls.js";
import { isV1Call } from "../detect/version.js";
import { assignedFormats, type AssignedSettings } from "../detect/assigned-formats.js";
import { importedType, typeImports } from "../type-imports.js";

const rowsByV1 = new Map(FORMATS.map((row) => [row.v1, row]));

const FORMAT_TYPE_IMPORTED = following("imported the format type a cast names");

/**
 * Settings kept in a variable (`jsonOptions: opts`) go into the object as a spread; where the file binds the variable
 * to a literal with keys v2's object refuses (v1's `systemPrompt`, its `mode`), the request would fail: say which.
 */
function heldSettingsRefused(context: StepContext, row: FormatRow, value: Node, at: ASTPath<Node>): void {
  const settings = row.v2?.settings;
  const name = unwrapNode(value);
  if (!settings || name.type !== "Identifier") return;
  const path = context.index.within("Identifier", name).find((p) => p.node === name);
  const object = path && resolveObject(path as ASTPath<Node>);
  if (!object) return;
  const keys = (object.node as ObjectExpression).properties.map(propertyKey).filter((key): key is string => !!key && settingFate(row, key) !== "kept");
  const hints = keys.flatMap((key) => {
    const folded = row.unsupported?.[key];
    const only = row.dropped?.[key];
    return folded ? [`fold ${key} into the ${folded.foldInto}`] : only !== undefined ? [`${key} "${only}" was v1's default and only value`] : [];
  });
  if (keys.length) context.todo(at, heldSettingsRefusedTodo(name.name, keys, row.v2!.type, settings, hints), "formats");
}

/**
 * The properties of the v1 settings object, as v2 format-object entries; through a cast (`{ ... } as any`), which
 * let keys through that v2's object refuses. Those are dropped, with a TODO, as v1's API refused them too; v1's
 * only extraction mode is dropped with a note.
 */
function settingsEntries(context: StepContext, row: FormatRow, value: Node | undefined, at: ASTPath<Node> | undefined): string[] {
  if (!value || !at) return [];
  const source = context.source;
  const object = unwrapNode(value);
  if (object.type !== "ObjectExpression") {
    heldSettingsRefused(context, row, value, at);
    return [`...${textOf(source, value)}`];
  }
  const entries: string[] = [];
  const folded: Record<string, string[]> = {};
  const dropped: string[] = [];
  const refused: string[] = [];
  for (const prop of object.properties) {
    const key = propertyKey(prop);
    const value = prop.type === "ObjectProperty" && prop.value.type === "StringLiteral" ? prop.value.value : undefined;
    const fate = key ? settingFate(row, key, value) : "kept";
    const unsupported = key ? row.unsupported?.[key] : undefined;
    if (unsupported && prop.type === "ObjectProperty") {
      (folded[unsupported.foldInto] ??= []).push(textOf(source, prop.value));
      context.todo(at, unsupported.todo, "formats");
    } else if (fate === "dropped") dropped.push(textOf(source, prop));
    else if (fate !== "kept") refused.push(key!);
    else entries.push(textOf(source, prop));
  }
  if (dropped.length) context.edit(at.node.start!, at.node.start!, "", removed(dropped.join(", "), V1_MODE_DROPPED));
  if (refused.length) context.todo(at, settingsRefused(refused, row.v2!.type, row.v2!.settings!), "formats");
  for (const [target, parts] of Object.entries(folded)) {
    const index = entries.findIndex((e) => e === target || e.startsWith(`${target}:`));
    const existing = object.properties.find((p) => propertyKey(p) === target) as ObjectProperty | undefined;
    const all = existing ? [...parts, textOf(source, existing.value)] : parts;
    const combined = all.length === 1 ? all[0]! : all.join(` + ${literal(source, "\n\n")} + `);
    const entry = `${target}: ${combined}`;
    if (index === -1) entries.unshift(entry);
    else entries[index] = entry;
  }
  return entries;
}

/** A v1 format string with no settings, as v2 writes it in a list: itself, or its format object (`"screenshot@fullPage"`). */
export function settingsFreeFormat(context: StepContext, format: string, typed: boolean): string {
  const row = rowsByV1.get(format);
  if (row?.v2 && !row.optionsKey && !row.v2.required) return formatObject(context, row, undefined, undefined, typed);
  return literal(context.source, format) + (!typed && isTypeScript(context.source) ? " as const" : "");
}

function formatObject(context: StepContext, row: FormatRow, settings: Node | undefined, at: ASTPath<Node> | undefined, typed: boolean): string {
  const v2 = row.v2!;
  // Outside a checked literal, `type` would widen to string and no longer pick its format type.
  const asConst = !typed && isTypeScript(context.source) ? " as const" : "";
  const entries = [`type: ${literal(context.source, v2.type)}${asConst}`, ...settingsEntries(context, row, settings, at)];
  for (const [key, value] of Object.entries(v2.fixed ?? {})) entries.push(`${key}: ${value}`);
  const settingsObject = settings?.type === "ObjectExpression" ? settings : null;
  for (const [key, value] of Object.entries(v2.required ?? {})) {
    if (settings && !settingsObject) continue;
    if (!settingsObject || !findProperty(settingsObject, key)) entries.push(`${key}: ${value}`);
  }
  return `{ ${entries.join(", ")} }`;
}

/** Whether an assignment after the literal may set the options' formats (`opts.formats = [...]`, `opts[key] = ...`). */
function formatsSetLater({ assignments }: OptionsObject): boolean {
  // A key the file does not spell out (`opts[key] = ...`) may be "formats" too.
  return assignments.some(({ node: { left } }) => left.type === "MemberExpression" && (memberName(left) ?? "formats") === "formats");
}

/**
 * Format settings no format of the options asks for (`jsonOptions` without "json"): v1 let them be, v2
 * rejects the key, and whether the author meant the format is theirs to say. Options with a spread may
 * take their formats from it, and are left alone; options whose formats are set later get a TODO that
 * says so, not one saying they ask for no such format.
 */
function orphanSettings(context: StepContext, object: OptionsObject, asked: ReadonlySet<string>): void {
  const options = object.path;
  if (options.node.properties.some((p) => p.type === "SpreadElement")) return;
  const message = formatsSetLater(object) ? settingsWithFormatsSetLater : settingsWithoutFormat;
  for (const row of FORMATS) {
    if (!row.optionsKey || !row.v2 || asked.has(row.v1)) continue;
    const settings = findProperty(options.node, row.optionsKey);
    if (!settings) continue;
    const at = options.get("properties", options.node.properties.indexOf(settings)) as ASTPath<Node>;
    context.todo(at, message(row.optionsKey, row.v1, row.v2.type), "formats");
  }
}

/**
 * The v1 strings of a format list as v2's format objects, with the settings each takes (`settingsOf`), which then go
 * from where they were set: `at` is where a TODO about the list goes, `typed` whether TypeScript checks the list.
 */
function rewriteList(
  context: StepContext,
  list: ArrayExpression,
  at: ASTPath<Node>,
  typed: boolean,
  settingsOf: (key: string) => AssignedSettings | undefined,
  from: ObjectExpression,
): boolean {
  const elements = list.elements;
  const used = new Map<string, AssignedSettings>();
  let objects = false;
  for (const element of elements) {
    if (element?.type !== "StringLiteral") continue;
    const row = rowsByV1.get(element.value);
    if (!row) continue;
    if (!row.v2) {
      context.apply(removeListItem(context.source, list, elements as Node[], element), removed(`format "${row.v1}"`, "it never existed in the API"));
      continue;
    }
    const settings = row.optionsKey ? settingsOf(row.optionsKey) : undefined;
    // A plain "changeTracking" is still a v2 format; only its settings need the object form.
    if (row.v2.required && !settings) continue;
    if (row.optionsKey && !settings) context.todo(at, `a v2 ${row.v2.type} format needs a prompt or a schema; v1 sent none`, "formats");
    if (settings) used.set(row.optionsKey!, settings);
    objects = true;
    context.edit(
      element.start!,
      element.end!,
      formatObject(context, row, settings?.value, at, typed),
      renamed(`format "${row.v1}"`, `a { type: "${row.v2.type}" } format object`),
    );
  }
  for (const [key, { property, statement }] of used) {
    const edit = property ? removeListItem(context.source, from, from.properties, property) : removeStatementAt(context.source, context.index, statement!);
    context.apply(edit, moved(key, "its format object"));
  }
  return objects;
}

/** T of a list type written `T[]`, `(T)[]` or `Array<T>`. */
function listItem(type: Node | undefined): Node | undefined {
  const element = arrayItemType(type);
  return element?.type === "TSParenthesizedType" ? element.typeAnnotation : element;
}

/** `T[]` or `Array<T>`, with T v1's format names (`"markdown" | "screenshot@fullPage"`) or `string`. */
function formatNamesList(type: Node): boolean {
  const item = listItem(type);
  if (item?.type === "TSStringKeyword") return true;
  return (
    item?.type === "TSUnionType" &&
    item.types.every((t) => t.type === "TSLiteralType" && t.literal.type === "StringLiteral" && FORMAT_NAMES.has(t.literal.value))
  );
}

const FORMAT_TYPES = ["FormatOption"];

/** Every format name v1 took. */
const FORMAT_NAMES: ReadonlySet<string> = new Set([...UNCHANGED_FORMATS, ...rowsByV1.keys()]);

/**
 * `formats: [...] as ("markdown" | "screenshot@fullPage")[]`: a cast to v1's format names (or to `string[]`) no list of
 * v2's format objects fits. It names v2's format type instead, which still takes what the cast let through (a
 * `string[]` spread into the list).
 */
function retypeFormatsCast(context: StepContext, value: Node): void {
  if (value.type !== "TSAsExpression" || !formatNamesList(value.typeAnnotation)) return;
  const local = importedType(context, FORMAT_TYPES[0]!, FORMAT_TYPES);
  if (!local) return;
  const annotation = value.typeAnnotation;
  context.edit(annotation.start!, annotation.end!, `${local}[]`, renamed(`the cast to ${textOf(context.source, annotation)}`, `${local}[]`));
}

/**
 * `const o: { formats: string[]; ... } = { formats: ["markdown"] }`: options typed by the code's own literal type, whose
 * formats v1's call took as strings (its list type was a union of names, which a string[] fit in search's options) and
 * v2's takes as FormatOption[], which string[] does not fit. The type's formats becomes FormatOption[]: the values, v2
 * format names or the objects this step writes, fit it.
 */
function retypeFormatsAnnotation(context: StepContext, literal: TypeLiteral): void {
  for (const member of literal.members) {
    if (member.type !== "TSPropertySignature" || member.key.type !== "Identifier") continue;
    const type = member.typeAnnotation?.typeAnnotation;
    if (member.key.name === "scrapeOptions" && type?.type === "TSTypeLiteral") retypeFormatsAnnotation(context, type);
    if (member.key.name !== "formats" || listItem(type)?.type !== "TSStringKeyword") continue;
    const local = importedType(context, FORMAT_TYPES[0]!, FORMAT_TYPES);
    if (local) context.edit(type!.start!, type!.end!, `${local}[]`, renamed(`the options type's formats: ${textOf(context.source, type!)}`, `${local}[]`));
  }
}

type TypeLiteral = Extract<Node, { type: "TSTypeLiteral" }>;

/** The literal type of the variable options are declared in (`const o: { formats: string[] } = { ... }`), if any. */
function declaredType(options: ASTPath<ObjectExpression>): TypeLiteral | null {
  let at: ASTPath<Node> | null = options as ASTPath<Node>;
  while (at && at.node.type !== "VariableDeclarator") at = at.parent as ASTPath<Node> | null;
  const id = at?.node.type === "VariableDeclarator" ? at.node.id : null;
  const annotation = id?.type === "Identifier" && id.typeAnnotation?.type === "TSTypeAnnotation" ? id.typeAnnotation.typeAnnotation : null;
  return annotation?.type === "TSTypeLiteral" ? annotation : null;
}

function migrateFormats(context: StepContext, object: OptionsObject): void {
  const { path: options, typed } = object;
  const formatsProp = findProperty(options.node, "formats");
  if (!formatsProp) {
    // `opts.formats = ["extract"]; opts.extract = {...}`: rewritten in place where that is certain.
    const assigned = assignedFormats(object, context.index);
    if (assigned) rewriteList(context, assigned.list, assigned.at, typed, (key) => assigned.settings.get(key), options.node);
    else orphanSettings(context, object, new Set());
    return;
  }
  const index = options.node.properties.indexOf(formatsProp);
  const valuePath = options.get("properties", index, "value") as ASTPath<Node>;
  const array = resolveObject(valuePath, true);
  if (!array || array.node.type !== "ArrayExpression") return;
  const elements = (array.node as ArrayExpression).elements;
  // An array kept in a variable of its own is not checked against the format types.
  const inPlace = array.node.start! >= valuePath.node.start! && array.node.end! <= valuePath.node.end!;
  // Elements the codemod cannot read (a spread, a variable) may ask for any format.
  if (elements.every((e) => e?.type === "StringLiteral")) orphanSettings(context, object, new Set(elements.map((e) => (e as { value: string }).value)));
  const inLiteral = (key: string) => {
    const property = findProperty(options.node, key);
    return property?.type === "ObjectProperty" ? { value: property.value, property } : undefined;
  };
  if (rewriteList(context, array.node as ArrayExpression, valuePath, typed && inPlace, inLiteral, options.node)) retypeFormatsCast(context, valuePath.node);
}

/**
 * A test of the formats asked for (`options.formats?.includes("extract")`) by a v1 format string v2 writes as
 * an object: the test no longer sees the format the request asks for, and where the request still asks for the
 * string v2 rejects it. What the formats are the file does not show, so a human looks: one TODO on the test.
 */
function markFormatTests(context: StepContext): void {
  if (!findClientCalls(context.index, context.sdk).some((call) => isV1Call(call, context.sdk, context.options.sdk))) return;
  for (const type of ["CallExpression", "OptionalCallExpression"] as const) {
    for (const path of context.index.of(type)) {
      const { callee, arguments: args } = path.node;
      if ((callee.type !== "MemberExpression" && callee.type !== "OptionalMemberExpression") || memberName(callee) !== FORMAT_TEST.method) continue;
      const list = callee.object;
      const listName =
        list.type === "Identifier" ? list.name : list.type === "MemberExpression" || list.type === "OptionalMemberExpression" ? memberName(list) : undefined;
      const tested = args[0]?.type === "StringLiteral" ? rowsByV1.get(args[0].value) : undefined;
      if (listName !== FORMAT_TEST.list || !tested || tested.v2?.required) continue;
      context.todo(path as ASTPath<Node>, formatTestTodo(tested.v1, tested.v2?.type));
    }
  }
}

export const step: Step = {
  name: "formats",
  description: 'turns "extract", "json", "screenshot@fullPage" and "changeTracking" with their options into v2 format objects',
  run(context) {
    // One declaration may hold several options literals: its type is retyped once.
    const declared = new Set<TypeLiteral>();
    for (const options of fileOptionsObjects(context.index, context.sdk, requestBodies(context.index, context.requests), "scrape")) {
      migrateFormats(context, options);
      const type = isTypeScript(context.source) ? declaredType(options.path) : null;
      if (type) declared.add(type);
    }
    for (const type of declared) retypeFormatsAnnotation(context, type);
    for (const edit of typeImports(context, FORMAT_TYPES)) context.apply(edit, FORMAT_TYPE_IMPORTED);
    markFormatTests(context);
  },
};
