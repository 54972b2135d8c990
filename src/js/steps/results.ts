/**
 * Results (sdk-facts 4.1): values returned by client calls are tracked within their scope. A
 * `if (!r.success) throw` guard goes (v2 throws `SdkError`), or checks the job status for a waiter (v2
 * returns failed jobs); other `success`/`error` uses get a TODO; `r.extract` is `r.json`; map links used
 * as strings keep being strings; search `r.data` is `r.web`.
 */
import type { ASTPath } from "jscodeshift";
import type { Node } from "@babel/types";
import { caughtDeclarator, findClientCalls, findClientMembers, resultDeclarator, type ClientCall } from "../detect/calls.js";
import { callsTestDouble, clientStandIns, mockValues, standInMethods } from "../detect/mocks.js";
import { methodRow } from "../../mapping/client-methods.js";
import { bindingReferences, untilRebound } from "../detect/references.js";
import { isV1Call } from "../detect/version.js";
import { assignedReads, type AssignedReads } from "../detect/assigned.js";
import { isWrittenTo, triesAround, walkPaths } from "../detect/paths.js";
import { optionsObjects } from "../detect/options-objects.js";
import { assignedFormats } from "../detect/assigned-formats.js";
import { FORMATS } from "../../mapping/formats.js";
import {
  arrayItemType,
  AWAITED_WRAPPERS,
  callbackParam,
  findProperty,
  memberName,
  outsideWrappers,
  propertyKey,
  unwrapNode,
  variableDeclaratorOf,
  WRAPPERS,
} from "../detect/expressions.js";
import { appendProperties, isTypeScript, literal, removeListItem, textOf } from "../writing.js";
import type { Source } from "../../core/source.js";
import { dropGuardStatement, failurePath, statusTest, throwOnlyGuard, throwsOnFailure, waiterOutcome } from "../failure-path.js";
import { importedType, ITEM_TYPES, typeImports } from "../type-imports.js";
import type { Step, StepContext } from "../pipeline.js";
import { TYPES } from "../../mapping/imports.js";
import { API_HOST } from "../../mapping/api-requests.js";
import type { ResultKind } from "../../mapping/client-methods.js";
import {
  ALWAYS_SUCCEEDING,
  CANCELLED,
  FLAGGED_RESULTS,
  RESHAPED_RETURNS,
  RESULTS,
  RETYPED_RESULTS,
  JOB_PAGES,
  JOB_STATUS_PATHS,
  JOB_URL,
  TYPED_FROM_SCHEMA,
  WAITER_FAILED,
  EXTRACT_FAILED,
  WAITER_TODO,
  JOB_COMPLETED,
  SUCCESS_FLAG,
  type ItemTypes,
  type ResultRow,
} from "../../mapping/results.js";
import type { PathIndex } from "../detect/paths.js";
import {
  deadFallback,
  MOCK_FAILURE_THROWS,
  ITEM_TYPES_IMPORTED,
  JOB_URL_ADDED,
  linksKept,
  moved,
  readKeptV1,
  SUCCESS_TEST_PRESENCE,
  SUCCESS_TEST_REMOVED,
  rebuiltShape,
  removed,
  renamed,
  reworded,
  successKept,
  jobFlagKept,
  unsureResult,
  WAITER_THROWS,
  type Message,
} from "../../mapping/messages.js";
import { indentAt } from "../../core/text.js";
import { itemMembers, ownTypeMembers, type Member } from "../detect/own-types.js";

type AnyPath = ASTPath<Node>;

/** A value whose v1 result shape the code reads. */
interface Tracked {
  readonly kind: ResultKind;
  /** the call that made it, where the code made it in sight */
  readonly call?: ClientCall;
  /** a crawl or batch waiter's result: a failure guard becomes a status check */
  readonly waiter: boolean;
  /** known by its type alone (an annotation, or the type checker): for a job, whether a waiter made it is unknown */
  readonly byType: boolean;
  /** the v1 fields it holds as v1 did, given v1's shape again for the user's own type (keepV1Shape, keepJobFlag): their reads stay */
  readonly kept?: ReadonlySet<string>;
  /**
   * made by a call that is not the client's in sight (a wrapper's answer, `await app.scrapeUrl(url).catch(...)`),
   * which may be a failure answer of its own: its failure guards are live code, kept with their TODO
   */
  readonly mayFail?: boolean;
  /** what the call answered, or nothing its own `.catch` gave for a failure (`.catch(() => null)`): where it is there, v1's flag was true */
  readonly orNothing?: boolean;
  /**
   * its name is assigned again (`r = await fromCache(u)`, which a loop brings back to reads before the assignment), or
   * its flag is (`r.success = false` where the code finds the page too short): the flag no longer says only what v1 answered
   */
  readonly reassigned?: boolean;
}

/**
 * A read that tests whether the value is there (`r && r.data`, `if (r.data)`, `!r.data`, `r.data ?? x`,
 * `Array.isArray(r.data)`): v2's optional field keeps the test's meaning under its plain new name, where
 * the fallback every other read gets (`(r.web ?? [])`) would make it always true.
 */
function isTested(member: AnyPath): boolean {
  const parent = member.parent?.node as Node | undefined;
  switch (parent?.type) {
    case "LogicalExpression":
      return true;
    case "UnaryExpression":
      return parent.operator === "!";
    case "IfStatement":
    case "WhileStatement":
    case "ConditionalExpression":
      return parent.test === member.node;
    case "CallExpression":
      return parent.callee.type === "MemberExpression" && textOfCallee(parent.callee) === "Array.isArray";
    default:
      return false;
  }
}

function textOfCallee(callee: Extract<Node, { type: "MemberExpression" }>): string | undefined {
  return callee.object.type === "Identifier" && callee.property.type === "Identifier" ? `${callee.object.name}.${callee.property.name}` : undefined;
}

/** Whether the list itself is read, not just its length: where the union of its items needs a human. */
function readsItems(member: AnyPath): boolean {
  const parent = member.parent?.node as Node | undefined;
  const isMember = (parent?.type === "MemberExpression" || parent?.type === "OptionalMemberExpression") && parent.object === member.node;
  // `r.data || []` tests and then hands the items on: that counts as reading them.
  const withFallback = parent?.type === "LogicalExpression" && parent.left === member.node && parent.operator !== "&&";
  return withFallback || (!isTested(member) && !(isMember && memberName(parent) === "length"));
}

/**
 * What keeps a list of objects read as the strings it held in v1 (`.map((link) => link.url)`; for an untyped
 * list, one that may be absent, `?.map`, with the item's type written out in TypeScript; `?.map` too before a
 * fallback, `r.links || []`, which must still catch a missing list): nothing where only its length is read, where
 * only whether it is an array is asked, or where it is mapped so already.
 */
export function keepingStrings(source: Source, member: AnyPath, pick: string, untyped = false): string | null {
  const node = member.node;
  const parent = member.parent?.node as Node;
  const isLength =
    (parent.type === "MemberExpression" || parent.type === "OptionalMemberExpression") && parent.object === node && memberName(parent) === "length";
  // `if (r.links)`, `!r.links`, `r.links && ...`: only whether the list is there, which objects answer alike.
  const onlyTested =
    ((parent.type === "IfStatement" || parent.type === "WhileStatement" || parent.type === "ConditionalExpression") && parent.test === node) ||
    (parent.type === "UnaryExpression" && parent.operator === "!") ||
    (parent.type === "LogicalExpression" && parent.operator === "&&" && (parent.left === node || inTest(member.parent as AnyPath))) ||
    (parent.type === "CallExpression" && parent.callee.type === "MemberExpression" && textOfCallee(parent.callee) === "Array.isArray");
  // `r.links || []`: the fallback keeps working only where the map does not throw first.
  const fallback = parent.type === "LogicalExpression" && parent.operator !== "&&" && parent.left === node;
  const mapped = new RegExp(`^(\\?)?\\.map\\(\\(?(\\w+)(?:: \\{[^}]*\\})?\\)? => \\2\\.${pick}\\)`).test(source.text.slice(node.end!));
  if (isLength || mapped || onlyTested) return null;
  const param = untyped && isTypeScript(source) ? `link: { ${pick}: string }` : "link";
  return `${untyped || fallback ? "?." : "."}map((${param}) => link.${pick})`;
}

/** Whether an expression is the test of an `if`, a loop or a `?:` (through `&&` and `!`), where only its truth counts. */
function inTest(path: AnyPath): boolean {
  let at = path;
  while (at.parent && ((at.parent.node.type === "LogicalExpression" && at.parent.node.operator === "&&") || at.parent.node.type === "UnaryExpression")) {
    at = at.parent as AnyPath;
  }
  const holder = at.parent?.node as Node | undefined;
  return (holder?.type === "IfStatement" || holder?.type === "WhileStatement" || holder?.type === "ConditionalExpression") && holder.test === at.node;
}

/** Whether a read `r.field` runs only where `"field" in r` held: the consequent of a `?:` or `if` testing it, or after it in `&&`. */
function testedByIn(context: StepContext, member: AnyPath, field: string): boolean {
  const object = textOf(context.source, (member.node as Extract<Node, { type: "MemberExpression" }>).object);
  const tests = (test: Node) =>
    test.type === "BinaryExpression" &&
    test.operator === "in" &&
    test.left.type === "StringLiteral" &&
    test.left.value === field &&
    textOf(context.source, test.right) === object;
  for (let at: AnyPath = member; at.parent; at = at.parent as AnyPath) {
    const parent = at.parent.node as Node;
    if ((parent.type === "ConditionalExpression" || parent.type === "IfStatement") && parent.consequent === at.node && tests(parent.test)) return true;
    if (parent.type === "LogicalExpression" && parent.operator === "&&" && parent.right === at.node && tests(parent.left)) return true;
  }
  return false;
}

/** `r.data || other`, `r.data ?? other`: the read's absence has a value of the code's own. */
function withFallback(member: AnyPath): boolean {
  const parent = member.parent?.node as Node | undefined;
  return parent?.type === "LogicalExpression" && (parent.operator === "||" || parent.operator === "??") && parent.left === member.node;
}

