/**
 * Every use of a module-level binding in a file: value and type positions alike, skipping property
 * names and keys, and skipping places where an inner declaration shadows it.
 */
import { contains, type Path, type PathIndex } from "./paths.js";
import type { Node } from "@babel/types";

export function referencesTo(index: PathIndex, name: string): Path[] {
  const refs: Path[] = [];
  for (const p of index.of("Identifier", { name }) as Path[]) {
    const parent = p.parent?.node as Node | undefined;
    if (!parent) continue;
    if ((parent.type === "MemberExpression" || parent.type === "OptionalMemberExpression") && parent.property === p.node && !parent.computed) continue;
    if ((parent.type === "ObjectProperty" || parent.type === "ClassProperty" || parent.type === "ObjectMethod" || parent.type === "ClassMethod") && parent.key === p.node && !parent.computed) {
      if (!(parent.type === "ObjectProperty" && parent.shorthand)) continue;
    }
    if (parent.type === "TSQualifiedName" && parent.right === p.node) continue;
    if (parent.type === "ImportSpecifier" && parent.imported === p.node && parent.local !== p.node) continue;
    const scope = p.scope?.lookup(name);
    if (scope && !scope.isGlobal && scope.path.node.type !== "Program") continue;
    refs.push(p);
  }
  return refs;
}

/** Whether a name is free to take at module level. */
export function isFree(index: PathIndex, name: string): boolean {
  return index.of("Identifier", { name }).length === 0;
}

/** Every read of a local binding inside the scope that declares it, in source order (a guard before its reads). */
export function bindingReferences(index: PathIndex, binding: Path, id: Node, name: string): Path[] {
  const scope = binding.scope?.lookup(name);
  if (!scope) return [];
  return index.within("Identifier", scope.path.node as Node, { name }).filter((p) => {
    if (contains(id, p.node)) return false;
    const parent = p.parent?.node as Node | undefined;
    if (parent && (parent.type === "MemberExpression" || parent.type === "OptionalMemberExpression") && parent.property === p.node && !parent.computed) return false;
    if (parent?.type === "ObjectProperty" && parent.key === p.node && !parent.shorthand) return false;
    return p.scope?.lookup(name) === scope;
  });
}
