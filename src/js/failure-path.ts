/**
 * A result's failure path (issue 23): v1 calls could answer `{ success: false, error }` where v2 throws
 * `SdkError`, so a guard that tested the flag no longer sees a failure. When every `error` read of a result
 * sits in a guard (an `if` or a `?:` testing the flag), every `success` read tests one or reads the outcome it
 * decides (`console.log("success:", r.success)`), and the result is read elsewhere only where the guard has let
 * it through, the call itself gets the failure path: `.catch(() => null)` with `!r` for `!r.success`, or, where
 * the failure branch reads the error, `.catch((error: Error) => error)` with `r instanceof Error` and `r.error`
 * read as `r.message`. The branches stay as the user wrote them.
 */
import type { ASTPath } from "jscodeshift";
import type { Node } from "@babel/types";
import type { ClientCall } from "./detect/calls.js";
import { memberName, outsideWrappers } from "./detect/expressions.js";
import { ALWAYS_SUCCEEDING, CAUGHT_ERROR_TEXT, JOB_COMPLETED, LOGGER } from "../mapping/results.js";
import { FAILURE_PATH, GUARD_REMOVED, WAITER_GUARD } from "../mapping/messages.js";
import { namesIdentifier } from "../core/text.js";
import type { StepContext } from "./pipeline.js";
import { inside, isTypeScript, literal, removeStatementAt } from "./writing.js";
import { enclosingFunction, isWrittenTo, triesAround, walkPaths } from "./detect/paths.js";

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
  /** the branch that runs on failure among other cases (`else` of `r.success && x`): the error is read there with a test */
  readonly sharedBranch: Node | null | undefined;
  /** the `if` statement and the whole test the outcome test stands in */
  readonly statement: Node;
  readonly chain: Node;
  /** `if (!r.success) throw ...` (or `if (!r.success || ...) throw ...`) and nothing more: v2 throws before it */
  readonly throwOnly: boolean;
  /** `if (!r.success) { ...; return x }`: the failure test is the whole test, its branch leaves, and there is no `else` */
  readonly leavesOnly: boolean;
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

/** `"field" in x`, for the same `x` as `object`. */
function isIn(node: Node, field: string, object?: Node): boolean {
  return (
    node.type === "BinaryExpression" &&
    node.operator === "in" &&
    node.left.type === "StringLiteral" &&
    node.left.value === field &&
    (!object || (node.right.type === "Identifier" && object.type === "Identifier" && node.right.name === object.name))
  );
}

/** The outcome test a read of `success`/`error` (or `"error" in r`) makes, as the expression to replace. */
function outcomeTest(read: AnyPath): { test: AnyPath; onFailure: boolean } | null {
  const node = read.node;
  const parent = read.parent as AnyPath | null;
  const p = parent?.node;
  if (node.type === "BinaryExpression") return { test: read, onFailure: true };
  const field = memberName(node as Member);
  if (field === "error") return { test: read, onFailure: true };
  if (p?.type === "UnaryExpression" && p.operator === "!") {
    // `"success" in r && !r.success`: the narrowing v1's unions invited, one failure test with it.
    const around = parent!.parent as AnyPath | null;
    const a = around?.node;
    const object = (node as Member).object;
    const narrowed = a?.type === "LogicalExpression" && a.operator === "&&" && a.right === p && isIn(a.left, "success", object);
    return { test: narrowed ? around! : parent!, onFailure: true };
  }
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
    !h.alternate &&
    (h.consequent.type === "ThrowStatement" ||
      (h.consequent.type === "BlockStatement" && h.consequent.body.length === 1 && h.consequent.body[0]!.type === "ThrowStatement"));
  // Only where the outcome is the whole test does its failure branch run on failure alone: the error is read there.
  const whole = chain === test.node;
  const leavesOnly = h.type === "IfStatement" && onFailure && whole && !h.alternate && exits(h.consequent);
  return { test, onFailure, safe, failureBranch: whole ? failure : null, sharedBranch: whole ? null : failure, statement: h, chain, throwOnly, leavesOnly };
}

/**
 * Throw-only guards go, as v2 throws before them: a whole `if` whose test is the failure test, or the failure
 * test alone where other conditions share the throw (`!r.success || !r.data`). Says whether it could.
 */