/**
 * Whether a call's scrape options ask for `format` (or set its settings) key by key where the formats step does not
 * rewrite them (detect/assigned-formats.ts).
 */
function asksV1Way(index: PathIndex, call: ClientCall, format: string): boolean {
  const settings = FORMATS.find((row) => row.v1 === format)?.optionsKey;
  return optionsObjects(call).some(
    (options) =>
      options.kind === "scrape" &&
      !assignedFormats(options, index) &&
      options.assignments.some(({ node: { left } }) => {
        const key = left.type === "MemberExpression" ? memberName(left) : undefined;
        return key === undefined || key === "formats" || key === settings;
      }),
  );
}

/** What a human is told where a row's change cannot be written in place (a pattern, an opaque value). */
function manualTodo(change: Exclude<ResultRow["change"], { kind: "rename" }>): string {
  return change.kind === "strings-to-objects" ? `map links are { url, title, description } objects in v2: use link.${change.pick}` : change.todo;
}

function rowFor(tracked: Tracked, field: string): ResultRow | undefined {
  return RESULTS.find((row) => row.js.v1 === field && row.of.includes(tracked.kind));
}

/**
 * Whether an expression is whole where it stands (returned, bound, assigned, an argument, an element, a property's value,
 * an arrow's body), so that `a ?? b` written there needs no parentheses.
 */
function standsAlone(path: AnyPath): boolean {
  const node = path.node;
  const parent = path.parent?.node as Node | undefined;
  switch (parent?.type) {
    case "ReturnStatement":
      return parent.argument === node;
    case "VariableDeclarator":
      return parent.init === node;
    case "AssignmentExpression":
      return parent.right === node;
    case "ObjectProperty":
      return parent.value === node;
    case "ArrowFunctionExpression":
      return parent.body === node;
    case "CallExpression":
    case "NewExpression":
      return parent.callee !== node;
    case "ArrayExpression":
      return true;
    default:
      return false;
  }
}

function migrateMember(context: StepContext, tracked: Tracked, member: AnyPath, handled: Set<Node>): "status" | void {
  const node = member.node as Extract<Node, { type: "MemberExpression" }>;
  const field = memberName(node);
  if (field === "status") return statusTested(member) ? "status" : undefined;
  if (field && tracked.kept?.has(field)) return;
  const row = field && rowFor(tracked, field);
  if (!row || handled.has(node)) return;
  const change = row.change;
  switch (change.kind) {
    case "rename": {
      // A request that still asks for the format v1's way, where the formats step cannot rewrite it (it has a
      // TODO), answers nothing under the v2 name: the read keeps v1's, consistent with the request.
      if (change.format && tracked.call && asksV1Way(context.index, tracked.call, change.format))
        return context.todo(member, readKeptV1(field, change.to, change.format));
      const written = isWrittenTo(member);
      const message = renamed(`result .${field}`, `.${change.to}`);
      const items = change.items && !written && readsItems(member) ? itemType(context, tracked, node, change.items) : undefined;
      const tested = isTested(member);
      if (change.absent && !written && !tested) {
        // The read as written, around its new name: a cast's parentheses and a `?.` stay where they were.
        const before = context.source.text.slice(node.start!, node.property.start!);
        const after = context.source.text.slice(node.property.end!, node.end!);
        const name = node.computed ? literal(context.source, change.to) : change.to;
        const read = `${before}${name}${after}`;
        // Where the code has just tested the list, it is there: TypeScript narrows it, and a fallback reads as noise.
        const fallback = `${read} ?? ${change.absent}`;
        const text = testedBefore(context, member) ? read : !items && standsAlone(member) ? fallback : `(${fallback})`;
        context.edit(node.start!, node.end!, items ? `(${text} as ${items})` : text, message);
      } else {
        context.edit(node.property.start!, node.property.end!, change.to, message);
        // `r.data || []`: the cast goes around the list with its fallback.
        const fallback = member.parent!.node as Node;
        if (items && tested) {
          const extra = fallback.extra as { parenthesized?: boolean; parenStart?: number } | undefined;
          const [start, end] = extra?.parenthesized
            ? [extra.parenStart!, context.source.text.indexOf(")", fallback.end!) + 1]
            : [fallback.start!, fallback.end!];
          context.edit(start, start, extra?.parenthesized ? "(" : "((");
          context.edit(end, end, `${extra?.parenthesized ? "" : ")"} as ${items})`);
        }
      }
      if (items && !maybeScraped(tracked)) dropDeadFallbacks(context, member, change.items!.scrapedOnly);
      // What is written there is the user's; what needs a human is reading items whose type v2 left open.
      if (change.todo && !written && readsItems(member) && items === null) context.todo(member, change.todo);
      const parent = member.parent?.node as Node | undefined;
      const readsInside = (parent?.type === "MemberExpression" || parent?.type === "OptionalMemberExpression") && parent.object === node;
      if (change.readTodo && readsInside && isTypeScript(context.source)) context.todo(member, change.readTodo);
      return;
    }
    case "strings-to-objects": {
      // Through `as any` the callback's parameter would have no type: keepingStrings writes it out.
      const keep = keepingStrings(context.source, member, change.pick, throughAny(node.object));
      if (keep) context.edit(node.end!, node.end!, keep, linksKept(`map result .${field}`));
      return;
    }
    case "success-flag": {
      // A catch's nothing is a failure the guard still turns into the user's error: it stays, testing that (below).
      const found = tracked.orNothing ? null : throwOnlyGuard(member);
      const beside = !found && ALWAYS_SUCCEEDING.includes(tracked.kind) && answeredByCall(tracked) ? besideCondition(context, member) : null;
      if (beside) return context.edit(beside.start, beside.end, beside.text, beside.text ? SUCCESS_TEST_PRESENCE : SUCCESS_TEST_REMOVED);
      // A waiter's job, returned failed or not (v1's waiter threw on a failure): its flag is its status.
      const job = !found && tracked.waiter && !tracked.mayFail && answeredByCall(tracked) && node.object.type === "Identifier" ? node.object.name : null;
      if (job && waiterOutcome(context, member, job, handled)) return "status";
      if (!found) {
        context.todo(member, change.todo);
        // The guard's TODO speaks for the error it reads too: one TODO per problem.
        const guard = enclosingTest(member);
        if (guard) for (const read of readsOf(context, guard, textOf(context.source, node.object), "error")) handled.add(read);
        return;
      }
      return removeGuard(context, tracked, found, textOf(context.source, node.object), handled, change.todo);
    }
    case "never-had":
      // A read behind its own test (`"data" in r ? r.data : undefined`), or with a fallback (`(r as Loose).data || r`),
      // is the author's care for the shape, not a slip: it was undefined in v1 too, and the code took the other side.
      if (!testedByIn(context, member, field) && !withFallback(member)) context.todo(member, change.todo);
      return;
    case "removed":
      context.todo(member, change.todo);
      return;
    case "gained": {
      context.todo(member, change.todo);
      // The test's TODO speaks for the reads of the field in what it guards: one TODO per problem.
      const guard = enclosingTest(member);
      if (guard) for (const read of readsOf(context, guard, textOf(context.source, node.object), field)) handled.add(read);
      return;
    }
    case "moved":
      if (isWrittenTo(member)) context.todo(member, change.todo);
      else context.edit(node.property.start!, node.property.end!, `${change.into}?.${field}`, renamed(`result .${field}`, `.${change.into}?.${field}`));
      return;
  }
}

/**
 * The type a read of a renamed list's items is cast to (`SearchResultWeb[]`; with the pages scraped,
 * `Array<SearchResultWeb & Document>`); undefined where no cast is needed (JavaScript, a read through a cast of
 * the user's, which TypeScript no longer checks), null where one is needed but the file cannot name the type.
 */
function itemType(context: StepContext, tracked: Tracked, node: Node & { object: Node }, types: ItemTypes): string | null | undefined {
  if (!isTypeScript(context.source) || throughAny(node.object)) return undefined;
  // Both names or none: a name asked for is imported.
  const document = maybeScraped(tracked) ? importedType(context, types.scraped, ITEM_TYPES) : undefined;
  if (document === null) return null;
  const plain = importedType(context, types.plain, ITEM_TYPES);
  if (!plain) return null;
  return document ? `Array<${plain} & ${document}>` : `${plain}[]`;
}

/** Whether the call's hits may carry scraped pages: it asks for them, or the file cannot see all it asks (a variable, a spread). */
function maybeScraped(tracked: Tracked): boolean {
  const options = tracked.call?.node.arguments[1];
  const opaque = options && (options.type !== "ObjectExpression" || options.properties.some((p) => p.type === "SpreadElement"));
  return !tracked.call || Boolean(opaque) || Boolean(options && optionsObjects(tracked.call).some((o) => o.kind === "scrape"));
}

/** The iteration methods whose result holds the same items as the list they were called on. */
const SAME_ITEMS = new Set(["filter", "slice", "sort", "reverse"]);

/**
 * Plain hits read in callbacks on the list (`hits.filter((r) => ...).map((r) => r.title ?? r.metadata?.title)`):
 * a fallback operand reading a field such hits never have goes, with its operator, since it never answered and
 * v2's type of the hits has no such field.
 */
function dropDeadFallbacks(context: StepContext, list: AnyPath, scrapedOnly: readonly string[]): void {
  let at = list;
  const climbs = (parent: Node) =>
    (parent.type === "LogicalExpression" && parent.operator !== "&&" && parent.left === at.node) || (WRAPPERS.has(parent.type) && "expression" in parent);
  while (at.parent && climbs(at.parent.node as Node)) at = at.parent as AnyPath;
  for (;;) {
    const member = at.parent as AnyPath | null;
    const call = member?.parent as AnyPath | null;
    const name = member?.node.type === "MemberExpression" && member.node.object === at.node ? memberName(member.node) : undefined;
    if (!name || !ELEMENT_CALLBACKS.has(name) || call?.node.type !== "CallExpression" || call.node.callee !== member!.node) return;
    const callback = callbackParam(member!);
    if (callback) {
      for (const ref of bindingReferences(context.index, callback.path, callback.param, callback.param.name)) dropDeadFallback(context, ref, scrapedOnly);
    }
    if (!SAME_ITEMS.has(name)) return;
    at = call;
  }
}

