/** Writing Python the way the file around it is written: its quotes, its literals, its argument layout. */
import { applyEdits, type Edit, type Span } from "../core/edits.js";
import type { Source } from "../core/source.js";
import { indentAt, removeListItem, removeStatement } from "../core/text.js";
import type { Literal } from "../mapping/options.js";
import { snakeCase } from "../mapping/python.js";
import { allOf, stringValue, type Node } from "./runtime/parser.js";

export function pyLiteral(source: Source, value: Literal | boolean | number): string {
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return `[${value.map((v) => pyLiteral(source, v)).join(", ")}]`;
  // JSON's escapes (\n, \t, \", \\) are Python's too; only the quote character may differ.
  const body = JSON.stringify(value).slice(1, -1);
  return source.quote === "'" ? `'${body.replace(/\\"/g, '"').replace(/'/g, "\\'")}'` : `"${body}"`;
}

/**
 * What a v1 boolean option says as v2's value (`ignore_sitemap=flag` is `sitemap=...`): the value for True or False
 * where the flag is written so, else a conditional that picks one as the code runs.
 */
export function pyFlagValue(source: Source, values: { readonly true: Literal; readonly false: Literal }, flag: Node): string {
  const [whenTrue, whenFalse] = [pyLiteral(source, values.true), pyLiteral(source, values.false)];
  return flag.type === "true" ? whenTrue : flag.type === "false" ? whenFalse : `${whenTrue} if ${flag.text} else ${whenFalse}`;
}

/**
 * A literal written at `node`, in the quote its f-string does not use when it goes inside one's braces
 * (Python before 3.12 ends the string at its own quote there): `f"{len(doc.markdown or '')}"`.
 */
export function literalAt(node: Node, literal: string): string {
  for (let at = node.parent; at; at = at.parent) {
    if (at.type !== "string") continue;
    const quote = /^[a-zA-Z]*(["'])/.exec(at.text)?.[1];
    if (quote && literal.startsWith(quote)) {
      const other = quote === '"' ? "'" : '"';
      return `${other}${literal.slice(1, -1)}${other}`;
    }
  }
  return literal;
}

/** `value` as a literal written at `node`: in the file's quote, or the other one inside the braces of an f-string that uses it. */
export function pyLiteralAt(source: Source, node: Node, value: Literal): string {
  return literalAt(node, pyLiteral(source, value));
}

/** A tree-sitter node as the span the core's text helpers work with. */
export function spanOf(node: Node): Span {
  return { start: node.startIndex, end: node.endIndex };
}

/**
 * Removes a statement. Where it is the only one of its block, Python takes no empty block: an if with no other branch
 * and a test that calls nothing goes with it, and anything else (a loop, a test with a call) keeps `pass` in its place.
 */
export function removeOrPass(source: Source, statement: Node): Edit {
  const block = statement.parent;
  const alone = block?.type === "block" && block.namedChildren.every((c) => c?.id === statement.id || c?.type === "comment");
  if (!alone) return removeStatement(source, statement.startIndex, statement.endIndex);
  const branch = block.parent;
  const test = branch?.type === "if_statement" ? branch.childForFieldName("condition") : null;
  const only = branch?.namedChildren.every((c) => c?.type !== "elif_clause" && c?.type !== "else_clause");
  if (test && only && !allOf(test, "call").length) return removeOrPass(source, branch!);
  return { start: statement.startIndex, end: statement.endIndex, text: "pass" };
}

/** Removes one argument (or dict entry) from its list with its comma, or its whole line when it has one. */
export function removeItem(source: Source, container: Node, item: Node): Edit {
  const items = container.namedChildren.filter((c): c is Node => c !== null && c.type !== "comment");
  return removeListItem(source, spanOf(container), items.map(spanOf), spanOf(item));
}

/**
 * The edits that write a dict literal of string keys as a model's call where it stands: its braces become the call's
 * parentheses and each `"key": ` the field's keyword, so the values, the comments among them and the layout stay;
 * `omit` (an entry the model's name says already) goes with its comma.
 */
export function dictAsCall(source: Source, dict: Node, called: string, omit?: Node): Edit[] {
  const edits: Edit[] = [{ start: dict.startIndex, end: dict.startIndex + 1, text: `${called}(` }];
  for (const child of dict.namedChildren) {
    if (!child || child.type !== "pair") continue;
    if (child.id === omit?.id) {
      edits.push(removeItem(source, dict, child));
      continue;
    }
    const key = child.childForFieldName("key")!;
    const value = child.childForFieldName("value")!;
    const colon = child.children.find((c) => c?.type === ":")!;
    // `"key":  # why` keeps its comment: only blanks on the colon's line go
    const to = /^[ \t]*$/.test(source.text.slice(colon.endIndex, value.startIndex)) ? value.startIndex : colon.endIndex;
    edits.push({ start: key.startIndex, end: to, text: `${snakeCase(stringValue(key)!)}=` });
  }
  edits.push({ start: dict.endIndex - 1, end: dict.endIndex, text: ")" });
  return edits;
}

/** A node's text with edits made within it. */
export function textWith(source: Source, node: Node, edits: readonly Edit[]): string {
  return applyEdits(
    source.text.slice(node.startIndex, node.endIndex),
    edits.map((e) => ({ start: e.start - node.startIndex, end: e.end - node.startIndex, text: e.text })),
  );
}

/**
 * The edits that move a node's continuation lines from the indentation `from` to `to` (a value lifted out of a
 * dict keeps its shape under its new line). A line that begins inside a string is the string's text, and stays.
 */
export function reindent(source: Source, node: Node, from: string, to: string): Edit[] {
  if (from === to) return [];
  const edits: Edit[] = [];
  const text = source.text;
  for (let at = text.indexOf("\n", node.startIndex); at !== -1 && at < node.endIndex; at = text.indexOf("\n", at + 1)) {
    const line = at + 1;
    if (!text.startsWith(from, line) || insideString(node, line)) continue;
    edits.push({ start: line, end: line + from.length, text: to });
  }
  return edits;
}

function insideString(node: Node, offset: number): boolean {
  for (let at: Node | null = node.descendantForIndex(offset); at; at = at.parent) {
    if (at.type === "string" && at.startIndex < offset) return true;
    if (at.id === node.id) return false;
  }
  return false;
}

/** Python's keywords, which no attribute can be named (`r.from`). */
const KEYWORDS = new Set(
  "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield".split(
    " ",
  ),
);

/** Whether a key can be written as an attribute: `metadata["og:title"]` cannot be `metadata.og:title`. */
export function isAttributeName(key: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) && !KEYWORDS.has(key);
}

/**
 * What goes between keyword arguments the migration writes into a call: where its arguments stand one to a line
 * (`onLines`), a comma and a line of its own indented as `like`'s; else `, `.
 */
export function argumentSeparator(source: Source, like: Node, onLines: boolean): string {
  return onLines ? `,${source.eol}${indentAt(source.text, like.startIndex)}` : ", ";
}