function dropGuards(context: StepContext, name: string, guards: readonly Guard[], errorReads: readonly AnyPath[]): boolean {
  const whole = (g: Guard) => g.chain === g.test.node;
  // An error read where other conditions still throw would read a field v2 does not have.
  if (!errorReads.every((read) => guards.some((g) => whole(g) && inside(read.node, g.failureBranch)))) return false;
  // Only a chain about this result alone loses its test (`!r.success || !r.data`): with another value in it
  // (`!a.success || !b.success`) the outcome stays a test, the same in every pass of a linter's fixes.
  const mentions = (o: Node) => namesIdentifier(context.source.text.slice(o.start!, o.end!), name);
  if (guards.some((g) => !whole(g) && !operands(g.chain).every(mentions))) return false;
  const dropped = new Set<Node>();
  for (const g of guards) {
    if (whole(g)) {
      if (!dropped.has(g.statement)) dropGuardStatement(context, g.test.parent as AnyPath);
      dropped.add(g.statement);
      continue;
    }
    const chain = g.test.parent!.node as Extract<Node, { type: "LogicalExpression" }>;
    // The test and its operator go, the other operand stays as it is: a step may rewrite what it reads (`r.data`).
    if (chain.left === g.test.node) context.edit(chain.start!, chain.right.start!, "", GUARD_REMOVED);
    else context.edit(chain.left.end!, chain.end!, "", GUARD_REMOVED);
  }
  return true;
}

/**
 * Whether a guard holds nothing another step rewrites, so that it can go whole: its calls only log (`console.error(...)`)
 * and its reads of the result `name` are of its outcome (`success`, `error`).
 */
function holdsNoRewrite(statement: AnyPath, name: string): boolean {
  let plain = true;
  walkPaths(statement, (_, node) => {
    const call = node.type === "CallExpression" || node.type === "OptionalCallExpression" || node.type === "NewExpression";
    if (call && !logs(node.callee) && !(node.type === "NewExpression" && node.callee.type === "Identifier")) plain = false;
    if (node.type === "AwaitExpression" || node.type === "YieldExpression") plain = false;
    if (isMember(node) && node.object.type === "Identifier" && node.object.name === name && !["success", "error"].includes(memberName(node) ?? ""))
      plain = false;
  });
  return plain;
}

/** A waiter's guards test the job's status, and its error reads read the status; says whether it could. */
function jobStatus(context: StepContext, name: string, guards: readonly Guard[], errorReads: readonly AnyPath[], successReads: readonly AnyPath[]): boolean {
  if (!errorReads.every((read) => guards.some((g) => inside(read.node, g.failureBranch)))) return false;
  for (const { test, onFailure } of guards) statusTest(context, name, test, onFailure);
  for (const read of errorReads) {
    const member = read.node as Member;
    context.edit(member.property.start!, member.property.end!, "status");
  }
  outcomeReads(context, guards, successReads, statusText(context, name, false));
  return true;
}

/**
 * Reads of the flag that test no guard (`console.log("success:", r.success)`, `return { ok: r.success }`) as what the
 * result's outcome is now: `true` where only a success gets (a guard's success branch, after a guard whose failure
 * branch leaves, in the guard's own function), else `outcome` (`!(r instanceof Error)` where the call catches its failure, the job's status for a
 * waiter), which is false on every path a failure takes: the call's failure is caught now to reach the guards, and the
 * read says there what the guards' author meant the flag to say (v1's scrapeUrl threw instead, so it never read false).
 */
function outcomeReads(context: StepContext, guards: readonly Guard[], reads: readonly AnyPath[], outcome: string): void {
  for (const read of reads) {
    // A function between the read and the guard runs when it is called, which may be before the guard (a hoisted
    // declaration after it, called before it): there the read may see a failure.
    const safe = (g: Guard) => enclosingFunction(read) === enclosingFunction(g.test) && g.safe.some((span) => inside(read.node, span));
    const text = guards.some(safe) ? SUCCEEDED : outcome;
    // `r.success ?? false`: the outcome is never nullish, so its fallback goes with it (`r !== null ?? false` is TS2869).
    let at = read;
    while (at.parent?.node.type === "LogicalExpression" && at.parent.node.operator === "??" && at.parent.node.left === at.node) at = at.parent as AnyPath;
    const parenthesized = (at.node.extra as { parenthesized?: boolean } | undefined)?.parenthesized;
    context.edit(at.node.start!, at.node.end!, text === SUCCEEDED || parenthesized || standsWhole(at) ? text : `(${text})`);
  }
}

