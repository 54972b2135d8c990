/**
 * Calls of client methods: `client.method(...)` (or `client?.method(...)`, `client["method"](...)`) whose
 * receiver the tracker confirms is a Firecrawl client and whose method is a row of the table, by its v1
 * or its v2 name.
 */
import type { ASTPath, Collection } from "jscodeshift";
import type { CallExpression, Node } from "@babel/types";
import { methodRow, type MethodRow } from "../mapping/methods.js";
import { ClientTracker } from "./clients.js";
import { pathsOf } from "./paths.js";
import type { SdkBindings } from "./sdk.js";

export interface ClientCall {
  readonly path: ASTPath<CallExpression>;
  readonly node: CallExpression;
  /** the method name as written */
  readonly method: string;
  /** the node spelling the method name, to rename in place */
  readonly nameNode: Node;
  readonly row: MethodRow;
  readonly isV1Name: boolean;
}

function propertyName(node: Node): string | undefined {
  if (node.type === "Identifier") return node.name;
  if (node.type === "StringLiteral") return node.value;
  return undefined;
}

export function findClientCalls(root: Collection, sdk: SdkBindings, tracker = new ClientTracker(sdk)): ClientCall[] {
  const calls: ClientCall[] = [];
  const visit = (path: ASTPath<Node>) => {
    const node = path.node as CallExpression;
    const callee = node.callee;
    if (callee.type !== "MemberExpression" && callee.type !== "OptionalMemberExpression") return;
    if (callee.computed && callee.property.type !== "StringLiteral") return;
    const method = propertyName(callee.property);
    const found = method && methodRow(method);
    if (!found) return;
    if (!tracker.isClient(path.get("callee", "object") as ASTPath<Node>)) return;
    calls.push({ path: path as ASTPath<CallExpression>, node, method: method!, nameNode: callee.property, ...found });
  };
  for (const path of [...pathsOf(root, "CallExpression"), ...pathsOf(root, "OptionalCallExpression")]) visit(path);
  return calls.sort((a, b) => a.node.start! - b.node.start!);
}
