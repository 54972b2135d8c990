/**
 * Every use of a module-level binding in a file: value and type positions alike, skipping property
 * names and keys, and skipping places where an inner declaration shadows it.
 */
import type { ASTPath, Collection } from "jscodeshift";
import type { Node } from "@babel/types";

export function referencesTo(root: Collection, name: string): ASTPath<Node>[] {
  const refs: ASTPath<Node>[] = [];
  root.find("Identifier" as never, { name } as never).forEach((p: ASTPath<Node>) => {
    const parent = p.parent?.node as Node | undefined;
    if (!parent) return;
    if ((parent.type === "MemberExpression" || parent.type === "OptionalMemberExpression") && parent.property === p.node && !parent.computed) return;
    if ((parent.type === "ObjectProperty" || parent.type === "ClassProperty" || parent.type === "ObjectMethod" || parent.type === "ClassMethod") && parent.key === p.node && !parent.computed) {
      if (!(parent.type === "ObjectProperty" && parent.shorthand)) return;
    }
    if (parent.type === "TSQualifiedName" && parent.right === p.node) return;
    if (parent.type === "ImportSpecifier" && parent.imported === p.node && parent.local !== p.node) return;
    const scope = p.scope?.lookup(name);
    if (scope && !scope.isGlobal && scope.path.node.type !== "Program") return;
    refs.push(p);
  });
  return refs;
}

/** Whether a name is free to take at module level. */
export function isFree(root: Collection, name: string): boolean {
  return root.find("Identifier" as never, { name } as never).size() === 0;
}
