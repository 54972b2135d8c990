/**
 * Who calls a function: its calls in its module, by its name or, for a method, `self.name(...)` in its class, and
 * whether those are all there are (other modules may call a public module-level function, and anything holding an
 * instance a public method).
 */
import { allOf, type Node } from "../runtime/parser.js";

/** The calls of a function in its module: `name(...)`, or `self.name(...)` in the class a method belongs to. */
export function callsOf(fn: Node): Node[] {
  const name = fn.childForFieldName("name")!.text;
  const owner = fn.parent?.type === "block" ? fn.parent.parent : null;
  const decorated = owner?.type === "decorated_definition" ? owner.parent?.parent : owner;
  const inClass = decorated?.type === "class_definition" ? decorated : null;
  const root = inClass ?? fn.tree.rootNode;
  return allOf(root, "call").filter((call) => {
    const callee = call.childForFieldName("function");
    if (!inClass) return callee?.type === "identifier" && callee.text === name;
    return callee?.type === "attribute" && callee.childForFieldName("object")?.text === "self" && callee.childForFieldName("attribute")?.text === name;
  });
}

/**
 * A function's calls where they are all known: in its module, and elsewhere as `elsewhere` finds a module-level
 * function's (undefined where it cannot tell); undefined where some may be out of sight.
 */
export function allCallsOf(fn: Node, elsewhere: (name: string) => readonly Node[] | undefined): Node[] | undefined {
  const name = fn.childForFieldName("name")!.text;
  const owner = fn.parent?.type === "decorated_definition" ? fn.parent : fn;
  const own = callsOf(fn);
  const inModule = owner.parent?.type === "module";
  const inClass = owner.parent?.parent?.type === "class_definition";
  // A function nested in another is called from there alone; a private one from its module or class.
  if ((!inModule && !inClass) || name.startsWith("_")) return own;
  if (inClass) return undefined;
  const other = elsewhere(name);
  return other && [...own, ...other];
}
