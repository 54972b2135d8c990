/** Writing Python the way the file around it is written: its quotes, its literals, its argument layout. */
import type { Edit, Span } from "../core/edits.js";
import type { Source } from "../core/source.js";
import { removeListItem } from "../core/text.js";
import type { Literal } from "../mapping/options.js";
import { stringValue, type Node } from "./parser.js";

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

export interface Keyword {
  readonly node: Node;
  readonly name: string;
  readonly value: Node;
}

export function keywords(args: Node): Keyword[] {
  return args.namedChildren
    .filter((c): c is Node => c?.type === "keyword_argument")
    .map((node) => ({ node, name: node.childForFieldName("name")!.text, value: node.childForFieldName("value")! }));
}

export function positional(args: Node): Node[] {
  return args.namedChildren.filter(
    (c): c is Node => c !== null && c.type !== "keyword_argument" && c.type !== "comment" && c.type !== "dictionary_splat" && c.type !== "list_splat",
  );
}

/** The entries of a dict literal with plain string keys, or null when it has anything else. */
export function dictEntries(dict: Node): { key: string; value: Node; node: Node }[] | null {
  const entries: { key: string; value: Node; node: Node }[] = [];
  for (const child of dict.namedChildren) {
    if (!child || child.type === "comment") continue;
    const key = child.type === "pair" ? stringValue(child.childForFieldName("key")) : undefined;
    if (key === undefined) return null;
    entries.push({ key, value: child.childForFieldName("value")!, node: child });
  }
  return entries;
}

/** The keyword arguments of a call like `JsonConfig(prompt=..., schema=...)`, as name -> value text. */
export function callKeywords(call: Node): Map<string, Node> | null {
  const args = call.childForFieldName("arguments");
  if (!args || positional(args).length) return null;
  return new Map(keywords(args).map((k) => [k.name, k.value]));
}
