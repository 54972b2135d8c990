/**
 * Imports (sdk-facts 1.1, 8.1): `FirecrawlError` is `SdkError`, `CrawlWatcher` is `Watcher`, and v1
 * type names become their v2 counterparts. ESM imports, `require` and `await import()` alike.
 */
import type { ImportDeclaration, Node } from "@babel/types";
import { propertyName } from "../detect/calls.js";
import { isFree, referencesTo } from "../detect/references.js";
import { isTypeScript, literal, removeListItem } from "../writing.js";
import { removeStatement } from "../../core/text.js";
import type { Edit } from "../../core/edits.js";
import type { Step, StepContext } from "../pipeline.js";
import { CLIENT, TYPES, V1_GENERIC_TYPES } from "../../mapping/imports.js";
import { ERRORS } from "../../mapping/errors.js";
import { removed, renamed, reworded, type Message } from "../../mapping/messages.js";

/** v1 export -> v2 export, and why when there is none. */
const RENAMES = new Map<string, { to: string | null; omit?: readonly string[]; returnedByV1?: string; failureAnswer?: { castAs: string }; todo?: string }>([
  ...ERRORS.map((row) => [row.js.v1, { to: row.js.v2 }] as const),
  ...TYPES.map(
    (row) => [row.js.v1, { to: row.js.v2, omit: row.omit, returnedByV1: row.returnedByV1, failureAnswer: row.failureAnswer, todo: row.todo }] as const,
  ),
]);

/**
 * Renames a local binding and every reference to it; type references may read differently (`Omit<...>`)
 * and lose v1's type arguments (v1's response types were generic, v2's are not). When another specifier
 * of the file already takes the new name (`ScrapeResponse` and `FirecrawlDocument` are both `Document`),
 * this one's specifier goes instead, so the name is imported once.
 */
function renameLocal(context: StepContext, from: string, to: string, message: Message, asType = to, taken = false): void {
  referencesTo(context.index, from).forEach((ref, i) => {
    const parent = ref.parent.node as Node;
    if (parent.type === "ObjectProperty" && parent.shorthand && parent.key === ref.node) return;
    if (parent.type === "ImportSpecifier" && taken) {
      const declaration = ref.parent.parent.node as Extract<Node, { type: "ImportDeclaration" }>;
      context.apply(removeListItem(context.source, declaration, declaration.specifiers, parent), i === 0 ? message : undefined);
      return;
    }
    if (parent.type === "TSTypeReference" && (asType !== to || parent.typeParameters)) {
      context.edit(ref.node.start!, parent.typeParameters ? parent.end! : ref.node.end!, asType, i === 0 ? message : undefined);
      return;
    }
    // `{ FirecrawlError }` in an object literal keeps its key; in a require pattern the key is the export.
    const inLiteral = parent.type === "ObjectProperty" && parent.shorthand && ref.parent.parent?.node.type === "ObjectExpression";
    const text = inLiteral ? `${from}: ${to}` : to;
    context.edit(ref.node.start!, ref.node.end!, text, i === 0 ? message : undefined);
  });
}

/** `ExtractResponse<typeof schema>` -> `ExtractResponse`: v2 exports the name with no type parameters. */
function dropTypeArguments(context: StepContext, local: string, exported: string): void {
  referencesTo(context.index, local).forEach((ref, i) => {
    const parent = ref.parent.node as Node;
    if (parent.type !== "TSTypeReference" || !parent.typeParameters) return;
    const message = i === 0 ? removed(`the type arguments of ${exported}`, "v2's type takes none") : undefined;
    context.edit(parent.typeParameters.start!, parent.typeParameters.end!, "", message);
  });
}