/** `r.metadata?.title` as an operand of `??` or `||` beside another: the read goes, the other operand stays. */
function dropDeadFallback(context: StepContext, ref: AnyPath, scrapedOnly: readonly string[]): void {
  const isRead = (node: Node | undefined, object: Node) =>
    (node?.type === "MemberExpression" || node?.type === "OptionalMemberExpression") && node.object === object;
  const first = ref.parent?.node as Node | undefined;
  const field = isRead(first, ref.node) ? memberName(first as Extract<Node, { type: "MemberExpression" }>) : undefined;
  if (!field || !scrapedOnly.includes(field)) return;
  // The whole read: `r.markdown?.slice(0, 200)` goes as one.
  const isCall = (node: Node | undefined, callee: Node) =>
    (node?.type === "CallExpression" || node?.type === "OptionalCallExpression") && node.callee === callee;
  let read = ref.parent as AnyPath;
  while (read.parent && (isRead(read.parent.node as Node, read.node) || isCall(read.parent.node as Node, read.node))) read = read.parent as AnyPath;
  const logical = read.parent?.node as Node | undefined;
  if (logical?.type !== "LogicalExpression" || logical.operator === "&&") return;
  const kept = logical.left === read.node ? logical.right : logical.left;
  context.edit(logical.start!, logical.end!, textOf(context.source, kept), deadFallback(field));
}

/** Whether a read's object was cast to `any` (`(r as any).data`), which TypeScript no longer checks. */
function throughAny(object: Node): boolean {
  for (let at: Node = object; WRAPPERS.has(at.type); at = (at as Node & { expression: Node }).expression) {
    if (at.type === "TSAsExpression" && at.typeAnnotation.type === "TSAnyKeyword") return true;
  }
  return false;
}

/** Whether the read stands where the same read was just tested (`if (r.data) r.data.map(...)`, `r.data && r.data[0]`). */
function testedBefore(context: StepContext, member: AnyPath): boolean {
  const text = textOf(context.source, member.node);
  for (let at = member; at.parent; at = at.parent as AnyPath) {
    const parent = at.parent.node as Node;
    if (parent.type.endsWith("Function") || parent.type === "ArrowFunctionExpression" || parent.type === "Program") return false;
    const test =
      (parent.type === "IfStatement" || parent.type === "ConditionalExpression") && parent.consequent === at.node
        ? parent.test
        : parent.type === "LogicalExpression" && parent.operator === "&&" && parent.right === at.node
          ? parent.left
          : null;
    if (test && testsRead(context, at.parent.get(parent.type === "LogicalExpression" ? "left" : "test") as AnyPath, text)) return true;
  }
  return false;
}

/** Whether a test checks that a read is there (`r.data`, `r.data && ...`, `Array.isArray(r.data)`). */
function testsRead(context: StepContext, test: AnyPath, text: string): boolean {
  let found = false;
  walkPaths(test, (p) => {
    if ((p.node.type === "MemberExpression" || p.node.type === "OptionalMemberExpression") && textOf(context.source, p.node) === text && isTested(p))
      found = true;
  });
  return found;
}

/**
 * The span of a success test that stands beside what decides a condition, with its operator: `r.success && A` is `A`,
 * and so is `!r.success || A`, for the result of a scrapeUrl call in sight (answeredByCall), which v1 gave only with
 * its flag true (v1's scrapeUrl threw wherever the API answered a failure, as v2's scrape does). Null where the test
 * is the whole condition or decides it (`r.success || A`), or is no condition's: the user's to rewrite. As the Python
 * step's alwaysSucceeding, only where v1 answered the flag: a value that never had it (a crawl's pages) keeps its TODO.
 * Where the read is optional (`r?.success`, a result that may be missing after a `try` that caught its failure), the
 * flag was true where the result was there: the test becomes one that it is (`r != null && A`, `r == null || A`),
 * since `A` alone would throw where v1's test was false; so too where it is the whole condition (`if (r?.success)` is
 * `if (r != null)`). An optional chain inside the object keeps its TODO.
 */
function besideCondition(context: StepContext, member: AnyPath): { start: number; end: number; text: string } | null {
  const negated = member.parent?.node.type === "UnaryExpression" && member.parent.node.operator === "!";
  const operand = negated ? (member.parent as AnyPath) : member;
  const op = operand.parent as AnyPath | null;
  const node = op?.node as Node | undefined;
  const holder = node as { test?: Node } | undefined;
  // The whole test: the result itself (`if (r.success)` is `if (r)`), an object, always true as v1's flag was where it
  // ran; optional (`if (r?.success)`), the test that it is there.
  if (holder?.test === operand.node && ["IfStatement", "WhileStatement", "ConditionalExpression"].includes(node!.type)) {
    if (member.node.type === "OptionalMemberExpression") return presenceTest(context, member, operand, negated);
    const [from, to] = spanWithParentheses(context, (member.node as Extract<Node, { type: "MemberExpression" }>).object);
    return { start: member.node.start!, end: member.node.end!, text: context.source.text.slice(from, to) };
  }
  if (node?.type !== "LogicalExpression" || node.operator !== (negated ? "||" : "&&") || !inTest(op!)) return null;
  // Beside another success test (`!a.success || !b.success`) the two decide the condition together.
  let flagged = false;
  walkPaths(op!.get(node.left === operand.node ? "right" : "left") as AnyPath, (p) => {
    if ((p.node.type === "MemberExpression" || p.node.type === "OptionalMemberExpression") && memberName(p.node) === SUCCESS_FLAG) flagged = true;
  });
  if (flagged) return null;
  if (member.node.type === "OptionalMemberExpression") return presenceTest(context, member, operand, negated);
  const [left, right] = [spanWithParentheses(context, node.left), spanWithParentheses(context, node.right)];
  return node.left === operand.node ? { start: left[0], end: right[0], text: "" } : { start: left[1], end: right[1], text: "" };
}

/** `r?.success` (`!r?.success`, the operand) as the test that the result is there, `r != null` (`r == null`); null where the read is not optional in its own right. */
function presenceTest(context: StepContext, member: AnyPath, operand: AnyPath, negated: boolean): { start: number; end: number; text: string } | null {
  const read = member.node as Extract<Node, { type: "MemberExpression" | "OptionalMemberExpression" }>;
  const object = unwrapNode(read.object);
  if (read.type !== "OptionalMemberExpression" || !read.optional || object.type === "OptionalMemberExpression" || object.type === "OptionalCallExpression")
    return null;
  const [from, to] = spanWithParentheses(context, read.object);
  return { start: operand.node.start!, end: operand.node.end!, text: `${context.source.text.slice(from, to)} ${negated ? "==" : "!="} null` };
}

/**
 * Whether a value is what a v1 call answered, as it answered it: bound or assigned straight from the awaited call in
 * sight. Not one known by its type alone (a crawl's, batch's or search's FirecrawlDocument never had the flag; a
 * wrapper of the user's typed `ScrapeResponse | ErrorResponse` may answer `{ success: false }` on a catch), nor one
 * through a helper (`retry(() => app.scrapeUrl(url))`) or a call's own `.catch` that answers a value, which may be
 * what it likes; a `.catch` that answers nothing leaves the call's answer or nothing (orNothing).
 */
function answeredByCall(tracked: Tracked): boolean {
  if (tracked.reassigned) return false;
  if (tracked.orNothing) return true;
  const holder = tracked.call && !tracked.byType ? outsideWrappers(tracked.call.path as AnyPath, AWAITED_WRAPPERS).path?.node : undefined;
  return holder?.type === "VariableDeclarator" || (holder?.type === "AssignmentExpression" && holder.operator === "=");
}

/** The `if` or `?:` whose test holds a read. */
function enclosingTest(read: AnyPath): AnyPath | null {
  for (let at = read; at.parent; at = at.parent as AnyPath) {
    const parent = at.parent.node as Node;
    if ((parent.type === "IfStatement" || parent.type === "ConditionalExpression") && parent.test === at.node) return at.parent as AnyPath;
    if (parent.type.endsWith("Statement") || parent.type.endsWith("Function") || parent.type === "ArrowFunctionExpression") return null;
  }
  return null;
}

/**
 * A throw-only failure guard of a result the failure path does not follow: it goes (v2 throws), or a waiter's
 * becomes a test of the job's status (v2 returns it), as failurePath does for a call in sight. One of a value that
 * may be a failure answer of its own (a wrapper's `{ success: false }`) stays, with its TODO: it still throws there.
 */
function removeGuard(
  context: StepContext,
  tracked: Tracked,
  guard: NonNullable<ReturnType<typeof throwOnlyGuard>>,
  objectText: string,
  handled: Set<Node>,
  todo: string,
): "status" | void {
  const { statement } = guard;
  for (const read of readsOf(context, statement, objectText)) handled.add(read);
  if ((tracked.byType && tracked.kind === "job") || tracked.mayFail) {
    context.todo(statement, todo);
    return;
  }
  if (!tracked.waiter) return dropGuardStatement(context, statement);
  statusTest(context, objectText, guard.test, guard.onFailure);
  for (const read of readsOf(context, statement.get("consequent") as AnyPath, objectText, "error"))
    context.edit(read.property.start!, read.property.end!, "status");
  return "status";
}

