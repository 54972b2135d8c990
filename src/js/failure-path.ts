/**
 * A result's failure path (issue 23): v1 calls could answer `{ success: false, error }` where v2 throws
 * `SdkError`, so a guard that tested the flag no longer sees a failure. When every `success` and `error` read
 * of a result sits in a guard (an `if` or a `?:` testing the flag), and the result is read elsewhere only
 * where the guard has let it through, the call itself gets the failure path: `.catch(() => null)` with `!r`
 * for `!r.success`, or, where the failure branch reads the error, `.catch((error: Error) => error)` with
 * `r instanceof Error` and `r.error` read as `r.message`. The branches stay as the user wrote them.
 */
import type { ASTPath } from "jscodeshift";
import type { Node } from "@babel/types";
import type { ClientCall } from "../detect/calls.js";
import { memberName, outsideWrappers } from "../detect/expressions.js";
import { CAUGHT_ERROR_TEXT } from "../mapping/results.js";
import { FAILURE_PATH } from "../mapping/messages.js";
import type { StepContext } from "./steps.js";
import { isTypeScript } from "./writing.js";

type AnyPath = ASTPath<Node>;
type Member = Extract<Node, { type: "MemberExpression" | "OptionalMemberExpression" }>;

/** A test of the result's outcome, and the code it lets run when the call succeeded. */
interface Guard {
  /** the expression that tests the outcome, replaced as a whole */
  readonly test: AnyPath;
  /** whether the test is true on failure (`!r.success`, `"error" in r`, `r.error`) */
  readonly onFailure: boolean;
  /** the spans where the result is known to have succeeded */
  readonly safe: readonly { start: number; end: number }[];
  /** the failure branch, where the error may be read */
  readonly failureBranch: Node | null | undefined;
  /** `if (!r.success) throw ...` and nothing more: the results step removes it outright */
  readonly throwOnly: boolean;
}

const EXITS = new Set(["ReturnStatement", "ThrowStatement", "ContinueStatement", "BreakStatement"]);

function exits(node: Node | null | undefined): boolean {
  if (!node) return false;
  if (node.type === "BlockStatement") return node.body.length > 0 && EXITS.has(node.body[node.body.length - 1]!.type);
  return EXITS.has(node.type);
}

function isMember(node: Node | undefined): node is Member {
  return node?.type === "MemberExpression" || node?.type === "OptionalMemberExpression";
}

/** The outcome test a read of `success`/`error` (or `"error" in r`) makes, as the expression to replace. */
function outcomeTest(read: AnyPath): { test: AnyPath; onFailure: boolean } | null {
  const node = read.node;
  const parent = read.parent as AnyPath | null;
  const p = parent?.node;
  if (node.type === "BinaryExpression") return { test: read, onFailure: true };
  const field = memberName(node as Member);
  if (field === "error") return { test: read, onFailure: true };
  if (p?.type === "UnaryExpression" && p.operator === "!") return { test: parent!, onFailure: true };
  if (p?.type === "BinaryExpression" && ["===", "!==", "==", "!="].includes(p.operator)) {
    const other = p.left === node ? p.right : p.left;
    if (other.type !== "BooleanLiteral") return null;
    const equal = p.operator === "===" || p.operator === "==";
    return { test: parent!, onFailure: equal !== other.value };
  }
  return { test: read, onFailure: false };
}

/**
 * The guard an outcome test stands in: the test of an `if` or `?:`, alone or in the chain that keeps its
 * meaning (`||` for a failure test, `&&` for a success one). The result has succeeded in the success branch,
 * in the chain after the test, and after the guard where its failure branch leaves.
 */