/** Renames the v1 names a file imports; says whether there were any. */
function renameNamedImports(context: StepContext): boolean {
  let any = false;
  /** v2 names this step has given a specifier already */
  const claimed = new Set<string>();
  for (const site of context.sdk.sites) {
    const node = site.node as Node;
    const specifiers =
      node.type === "ImportDeclaration"
        ? node.specifiers.flatMap((s) =>
            s.type === "ImportSpecifier" ? [{ key: s.imported, local: s.local.name, shorthand: s.imported.start === s.local.start }] : [],
          )
        : node.type === "VariableDeclarator" && node.id.type === "ObjectPattern"
          ? node.id.properties.flatMap((p) =>
              p.type === "ObjectProperty" && p.value.type === "Identifier" ? [{ key: p.key, local: p.value.name, shorthand: p.shorthand }] : [],
            )
          : [];
    for (const { key, local, shorthand } of specifiers) {
      const exported = propertyName(key) ?? "";
      if (V1_GENERIC_TYPES.has(exported) && context.options.sdk !== "v2") dropTypeArguments(context, local, exported);
      const rename = RENAMES.get(exported);
      if (!rename) continue;
      any = true;
      if (!rename.to && rename.returnedByV1 && shorthand && node.type === "ImportDeclaration" && isTypeScript(context.source)) {
        // import { CrawlWatcher } -> import { type FirecrawlAppV1 }, and the annotations name its return type.
        const v1Class = CLIENT.js.v1Fallback;
        const typeText = `Awaited<ReturnType<${v1Class}[${literal(context.source, rename.returnedByV1)}]>>`;
        const specifier = node.specifiers.find((sp) => sp.local.name === local)!;
        const importKind = (specifier as { importKind?: string }).importKind === "type" || node.importKind === "type" ? "" : "type ";
        const message = reworded(
          `${exported} is v1: v2 does not export it; name it as the return type of ${v1Class}.${rename.returnedByV1}()`,
          `${exported} named as the return type of ${v1Class}.${rename.returnedByV1}() (v2 does not export it)`,
        );
        context.edit(specifier.start!, specifier.end!, `${importKind}${v1Class}`, message);
        for (const ref of referencesTo(context.index, local)) {
          if (ref.parent?.node.type === "TSTypeReference") context.edit(ref.node.start!, ref.node.end!, typeText);
        }
        continue;
      }
      if (!rename.to) {
        const dropped =
          rename.failureAnswer && node.type === "ImportDeclaration" && dropFailureAnswer(context, node, local, exported, rename.failureAnswer.castAs);
        if (!dropped && rename.todo) context.todo(site, rename.todo, "migrate");
        continue;
      }
      // Imported and never used (left over from v1 code): v2 has no such export, and the v2 name would be an
      // unused import of another name, a compiler warning of its own. It goes, where the import keeps others.
      const declaration = node.type === "ImportDeclaration" ? node : undefined;
      const specifier = declaration?.specifiers.find((sp) => sp.local.name === local);
      if (declaration && specifier && declaration.specifiers.length > 1 && unusedAlone(context, declaration.specifiers, specifier)) {
        const message = removed(exported, "it was not used, and v2 does not export it");
        const named = declaration.specifiers.filter((sp) => sp.type === "ImportSpecifier");
        if (named.length > 1) context.apply(removeListItem(context.source, declaration, declaration.specifiers, specifier), message);
        // `import FirecrawlApp, { ScrapeResponse }`: the braces go with their only name.
        else context.edit(declaration.specifiers[0]!.end!, context.source.text.indexOf("}", specifier.end!) + 1, "", message);
        continue;
      }
      // Imported already under its own name (a half-migrated file, or a fix pass of the linter): join it.
      const taken = claimed.has(rename.to) || context.sdk.named.get(rename.to) === rename.to;
      if (shorthand && (taken || isFree(context.index, rename.to))) {
        const omitted = rename.omit?.map((key) => literal(context.source, key)).join(" | ");
        renameLocal(context, local, rename.to, renamed(exported, rename.to), omitted ? `Omit<${rename.to}, ${omitted}>` : rename.to, taken);
        claimed.add(rename.to);
      } else if (shorthand) {
        context.edit(
          key.start!,
          key.end!,
          node.type === "ImportDeclaration" ? `${rename.to} as ${local}` : `${rename.to}: ${local}`,
          renamed(exported, rename.to),
        );
      } else {
        context.edit(key.start!, key.end!, rename.to, renamed(exported, rename.to));
      }
    }
  }
  return any;
}

