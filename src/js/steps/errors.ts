/**
 * Errors (sdk-facts 4.1): v2 throws `SdkError`, whose HTTP status is `.status`, not `.statusCode`. Reads
 * of `.statusCode` change where the value is known to be the SDK's error: narrowed by `instanceof`, cast with
 * `as`, or caught around a client call.
 */
import type { ASTPath } from "jscodeshift";
import type { Node } from "@babel/types";
import { walkPaths } from "../detect/paths.js";
import { bindingReferences } from "../detect/references.js";
import { findClientCalls } from "../detect/calls.js";
import { inside, isTypeScript, textOf } from "../writing.js";
import type { Step, StepContext } from "../pipeline.js";
import { ERRORS } from "../../mapping/errors.js";
import { renamed } from "../../mapping/messages.js";

type AnyPath = ASTPath<Node>;

type RenameFields = (scope: AnyPath, subject: string, fields: Readonly<Record<string, string>>) => void;

/** Renames the fields read off `subject` within a scope, each read once in a pass: a read both narrowed and caught is renamed once. */
function fieldRenamer(context: StepContext): RenameFields {
  const done = new Set<Node>();
  return (scope, subject, fields) =>
    walkPaths(scope, (p) => {
      const n = p.node;
      if (done.has(n)) return;
      if (n.type !== "MemberExpression" && n.type !== "OptionalMemberExpression") return;
      if (n.computed || n.property.type !== "Identifier" || !(n.property.name in fields)) return;
      if (textOf(context.source, n.object).replace(/^\((.*)\)$/s, "$1") !== subject) return;
      done.add(n);
      context.edit(n.property.start!, n.property.end!, fields[n.property.name]!, renamed(`error .${n.property.name}`, `.${fields[n.property.name]}`));
    });
}

/**
 * The error a `try` around a client call catches is the SDK's, whatever the code calls it: read as `.statusCode`
 * through a cast to its own shape (`error as { statusCode?: number }`) or an untyped catch binding, it compiles
 * under v2 and is always undefined there (a retry on 429 that never retries). The shape's field and the reads
 * take v2's name.
 */
function caughtErrors(context: StepContext, renameFields: RenameFields, fields: Readonly<Record<string, string>>): void {
  if (context.options.sdk === "v2") return;
  const calls = findClientCalls(context.index, context.sdk);
  for (const path of context.index.of("TryStatement")) {
    const { block, handler } = path.node;
    const param = handler?.param;
    if (param?.type !== "Identifier" || !calls.some((call) => inside(call.node, block))) continue;
    const body = (path.get("handler", "body") as AnyPath) ?? null;
    // An untyped binding is `any` only in JavaScript (TypeScript's strict mode makes it `unknown`, read only
    // after a narrowing of the code's own); code that asks `"statusCode" in error` handles both names already.
    const annotation = param.typeAnnotation?.type === "TSTypeAnnotation" ? param.typeAnnotation.typeAnnotation.type : undefined;
    const asAny = annotation === "TSAnyKeyword" || (annotation === undefined && !isTypeScript(context.source));
    const asks = context.index
      .within("BinaryExpression", handler!.body, { operator: "in" })
      .some(({ node }) => node.left.type === "StringLiteral" && node.left.value in fields);
    if (asks) continue;
    if (asAny) renameFields(body, param.name, fields);
    for (const cast of context.index.within("TSAsExpression", handler!.body)) {
      const { expression, typeAnnotation: type } = cast.node;
      if (expression.type !== "Identifier" || expression.name !== param.name || type.type !== "TSTypeLiteral") continue;
      const keys = type.members.filter(
        (m): m is Extract<Node, { type: "TSPropertySignature" }> => m.type === "TSPropertySignature" && m.key.type === "Identifier" && m.key.name in fields,
      );
      if (keys.length === 0) continue;
      for (const key of keys) {
        const v1 = (key.key as Extract<Node, { type: "Identifier" }>).name;
        context.edit(key.key.start!, key.key.end!, fields[v1]!, renamed(`error .${v1}`, `.${fields[v1]}`));
      }
      const holder = cast.parent?.node;
      if (holder?.type === "VariableDeclarator" && holder.id.type === "Identifier") renameFields(body, holder.id.name, fields);
      else renameFields(body, textOf(context.source, cast.node), fields);
    }
  }
}

export const step: Step = {
  name: "errors",
  description: "reads the SDK error's HTTP status from .status (v2's SdkError) instead of .statusCode",
  run(context) {
    const renameFields = fieldRenamer(context);
    for (const row of ERRORS) caughtErrors(context, renameFields, row.fields);
    for (const row of ERRORS) {
      const names = new Set([...context.sdk.named].filter(([, exported]) => exported === row.js.v1 || exported === row.js.v2).map(([local]) => local));
      if (names.size === 0) continue;
      const isErrorClass = (node: Node) => node.type === "Identifier" && names.has(node.name);
      for (const p of context.index.of("BinaryExpression", { operator: "instanceof" })) {
        const test = p.node;
        if (!isErrorClass(test.right)) continue;
        const subject = textOf(context.source, test.left);
        // The narrowing holds in the rest of an && chain and in the if's consequent.
        let at: AnyPath = p;
        while (at.parent?.node.type === "LogicalExpression" && at.parent.node.operator === "&&") at = at.parent as AnyPath;
        renameFields(at, subject, row.fields);
        if (at.parent?.node.type === "IfStatement" && at.parent.node.test === at.node)
          renameFields(at.parent.get("consequent") as AnyPath, subject, row.fields);
        if (at.parent?.node.type === "ConditionalExpression" && at.parent.node.test === at.node)
          renameFields(at.parent.get("consequent") as AnyPath, subject, row.fields);
      }
      for (const p of context.index.of("TSAsExpression")) {
        const cast = p.node;
        const type = cast.typeAnnotation;
        if (type.type !== "TSTypeReference" || !isErrorClass(type.typeName)) continue;
        const member =
          p.parent?.parent?.node.type === "MemberExpression"
            ? (p.parent.parent as AnyPath)
            : p.parent?.node.type === "MemberExpression"
              ? (p.parent as AnyPath)
              : null;
        if (member) renameFields(member, textOf(context.source, cast), row.fields);
        // `const fError = error as FirecrawlError`: the name holds the SDK's error wherever its block reads it.
        const holder = p.parent?.node.type === "TSNonNullExpression" || p.parent?.node.type === "ParenthesizedExpression" ? p.parent.parent : p.parent;
        const declarator = holder?.node as Node | undefined;
        if (declarator?.type === "VariableDeclarator" && declarator.id.type === "Identifier") {
          const name = declarator.id.name;
          for (const read of bindingReferences(context.index, holder!, declarator.id, name)) renameFields(read.parent as AnyPath, name, row.fields);
        }
      }
    }
  },
};
