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

/**
 * The value a name holds where `use` reads it, when its scope (the function that assigns it, else the module)
 * assigns it once (`actions = [...]`) and reads it only there: code that changes it (`actions.append(...)`,
 * `actions += ...`) or reads it elsewhere reads it too. A function's own name of the same spelling is another.
 */
export function heldValue(use: Node): Node | null {
  if (use.type !== "identifier") return null;
  const name = use.text;
  let root = use;
  while (root.parent) root = root.parent;
  // `global name` lets a function assign the module's name: too far to follow.
  if (allOf(root, "global_statement").some((g) => g.namedChildren.some((n) => n?.text === name))) return null;
  const assigns = (n: Node) => n.parent?.type === "assignment" && n.parent.childForFieldName("left")?.id === n.id;
  const local = (scope: Node) => scope.type === "function_definition" && usesIn(scope, name).some((n) => assigns(n) && scopeOf(n).id === scope.id);
  const own = scopeOf(use);
  const scope = local(own) ? own : root;
  const uses = usesIn(scope, name).filter((n) => scope !== root || !local(scopeOf(n)));
  const assigned = uses.filter(assigns);
  if (assigned.length !== 1 || uses.length !== 2 || !uses.some((n) => n.id === use.id)) return null;
  return assigned[0]!.parent!.childForFieldName("right");
}