/** What the flag reads where only a success gets. */
const SUCCEEDED = "true";

/** Whether an expression in a read's place needs no parentheses, whatever its operators: an argument, a value, an operand of && and ||. */
function standsWhole(read: AnyPath): boolean {
  const parent = read.parent?.node as Node | undefined;
  switch (parent?.type) {
    case "CallExpression":
    case "NewExpression":
      return parent.callee !== read.node;
    case "ArrayExpression":
    case "ObjectProperty":
    case "VariableDeclarator":
    case "AssignmentExpression":
    case "ReturnStatement":
    case "TemplateLiteral":
    case "LogicalExpression":
    case "ConditionalExpression":
    case "ArrowFunctionExpression":
      return true;
    default:
      return false;
  }
}

/** Whether a read of the outcome (`r.success`) tests a guard whose failure branch only throws, alone or with other conditions. */
export function throwsOnFailure(read: AnyPath): boolean {
  const outcome = outcomeTest(read);
  return Boolean(outcome && guardOf(outcome.test, outcome.onFailure)?.throwOnly);
}

/** A throw-only guard's whole `if`: v2 throws before it. */
export function dropGuardStatement(context: StepContext, statement: AnyPath): void {
  context.apply(removeStatementAt(context.source, context.index, statement), GUARD_REMOVED);
}

/** A waiter's outcome test (`!job.success`) as a test of the job's status, which v2 returns failed or not. */
export function statusTest(context: StepContext, name: string, test: AnyPath, onFailure: boolean): void {
  const text = statusText(context, name, onFailure);
  const parent = test.parent?.node;
  context.edit(test.node.start!, test.node.end!, parent?.type === "UnaryExpression" ? `(${text})` : text, WAITER_GUARD);
}

/**
 * A waiter's flag tested where no guard throws (`if (job.success) break;`, `if (job && job.success)`): a test of the
 * job's status, true where v1's flag was (v1's waiter threw on a failed job; v2's returns it), and, where the test is
 * a whole if's, the error read where it saw a failure is the status: its failure branch, or what follows an if whose
 * success branch leaves (a retry loop's `if (job.success) break;`). Says whether it could.
 */
export function waiterOutcome(context: StepContext, read: AnyPath, name: string, handled: Set<Node>): boolean {
  const outcome = outcomeTest(read);
  if (!outcome || memberName(read.node as Member) !== "success") return false;
  statusTest(context, name, outcome.test, outcome.onFailure);
  const guard = guardOf(outcome.test, outcome.onFailure);
  if (!guard || guard.chain !== outcome.test.node) return true;
  const statement = guard.statement;
  const block = outcome.test.parent?.parent?.node;
  const leaves = statement.type === "IfStatement" && !statement.alternate && exits(outcome.onFailure ? null : statement.consequent);
  const failures = [guard.failureBranch, leaves && block ? { start: statement.end!, end: block.end! } : null];
  walkPaths(outcome.test.parent!.parent as AnyPath, (_, node) => {
    if (!isMember(node) || node.object.type !== "Identifier" || node.object.name !== name || memberName(node) !== "error") return;
    if (!failures.some((region) => inside(node, region))) return;
    context.edit(node.property.start!, node.property.end!, "status");
    handled.add(node);
  });
  return true;
}

/** `job.status !== "completed"`, true where the job `name` failed (`onFailure`), or its opposite. */
function statusText(context: StepContext, name: string, onFailure: boolean): string {
  return `${name}.status ${onFailure ? "!==" : "==="} ${literal(context.source, JOB_COMPLETED)}`;
}

/**
 * The throw-only guard whose whole test a read of the outcome is (`if (!r.success) throw ...`,
 * `if ("error" in r) throw ...`), for a result the failure path does not follow: one known by its type, or
 * read off an expression. The read is the `success` or `error` member, or the `"error" in r` test.
 */
