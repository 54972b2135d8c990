/**
 * Helpers that read JavaScript expressions: the wrappers that hand a value on unchanged (casts, non-null
 * assertions, parentheses, and where asked an await), seen through from inside or from outside; the
 * literal a variable was declared with; object keys and member names; the item type of a list type.
 */
import type { ASTPath } from "jscodeshift";
import type { Identifier, Node, ObjectExpression, ObjectProperty } from "@babel/types";

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

/** The outermost of the `wrappers` around `path` (`path` itself when none is): the expression its parent sees. */
export function outermostWrapper(path: AnyPath, wrappers: ReadonlySet<string> = WRAPPERS): AnyPath {
  let at = path;
  while (at.parent && wrappers.has(at.parent.node.type)) at = at.parent as AnyPath;
  return at;
}

/** The first ancestor of `path` that is not one of `wrappers`, and the node (the outermost wrapper, or `path`'s own) it was reached from. */
export function outsideWrappers(path: AnyPath, wrappers: ReadonlySet<string> = WRAPPERS): { path: AnyPath | null; from: Node } {
  const outer = outermostWrapper(path, wrappers);
  return { path: (outer.parent as AnyPath | null) ?? null, from: outer.node };
}

/** The binding of a name where `path` reads it: the path of the identifier that declares it. */
export function bindingOf(path: AnyPath, name: string): AnyPath | undefined {
  return path.scope?.lookup(name)?.getBindings()[name]?.[0] as AnyPath | undefined;
}

/** The declarator an identifier was bound by, in the scope the identifier sees. */
export function variableDeclaratorOf(path: AnyPath): AnyPath | null {
  if (path.node.type !== "Identifier") return null;
  const binding = bindingOf(path, path.node.name);
  const parent = binding?.parent as AnyPath | undefined;
  if (!parent || parent.node.type !== "VariableDeclarator" || parent.node.id !== binding!.node) return null;
  return parent;
}

/** The object literal (or, with `arrays`, array literal) an expression evaluates to, if this file says. */
export function resolveObject(path: AnyPath, arrays = false): AnyPath | null {
  const p = unwrapPath(path);
  if (p.node.type === "ObjectExpression" || (arrays && p.node.type === "ArrayExpression")) return p;
  const declarator = variableDeclaratorOf(p);
  if (!declarator || !(declarator.node as { init?: Node }).init) return null;
  const init = unwrapPath(declarator.get("init") as AnyPath);
  return init.node.type === "ObjectExpression" || (arrays && init.node.type === "ArrayExpression") ? init : null;
}

export function propertyKey(prop: Node): string | undefined {
  if (prop.type !== "ObjectProperty" && prop.type !== "ObjectMethod") return undefined;
  if (prop.computed) return prop.key.type === "StringLiteral" ? prop.key.value : undefined;
  if (prop.key.type === "Identifier") return prop.key.name;
  if (prop.key.type === "StringLiteral") return prop.key.value;
  return undefined;
}

/** The name a member expression reads: `x.name`, `x["name"]`. */
export function memberName(member: Extract<Node, { type: "MemberExpression" | "OptionalMemberExpression" }>): string | undefined {
  if (!member.computed && member.property.type === "Identifier") return member.property.name;
  return member.property.type === "StringLiteral" ? member.property.value : undefined;
}

export function findProperty(object: ObjectExpression, key: string): ObjectProperty | undefined {
  return object.properties.find((p): p is ObjectProperty => p.type === "ObjectProperty" && propertyKey(p) === key);
}

/**
 * The plain-named first parameter of the callback a call takes first (`list.map((x) => ...)`, `p.then((j) => ...)`),
 * where `member` is that call's callee, with the parameter's path (the binding its references are found from).
 */
export function callbackParam(member: AnyPath): { path: AnyPath; param: Identifier } | null {
  const call = member.parent as AnyPath | null;
  if (call?.node.type !== "CallExpression" || call.node.callee !== member.node) return null;
  const fn = call.get("arguments", 0) as AnyPath;
  const param = fn.node && (fn.node.type === "ArrowFunctionExpression" || fn.node.type === "FunctionExpression") ? fn.node.params[0] : undefined;
  return param?.type === "Identifier" ? { path: fn.get("params", 0) as AnyPath, param } : null;
}

/** T of a list type written `T[]` or `Array<T>`. */
export function arrayItemType(type: Node | null | undefined): Node | undefined {
  if (type?.type === "TSArrayType") return type.elementType;
  return type?.type === "TSTypeReference" && type.typeName.type === "Identifier" && type.typeName.name === "Array" ? type.typeParameters?.params[0] : undefined;
}
