/**
 * Results (sdk-facts 4.1): values returned by client calls are tracked within their scope. A
 * `if (!r.success) throw` guard goes (v2 throws `SdkError`), or checks the job status for a waiter (v2
 * returns failed jobs); other `success`/`error` uses get a TODO; `r.extract` is `r.json`; map links used
 * as strings keep being strings; search `r.data` is `r.web`.
 */
import type { ASTPath } from "jscodeshift";
import type { Node } from "@babel/types";
import { findClientCalls, type ClientCall } from "../src/detect/calls.js";
import { contains, walkPaths } from "../src/detect/paths.js";
import { memberName, propertyKey } from "../src/detect/values.js";
import { literal, removeStatement, textOf } from "../src/engine/code.js";
import { toJscodeshift, type Step, type StepContext } from "../src/engine/transform.js";
import { RESULTS, RETYPED_RESULTS, WAITER_TODO, type ResultRow } from "../src/mapping/results.js";

type AnyPath = ASTPath<Node>;

/** Where a call's value lands: `const r = await call` or `const { a, b } = await call`. */
function declaratorOf(call: ClientCall): AnyPath | null {
  let path = call.path.parent as AnyPath | null;
  if (path?.node.type === "AwaitExpression") path = path.parent as AnyPath | null;
  return path?.node.type === "VariableDeclarator" ? path : null;
}

/** Every read of a binding inside the scope that declares it, in source order (a guard before its reads). */
function referencesOf(call: ClientCall, declarator: AnyPath, name: string): AnyPath[] {
  const id = (declarator.node as Extract<Node, { type: "VariableDeclarator" }>).id;
  const scope = declarator.scope?.lookup(name);
  if (!scope) return [];
  return call.index.within("Identifier", scope.path.node as Node, { name }).filter((p) => {
    if (contains(id, p.node)) return false;
    const parent = p.parent?.node as Node | undefined;
    if (parent && (parent.type === "MemberExpression" || parent.type === "OptionalMemberExpression") && parent.property === p.node && !parent.computed) return false;
    if (parent?.type === "ObjectProperty" && parent.key === p.node && !parent.shorthand) return false;
    return p.scope?.lookup(name) === scope;
  });
}

function isThrowOnly(node: Node): boolean {
  if (node.type === "ThrowStatement") return true;
  return node.type === "BlockStatement" && node.body.length === 1 && node.body[0]!.type === "ThrowStatement";
}

/**
 * The failure test around a read of the result, when it guards a throw-only branch: `!r.success` in
 * `if (!r.success) throw ...`, or `"error" in r` in `if ("error" in r) throw ...` (the narrowing v1's
 * `X | ErrorResponse` unions invited).
 */
function throwGuard(read: AnyPath): { guard: AnyPath; test: AnyPath } | null {
  const parent = read.parent as AnyPath | null;
  const node = parent?.node;
  const isFailureTest =
    (node?.type === "UnaryExpression" && node.operator === "!" && read.node.type !== "Identifier") ||
    (node?.type === "BinaryExpression" && node.operator === "in" && node.left.type === "StringLiteral" && node.left.value === "error");
  if (!isFailureTest) return null;
  const guard = parent!.parent as AnyPath | null;
  if (guard?.node.type !== "IfStatement" || guard.node.test !== node || guard.node.alternate) return null;
  return isThrowOnly(guard.node.consequent) ? { guard, test: parent! } : null;
}


function rowFor(call: ClientCall, field: string): ResultRow | undefined {
  return RESULTS.find((row) => row.js.v1 === field && row.of.includes(call.row.result!));
}

function migrateMember(context: StepContext, call: ClientCall, member: AnyPath, handled: Set<Node>): "status" | "guard" | void {
  const node = member.node as Extract<Node, { type: "MemberExpression" }>;
  const field = memberName(node);
  if (field === "status") return "status";
  const row = field && rowFor(call, field);
  if (!row || handled.has(node)) return;
  const change = row.change;
  switch (change.kind) {
    case "rename":
      if (change.absent) {
        const object = textOf(context.source, node.object);
        context.edit(node.start!, node.end!, `(${object}.${change.to} ?? ${change.absent})`, `result .${field} is .${change.to} in v2`);
      } else {
        context.edit(node.property.start!, node.property.end!, change.to, `result .${field} is .${change.to} in v2`);
      }
      if (change.todo) context.todo(member, change.todo);
      return;
    case "strings-to-objects": {
      const parent = member.parent?.node as Node;
      const isLength = (parent.type === "MemberExpression" || parent.type === "OptionalMemberExpression") && parent.object === node && memberName(parent) === "length";
      const mapped = new RegExp(`^\\.map\\(\\(?(\\w+)\\)? => \\1\\.${change.pick}\\)`).test(context.source.text.slice(node.end!));
      if (isLength || mapped) return;
      context.edit(node.end!, node.end!, `.map((link) => link.${change.pick})`, `map result .${field} are objects in v2: kept as strings`);
      return;
    }
    case "success-flag": {
      const found = throwGuard(member);
      if (!found) {
        context.todo(member, change.todo);
        return;
      }
      return removeGuard(context, call, found.guard, textOf(context.source, node.object), handled);
    }
    case "removed":
      context.todo(member, change.todo);
      return;
  }
}