export function throwOnlyGuard(read: AnyPath): { statement: AnyPath; test: AnyPath; onFailure: boolean } | null {
  const node = read.node;
  if (node.type === "BinaryExpression" ? !isIn(node, "error") : !isMember(node)) return null;
  const outcome = outcomeTest(read);
  const guard = outcome && guardOf(outcome.test, outcome.onFailure);
  if (!guard?.throwOnly || guard.chain !== guard.test.node) return null;
  return { statement: guard.test.parent as AnyPath, test: guard.test, onFailure: guard.onFailure };
}

/** The operands of a chain of one logical operator, in order. */
function operands(node: Node): Node[] {
  if (node.type !== "LogicalExpression") return [node];
  const sameOperator = (n: Node) => (n.type === "LogicalExpression" && n.operator === node.operator ? operands(n) : [n]);
  return [...sameOperator(node.left), ...sameOperator(node.right)];
}

/**
 * The guard whose chain tests the result itself (`!r || !r.success || ...`, `r && r.success && ...`): the caught
 * failure's null answers that test too.
 */
function existenceGuard(ref: AnyPath, guards: readonly Guard[]): Guard | undefined {
  const parent = ref.parent?.node as Node | undefined;
  const negated = parent?.type === "UnaryExpression" && parent.operator === "!";
  const operand = negated ? parent : ref.node;
  return guards.find((g) => g.onFailure === negated && operands(g.chain).includes(operand));
}

/**
 * A read that only hands the whole result to the console (`console.log("Result is:", r)` before the guard): it
 * logs what the caught failure gives instead of `{ success: false }`, and nothing else depends on it.
 */
function loggedOnly(ref: AnyPath): boolean {
  const call = ref.parent?.node as Node | undefined;
  return call?.type === "CallExpression" && call.arguments.includes(ref.node as never) && logs(call.callee);
}

/** Whether a callee is the console's (`console.log`, `console.error`, ...). */
function logs(callee: Node): boolean {
  return callee.type === "MemberExpression" && callee.object.type === "Identifier" && callee.object.name === LOGGER;
}

/**
 * Gives a v1 call's result its failure path, when every outcome read of it is a guard's test; says which
 * member reads it answered (the results step leaves those alone) and whether the call now catches its failure,
 * or null where it changed nothing.
 */