/** The member reads under `root` of the object written `objectText` (of its `field` alone, when named). */
function readsOf(
  context: StepContext,
  root: AnyPath,
  objectText: string,
  field?: string,
): Extract<Node, { type: "MemberExpression" | "OptionalMemberExpression" }>[] {
  const found: Extract<Node, { type: "MemberExpression" | "OptionalMemberExpression" }>[] = [];
  walkPaths(root, (p) => {
    const n = p.node;
    if ((n.type === "MemberExpression" || n.type === "OptionalMemberExpression") && textOf(context.source, n.object) === objectText) {
      if (!field || memberName(n) === field) found.push(n);
    }
  });
  return found;
}

function migrateDestructuring(context: StepContext, tracked: Tracked, declarator: AnyPath, index: PathIndex): void {
  const pattern = (declarator.node as Extract<Node, { type: "VariableDeclarator" }>).id as Extract<Node, { type: "ObjectPattern" }>;
  for (const prop of pattern.properties) {
    const field = propertyKey(prop);
    const row = field && rowFor(tracked, field);
    if (!row || prop.type !== "ObjectProperty") continue;
    if (row.change.kind === "rename") {
      const local = textOf(context.source, prop.value);
      const fallback = row.change.absent && prop.value.type === "Identifier" ? ` = ${row.change.absent}` : "";
      context.edit(prop.start!, prop.end!, `${row.change.to}: ${local}${fallback}`, renamed(`result .${field}`, `.${row.change.to}`));
      if (row.change.todo) {
        // The items are read where the binding is used, so that is where a human has to look.
        const uses =
          prop.value.type === "Identifier"
            ? bindingReferences(index, declarator, (declarator.node as Extract<Node, { type: "VariableDeclarator" }>).id, prop.value.name)
            : [];
        for (const use of uses.length ? uses : [declarator]) context.todo(use, row.change.todo);
      }
    } else {
      context.todo(declarator, manualTodo(row.change));
    }
  }
}

/** Migrates the reads of one bound value; says whether its status is checked (a waiter's failure is handled). */
function migrateBinding(context: StepContext, tracked: Tracked, binding: AnyPath, id: Node): boolean {
  if (id.type === "ObjectPattern") {
    migrateDestructuring(context, tracked, binding, context.index);
    return true;
  }
  if (id.type !== "Identifier") return false;
  const all = bindingReferences(context.index, binding, id, id.name);
  const refs = untilRebound(all);
  const written = (ref: AnyPath) => isWrittenTo(ref) || (readField(ref) === SUCCESS_FLAG && isWrittenTo(memberRead(ref)!));
  const seen: Tracked = all.some(written) ? { ...tracked, reassigned: true } : tracked;
  // A waiter's guard reads the job's status instead (v2 returns failed jobs; it throws only on requests).
  const path = seen.call ? failurePath(context, seen.call, binding, refs, seen.waiter) : null;
  return migrateReads(context, seen, id.name, refs, path);
}

/** Migrates the reads of a name that see one result; says whether its status is checked. */
function migrateReads(context: StepContext, tracked: Tracked, name: string, refs: readonly AnyPath[], path: ReturnType<typeof failurePath> = null): boolean {
  let checked = false;
  if (path && tracked.waiter) checked = true;
  const handled = new Set<Node>(path?.answered ?? []);
  // Where the call got its failure path, the result's other reads change with it, as one change: a linter that
  // applied the failure path alone would find a v2 call whose reads it no longer knows to migrate.
  const joined: StepContext = path?.caught
    ? { ...context, edit: (start, end, text) => context.edit(start, end, text), apply: (edit) => context.apply(edit) }
    : context;
  for (const ref of path ? [] : refs) {
    // `if ("error" in r) throw ...`: the narrowing v1's `X | ErrorResponse` unions invited.
    const test = ref.parent as AnyPath | null;
    const found = test?.node.type === "BinaryExpression" && test.node.right === ref.node ? throwOnlyGuard(test) : null;
    if (found && removeGuard(context, tracked, found, name, handled, SUCCESS_GUARD_TODO) === "status") checked = true;
  }
  // A result v2 answers as another type (a cancel's boolean): the test of the one status v1's answered is the boolean.
  const retyped = RETYPED_RESULTS[tracked.kind];
  const members = refs.flatMap((ref) => {
    const member = memberRead(ref);
    return member && !(retyped && cancelledTest(context, ref, member)) ? [member] : [];
  });
  if (retyped && members.length) context.todo(members[0]!, retyped);
  for (const member of members) {
    if (migrateMember(joined, tracked, member, handled) === "status") checked = true;
  }
  return checked;
}

/**
 * The reads of a `let` a call's result was assigned to: those that see it migrate as a const's would; one that
 * may see another value too, and reads a field v2 changed, is marked, not changed.
 */
function migrateAssigned(context: StepContext, tracked: Tracked, assigned: AssignedReads, unsure: Map<Node, UnsureRead>): boolean {
  const checked = migrateReads(context, tracked, assigned.name, assigned.sure);
  for (const ref of assigned.unsure) {
    const member = memberRead(ref);
    const field = member && memberName(member.node as Extract<Node, { type: "MemberExpression" }>);
    const row = field ? rowFor(tracked, field) : undefined;
    if (!member || !row || tracked.kept?.has(field!)) continue;
    const read: UnsureRead = unsure.get(member.node) ?? { member, name: assigned.name, methods: [] };
    if (!read.methods.includes(tracked.call!.method)) read.methods.push(tracked.call!.method);
    unsure.set(member.node, read);
  }
  return checked;
}

/** A read that may see one of several calls' results (or another value): one TODO names them all. */
interface UnsureRead {
  readonly member: AnyPath;
  readonly name: string;
  readonly methods: string[];
}

/**
 * `r.status === "cancelled"` on a cancel's result (CANCELLED): true on every return of v1's, as v2's boolean is, so
 * the test is the boolean (`!==`, its negation). Says whether it was one.
 */
function cancelledTest(context: StepContext, ref: AnyPath, member: AnyPath): boolean {
  const { path: test, from } = outsideWrappers(member);
  const comparison = test?.node;
  if (
    memberName(member.node as Extract<Node, { type: "MemberExpression" | "OptionalMemberExpression" }>) !== CANCELLED.field ||
    comparison?.type !== "BinaryExpression" ||
    !["===", "==", "!==", "!="].includes(comparison.operator)
  )
    return false;
  const other = comparison.left === from ? comparison.right : comparison.left;
  if (other.type !== "StringLiteral" || other.value !== CANCELLED.status) return false;
  // The reference alone: a cast that gave v1's answer its real shape (`(r as any).status`) goes with the read.
  const negation = comparison.operator.startsWith("!") ? "!" : "";
  const name = textOf(context.source, ref.node);
  context.edit(comparison.start!, ref.node.start!, negation, renamed(`a test that the cancel's status is "${CANCELLED.status}"`, `${negation}${name}`));
  context.edit(ref.node.end!, comparison.end!, "");
  return true;
}

/**
 * The member read of a result reference, through casts: `r.data`, and `(r as any)?.data` too, where the
 * type checker can no longer see the field that changed.
 */
function memberRead(ref: AnyPath): AnyPath | undefined {
  const { path: parent, from } = outsideWrappers(ref);
  const node = parent?.node;
  return (node?.type === "MemberExpression" || node?.type === "OptionalMemberExpression") && node.object === from ? parent! : undefined;
}

/** The fields only a v1 result has, whatever its kind: a literal with one is a v1 result. */
const V1_ONLY_FIELDS = RESULTS.flatMap((row) => (row.change.kind === "success-flag" || row.change.kind === "removed" ? [row.js.v1] : []));

/**
 * The fields of a v1 document that v2's has not under that name (`url` is in the metadata, `extract` is `json`), the
 * flag and the error aside, which a rebuilt v1 shape answers: a type of the user's that declares one optional passes
 * the cast of v2's document and reads undefined where v1 read the page's value.
 */
const GONE_FROM_DOCUMENTS = RESULTS.flatMap((row) =>
  row.of.includes("document") && row.change.kind !== "never-had" && !V1_ONLY_FIELDS.includes(row.js.v1) ? [row.js.v1] : [],
);

/** Whether members of the user's type declare a document field v2 has not under its v1 name. */
const declaresGoneField = (members: readonly Member[] | null): boolean => Boolean(members?.some((m) => GONE_FROM_DOCUMENTS.includes(m.name)));

/** v1's flag and error, which a result given v1's shape again holds as v1 did. */
const FLAG_FIELDS: ReadonlySet<string> = new Set(V1_ONLY_FIELDS);

const SUCCESS_GUARD_TODO = RESULTS.flatMap((row) => (row.change.kind === "success-flag" ? [row.change.todo] : []))[0]!;

/** v1 response types (and, asked for, their v2 names) the file imports from the SDK, by local name. */
function resultTypes(context: StepContext, v2Names = false): Map<string, ResultKind> {
  const kinds = new Map<string, ResultKind>();
  for (const [local, exported] of context.sdk.named) {
    const row = TYPES.find((t) => t.result && (t.js.v1 === exported || (v2Names && t.js.v2 === exported)));
    if (row?.result) kinds.set(local, row.result);
  }
  return kinds;
}

/**
 * Bindings known to hold results by type: a parameter or variable annotated with a v1 response type, or,
 * in the type-aware mode, one the checker types as such (a value made in another module).
 */
