/**
 * Imports (sdk-facts 1.1, 8.1): the client class `FirecrawlApp` is `Firecrawl` (the local name follows
 * when nothing else is called that), `FirecrawlError` is `SdkError`, `CrawlWatcher` is `Watcher`, and v1
 * type names become their v2 counterparts. ESM imports, `require` and `await import()` alike.
 */
import type { ASTPath } from "jscodeshift";
import type { Node } from "@babel/types";
import { isFree, referencesTo } from "../src/detect/references.js";
import { toJscodeshift, type Step, type StepContext } from "../src/engine/transform.js";
import { CLIENT, ERRORS, TYPES } from "../src/mapping/imports.js";

/** v1 export -> v2 export, and why when there is none. */
const RENAMES = new Map<string, { to: string | null; todo?: string }>([
  ...ERRORS.map((row) => [row.js.v1, { to: row.js.v2 }] as const),
  ...TYPES.map((row) => [row.js.v1, { to: row.js.v2, todo: row.todo }] as const),
]);

/** Renames a local binding and every reference to it. */
function renameLocal(context: StepContext, from: string, to: string, message: string): void {
  referencesTo(context.root, from).forEach((ref, i) => {
    const parent = ref.parent.node as Node;
    if (parent.type === "ObjectProperty" && parent.shorthand && parent.key === ref.node) return;
    // `{ FirecrawlError }` in an object literal keeps its key; in a require pattern the key is the export.
    const inLiteral = parent.type === "ObjectProperty" && parent.shorthand && ref.parent.parent?.node.type === "ObjectExpression";
    const text = inLiteral ? `${from}: ${to}` : to;
    context.edit(ref.node.start!, ref.node.end!, text, i === 0 ? message : undefined);
  });
}

/** The local name of the client class becomes `Firecrawl` when it was the v1 name and nothing clashes. */
function renameClientClass(context: StepContext): void {
  const { v1, v2 } = CLIENT.js;
  if (!context.sdk.clientClasses.has(v1) || !isFree(context.root, v2)) return;
  renameLocal(context, v1, v2, `${v1} is ${v2} in v2`);
}

function renameNamedImports(context: StepContext): void {
  for (const site of context.sdk.sites) {
    const node = site.node as Node;
    const specifiers =
      node.type === "ImportDeclaration"
        ? node.specifiers.flatMap((s) => (s.type === "ImportSpecifier" ? [{ key: s.imported, local: s.local.name, shorthand: s.imported.start === s.local.start }] : []))
        : node.type === "VariableDeclarator" && node.id.type === "ObjectPattern"
          ? node.id.properties.flatMap((p) => (p.type === "ObjectProperty" && p.value.type === "Identifier" ? [{ key: p.key, local: p.value.name, shorthand: p.shorthand }] : []))
          : [];
    for (const { key, local, shorthand } of specifiers) {
      const exported = key.type === "Identifier" ? key.name : key.type === "StringLiteral" ? key.value : "";
      const rename = RENAMES.get(exported);
      if (!rename) continue;
      if (!rename.to) {
        if (rename.todo) context.todo(site as ASTPath, rename.todo, "migrate");
        continue;
      }
      if (shorthand && isFree(context.root, rename.to)) {
        renameLocal(context, local, rename.to, `${exported} is ${rename.to} in v2`);
      } else if (shorthand) {
        context.edit(key.start!, key.end!, node.type === "ImportDeclaration" ? `${rename.to} as ${local}` : `${rename.to}: ${local}`, `${exported} is ${rename.to} in v2`);
      } else {
        context.edit(key.start!, key.end!, rename.to, `${exported} is ${rename.to} in v2`);
      }
    }
  }
}

export const step: Step = {
  name: "imports",
  description: "renames FirecrawlApp, FirecrawlError, CrawlWatcher and v1 type names to their v2 names",
  run(context) {
    renameClientClass(context);
    renameNamedImports(context);
  },
};

export default toJscodeshift([step]);