export function failurePath(
  context: StepContext,
  call: ClientCall,
  declarator: AnyPath,
  refs: readonly AnyPath[],
  waiter = false,
): { answered: Set<Node>; caught: boolean } | null {
  const init = (declarator.node as Extract<Node, { type: "VariableDeclarator" }>).init;
  const id = (declarator.node as Extract<Node, { type: "VariableDeclarator" }>).id;
  if (init?.type !== "AwaitExpression" || init.argument !== call.node || id.type !== "Identifier") return null;
  const guards: Guard[] = [];
  const errorReads: AnyPath[] = [];
  /** `success` reads that test no guard: each reads the outcome the guards decide */
  const successReads: AnyPath[] = [];
  const others: AnyPath[] = [];
  /** `"success" in r`, part of a failure test */
  const narrowings: AnyPath[] = [];
  /** the `success` and `error` reads, which the results step must not mark once this answers them */
  const answered = new Set<Node>();
  for (const ref of refs) {
    const parent = ref.parent as AnyPath;
    const p = parent.node;
    const inError = p.type === "BinaryExpression" && p.right === ref.node && isIn(p, "error");
    if (p.type === "BinaryExpression" && p.right === ref.node && isIn(p, "success")) {
      narrowings.push(parent);
      continue;
    }
    const { path: member, from } = outsideWrappers(ref);
    const field = isMember(member?.node) && member.node.object === from ? memberName(member.node) : undefined;
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
    else if (field === "success" && !isWrittenTo(read)) successReads.push(read);
    else return null;
  }
  if (guards.length === 0 || !narrowings.every((n) => guards.some((g) => inside(n.node, g.test.node)))) return null;
  // A waiter's job is always there in v2, failed or not: its outcome is its status.
  if (waiter) return jobStatus(context, id.name, guards, errorReads, successReads) ? { answered, caught: false } : null;
  /** The guards go, where each is one `dropped` takes: v2 throws at the call, and every read left sees a success. */
  const drop = (dropped: (g: Guard) => boolean) => {
    if (!guards.every(dropped) || !dropGuards(context, id.name, guards, errorReads)) return null;
    // A read in a guard that goes (`throw new Error(\`failed: ${r.success}\`)`) goes with it.
    const kept = successReads.filter((read) => !guards.some((g) => g.chain === g.test.node && inside(read.node, g.statement)));
    outcomeReads(context, [], kept, SUCCEEDED);
    return { answered, caught: false };
  };
  // v2 throws at the call where v1 answered a failure (as v1 did where its request failed).
  const thrown = drop((g) => g.throwOnly);
  if (thrown) return thrown;
  // Where the failure cannot be caught for the guards (the result is read before them, not only logged), a scrape's
  // guards that leave on failure never ran: v1's scrapeUrl answered only successes, throwing wherever the API answered
  // a failure, as v2's scrape does. They go as throw-only ones do, and the call throws as it did.
  // Only for a const, which no later value reaches (a let reassigned in a loop may hold another's failure), and a
  // guard that holds nothing else a step rewrites (another call, a read of the result): it goes whole.
  const constant = (declarator.parent?.node as { kind?: string } | undefined)?.kind === "const";
  const neverRan = () =>
    ALWAYS_SUCCEEDING.includes(call.row.result!) && constant
      ? drop((g) => g.throwOnly || (g.leavesOnly && holdsNoRewrite(g.test.parent as AnyPath, id.name)))
      : null;
  // The error is read where the guard saw a failure, and the result elsewhere only where it succeeded.
  const shared = (read: AnyPath) => !guards.some((g) => inside(read.node, g.failureBranch)) && guards.some((g) => inside(read.node, g.sharedBranch));
  // Inside a try whose catch takes what the call throws (a retry on 429, a rethrow), v1's failures went there: a
  // .catch at the call would take them first. The guards that never ran go instead, where they can; else each read
  // of the flag is a success's (results.ts), as v1's was wherever the call returned.
  if (ALWAYS_SUCCEEDING.includes(call.row.result!) && triesAround(call.path as AnyPath).some((t) => t.handler)) return neverRan();
  if (!errorReads.every((read) => guards.some((g) => inside(read.node, g.failureBranch)) || shared(read))) return neverRan();
  if (!others.every((ref) => loggedOnly(ref) || existenceGuard(ref, guards) || guards.some((g) => g.safe.some((span) => inside(ref.node, span)))))
    return neverRan();
  const testedAlready = new Set(others.flatMap((ref) => existenceGuard(ref, guards) ?? []));

  const name = id.name;
  const keepsError = errorReads.length > 0;
  const handler = keepsError ? `(error${isTypeScript(context.source) ? ": Error" : ""}) => error` : "() => null";
  context.edit(call.node.end!, call.node.end!, `.catch(${handler})`, FAILURE_PATH);
  for (const guard of guards) {
    const { test, onFailure } = guard;
    const chain = test.parent?.node;
    if (!keepsError && testedAlready.has(guard) && chain?.type === "LogicalExpression") {
      // The chain tests the result already, which is null now on failure: the outcome test only goes.
      const rest = chain.left === test.node ? chain.right : chain.left;
      context.edit(chain.start!, chain.end!, context.source.text.slice(rest.start!, rest.end!));
      continue;
    }
    const failed = keepsError ? `${name} instanceof Error` : `!${name}`;
    const text = onFailure ? failed : keepsError ? `!(${failed})` : name;
    const parent = test.parent?.node;
    const wrap = keepsError && parent?.type === "UnaryExpression";
    context.edit(test.node.start!, test.node.end!, wrap ? `(${text})` : text);
  }
  for (const read of errorReads) {
    const member = read.node as Member;
    // Where the branch also runs on success, v1's error was undefined there: so it stays.
    if (shared(read)) context.edit(member.start!, member.end!, `(${name} instanceof Error ? ${name}.${CAUGHT_ERROR_TEXT} : undefined)`);
    else context.edit(member.property.start!, member.property.end!, CAUGHT_ERROR_TEXT);
  }
  outcomeReads(context, guards, successReads, keepsError ? `!(${name} instanceof Error)` : `${name} !== null`);
  return { answered, caught: true };
}