function typedBindings(context: StepContext, skip: ReadonlySet<Node>): { binding: AnyPath; id: Node; kind: ResultKind; mayFail?: boolean }[] {
  const annotated = resultTypes(context);
  // In a package still on v1, a list or a helper's parameter already typed with v2's name (a linter's earlier
  // fix renamed the type first) holds the same v1 results.
  const elementKinds = resultTypes(context, context.options.sdk === "v1");
  const found: { binding: AnyPath; id: Node; kind: ResultKind; mayFail?: boolean }[] = [];
  for (const path of context.index.of("Identifier")) {
    // Only a declarator's id, a parameter or a property's value binds anything here, and the key a path was
    // reached by says which it is: asking every identifier for its parent, which ast-types computes and
    // defines on the path, was most of this loop's time on a large file.
    if (path.name !== "id" && path.name !== "value" && path.parentPath?.name !== "params") continue;
    const node = path.node;
    const parent = path.parent?.node as Node | undefined;
    const isDeclaration =
      (parent?.type === "VariableDeclarator" && parent.id === node) || (parent !== undefined && "params" in parent && (parent.params as Node[]).includes(node));
    found.push(...destructuredParams(path as AnyPath, elementKinds));
    if (!isDeclaration || (parent && skip.has(parent))) continue;
    const type = node.typeAnnotation?.type === "TSTypeAnnotation" ? node.typeAnnotation.typeAnnotation : null;
    const name = type?.type === "TSTypeReference" && type.typeName.type === "Identifier" ? type.typeName.name : null;
    const declared = name ? annotated.get(name) : undefined;
    // The checker knows results only of declarations a call made: a helper's, which hands v1's answer on, or a
    // wrapper's, which may answer a failure of its own beside it (ownAnswerAt).
    const made = declared ? undefined : context.sdk.types?.resultAt?.(node.start!);
    const kind = declared ?? made;
    if (kind) found.push({ binding: path as AnyPath, id: node, kind, mayFail: Boolean(made && context.sdk.types?.ownAnswerAt?.(node.start!)) });
    const elements = elementTypeName(type);
    const elementKind = elements && elementKinds.get(elements);
    if (elementKind && node.type === "Identifier") found.push(...elementBindings(context, path as AnyPath, node.name, elementKind));
  }
  // A callback's parameter the checker also types as a result is one binding.
  const seen = new Set<Node>();
  return found.filter(({ id }) => !seen.has(id) && Boolean(seen.add(id)));
}

/**
 * The bindings a destructured parameter makes of results its type literal names (`{ query, result }: { query:
 * string; result: SearchResponse }`, a helper's options object).
 */
function destructuredParams(path: AnyPath, annotated: ReadonlyMap<string, ResultKind>): { binding: AnyPath; id: Node; kind: ResultKind }[] {
  const parent = path.parent?.node as Node | undefined;
  const property = parent?.type === "ObjectProperty" && parent.value === path.node ? (path.parent as AnyPath) : null;
  const pattern = property?.parent?.node;
  const fn = property?.parent?.parent?.node as Node | undefined;
  if (pattern?.type !== "ObjectPattern" || !fn || !("params" in fn) || !(fn.params as Node[]).includes(pattern)) return [];
  const literal = pattern.typeAnnotation?.type === "TSTypeAnnotation" ? pattern.typeAnnotation.typeAnnotation : null;
  if (literal?.type !== "TSTypeLiteral") return [];
  const key = propertyKey(property!.node);
  const member = literal.members.find((m: Node) => m.type === "TSPropertySignature" && m.key.type === "Identifier" && m.key.name === key);
  const type = member?.type === "TSPropertySignature" && member.typeAnnotation?.type === "TSTypeAnnotation" ? member.typeAnnotation.typeAnnotation : null;
  const name = type?.type === "TSTypeReference" && type.typeName.type === "Identifier" ? type.typeName.name : null;
  const kind = name ? annotated.get(name) : undefined;
  return kind ? [{ binding: path, id: path.node, kind }] : [];
}

/** The element type's name of `T[]` or `Array<T>`. */
function elementTypeName(type: Node | null): string | null {
  const element = arrayItemType(type);
  return element?.type === "TSTypeReference" && element.typeName.type === "Identifier" ? element.typeName.name : null;
}

/** The iteration methods whose callback's first parameter is an element of the list. */
const ELEMENT_CALLBACKS = new Set(["map", "forEach", "filter", "find", "some", "every", "flatMap"]);

/**
 * The bindings that take the elements of a list of results (`data: FirecrawlDocument[]`): a callback's
 * parameter (`data.map((doc) => doc.url)`) and a `for...of` variable, each read as one result.
 */
function elementBindings(context: StepContext, list: AnyPath, name: string, kind: ResultKind): { binding: AnyPath; id: Node; kind: ResultKind }[] {
  const found: { binding: AnyPath; id: Node; kind: ResultKind }[] = [];
  for (const ref of bindingReferences(context.index, list, list.node, name)) {
    const parent = ref.parent as AnyPath | null;
    const p = parent?.node;
    if (p?.type === "MemberExpression" && p.object === ref.node && ELEMENT_CALLBACKS.has(memberName(p) ?? "")) {
      const callback = callbackParam(parent!);
      if (callback && !callback.param.typeAnnotation) found.push({ binding: callback.path, id: callback.param, kind });
    } else if (p?.type === "ForOfStatement" && p.right === ref.node && p.left.type === "VariableDeclaration") {
      const declarator = parent!.get("left", "declarations", 0) as AnyPath;
      const id = (declarator.node as Extract<Node, { type: "VariableDeclarator" }>).id;
      if (id.type === "Identifier") found.push({ binding: declarator, id, kind });
    }
  }
  return found;
}

/**
 * A v1 response written out by hand, typed as one (a test's mock, a fallback value): its fields take the
 * v2 shape. `success` and `error` go, renamed fields get their v2 keys, and a map's string links become
 * link objects.
 */
function migrateLiteral(context: StepContext, object: Extract<Node, { type: "ObjectExpression" }>, kind: ResultKind, at: AnyPath): void {
  // A failure has no v2 result to become: the mock (or the code) must throw, which a human writes.
  const flag = findProperty(object, SUCCESS_FLAG)?.value;
  if (flag?.type === "BooleanLiteral" && !flag.value) {
    context.todo(at, MOCK_FAILURE_THROWS);
    return;
  }
  for (const prop of object.properties) {
    const field = propertyKey(prop);
    const row = field && RESULTS.find((r) => r.js.v1 === field && r.of.includes(kind));
    if (!row || prop.type !== "ObjectProperty") continue;
    const change = row.change;
    if (change.kind === "success-flag" || change.kind === "removed") {
      context.apply(removeListItem(context.source, object, object.properties, prop), removed(`result field ${field}`, "v2 results have none"));
    } else if (change.kind === "rename") {
      context.edit(prop.key.start!, prop.key.end!, prop.shorthand ? `${change.to}: ${field}` : change.to, renamed(`result .${field}`, `.${change.to}`));
    } else if (
      change.kind === "strings-to-objects" &&
      prop.value.type === "ArrayExpression" &&
      prop.value.elements.every((e) => e?.type === "ObjectExpression")
    ) {
      continue;
    } else if (
      change.kind === "strings-to-objects" &&
      prop.value.type === "ArrayExpression" &&
      prop.value.elements.every((e) => e?.type === "StringLiteral" || e?.type === "TemplateLiteral")
    ) {
      for (const element of prop.value.elements) {
        context.edit(
          element!.start!,
          element!.end!,
          `{ ${change.pick}: ${textOf(context.source, element!)} }`,
          renamed(`map result .${field} strings`, `{ ${change.pick} } objects`),
        );
      }
    } else if ((change.kind === "moved" && movedInLiteral(context, object, prop, change.into)) || change.kind === "never-had" || change.kind === "gained") {
      // A field v1's result never had is the user's own in a literal of theirs.
      continue;
    } else {
      context.todo(at, manualTodo(change));
    }
  }
}

/**
 * A field v2 keeps in a nested object, moved there in a literal (`url` into `metadata`): into the literal's own
 * `metadata` object, or as a new one where it has none. Says whether it could.
 */
function movedInLiteral(
  context: StepContext,
  object: Extract<Node, { type: "ObjectExpression" }>,
  prop: Extract<Node, { type: "ObjectProperty" }>,
  into: string,
): boolean {
  const field = propertyKey(prop)!;
  const entry = prop.shorthand ? field : `${field}: ${textOf(context.source, prop.value)}`;
  const target = findProperty(object, into)?.value;
  const message = moved(`result field ${field}`, into);
  if (!target) {
    context.edit(prop.start!, prop.end!, `${into}: { ${entry} }`, message);
    return true;
  }
  if (target.type !== "ObjectExpression") return false;
  context.apply(removeListItem(context.source, object, object.properties, prop), message);
  if (!findProperty(target, field)) context.apply(appendProperties(context.source, target, [entry]));
  return true;
}

/**
 * Object literals declared or cast as a response type: `const r: ScrapeResponse = {...}`, `{...} as MapResponse`.
 * v2's names count too (`{ success: true } as MapData`): the fields changed are ones v2 rejects, and a
 * linter's fix pass may rename the type before it reaches the literal.
 */
function typedLiterals(context: StepContext): ResultLiteral[] {
  const kinds = resultTypes(context, true);
  const typeName = (type: Node | null | undefined) =>
    type?.type === "TSTypeReference" && type.typeName.type === "Identifier" ? type.typeName.name : undefined;
  const found: ResultLiteral[] = [];
  if (kinds.size === 0) return found;
  const add = (object: Node | null | undefined, type: Node | null | undefined, at: AnyPath) => {
    const local = typeName(type);
    const kind = local && kinds.get(local);
    if (kind && object?.type === "ObjectExpression") found.push({ object, kind, at, named: context.sdk.named.get(local) });
  };
  for (const path of context.index.of("VariableDeclarator")) {
    const { id, init } = path.node;
    add(init, id.type === "Identifier" && id.typeAnnotation?.type === "TSTypeAnnotation" ? id.typeAnnotation.typeAnnotation : null, path as AnyPath);
  }
  for (const type of ["TSAsExpression", "TSSatisfiesExpression"] as const) {
    for (const path of context.index.of(type)) add(path.node.expression, path.node.typeAnnotation, path as AnyPath);
  }
  return found;
}

/** An object literal standing in for a result, with the SDK name (method or type) it stands in for. */
interface ResultLiteral {
  readonly object: Extract<Node, { type: "ObjectExpression" }>;
  readonly kind: ResultKind;
  readonly at: AnyPath;
  readonly named?: string;
}

/**
 * A stand-in for a start call's answer with the job's id and no status address (v1 typed it optional, v2
 * requires it): it gets the address the API gives for that id, so a test's mock keeps v2's type.
 */
