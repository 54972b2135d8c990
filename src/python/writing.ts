/** Writing Python the way the file around it is written: its quotes, its literals, its argument layout. */
import type { Edit, Span } from "../core/edits.js";
import type { Source } from "../core/source.js";
import { removeListItem } from "../core/text.js";
import type { Literal } from "../mapping/options.js";
import type { Node } from "./parser.js";

export function pyLiteral(source: Source, value: Literal | boolean | number): string {
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return `[${value.map((v) => pyLiteral(source, v)).join(", ")}]`;
  // JSON's escapes (\n, \t, \", \\) are Python's too; only the quote character may differ.
  const body = JSON.stringify(value).slice(1, -1);
  return source.quote === "'" ? `'${body.replace(/\\"/g, '"').replace(/'/g, "\\'")}'` : `"${body}"`;
}

/** A tree-sitter node as the span the core's text helpers work with. */
export function spanOf(node: Node): Span {
  return { start: node.startIndex, end: node.endIndex };
}

/** Removes one argument (or dict entry) from its list with its comma, or its whole line when it has one. */
export function removeItem(source: Source, container: Node, item: Node): Edit {
  const items = container.namedChildren.filter((c): c is Node => c !== null && c.type !== "comment");
  return removeListItem(source, spanOf(container), items.map(spanOf), spanOf(item));
}
