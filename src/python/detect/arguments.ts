/** Reading a Python call's arguments and dict literals as the steps need them: keywords, positionals, string-keyed entries. */
import { stringValue, type Node } from "../runtime/parser.js";

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

/**
 * The entries of a dict literal with plain string keys, or null when it has anything else; `splats` passes over
 * `**other` entries (dictSplats names them) instead.
 */
export function dictEntries(dict: Node, splats = false): { key: string; value: Node; node: Node }[] | null {
  const entries: { key: string; value: Node; node: Node }[] = [];
  for (const child of dict.namedChildren) {
    if (!child || child.type === "comment" || (splats && child.type === "dictionary_splat")) continue;
    const key = child.type === "pair" ? stringValue(child.childForFieldName("key")) : undefined;
    if (key === undefined) return null;
    entries.push({ key, value: child.childForFieldName("value")!, node: child });
  }
  return entries;
}

/** The `**other` entries of a dict literal, or of a call's arguments: the values spread into it. */
export function dictSplats(holder: Node): Node[] {
  return holder.namedChildren.flatMap((c) => (c?.type === "dictionary_splat" && c.namedChildren[0] ? [c.namedChildren[0]] : []));
}

/** The keyword arguments of a call like `JsonConfig(prompt=..., schema=...)`, as name -> value text. */
export function callKeywords(call: Node): Map<string, Node> | null {
  const args = call.childForFieldName("arguments");
  if (!args || positional(args).length) return null;
  return new Map(keywords(args).map((k) => [k.name, k.value]));
}