/** Drops a throw-only failure guard (v2 throws), or makes a waiter's check the job status (v2 returns it). */
function removeGuard(context: StepContext, call: ClientCall, guard: AnyPath, objectText: string, handled: Set<Node>): "status" | "guard" {
  const guardNode = guard.node as Extract<Node, { type: "IfStatement" }>;
      walkPaths(guard, (p) => {
        const n = p.node;
        if ((n.type === "MemberExpression" || n.type === "OptionalMemberExpression") && textOf(context.source, n.object) === objectText) handled.add(n);
      });
      if (!call.row.waiter) {
        context.apply(removeStatement(context.source, guardNode.start!, guardNode.end!), "success guard removed: v2 throws SdkError on failure");
        return "guard";
      }
      context.edit(guardNode.test.start!, guardNode.test.end!, `${objectText}.status !== ${literal(context.source, "completed")}`, "waiter success guard checks the job status: v2 returns failed jobs");
      walkPaths(guard.get("consequent") as AnyPath, (p) => {
        const n = p.node;
        if ((n.type === "MemberExpression" || n.type === "OptionalMemberExpression") && textOf(context.source, n.object) === objectText && memberName(n) === "error") {
          context.edit(n.property.start!, n.property.end!, "status");
        }
      });
      return "status";
}

function migrateDestructuring(context: StepContext, call: ClientCall, declarator: AnyPath): void {
  const pattern = (declarator.node as Extract<Node, { type: "VariableDeclarator" }>).id as Extract<Node, { type: "ObjectPattern" }>;
  for (const prop of pattern.properties) {
    const field = propertyKey(prop);
    const row = field && rowFor(call, field);
    if (!row || prop.type !== "ObjectProperty") continue;
    if (row.change.kind === "rename") {
      const local = textOf(context.source, prop.value);
      const fallback = row.change.absent && prop.value.type === "Identifier" ? ` = ${row.change.absent}` : "";
      context.edit(prop.start!, prop.end!, `${row.change.to}: ${local}${fallback}`, `result .${field} is .${row.change.to} in v2`);
      if (row.change.todo) {
        // The items are read where the binding is used, so that is where a human has to look.
        const uses = prop.value.type === "Identifier" ? referencesOf(call, declarator, prop.value.name) : [];
        for (const use of uses.length ? uses : [declarator]) context.todo(use, row.change.todo);
      }
    } else {
      context.todo(declarator, row.change.kind === "strings-to-objects" ? `map links are { url, title, description } objects in v2: use link.${row.change.pick}` : row.change.todo);
    }
  }
}

export const step: Step = {
  name: "results",
  description: "updates uses of call results: success guards, extract -> json, map links, search data -> web",
  run(context) {
    for (const call of findClientCalls(context.index, context.sdk)) {
      if (!call.row.result) continue;
      const declarator = declaratorOf(call);
      const id = (declarator?.node as Extract<Node, { type: "VariableDeclarator" }> | undefined)?.id;
      let checked = false;
      if (declarator && id?.type === "ObjectPattern") {
        migrateDestructuring(context, call, declarator);
        checked = true;
      } else if (declarator && id?.type === "Identifier") {
        const handled = new Set<Node>();
        const refs = referencesOf(call, declarator, id.name);
        for (const ref of refs) {
          const found = throwGuard(ref);
          if (found && removeGuard(context, call, found.guard, id.name, handled) === "status") checked = true;
        }
        const members = refs
          .map((ref) => ref.parent as AnyPath)
          .filter((p) => (p.node.type === "MemberExpression" || p.node.type === "OptionalMemberExpression") && (p.node as { object: Node }).object.type === "Identifier");
        const retyped = RETYPED_RESULTS[call.row.result];
        if (retyped && members.length) context.todo(members[0]!, retyped);
        for (const member of members) {
          if (migrateMember(context, call, member, handled) === "status") checked = true;
        }
      }
      if (call.row.waiter && call.isV1Name && !checked) context.todo(call.path, WAITER_TODO);
    }
  },
};

export default toJscodeshift([step]);
