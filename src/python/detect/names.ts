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

/** The scope whose `name` a use reads: its function where that function assigns the name, else the module. */
export function bindingScope(use: Node): Node {
  let root = use;
  while (root.parent) root = root.parent;
  const own = scopeOf(use);
  return own.type === "function_definition" && assignsIn(own, use.text) ? own : root;
}

const assigns = (n: Node) => n.parent?.type === "assignment" && n.parent.childForFieldName("left")?.id === n.id;

/** Whether the function assigns `name` itself (not one of the functions defined in it). */
function assignsIn(fn: Node, name: string): boolean {
  return usesIn(fn, name).some((n) => assigns(n) && scopeOf(n).id === fn.id);
}

/**
 * The value a name holds where `use` reads it, when its scope (the function that assigns it, else the module)
 * assigns it once (`actions = [...]`) and reads it only there: code that changes it (`actions.append(...)`,
 * `actions += ...`) or reads it elsewhere reads it too. A function's own name of the same spelling is another.
 * A module's public name may be imported by another module, which would get what the migration makes of it:
 * only a `_private` one counts there, or one `exported` says no other module imports (python/detect/importers.ts).
 */
export function heldValue(use: Node, exported: (name: string) => boolean): Node | null {
  if (use.type !== "identifier") return null;
  const name = use.text;
  let root = use;
  while (root.parent) root = root.parent;
  // `global name` lets a function assign the module's name: too far to follow.
  if (allOf(root, "global_statement").some((g) => g.namedChildren.some((n) => n?.text === name))) return null;
  const local = (scope: Node) => scope.type === "function_definition" && assignsIn(scope, name);
  const scope = bindingScope(use);
  const uses = usesIn(scope, name).filter((n) => scope.id !== root.id || !local(scopeOf(n)));
  const assigned = uses.filter(assigns);
  if (assigned.length !== 1 || uses.length !== 2 || !uses.some((n) => n.id === use.id)) return null;
  // Asked last: it may read the project's other modules.
  if (scope.id === root.id && !name.startsWith("_") && exported(name)) return null;
  return assigned[0]!.parent!.childForFieldName("right");
}
