/**
 * Helpers that read JavaScript expressions: the wrappers that hand a value on unchanged (casts, non-null
 * assertions, parentheses, and where asked an await), seen through from inside or from outside.
 */
import type { ASTPath } from "jscodeshift";
import type { Node } from "@babel/types";

type AnyPath = ASTPath<Node>;

/** Expressions that hand on the value inside them unchanged: casts, non-null assertions, parentheses. */
export const WRAPPERS: ReadonlySet<string> = new Set(["TSAsExpression", "TSSatisfiesExpression", "ParenthesizedExpression", "TSNonNullExpression"]);

/** What a value passes through on its way to a declaration: the casts, and an await. */
export const AWAITED_WRAPPERS: ReadonlySet<string> = new Set([...WRAPPERS, "AwaitExpression"]);

/** The field of a wrapper that holds what it wraps. */
const inner = (node: Node) => (node.type === "AwaitExpression" ? "argument" : "expression");

/** The expression inside any `wrappers` around `node`. */
export function unwrapNode(node: Node, wrappers: ReadonlySet<string> = WRAPPERS): Node {
  let n = node;
  while (wrappers.has(n.type)) n = (n as unknown as Record<string, Node>)[inner(n)]!;
  return n;
}

/** The path of the expression inside any `wrappers` around `path`. */
export function unwrapPath(path: AnyPath, wrappers: ReadonlySet<string> = WRAPPERS): AnyPath {
  let p = path;
  while (wrappers.has(p.node.type)) p = p.get(inner(p.node)) as AnyPath;
  return p;
}

/** The first ancestor of `path` that is not one of `wrappers`, and the node (the outermost wrapper, or `path`'s own) it was reached from. */
export function outsideWrappers(path: AnyPath, wrappers: ReadonlySet<string> = WRAPPERS): { path: AnyPath | null; from: Node } {
  let from = path.node;
  let at = path.parent as AnyPath | null;
  while (at && wrappers.has(at.node.type)) {
    from = at.node;
    at = at.parent as AnyPath | null;
  }
  return { path: at, from };
}