function guardOf(test: AnyPath, onFailure: boolean): Guard | null {
  let at = test;
  while (at.parent?.node.type === "LogicalExpression" && at.parent.node.operator === (onFailure ? "||" : "&&")) at = at.parent as AnyPath;
  const chain = at.node;
  const holder = at.parent as AnyPath | null;
  const h = holder?.node;
  if ((h?.type !== "IfStatement" && h?.type !== "ConditionalExpression") || h.test !== chain) return null;
  const success = onFailure ? h.alternate : h.consequent;
  const failure = onFailure ? h.consequent : h.alternate;
  const safe = [{ start: test.node.end!, end: chain.end! }];
  if (success) safe.push({ start: success.start!, end: success.end! });
  const block = holder!.parent?.node;
  if (h.type === "IfStatement" && exits(failure) && block) safe.push({ start: h.end!, end: block.end! });
  const throwOnly =
    h.type === "IfStatement" &&
    onFailure &&
    chain === test.node &&
    !h.alternate &&
    (h.consequent.type === "ThrowStatement" ||
      (h.consequent.type === "BlockStatement" && h.consequent.body.length === 1 && h.consequent.body[0]!.type === "ThrowStatement"));
  return { test, onFailure, safe, failureBranch: failure, throwOnly };
}

const within = (node: Node, span: { start?: number | null; end?: number | null } | null | undefined) =>
  Boolean(span) && node.start! >= span!.start! && node.end! <= span!.end!;

/**
 * Gives a v1 call's result its failure path, when every outcome read of it is a guard's test; says which
 * member reads it answered (the results step leaves those alone), or null where it changed nothing.
 */
export function failurePath(context: StepContext, call: ClientCall, declarator: AnyPath, refs: readonly AnyPath[]): Set<Node> | null {
  const init = (declarator.node as Extract<Node, { type: "VariableDeclarator" }>).init;
  const id = (declarator.node as Extract<Node, { type: "VariableDeclarator" }>).id;
  if (init?.type !== "AwaitExpression" || init.argument !== call.node || id.type !== "Identifier") return null;
  const guards: Guard[] = [];
  const errorReads: AnyPath[] = [];
  const others: AnyPath[] = [];
  /** the `success` and `error` reads, which the results step must not mark once this answers them */
  const answered = new Set<Node>();
  for (const ref of refs) {
    const parent = ref.parent as AnyPath;
    const p = parent.node;
    const inError = p.type === "BinaryExpression" && p.operator === "in" && p.right === ref.node && p.left.type === "StringLiteral" && p.left.value === "error";
    const member = outsideWrappers(ref).path;
    const field = isMember(member?.node) && member.node.object === ref.node ? memberName(member.node) : undefined;
    if (!inError && field !== "success" && field !== "error") {
      others.push(ref);
      continue;
    }
    const read = inError ? parent : member!;
    answered.add(read.node);
    const outcome = outcomeTest(read);
    const guard = outcome && guardOf(outcome.test, outcome.onFailure);
    if (guard) guards.push(guard);
    else if (field === "error") errorReads.push(read);
    else return null;
  }
  if (guards.length === 0 || guards.every((g) => g.throwOnly)) return null;
  // The error is read where the guard saw a failure, and the result elsewhere only where it succeeded.
  if (!errorReads.every((read) => guards.some((g) => within(read.node, g.failureBranch)))) return null;
  if (!others.every((ref) => guards.some((g) => g.safe.some((span) => within(ref.node, span))))) return null;

  const name = id.name;
  const keepsError = errorReads.length > 0;
  const handler = keepsError ? `(error${isTypeScript(context.source) ? ": Error" : ""}) => error` : "() => null";
  context.edit(call.node.end!, call.node.end!, `.catch(${handler})`, FAILURE_PATH);
  for (const { test, onFailure } of guards) {
    const failed = keepsError ? `${name} instanceof Error` : `!${name}`;
    const text = onFailure ? failed : keepsError ? `!(${failed})` : name;
    const parent = test.parent?.node;
    const wrap = keepsError && parent?.type === "UnaryExpression";
    context.edit(test.node.start!, test.node.end!, wrap ? `(${text})` : text);
  }
  for (const read of errorReads) {
    const member = read.node as Member;
    context.edit(member.property.start!, member.property.end!, CAUGHT_ERROR_TEXT);
  }
  return answered;
}
