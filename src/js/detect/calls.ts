/**
 * Calls of client methods: `client.method(...)` (or `client?.method(...)`, `client["method"](...)`) whose
 * receiver the tracker confirms is a Firecrawl client and whose method is a row of the table, by its v1
 * or its v2 name.
 */
import type { ASTPath } from "jscodeshift";
import type { CallExpression, Node } from "@babel/types";
import { methodRow, type MethodRow } from "../../mapping/client-methods.js";
import { ClientTracker } from "./clients.js";
import { FUNCTION_TYPES, walkPaths, type PathIndex } from "./paths.js";
import type { SdkBindings } from "./sdk.js";
import { AWAITED_WRAPPERS, outsideWrappers } from "./expressions.js";

export interface ClientCall {
  readonly path: ASTPath<CallExpression>;
  readonly node: CallExpression;
  /** the method name as written */
  readonly method: string;
  /** the node spelling the method name, to rename in place */
  readonly nameNode: Node;
  readonly row: MethodRow;
  readonly isV1Name: boolean;
  /** the parse the call was found in, for questions about the code around it */
  readonly index: PathIndex;
}

/** The name an identifier or a string literal spells: a member's, a property key's, an import's. */
export function propertyName(node: Node): string | undefined {
  if (node.type === "Identifier") return node.name;
  if (node.type === "StringLiteral") return node.value;
  return undefined;
}

/**
 * What `read` finds in a parse with these bindings, read once and shared by every step that looks at the same
 * parse. By the bindings rather than the parse: one parse read with and without the type checker's facts has two answers.
 */
export function oncePerBindings<T>(read: (index: PathIndex, tracker: ClientTracker) => T): (index: PathIndex, sdk: SdkBindings) => T {
  const known = new WeakMap<SdkBindings, T>();
  return (index, sdk) => {
    if (!known.has(sdk)) known.set(sdk, read(index, new ClientTracker(sdk, index)));
    return known.get(sdk)!;
  };
}

/** The client calls of a parse. */
export const findClientCalls = oncePerBindings((index, tracker): ClientCall[] => {
  const calls: ClientCall[] = [];
  const visit = (path: ASTPath<Node>) => {
    const node = path.node as CallExpression;
    const callee = node.callee;
    if (callee.type !== "MemberExpression" && callee.type !== "OptionalMemberExpression") return;
    if (callee.computed && callee.property.type !== "StringLiteral") return;
    const method = propertyName(callee.property);
    const row = method && methodRow(method);
    if (!row) return;
    if (!tracker.isClient(path.get("callee", "object") as ASTPath<Node>)) return;
    calls.push({ path: path as ASTPath<CallExpression>, node, method: method!, nameNode: callee.property, ...row, index });
  };
  for (const path of [...index.of("CallExpression"), ...index.of("OptionalCallExpression")]) visit(path as ASTPath<Node>);
  calls.sort((a, b) => a.node.start! - b.node.start!);
  return calls;
});

/**
 * Where a call's value lands: `const r = await call`, `const r = (await call) as T`, or `const { a, b } =
 * await call`; also through a helper of the file's own that runs a callback and hands back its value
 * (`const r = await withRetry(() => app.scrapeUrl(u))`, the retry and timing wrappers real code uses).
 */
export function resultDeclarator(call: ClientCall): ASTPath<Node> | null {
  const { path: at, from } = outsideWrappers(call.path as ASTPath<Node>, AWAITED_WRAPPERS);
  let path = at;
  const arrow = path?.node.type === "ArrowFunctionExpression" && path.node.body === from ? path : null;
  const helper = arrow?.parent as ASTPath<Node> | null;
  if (arrow && helper?.node.type === "CallExpression" && helper.node.callee.type === "Identifier" && helper.node.arguments[0] === arrow.node) {
    path = outsideWrappers(helper, AWAITED_WRAPPERS).path;
  }
  return path?.node.type === "VariableDeclarator" ? path : null;
}

/**
 * `const r = await app.scrapeUrl(url).catch(handler)`: the declaration of a result through the call's own `.catch`,
 * and whether its handler may answer a value of its own (`{ success: false, error }`) rather than nothing (`() =>
 * null`, a block that logs and returns nothing or null), which a failure guard on the result still tests.
 */
export function caughtDeclarator(call: ClientCall): { declarator: ASTPath<Node>; answers: boolean } | null {
  const member = call.path.parent as ASTPath<Node> | null;
  const node = member?.node;
  if (node?.type !== "MemberExpression" || node.object !== call.node || propertyName(node.property) !== "catch") return null;
  const caught = member!.parent as ASTPath<Node> | null;
  if (caught?.node.type !== "CallExpression" || caught.node.callee !== node || caught.node.arguments.length !== 1) return null;
  const holder = outsideWrappers(caught, AWAITED_WRAPPERS).path;
  if (holder?.node.type !== "VariableDeclarator") return null;
  return { declarator: holder, answers: !answersNothing(caught.get("arguments", 0) as ASTPath<Node>) };
}

const NOTHING = (node: Node | null | undefined): boolean =>
  !node ||
  node.type === "NullLiteral" ||
  (node.type === "Identifier" && node.name === "undefined") ||
  (node.type === "UnaryExpression" && node.operator === "void");

/** Whether a handler answers nothing but null or undefined (every return of its own, not of a function inside it). */
function answersNothing(handler: ASTPath<Node>): boolean {
  const node = handler.node;
  if (node.type !== "ArrowFunctionExpression" && node.type !== "FunctionExpression") return false;
  if (node.body.type !== "BlockStatement") return NOTHING(node.body);
  let nothing = true;
  walkPaths(
    handler.get("body") as ASTPath<Node>,
    (_, n) => {
      if (n.type === "ReturnStatement" && !NOTHING(n.argument)) nothing = false;
    },
    (n) => FUNCTION_TYPES.has(n.type),
  );
  return nothing;
}

/**
 * A client method read without being called (`expect(client.scrapeUrl)`, `mockClient.scrapeUrl.mockResolvedValue(...)`):
 * in a test, the mock standing in for the method by its name.
 */
export interface ClientMember {
  readonly path: ASTPath<Node>;
  readonly method: string;
  readonly nameNode: Node;
  readonly row: MethodRow;
  readonly isV1Name: boolean;
}

/** The client methods of a parse that are read, not called. */
export const findClientMembers = oncePerBindings((index, tracker): ClientMember[] => {
  const found: ClientMember[] = [];
  for (const path of [...index.of("MemberExpression"), ...index.of("OptionalMemberExpression")] as ASTPath<Node>[]) {
    const node = path.node as Extract<Node, { type: "MemberExpression" }>;
    if (node.computed && node.property.type !== "StringLiteral") continue;
    const parent = path.parent?.node as Node | undefined;
    if ((parent?.type === "CallExpression" || parent?.type === "OptionalCallExpression") && parent.callee === node) continue;
    if (parent?.type === "AssignmentExpression" && parent.left === node) continue;
    const method = propertyName(node.property);
    const row = method && methodRow(method);
    if (!row || !tracker.isClient(path.get("object") as ASTPath<Node>)) continue;
    found.push({ path, method: method!, nameNode: node.property, ...row });
  }
  found.sort((a, b) => a.nameNode.start! - b.nameNode.start!);
  return found;
});
