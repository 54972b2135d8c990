/** Names within a scope, as Python resolves them for the code this migration reads: a function, or the module. */
import { allOf, type Node } from "../runtime/parser.js";

/** The scope a name lives in: its function, or the module. */
export function scopeOf(node: Node): Node {
  let at: Node | null = node.parent;
  while (at && at.type !== "function_definition" && at.type !== "module") at = at.parent;
  return at ?? node;
}

/** Uses of a name in `scope` as a value: not an attribute's or a keyword argument's name. */
export function usesIn(scope: Node, name: string): Node[] {
  return allOf(scope, "identifier").filter((n) => {
    if (n.text !== name) return false;
    const parent = n.parent;
    if (parent?.type === "attribute" && parent.childForFieldName("attribute")?.id === n.id) return false;
    if (parent?.type === "keyword_argument" && parent.childForFieldName("name")?.id === n.id) return false;
    return true;
  });
}
