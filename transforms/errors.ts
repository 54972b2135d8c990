/**
 * Errors (sdk-facts 4.1): v2 throws `SdkError`, whose HTTP status is `.status`, not `.statusCode`. Reads
 * of `.statusCode` change where the value is known to be the SDK's error: narrowed by `instanceof` or
 * cast with `as`.
 */
import type { ASTPath } from "jscodeshift";
import type { Node } from "@babel/types";
import { walkPaths } from "../src/detect/paths.js";
import { textOf } from "../src/js/writing.js";
import { toJscodeshift } from "../src/js/jscodeshift.js";
import type { Step, StepContext } from "../src/js/steps.js";
import { ERRORS } from "../src/mapping/imports.js";
import { renamed } from "../src/mapping/messages.js";

type AnyPath = ASTPath<Node>;

function renameFields(context: StepContext, scope: AnyPath, subject: string, fields: Readonly<Record<string, string>>): void {
  walkPaths(scope, (p) => {
    const n = p.node;
    if (n.type !== "MemberExpression" && n.type !== "OptionalMemberExpression") return;
    if (n.computed || n.property.type !== "Identifier" || !(n.property.name in fields)) return;
    if (textOf(context.source, n.object).replace(/^\((.*)\)$/s, "$1") !== subject) return;
    context.edit(n.property.start!, n.property.end!, fields[n.property.name]!, renamed(`error .${n.property.name}`, `.${fields[n.property.name]}`));
  });
}

export const step: Step = {
  name: "errors",
  description: "reads the SDK error's HTTP status from .status (v2's SdkError) instead of .statusCode",
  run(context) {
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
        renameFields(context, at, subject, row.fields);
        if (at.parent?.node.type === "IfStatement" && at.parent.node.test === at.node)
          renameFields(context, at.parent.get("consequent") as AnyPath, subject, row.fields);
        if (at.parent?.node.type === "ConditionalExpression" && at.parent.node.test === at.node)
          renameFields(context, at.parent.get("consequent") as AnyPath, subject, row.fields);
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
        if (member) renameFields(context, member, textOf(context.source, cast), row.fields);
      }
    }
  },
};

export default toJscodeshift([step]);
