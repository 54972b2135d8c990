/**
 * Types written as queries of a client method's (`Parameters<typeof app.scrapeUrl>[1]`): the method they name, and
 * the wrapper around them, read by the imports step, which writes them as v2's types, and the options step, for which
 * they say the file hands v1's options on.
 */
import type { Node } from "@babel/types";
import type { ClientTracker } from "./clients.js";
import type { Path } from "./paths.js";

/**
 * The client method a type names, and the node that names it: `typeof app.scrapeUrl` or `typeof app["scrapeUrl"]`
 * of a client `app`, or `FirecrawlApp["scrapeUrl"]`.
 */
export function queriedMethod(tracker: ClientTracker, path: Path): { method: string; nameNode: Node } | undefined {
  const node = path.node as Node;
  if (node.type === "TSTypeQuery" && node.exprName.type === "TSQualifiedName" && node.exprName.left.type === "Identifier")
    return tracker.isClient(path.get("exprName", "left") as Path) ? { method: node.exprName.right.name, nameNode: node.exprName.right } : undefined;
  if (node.type !== "TSIndexedAccessType" || node.indexType.type !== "TSLiteralType" || node.indexType.literal.type !== "StringLiteral") return undefined;
  let object = path.get("objectType") as Path;
  while ((object.node as Node).type === "TSParenthesizedType") object = object.get("typeAnnotation") as Path;
  const type = object.node as Node;
  const client =
    type.type === "TSTypeQuery" && type.exprName.type === "Identifier" ? tracker.isClient(object.get("exprName") as Path) : tracker.isClientAnnotation(type);
  return client ? { method: node.indexType.literal.value, nameNode: node.indexType.literal } : undefined;
}

/** `Wrapper<T>` around the type at `path`, as its only argument: the wrapper's path. */
export function wrappedBy(path: Path, wrapper: string): Path | undefined {
  const reference = path.parent?.parent;
  const node = reference?.node as Node | undefined;
  const name = node?.type === "TSTypeReference" && node.typeName.type === "Identifier" ? node.typeName.name : undefined;
  return name === wrapper && node?.type === "TSTypeReference" && node.typeParameters?.params.length === 1 ? (reference as Path) : undefined;
}