function addJobUrl(context: StepContext, { object, named }: ResultLiteral): void {
  const path = named && JOB_STATUS_PATHS[named];
  const id = findProperty(object, JOB_URL.id)?.value;
  if (!path || id?.type !== "StringLiteral" || findProperty(object, JOB_URL.url) || object.properties.some((p) => p.type === "SpreadElement")) return;
  const url = literal(context.source, `https://${API_HOST}${path}${id.value}`);
  context.apply(appendProperties(context.source, object, [`${JOB_URL.url}: ${url}`]), JOB_URL_ADDED);
}

/**
 * The results a test's mocks give for client methods (`mockClient.scrapeUrl.mockResolvedValue({ success: true, ... })`,
 * `{ scrapeUrl: vi.fn().mockResolvedValue(...) } as unknown as FirecrawlApp`): the code under test reads them as
 * v2 results once it calls v2 methods. A mock of a method both versions share is v1's where it says so (`success`).
 */
function mockedResults(context: StepContext): ResultLiteral[] {
  const found: ResultLiteral[] = [];
  const add = (values: AnyPath[], row: { row: { result?: ResultKind; js: { v1: string } }; isV1Name: boolean }) => {
    const kind = row.row.result;
    if (!kind) return;
    for (const at of values) {
      const object = at.node as Extract<Node, { type: "ObjectExpression" }>;
      if (row.isV1Name || V1_ONLY_FIELDS.some((field) => findProperty(object, field))) found.push({ object, kind, at, named: row.row.js.v1 });
    }
  };
  for (const member of findClientMembers(context.index, context.sdk)) {
    // `m.scrapeUrl.mockResolvedValueOnce(a).mockResolvedValueOnce(b)`: the whole chain of calls on the method.
    let chain = member.path;
    while (
      chain.parent?.node.type === "MemberExpression" &&
      chain.parent.parent?.node.type === "CallExpression" &&
      chain.parent.parent.node.callee === chain.parent.node
    ) {
      chain = chain.parent.parent as AnyPath;
    }
    if (chain !== member.path) add(mockValues(chain), member);
  }
  for (const standIn of clientStandIns(context.index, context.sdk)) {
    standIn.node.properties.forEach((prop, i) => {
      const name = propertyKey(prop);
      const row = name ? methodRow(name) : undefined;
      if (!row || prop.type !== "ObjectProperty") return;
      const value = standIn.get("properties", i, "value") as AnyPath;
      const declarator = value.node.type === "Identifier" ? variableDeclaratorOf(value) : null;
      add(mockValues(declarator ? (declarator.get("init") as AnyPath) : value), row);
    });
  }
  // A method both versions name alike gives v1's result where it holds a field v2 renamed (a search's `{ data }`):
  // asked of each literal, since a linter's fixes rename the class's other methods a pass before.
  for (const { name, returns } of standInMethods(context.index, context.sdk)) {
    const row = methodRow(name);
    const kind = row?.row.result;
    if (!row || !kind) continue;
    const renamedField = (at: AnyPath) =>
      RENAMED_FIELDS.some((field) => field.of.includes(kind) && findProperty(at.node as Extract<Node, { type: "ObjectExpression" }>, field.v1));
    add(row.isV1Name ? returns : returns.filter(renamedField), { ...row, isV1Name: true });
  }
  return found;
}

/** The fields v2 renamed in its results, by the results they are in: one in a literal says it is v1's. */
const RENAMED_FIELDS = RESULTS.flatMap((row) => (row.change.kind === "rename" ? [{ v1: row.js.v1, of: row.of }] : []));

/**
 * `return await client.search(...)` from a function that declares its own return type (`Promise<SearchResult>`,
 * written for v1's `{ data }`): the callers read the v1 shape, and with the client typed `any` nothing tells them.
 * Where that type asks for the renamed field alone, the return rebuilds it from v2's result; else a TODO says so.
 */
function ownShapeReturn(context: StepContext, call: ClientCall): void {
  const todo = RESHAPED_RETURNS[call.row.result!];
  const { path: holder } = outsideWrappers(call.path as AnyPath, AWAITED_WRAPPERS);
  if (!todo || holder?.node.type !== "ReturnStatement") return;
  const { fn, type } = returnedAs(holder);
  if (!type || !ownType(context, type)) return;
  const fields = ownTypeMembers(context.ast, context.source.path, type)?.map((m) => m.name);
  const row = fields && renamedAlone(call.row.result!, fields);
  const returned = (holder.node as Extract<Node, { type: "ReturnStatement" }>).argument!;
  // In a `try` block `return p` and `return await p` differ (only the latter is caught).
  const awaited = returned.type === "AwaitExpression" || ((fn?.node as { async?: boolean }).async && !triesAround(holder as AnyPath).length);
  if (!row || !awaited) {
    context.todo(holder as AnyPath, todo);
    return;
  }
  const [open, close] = v1ShapeAround(row, false);
  const result = `(${returned.type === "AwaitExpression" ? "" : "await "}${textOf(context.source, returned)})`;
  context.edit(returned.start!, returned.end!, `${open}${result}${close}`, rebuiltShape(row.js.v1, row.change.to));
}

type RenameRow = ResultRow & { readonly change: Extract<ResultRow["change"], { kind: "rename" }> };

/** The row of the one field a type of the user's asks for (`fields`), where v2 renamed it in the result `kind` (a search's `data`). */
function renamedAlone(kind: ResultKind, fields: readonly string[]): RenameRow | undefined {
  const row = fields.length === 1 ? rowFor({ kind, waiter: false, byType: false }, fields[0]!) : undefined;
  return row?.change.kind === "rename" ? (row as RenameRow) : undefined;
}

/**
 * What goes before and after v2's result to give it v1's shape, `{ data: (await client.search(q)).web ?? [] }`, with
 * v1's flag first where the user's type declares it (v2 returns only where v1's flag was true).
 */
function v1ShapeAround(row: RenameRow, flag: boolean): [string, string] {
  const absent = row.change.absent ? ` ?? ${row.change.absent}` : "";
  return [`{ ${flag ? `${SUCCESS_FLAG}: true, ` : ""}${row.js.v1}: `, `.${row.change.to}${absent} }`];
}

/** The function a return statement returns from, and the type it declares it gives (a promise's, for an async one). */
function returnedAs(statement: AnyPath): { fn: AnyPath | null; type: Node | null } {
  let fn = statement.parent as AnyPath | null;
  while (fn && !("params" in fn.node)) fn = fn.parent as AnyPath | null;
  const annotation = (fn?.node as { returnType?: Node | null } | undefined)?.returnType;
  let type = annotation?.type === "TSTypeAnnotation" ? annotation.typeAnnotation : null;
  if (type?.type === "TSTypeReference" && type.typeName.type === "Identifier" && type.typeName.name === "Promise")
    type = type.typeParameters?.params[0] ?? null;
  return { fn, type };
}

/** Whether a type is the user's own: the SDK's own types (and none at all, any, unknown) say nothing about a shape of the user's. */
function ownType(context: StepContext, type: Node): boolean {
  return (
    (type.type === "TSTypeReference" && type.typeName.type === "Identifier" && !context.sdk.named.has(type.typeName.name)) || type.type === "TSTypeLiteral"
  );
}

const PARENTHESES: ReadonlySet<string> = new Set(["ParenthesizedExpression"]);

/**
 * `result = (await app.scrapeUrl(url)) as ScrapeResult`, `const result = ... as ScrapeResult`, or `return await
 * app.scrapeUrl(url)` from a function that gives one, where ScrapeResult is the user's own type and declares `success`:
 * v1 answered `{ success: true, ...document }` and the value goes on as that type (tested, sent as JSON, read by
 * callers), so v2's bare document would drop the flag without a word, and a guard on it would fail every time. v2
 * throws where v1 answered a failure, so where it returns v1's flag was true: the value keeps v1's shape,
 * `{ success: true, ...(await app.scrape(url)) }`, and reads of it go on reading the user's type. So too a result whose
 * whole shape changed, cast to a type of the user's that asks for v1's renamed field and at most the flag and the error
 * beside it (`const r = (await app.search(q)) as MySearch`, MySearch declaring `data`): `{ success: true, data: (await
 * app.search(q)).web ?? [] } as MySearch`, its reads left as the user wrote them for that type. Not for a name the value
 * is assigned to that reads v1's own fields of it: those reads migrate with it (migrateAssigned), guards and all.
 * Gives the v1 fields the value keeps.
 */
