/**
 * jscodeshift's collections are typed over ast-types' node definitions, while our parser hands it Babel's
 * AST. This is the one place that crosses between the two.
 */
import type { ASTPath, Collection } from "jscodeshift";
import type { Node } from "@babel/types";

export type Path<N extends Node = Node> = ASTPath<N>;

/** Every path of a node type below the root, in document order. */
export function pathsOf<T extends Node["type"]>(root: Collection, type: T, filter?: Partial<Extract<Node, { type: T }>>): Path<Extract<Node, { type: T }>>[] {
  return root.find(type as never, filter as never).paths() as unknown as Path<Extract<Node, { type: T }>>[];
}