type Specifier = ImportDeclaration["specifiers"][number];

/**
 * v1's failure answer as the code uses it: `ExtractResponse | ErrorResponse` loses it (v2 answers the result or
 * throws SdkError), and `(r as ErrorResponse).error` reads the field through `castAs`, the same read at run time.
 * Then the import goes. All or nothing: any other use (a parameter, a type predicate) keeps the import and its TODO.
 */
function dropFailureAnswer(context: StepContext, declaration: ImportDeclaration, local: string, exported: string, castAs: string): boolean {
  const specifier = declaration.specifiers.find((sp) => sp.local.name === local)!;
  const uses = referencesTo(context.index, local).filter((ref) => ref.node !== specifier.local);
  const edits: Edit[] = [];
  for (const ref of uses) {
    const type = ref.parent?.node as Node | undefined;
    const holder = ref.parent?.parent?.node as Node | undefined;
    if (type?.type !== "TSTypeReference" || type.typeParameters) return false;
    if (holder?.type === "TSUnionType" && holder.types.length > 1) edits.push(removeListItem(context.source, holder, holder.types, type));
    else if (holder?.type === "TSAsExpression" && holder.typeAnnotation === type && readsMember(ref.parent!.parent!.parent?.node as Node, holder))
      edits.push({ start: type.start!, end: type.end!, text: castAs });
    else return false;
  }
  const message = removed(exported, "v2 answers the result or throws SdkError: it has no failure answer");
  edits.forEach((edit, i) => context.apply(edit, i === 0 ? message : undefined));
  const others = declaration.specifiers.filter((sp) => sp !== specifier);
  if (others.length === 0) context.apply(removeStatement(context.source, declaration.start!, declaration.end!), edits.length ? undefined : message);
  else if (others.some((sp) => sp.type === "ImportSpecifier")) context.apply(removeListItem(context.source, declaration, declaration.specifiers, specifier));
  // `import FirecrawlApp, { ErrorResponse }`: the braces go with their only name.
  else context.edit(others[0]!.end!, context.source.text.indexOf("}", specifier.end!) + 1, "");
  return true;
}

/** Whether `parent` reads a field of `expression` (`(r as ErrorResponse).error`), through the cast's parentheses. */
function readsMember(parent: Node | undefined, expression: Node): boolean {
  return (parent?.type === "MemberExpression" || parent?.type === "OptionalMemberExpression") && parent.object === expression;
}

/**
 * Whether `specifier` is the one renamed import of its declaration that is never used. Two such in one list
 * would be two removals of the same separator, so those are renamed instead, as used ones are.
 */
function unusedAlone(context: StepContext, specifiers: readonly Specifier[], specifier: Specifier): boolean {
  const isUnused = (sp: Specifier) => referencesTo(context.index, sp.local.name).every((ref) => ref.parent?.node === sp);
  const renamedByV2 = (sp: Specifier) => sp.type === "ImportSpecifier" && Boolean(RENAMES.get(propertyName(sp.imported) ?? "")?.to);
  return isUnused(specifier) && !specifiers.some((sp) => sp !== specifier && renamedByV2(sp) && isUnused(sp));
}

export const step: Step = {
  name: "imports",
  description: "renames FirecrawlError, CrawlWatcher and v1 type names to their v2 names",
  run(context) {
    // The client class's local name (`FirecrawlApp`) stays: it is the user's choice, and it binds v2's class.
    renameNamedImports(context);
  },
};