function keepV1Shape(context: StepContext, call: ClientCall, assigned: AssignedReads | null): ReadonlySet<string> | undefined {
  const kind = call.row.result!;
  // A name the value is assigned to keeps reading v1's own fields of it where its success guards only throw (v2
  // throws before them); a guard that returns is the reads' own to migrate (migrateAssigned), guards and all, where
  // the failure path or the success test's rules find what it means.
  const refs = [...(assigned?.sure ?? []), ...(assigned?.unsure ?? [])];
  const v1Reads = refs.some((ref) => V1_ONLY_FIELDS.includes(readField(ref) ?? ""));
  if ((!FLAGGED_RESULTS.includes(kind) && !RESHAPED_RETURNS[kind]) || (v1Reads && !guardsOnlyThrow(refs))) return undefined;
  const awaited = outsideWrappers(call.path as AnyPath, PARENTHESES).path;
  if (awaited?.node.type !== "AwaitExpression") return undefined;
  const holder = outsideWrappers(awaited, PARENTHESES).path;
  const node = holder?.node;
  const cast = node?.type === "TSAsExpression" || node?.type === "TSSatisfiesExpression" || node?.type === "TSTypeAssertion";
  // A declaration holds the value as its own cast says, nothing else between: `const r = (await call) as T`. Its
  // guards must only throw: one that returns is the reads' own to migrate, as for an assigned name.
  const declarator = resultDeclarator(call);
  // `satisfies` would type the name as the literal, which does not declare the user's other fields.
  if (
    declarator &&
    (!cast ||
      node.type === "TSSatisfiesExpression" ||
      outsideWrappers(holder!, PARENTHESES).path?.node !== declarator.node ||
      !guardsOnlyThrow(declaredRefs(context, declarator)))
  )
    return undefined;
  const type = cast ? node.typeAnnotation : node?.type === "ReturnStatement" ? returnedAs(holder!).type : null;
  const members = type && ownType(context, type) ? ownTypeMembers(context.ast, context.source.path, type) : null;
  const flag = Boolean(members?.some((m) => m.name === SUCCESS_FLAG));
  // The type asks for a field v2's document has not: its read would be undefined without a word, where a TODO says it.
  if (kind === "document" && declaresGoneField(members)) return undefined;
  // A returned search is ownShapeReturn's: its callers, who may test a flag, are out of sight.
  const asked = cast && !FLAGGED_RESULTS.includes(kind) ? members?.flatMap((m) => (V1_ONLY_FIELDS.includes(m.name) ? [] : [m.name])) : undefined;
  const row = asked && renamedAlone(kind, asked);
  if (!row && !(flag && FLAGGED_RESULTS.includes(kind))) return undefined;
  const [from, to] = spanWithParentheses(context, awaited.node);
  // `(await app.scrapeUrl(url)) as T` keeps its parentheses, now the spread's (or the renamed field's read).
  const [open, close] = row ? v1ShapeAround(row, flag) : [`{ ${SUCCESS_FLAG}: true, ...`, " }"];
  const parens = from !== awaited.node.start;
  context.edit(from, from, `${open}${parens ? "" : "("}`, row ? rebuiltShape(row.js.v1, row.change.to, false) : successKept(SUCCESS_FLAG));
  context.edit(to, to, `${parens ? "" : ")"}${close}`);
  return row ? new Set([...V1_ONLY_FIELDS, row.js.v1]) : FLAG_FIELDS;
}

/** An expression's span with the one pair of parentheses around it, where it has them. */
function spanWithParentheses(context: StepContext, node: Node): [number, number] {
  const { start, end, extra } = node as Node & { extra?: { parenthesized?: boolean; parenStart?: number } };
  const close = extra?.parenthesized ? context.source.text.indexOf(")", end!) : -1;
  const parens = extra?.parenStart !== undefined && close !== -1 && context.source.text.slice(end!, close).trim() === "";
  return parens ? [extra.parenStart!, close + 1] : [start!, end!];
}

/** The field a reference of a result reads (`r.success`, through casts), if any. */
function readField(ref: AnyPath): string | undefined {
  const member = memberRead(ref);
  return member && memberName(member.node as Extract<Node, { type: "MemberExpression" }>);
}

/** Whether every read of a result's success flag, among its references (none known: no), tests a guard that only throws. */
function guardsOnlyThrow(refs: readonly AnyPath[] | null): boolean {
  return refs !== null && refs.every((ref) => readField(ref) !== SUCCESS_FLAG || throwsOnFailure(memberRead(ref)!));
}

/** The references of a declared result's name; null where the declaration destructures it. */
function declaredRefs(context: StepContext, declarator: AnyPath): AnyPath[] | null {
  const id = (declarator.node as Extract<Node, { type: "VariableDeclarator" }>).id;
  return id.type === "Identifier" ? bindingReferences(context.index, declarator, id, id.name) : null;
}

/**
 * `const job = await app.crawl(...)` with nothing checking the job: v1's waiter threw when the job failed or was
 * cancelled, v2's returns it, so the statement after the call throws what v1 threw. Says whether it could (a
 * result bound so: a declaration of the awaited call alone, in a list of statements).
 */
function throwOnFailedJob(context: StepContext, call: ClientCall, declarator: AnyPath | null, extract = false): boolean {
  const node = declarator?.node as Extract<Node, { type: "VariableDeclarator" }> | undefined;
  const declaration = declarator?.parent?.node as Node | undefined;
  const list = declarator?.parent?.parent?.node as { body?: unknown } | undefined;
  if (
    node?.id.type !== "Identifier" ||
    node.init?.type !== "AwaitExpression" ||
    node.init.argument !== call.node ||
    declaration?.type !== "VariableDeclaration" ||
    declaration.declarations.length !== 1 ||
    !Array.isArray(list?.body)
  )
    return false;
  const semicolon = context.source.text[declaration.end! - 1] === ";" ? ";" : "";
  const check = failedJobCheck(context, node.id.name, semicolon, extract);
  context.edit(declaration.end!, declaration.end!, `${context.source.eol}${indentAt(context.source.text, declaration.start!)}${check}`, WAITER_THROWS);
  return true;
}

/**
 * `const r = await app.extract(...)` with nothing reading the job's status: v1's extract waited and threw when the
 * job failed or was cancelled, v2's returns it, so the statement after the call throws what v1 threw. A test
 * double's answer is what the test made it.
 */
function throwOnFailedExtract(context: StepContext, call: ClientCall, bound: Map<Node, Set<string>>): void {
  if (callsTestDouble(call, context.sdk)) return;
  const declarator = resultDeclarator(call);
  const refs = declarator ? declaredRefs(context, declarator) : null;
  if (refs?.some((ref) => readField(ref) === "status" && statusTested(memberRead(ref)!)) || statusReadInPlace(call)) return;
  // `return app.extract(...)`: the caller gets the job, which v1's extract would have thrown for
  const thrown = declarator ? !!refs && throwOnFailedJob(context, call, declarator, true) : checkReturnedJob(context, call, bound, true);
  // elsewhere (`(await app.extract(...)).data`, a destructuring, a `.then`) the code that reads the job is the user's
  if (!thrown) context.todo(call.path, WAITER_TODO);
}

/**
 * Whether a job's status read is tested against a status (compared, switched on, looked up in a list), so that the
 * code handles a failed job itself; not where it only shows or stores it (`console.log(job.status)`,
 * `{ status: job.status }`) or tests that there is one (`if (job.status)`, `job.status || "done"`): a status is always
 * there, so the code goes on as with a job that finished.
 */
function statusTested(read: AnyPath): boolean {
  const { path, from } = outsideWrappers(read);
  const node = path?.node;
  switch (node?.type) {
    case "BinaryExpression":
      return ["===", "==", "!==", "!="].includes(node.operator);
    case "SwitchStatement":
      return node.discriminant === from;
    // `["failed", "cancelled"].includes(job.status)`
    case "CallExpression":
      return node.callee.type === "MemberExpression" && node.arguments[0] === from && ["includes", "indexOf"].includes(memberName(node.callee) ?? "");
    default:
      return false;
  }
}

/** `(await app.extract(...)).status`: the job's status read where the call is made. */
function statusReadInPlace(call: ClientCall): boolean {
  const holder = outsideWrappers(call.path as AnyPath, PARENTHESES).path;
  const read = holder?.node.type === "AwaitExpression" ? outsideWrappers(holder, PARENTHESES).path : holder;
  return read?.node.type === "MemberExpression" && memberName(read.node) === "status" && statusTested(read);
}

/** The statement that throws what v1's waiter (or its extract) threw when the job `name` holds failed or was cancelled. */
function failedJobCheck(context: StepContext, name: string, semicolon: string, extract = false): string {
  const message = extract ? `\`${EXTRACT_FAILED.text}\${${name}.status}. Error: \${${name}.error}\`` : `\`${WAITER_FAILED}\${${name}.status}\``;
  return `if (${name}.status !== ${literal(context.source, JOB_COMPLETED)}) throw new Error(${message})${semicolon}`;
}

/** The name a job taken out of an expression is bound to; a second in one block, or one the file has, is numbered. */
const JOB_NAME = "job";

/**
 * The name a waiter's job can be bound to on a statement of its own in place of `statement`, one of a block's: free
 * in the file and not bound already in that block (`bound`, which takes it); null where there is none.
 */
function jobName(context: StepContext, statement: AnyPath | null | undefined, bound: Map<Node, Set<string>>): string | null {
  const block = statement?.parent?.node as (Node & { body?: unknown }) | undefined;
  if (!block || !Array.isArray(block.body)) return null;
  const taken = bound.get(block) ?? new Set<string>();
  for (let n = 1; n < 10; n++) {
    const name = n === 1 ? JOB_NAME : `${JOB_NAME}${n}`;
    if (taken.has(name) || !unnamed(context, name)) continue;
    bound.set(block, taken.add(name));
    return name;
  }
  return null;
}

/** Whether the file names nothing `name`, but for fields (`meta.job`, `{ job: 1 }`), which a binding does not shadow. */
function unnamed(context: StepContext, name: string): boolean {
  return context.index.of("Identifier", { name }).every((path) => {
    const parent = path.parent?.node as Node | undefined;
    if ((parent?.type === "MemberExpression" || parent?.type === "OptionalMemberExpression") && parent.property === path.node) return !parent.computed;
    return (
      (parent?.type === "ObjectProperty" || parent?.type === "ClassProperty") &&
      parent.key === path.node &&
      !parent.computed &&
      !(parent as { shorthand?: boolean }).shorthand
    );
  });
}

/**
 * `statement` as `const job = await <call>;`, v1's waiter check, and `then` (what the statement did with the job).
 * `kept` is the span of the statement's text that stays where it is (the awaited call), for the other steps' edits.
 */
