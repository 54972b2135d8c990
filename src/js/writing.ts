/**
 * Text-level helpers that write new code the way the file around it is written: its quotes, its line
 * endings, its indentation, its trailing commas. Transforms edit source ranges, never reprint a node, so
 * everything they do not touch stays byte for byte.
 */
import type { Node, ObjectExpression } from "@babel/types";
import { within, type Edit, type Span } from "../core/edits.js";
import { isTypeScript as isTypeScriptLanguage } from "../core/language.js";
import type { Source } from "../core/source.js";
import { indentAt, indentUnit, removeListItem as removeSpan, removeStatement } from "../core/text.js";
import type { Path, PathIndex } from "./detect/paths.js";

export type Value = string | number | boolean | null | readonly Value[];

export function isTypeScript(source: Source): boolean {
  return isTypeScriptLanguage(source.language);
}

export function textOf(source: Source, node: Node): string {
  return source.text.slice(node.start!, node.end!);
}

/** A JS literal for a value, in the file's quote style. */
export function literal(source: Source, value: Value): string {
  if (typeof value === "string") {
    const q = source.quote;
    const body = JSON.stringify(value).slice(1, -1).replace(/\\"/g, '"');
    return q + (q === "'" ? body.replace(/'/g, "\\'") : body.replace(/"/g, '\\"')) + q;
  }
  if (Array.isArray(value)) return `[${value.map((v) => literal(source, v)).join(", ")}]`;
  return String(value);
}

/** Whether a node's text spans lines: a literal laid out one entry a line takes new entries that way. */
export function isMultiline(source: Source, node: Node): boolean {
  return source.text.slice(node.start!, node.end!).includes("\n");
}

/** Whether the object literal's last property is followed by a comma. */
function hasTrailingComma(source: Source, object: ObjectExpression): boolean {
  const last = object.properties.at(-1);
  if (!last) return false;
  return /^\s*(?:\/\/[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*,/.test(source.text.slice(last.end!, object.end! - 1));
}

/** Adds `key: value` entries at the end of an object literal, in the layout the literal already has. */
export function appendProperties(source: Source, object: ObjectExpression, entries: readonly string[]): Edit {
  const text = source.text;
  if (object.properties.length === 0) {
    const inner = text.slice(object.start! + 1, object.end! - 1);
    return { start: object.start!, end: object.end!, text: inner.trim() ? `{ ${entries.join(", ")} ${inner.trim()} }` : `{ ${entries.join(", ")} }` };
  }
  const last = object.properties.at(-1)!;
  if (!isMultiline(source, object)) {
    return { start: last.end!, end: last.end!, text: entries.map((e) => `, ${e}`).join("") };
  }
  const indent = indentAt(text, last.start!);
  const trailing = hasTrailingComma(source, object);
  const lines = entries.map((e) => `${source.eol}${indent}${e}`).join(",");
  if (trailing) {
    // After the comma (and any comment on that line) that ends the last property.
    const comma = text.indexOf(",", last.end!);
    const eolAt = text.indexOf("\n", comma);
    const insertAt = eolAt === -1 || eolAt > object.end! ? comma + 1 : eolAt - (text[eolAt - 1] === "\r" ? 1 : 0);
    return { start: insertAt, end: insertAt, text: `${lines},` };
  }
  return { start: last.end!, end: last.end!, text: `,${lines}` };
}

/** A Babel node as the span the core's text helpers work with. */
export function spanOf(node: Node): Span {
  return { start: node.start!, end: node.end! };
}

/** Whether a node lies within a node or span (core/edits.ts's within on Babel's optional offsets); not within none. */
export function inside(node: Node, container: { start?: number | null; end?: number | null } | null | undefined): boolean {
  return Boolean(container) && within({ start: container!.start!, end: container!.end! }, spanOf(node));
}

/** Removes one property (or element) from an object or array literal: core/text.ts's removeListItem on Babel nodes. */
export function removeListItem(source: Source, container: Node, list: readonly Node[], item: Node): Edit {
  return removeSpan(
    source,
    spanOf(container),
    list.map((n) => n && spanOf(n)),
    spanOf(item),
  );
}

/** Statements that take one statement as their body, where a body without braces stands. */
const BODY_HOLDERS: ReadonlySet<string> = new Set([
  "IfStatement",
  "ForStatement",
  "ForInStatement",
  "ForOfStatement",
  "WhileStatement",
  "DoWhileStatement",
  "LabeledStatement",
  "WithStatement",
]);

/** Expressions that do something besides reading: a test holding one runs for its effect, and stays. */
const ACTING = [
  "CallExpression",
  "OptionalCallExpression",
  "NewExpression",
  "TaggedTemplateExpression",
  "AssignmentExpression",
  "UpdateExpression",
  "AwaitExpression",
  "YieldExpression",
  "ImportExpression",
] as const;

function readsOnly(index: PathIndex, test: Node): boolean {
  return !ACTING.some((type) => index.within(type, test).length > 0) && !index.within("UnaryExpression", test, { operator: "delete" }).length;
}

/**
 * Whether every name the test reads is named elsewhere than in `statement` and its own declaration: a variable read
 * only there would be left declared and never read (noUnusedLocals' error), so the `if` stays, with an empty body.
 */
function namesOutlive(index: PathIndex, test: Node, statement: Node): boolean {
  const outlives = (path: Path) => {
    const parent = path.parent?.node as Node | undefined;
    if ((parent?.type === "MemberExpression" || parent?.type === "OptionalMemberExpression") && parent.property === path.node && !parent.computed) return true;
    const name = (path.node as { name: string }).name;
    const scope = path.scope?.lookup(name);
    // A global (`process`) is no one's local to leave unread.
    if (!scope || scope.isGlobal) return true;
    const elsewhere = index
      .within("Identifier", scope.path.node as Node, { name })
      .filter((p) => !inside(p.node, statement) && p.scope?.lookup(name) === scope);
    // the declaration, and a read besides
    return elsewhere.length > 1;
  };
  return index.within("Identifier", test).every(outlives);
}

/**
 * Removes a statement without handing its place to the next one. A body without braces (`if (deep) opts.a = 1;`)
 * cannot just go, or the statement after it would become the body: it becomes `{}`. The only statement of an `if`
 * with no else, whose test does nothing but read names read elsewhere too, takes the `if` with it, as
 * python/writing.ts's removeOrPass does.
 */
export function removeStatementAt(source: Source, index: PathIndex, statement: Path): Edit {
  const holder = statement.parent as Path | null;
  const alone = holder?.node.type === "BlockStatement" && holder.node.body.length === 1;
  const branch = (alone ? holder.parent : holder) as Path | null;
  const body = alone ? holder.node : statement.node;
  const test = branch?.node.type === "IfStatement" && !branch.node.alternate && branch.node.consequent === body ? branch.node.test : null;
  if (test && readsOnly(index, test) && namesOutlive(index, test, branch!.node)) return removeStatementAt(source, index, branch!);
  if (holder && BODY_HOLDERS.has(holder.node.type)) {
    // On the line of the header it is the body of (`if (deep) {}`), where only white space stands between them.
    const gap = /\s*$/.exec(source.text.slice(holder.node.start!, statement.node.start!))![0].length;
    return { start: statement.node.start! - gap, end: statement.node.end!, text: " {}" };
  }
  return removeStatement(source, statement.node.start!, statement.node.end!);
}

/**
 * An object literal for new entries: on one line when every entry is, else one entry a line, indented one
 * step deeper than the line it starts on, with the entries' own lines moved along.
 */
export function objectLiteral(source: Source, entries: readonly string[], at: number): string {
  if (!entries.some((e) => e.includes("\n"))) return `{ ${entries.join(", ")} }`;
  const indent = indentAt(source.text, at);
  const step = indentUnit(source.text);
  const nested = entries.map((e) => `${indent}${step}${e.replace(/\r?\n/g, `${source.eol}${step}`)},`);
  return `{${source.eol}${nested.join(source.eol)}${source.eol}${indent}}`;
}