function bindJob(context: StepContext, statement: AnyPath, kept: Node, name: string, then: string, message: Message, extract = false): void {
  const { text, eol } = context.source;
  const indent = indentAt(text, statement.node.start!);
  const semicolon = text[statement.node.end! - 1] === ";" ? ";" : "";
  // Without semicolons, a line that starts with `(` or `[` would go on the check's line: `;(store as T).last = ...`.
  const guard = !semicolon && /^[([`+\-/]/.test(then) ? ";" : "";
  context.edit(statement.node.start!, kept.start!, `const ${name} = ${kept.type === "AwaitExpression" ? "" : "await "}`, WAITER_THROWS);
  context.edit(
    kept.end!,
    statement.node.end!,
    `${semicolon}${eol}${indent}${failedJobCheck(context, name, semicolon, extract)}${eol}${indent}${guard}${then}${semicolon}`,
    message,
  );
}

/**
 * `result = (await app.batchScrapeUrls(urls)) as Reply;` or `const result = ... as Reply;`, where Reply is the user's
 * own type and declares `success` (v1's waiters answered `{ success: true, ...job }` and threw on a failed job): the
 * job is bound on its own, gets the check v1's waiter made, and the name is given v1's shape, `{ success: true, ...job }`.
 * Says whether it could.
 */
function keepJobFlag(context: StepContext, call: ClientCall, bound: Map<Node, Set<string>>): boolean {
  const awaited = outsideWrappers(call.path as AnyPath, PARENTHESES).path;
  const cast = awaited?.node.type === "AwaitExpression" ? outsideWrappers(awaited, PARENTHESES).path : null;
  const holder = cast && outsideWrappers(cast, PARENTHESES).path;
  const statement = holder?.parent;
  // The cast is the statement's one value: an assignment's, or a declaration's of one name.
  const assigned = holder?.node.type === "AssignmentExpression" && holder.node.operator === "=" && statement?.node.type === "ExpressionStatement";
  const declared = holder?.node.type === "VariableDeclarator" && statement?.node.type === "VariableDeclaration" && statement.node.declarations.length === 1;
  if (cast?.node.type !== "TSAsExpression" || !statement || !(assigned || declared)) return false;
  const type = cast.node.typeAnnotation;
  const members = ownType(context, type) ? ownTypeMembers(context.ast, context.source.path, type) : null;
  if (!members?.some((m) => m.name === SUCCESS_FLAG)) return false;
  // Its pages typed with a field v2's documents have not (`data: Array<{ url?: string }>`) would read undefined without a word.
  const pages = members.find((m) => m.name === JOB_PAGES);
  if (pages && declaresGoneField(itemMembers(pages))) return false;
  const name = jobName(context, statement, bound);
  if (!name) return false;
  const { text } = context.source;
  // `reply = (await app.crawlUrl(url)) as Reply`: the parentheses go with the cast.
  const [from, to] = spanWithParentheses(context, awaited!.node);
  const before = text.slice(statement.node.start!, from);
  const rest = text.slice(to, statement.node.end!).replace(/;$/, "");
  bindJob(context, statement, awaited!.node, name, `${before}{ ${SUCCESS_FLAG}: true, ...${name} }${rest}`, jobFlagKept(SUCCESS_FLAG));
  return true;
}

/**
 * `return app.crawlUrl(url)` (or `return await ...`) from an async function: the caller gets the job, which v1's
 * waiter (or its `extract`) would have thrown for where it failed. The job is bound, checked as v1 checked it, and returned. Not in a
 * `try` block, where `return p` and `return await p` differ (only the latter is caught). Says whether it could.
 */
function checkReturnedJob(context: StepContext, call: ClientCall, bound: Map<Node, Set<string>>, extract = false): boolean {
  const holder = outsideWrappers(call.path as AnyPath, PARENTHESES).path;
  const awaited = holder?.node.type === "AwaitExpression" ? holder : null;
  const statement = awaited ? outsideWrappers(awaited, PARENTHESES).path : holder;
  if (statement?.node.type !== "ReturnStatement") return false;
  const { fn } = returnedAs(statement);
  if (!(fn?.node as { async?: boolean } | undefined)?.async || (!awaited && triesAround(statement).length > 0)) return false;
  const name = jobName(context, statement, bound);
  if (!name) return false;
  bindJob(context, statement, awaited ? awaited.node : call.node, name, `return ${name}`, WAITER_THROWS, extract);
  return true;
}

/** The local name a file gives zod's namespace (`import { z } from "zod"`, `import * as z from "zod"`). */
function zodNamespace(context: StepContext): string | undefined {
  for (const path of context.index.of("ImportDeclaration")) {
    if (path.node.source.value !== TYPED_FROM_SCHEMA.module) continue;
    for (const spec of path.node.specifiers) {
      if (spec.type === "ImportNamespaceSpecifier") return spec.local.name;
      if (spec.type === "ImportSpecifier" && spec.imported.type === "Identifier" && spec.imported.name === "z") return spec.local.name;
    }
  }
  return undefined;
}

/** The schema variable an extract call passes, when it was built with zod in this file. */
function zodSchemaOf(call: ClientCall, zod: string): string | undefined {
  const options = optionsObjects(call).find((o) => o.kind === "extract");
  const schema = options && findProperty(options.path.node, TYPED_FROM_SCHEMA.option)?.value;
  if (schema?.type !== "Identifier") return undefined;
  const declarator = call.index.of("VariableDeclarator").find((d) => d.node.id.type === "Identifier" && d.node.id.name === schema.name);
  let root: Node | null | undefined = declarator?.node.init;
  while (root && (root.type === "CallExpression" || root.type === "MemberExpression")) root = root.type === "CallExpression" ? root.callee : root.object;
  return root?.type === "Identifier" && root.name === zod ? schema.name : undefined;
}

/** v2 types an extract's data as unknown: where the v1 call passed a zod schema, reads get its type back. */
function typeFromSchema(context: StepContext, call: ClientCall): void {
  const zod = isTypeScript(context.source) && call.row.js.v1 === TYPED_FROM_SCHEMA.method ? zodNamespace(context) : undefined;
  const schema = zod && zodSchemaOf(call, zod);
  const declarator = schema ? resultDeclarator(call) : null;
  const id = (declarator?.node as { id?: Node } | undefined)?.id;
  if (!schema || !declarator || id?.type !== "Identifier") return;
  for (const ref of bindingReferences(context.index, declarator, id, id.name)) {
    const member = ref.parent as AnyPath;
    if (
      member.node.type !== "MemberExpression" ||
      member.node.object !== ref.node ||
      memberName(member.node) !== TYPED_FROM_SCHEMA.field ||
      isWrittenTo(member)
    )
      continue;
    // Typed by the user already (or by an earlier run).
    if (member.parent?.node.type === "TSAsExpression" || member.parent?.node.type === "TSSatisfiesExpression") continue;
    const text = textOf(context.source, member.node);
    context.edit(
      member.node.start!,
      member.node.end!,
      `(${text} as ${zod}.infer<typeof ${schema}>)`,
      reworded("v2 types extract data unknown: type it from its zod schema", "extract data typed from its zod schema (v2 types it unknown)"),
    );
  }
}

export const step: Step = {
  name: "results",
  description: "updates uses of call results: success guards, extract -> json, map links, search data -> web",
  run(context) {
    const fromCalls = new Set<Node>();
    const unsure = new Map<Node, UnsureRead>();
    const jobsBound = new Map<Node, Set<string>>();
    for (const call of findClientCalls(context.index, context.sdk)) {
      // A v2 call's result already has the v2 shape (a v2 map() gives link objects): it is left alone.
      if (!isV1Call(call, context.sdk, context.options.sdk)) continue;
      typeFromSchema(context, call);
      if (call.row.js.v1 === EXTRACT_FAILED.method) throwOnFailedExtract(context, call, jobsBound);
      if (!call.row.result) continue;
      const declarator = resultDeclarator(call);
      const id = (declarator?.node as Extract<Node, { type: "VariableDeclarator" }> | undefined)?.id;
      if (declarator) fromCalls.add(declarator.node);
      const assigned = declarator ? null : assignedReads(context.index, call.path as AnyPath);
      if (assigned) fromCalls.add(assigned.binding.node);
      // Through the call's own `.catch`: the handler's answer may stand where v1's was, so its reads are the type's, not the call's.
      const caught = declarator || assigned ? null : caughtDeclarator(call);
      const caughtId = (caught?.declarator.node as Extract<Node, { type: "VariableDeclarator" }> | undefined)?.id;
      if (caught && caughtId?.type === "Identifier") {
        fromCalls.add(caught.declarator.node);
        migrateBinding(
          context,
          { kind: call.row.result, waiter: Boolean(call.row.waiter), byType: true, mayFail: caught.answers, orNothing: !caught.answers },
          caught.declarator,
          caughtId,
        );
      }
      const kept =
        keepV1Shape(context, call, assigned) ??
        (call.row.waiter && call.isV1Name && !callsTestDouble(call, context.sdk) && keepJobFlag(context, call, jobsBound) ? FLAG_FIELDS : undefined);
      const tracked: Tracked = { kind: call.row.result, call, waiter: Boolean(call.row.waiter), byType: false, kept };
      const checked =
        declarator && id ? migrateBinding(context, tracked, declarator, id) : assigned ? migrateAssigned(context, tracked, assigned, unsure) : false;
      // A return whose cast keepV1Shape gave v1's shape is written: ownShapeReturn would write it again, or mark it.
      if (!declarator && !assigned && !kept) ownShapeReturn(context, call);
      // A test double's job is what the test made it give: no v2 service fails it.
      if (
        call.row.waiter &&
        call.isV1Name &&
        !checked &&
        !kept &&
        !callsTestDouble(call, context.sdk) &&
        !throwOnFailedJob(context, call, declarator) &&
        !checkReturnedJob(context, call, jobsBound)
      )
        context.todo(call.path, WAITER_TODO);
    }
    for (const { member, name, methods } of unsure.values()) context.todo(member, unsureResult(name, methods));
    for (const { binding, id, kind, mayFail } of typedBindings(context, fromCalls)) {
      migrateBinding(context, { kind, waiter: false, byType: true, mayFail }, binding, id);
    }
    const literals = new Set<Node>();
    for (const found of [...typedLiterals(context), ...mockedResults(context)]) {
      if (literals.has(found.object)) continue;
      literals.add(found.object);
      migrateLiteral(context, found.object, found.kind, found.at);
      addJobUrl(context, found);
    }
    for (const edit of typeImports(context, ITEM_TYPES)) context.apply(edit, ITEM_TYPES_IMPORTED);
  },
};
