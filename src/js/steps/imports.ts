/**
 * Imports (sdk-facts 1.1, 8.1): `FirecrawlError` is `SdkError`, `CrawlWatcher` is `Watcher`, and v1
 * type names become their v2 counterparts. ESM imports, `require` and `await import()` alike.
 */
import type { ImportDeclaration, Node } from "@babel/types";
import { propertyName } from "../detect/calls.js";
import { isFree, referencesTo } from "../detect/references.js";
import { isTypeScript, literal, removeListItem, textOf } from "../writing.js";
import { ClientTracker } from "../detect/clients.js";
import { queriedMethod, wrappedBy } from "../detect/type-queries.js";
import { siteModule } from "../detect/sdk.js";
import type { Path } from "../detect/paths.js";
import { castOnly, importedType, typeImports } from "../type-imports.js";
import { removeListItem as removeSpanItem, removeStatement } from "../../core/text.js";
import type { Edit, Span } from "../../core/edits.js";
import type { Step, StepContext } from "../pipeline.js";
import { CLIENT, METHOD_TYPES, TYPES, V1_GENERIC_TYPES } from "../../mapping/imports.js";
import { methodRow } from "../../mapping/client-methods.js";
import { SUCCESS_FLAG } from "../../mapping/results.js";
import { ERRORS } from "../../mapping/errors.js";
import { pinMoved, QUERIED_TYPES_IMPORTED, removed, renamed, reworded, stuckPin, subclassOverridesV1, type Message } from "../../mapping/messages.js";
import { movedSpecifier, sdkRelease, sdkSpecifierOf } from "../../project/sdk-specifiers.js";
import { hasV1Calls, usesV2Names } from "../detect/version.js";
import { clientExports } from "../detect/linked.js";

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

/** Whether the module exports a local binding under its own name (`export { X }`, `export type { X }`). */
function exportedAsIs(context: StepContext, local: string): boolean {
  return referencesTo(context.index, local).some(({ node, parent }) => {
    const specifier = parent?.node as Node | undefined;
    return specifier?.type === "ExportSpecifier" && specifier.local === node && propertyName(specifier.exported) === local;
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
  /** specifiers that go, a declaration's together: two removals of one separator would overlap */
  const gone = new Map<ImportDeclaration, Removal[]>();
  const drop = (declaration: ImportDeclaration, specifier: Specifier, message: Message) =>
    gone.set(declaration, [...(gone.get(declaration) ?? []), { specifier, message }]);
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
        const specifier = node.type === "ImportDeclaration" ? node.specifiers.find((sp) => sp.local.name === local) : undefined;
        const edits = rename.failureAnswer && specifier ? failureAnswerEdits(context, specifier, rename.failureAnswer.castAs) : null;
        if (edits) {
          const message = removed(exported, "v2 answers the result or throws SdkError: it has no failure answer");
          edits.forEach((edit) => context.apply(edit, message));
          drop(node as ImportDeclaration, specifier!, message);
        } else if (rename.todo) context.todo(site, rename.todo, "migrate");
        continue;
      }
      // Imported and never used (left over from v1 code): v2 has no such export, and the v2 name would be an
      // unused import of another name, a compiler warning of its own. It goes, where the import keeps others.
      const declaration = node.type === "ImportDeclaration" ? node : undefined;
      const specifier = declaration?.specifiers.find((sp) => sp.local.name === local);
      if (declaration && specifier && declaration.specifiers.length > 1 && unusedAlone(context, declaration.specifiers, specifier)) {
        drop(declaration, specifier, removed(exported, "it was not used, and v2 does not export it"));
        continue;
      }
      // Imported already under its own name (a half-migrated file, or a fix pass of the linter): join it.
      const taken = claimed.has(rename.to) || context.sdk.named.get(rename.to) === rename.to;
      // A name the module exports as it is (`export type { CrawlStatusResponse }`) is its own API, which other modules
      // import by that name: it stays, given to the v2 type (`CrawlJob as CrawlStatusResponse`). A name an earlier
      // pass wrote into a cast is free: it meant this import.
      if (shorthand && !exportedAsIs(context, local) && (taken || isFree(context.index, rename.to) || castOnly(context, rename.to))) {
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
  for (const [declaration, removals] of gone) removeSpecifiers(context, declaration, removals);
  return any;
}

type Specifier = ImportDeclaration["specifiers"][number];

interface Removal {
  readonly specifier: Specifier;
  readonly message: Message;
}

/**
 * Removes specifiers from an import: the whole import where none is left, the braces where only the default is
 * (`import FirecrawlApp, { ScrapeResponse }`), else each run of neighbours as one list item, so no separator goes
 * twice. A run is one change, told by its first removal's message: a linter applies one fix to a range at a time.
 */
function removeSpecifiers(context: StepContext, declaration: ImportDeclaration, removals: readonly Removal[]): void {
  const messages = new Map(removals.map((r) => [r.specifier as Specifier, r.message]));
  const kept = declaration.specifiers.filter((sp) => !messages.has(sp));
  const first = removals[0]!.message;
  if (kept.length === 0) {
    context.apply(removeStatement(context.source, declaration.start!, declaration.end!), first);
    return;
  }
  if (!kept.some((sp) => sp.type === "ImportSpecifier")) {
    const last = removals.reduce((end, r) => Math.max(end, r.specifier.end!), 0);
    context.edit(kept[kept.length - 1]!.end!, context.source.text.indexOf("}", last) + 1, "", first);
    return;
  }
  const spans: Span[] = [];
  const runs: { span: Span; message: Message }[] = [];
  declaration.specifiers.forEach((sp, i) => {
    const message = messages.get(sp);
    if (message && i > 0 && messages.has(declaration.specifiers[i - 1]!)) {
      const run = runs[runs.length - 1]!;
      run.span = spans[spans.length - 1] = { start: run.span.start, end: sp.end! };
      return;
    }
    spans.push({ start: sp.start!, end: sp.end! });
    if (message) runs.push({ span: spans[spans.length - 1]!, message });
  });
  const container = { start: declaration.start!, end: declaration.end! };
  for (const run of runs) context.apply(removeSpanItem(context.source, container, spans, run.span), run.message);
}

/** v1's result types, which v1's calls answered in a union with the failure answer (`ScrapeResponse | ErrorResponse`). */
const V1_RESULTS: ReadonlySet<string> = new Set([...TYPES.flatMap((row) => (row.result ? [row.js.v1] : [])), ...V1_GENERIC_TYPES]);

/**
 * v1's failure answer where the code only tells it from a result, as v1's calls answered them: in a parameter's
 * type or a cast, `ExtractResponse | ErrorResponse` loses it (v2 answers the result or throws SdkError), and
 * `(r as ErrorResponse).error` reads the field through `castAs`, the same read at run time. The edits, or null where
 * any use is another (a return type or a variable's, which the code may fill with a failure answer of its own; a
 * union with anything but v1 results; another field), or where the file reads a `success` flag: the failure answer
 * is then still the code's own, a decision for the user, and the import keeps its TODO.
 */
function failureAnswerEdits(context: StepContext, specifier: Specifier, castAs: string): Edit[] | null {
  const readsFlag = context.index.of("Identifier", { name: SUCCESS_FLAG }).some((path) => readsMember(path.parent?.node as Node, undefined, path.node));
  if (readsFlag) return null;
  const edits: Edit[] = [];
  for (const ref of referencesTo(context.index, specifier.local.name)) {
    if (ref.node === specifier.local) continue;
    const type = ref.parent?.node as Node | undefined;
    const holder = ref.parent?.parent;
    const h = holder?.node as Node | undefined;
    if (type?.type !== "TSTypeReference" || type.typeParameters) return null;
    if (h?.type === "TSUnionType") {
      const results = h.types.every(
        (t) => t === type || (t.type === "TSTypeReference" && t.typeName.type === "Identifier" && V1_RESULTS.has(context.sdk.named.get(t.typeName.name) ?? "")),
      );
      if (!results || !toldApart(holder!)) return null;
      edits.push(removeListItem(context.source, h, h.types, type));
    } else if (h?.type === "TSAsExpression" && h.typeAnnotation === type && readsMember(holder!.parent?.node as Node, h, undefined, "error")) {
      edits.push({ start: type.start!, end: type.end!, text: castAs });
    } else return null;
  }
  return edits;
}

/** Whether a union stands where code tells a value's kind (a parameter's type, a cast), not where code makes one. */
function toldApart(union: Path): boolean {
  const annotation = union.parent?.node as Node | undefined;
  const at = union.parent?.parent?.node as Node | undefined;
  if (annotation?.type === "TSAsExpression") return true;
  const fn = union.parent?.parent?.parent?.node as { params?: readonly Node[] } | undefined;
  return annotation?.type === "TSTypeAnnotation" && at?.type === "Identifier" && Boolean(fn?.params?.includes(at));
}

/** Whether `parent` reads a field (`field`, or any) of `object` or of `expression` (`(r as ErrorResponse).error`). */
function readsMember(parent: Node | undefined, object: Node | undefined, property?: Node, field?: string): boolean {
  if (parent?.type !== "MemberExpression" && parent?.type !== "OptionalMemberExpression") return false;
  if (object && parent.object !== object) return false;
  if (property && (parent.property !== property || parent.computed)) return false;
  return !field || propertyName(parent.property) === field;
}

/**
 * Whether `specifier` is the one renamed import of its declaration that is never used. Two such in one list are
 * renamed instead, as used ones are, as they always were: the output of earlier runs stays what it was.
 */
function unusedAlone(context: StepContext, specifiers: readonly Specifier[], specifier: Specifier): boolean {
  const isUnused = (sp: Specifier) => referencesTo(context.index, sp.local.name).every((ref) => ref.parent?.node === sp);
  const renamedByV2 = (sp: Specifier) => sp.type === "ImportSpecifier" && Boolean(RENAMES.get(propertyName(sp.imported) ?? "")?.to);
  return isUnused(specifier) && !specifiers.some((sp) => sp !== specifier && renamedByV2(sp) && isUnused(sp));
}

/** Every v2 type a query of a v1 method's type may be written as, in the order they are imported. */
const QUERIED_TYPES = [...new Set(Object.values(METHOD_TYPES).flatMap(({ options, result }) => (options ? [options, result] : [result])))];

/**
 * Writes a query of a v1 method's type as the v2 type it stands for, where it is one of those: the URL's `string`
 * (answers "first": nothing to import), the options' or the result's named type ("imported"); else answers undefined.
 */
function named(context: StepContext, path: Path, types: (typeof METHOD_TYPES)[string]): "first" | "imported" | undefined {
  const returned = wrappedBy(path, "ReturnType");
  const parameters = wrappedBy(path, "Parameters");
  const indexed = parameters?.parent?.node as Node | undefined;
  const position = indexed?.type === "TSIndexedAccessType" && indexed.objectType === parameters!.node ? textOf(context.source, indexed.indexType) : undefined;
  // The first argument's type is the language's own (`string`): nothing to import.
  if (position === "0" && types.first) {
    context.edit(indexed!.start!, indexed!.end!, types.first, renamed(textOf(context.source, indexed!), types.first));
    return "first";
  }
  const awaited = returned && wrappedBy(returned, "Awaited");
  const [target, name] = awaited
    ? [awaited.node, types.result]
    : returned
      ? [returned.node, types.result]
      : position === "1" && types.options
        ? [indexed, types.options]
        : [undefined, undefined];
  const local = target && name ? importedType(context, name, QUERIED_TYPES) : null;
  if (!target || !local) return undefined;
  const text = returned && !awaited ? `Promise<${local}>` : local;
  context.edit(target.start!, target.end!, text, renamed(textOf(context.source, target), text));
  return "imported";
}

/**
 * Types written as a query of a v1 method's type (`Parameters<typeof app.scrapeUrl>[1]`, `ReturnType<typeof
 * app.crawlUrl>`, `Awaited<ReturnType<FirecrawlApp["scrapeUrl"]>>`, the URL's `Parameters<...>[0]`) become v2's named types (mapping/imports.ts
 * METHOD_TYPES), imported as the file imports the SDK: the v1 names compile only through v2's deprecated aliases,
 * and a query of the v2 method takes its last overload. Any other query of a v1 method (`fn: typeof app.scrapeUrl`)
 * names the v2 method, as a method read off the client without a call does (`app.scrape.bind(app)`): v2's client
 * has the v1 names only from 4.25.0, as deprecated aliases.
 */
function typeQueries(context: StepContext): boolean {
  if (!isTypeScript(context.source)) return false;
  const tracker = new ClientTracker(context.sdk, context.index);
  let any = false;
  let imported = false;
  for (const path of [...context.index.of("TSTypeQuery"), ...context.index.of("TSIndexedAccessType")] as Path[]) {
    const queried = queriedMethod(tracker, path);
    if (!queried) continue;
    const types = METHOD_TYPES[queried.method];
    const done = types && named(context, path, types);
    // the first argument's `string` imports nothing, and counts as no migration of its own, as it always has
    if (done === "imported") imported = any = true;
    if (done) continue;
    const row = methodRow(queried.method);
    if (!row?.isV1Name || !row.row.js.v2) continue;
    const { nameNode } = queried;
    const v2 = row.row.js.v2;
    context.edit(
      nameNode.start!,
      nameNode.end!,
      nameNode.type === "StringLiteral" ? literal(context.source, v2) : v2,
      renamed(`${queried.method}()`, `${v2}()`),
    );
    any = true;
  }
  if (imported) for (const edit of typeImports(context, QUERIED_TYPES)) context.apply(edit, QUERIED_TYPES_IMPORTED);
  return any;
}

/**
 * A v1 release the file's own specifiers pin (`npm:@mendable/firecrawl-js@1.29.3`) moves with its migrated code, to
 * the release the run moves dependencies to: v2 code on the v1 SDK is a silent break. Where the pin's form is one
 * the tool cannot write, the code was left alone (detect/sdk.ts) and the import says why.
 */
function movePins(context: StepContext, migrated: boolean): void {
  // Asked only where a pin is written about: reading the release loads semver, which most files never need.
  const release = () => context.options.release ?? sdkRelease();
  for (const { path, pin } of context.sdk.stuck) context.todo(path, stuckPin(pin, release()));
  // Code already on v2's names under a v1 pin (an earlier pass of eslint --fix, whose fixes overlapped this one) moves it
  // too, and so does a module that hands its client to others: the files that import it are migrated by its export.
  const calledEitherWay = () => hasV1Calls(context.index, context.sdk, "v1") || usesV2Names(context.index, context.sdk);
  const providesClients = () => {
    const provided = clientExports(context.source.path);
    return provided.clients.size > 0 || provided.factories.size > 0;
  };
  if (context.sdk.pinned !== "v1" || !(migrated || context.migrating || calledEitherWay() || providesClients())) return;
  for (const site of context.sdk.sites) {
    const literal = siteModule(site.node as Node);
    const pin = literal?.type === "StringLiteral" ? sdkSpecifierOf(literal.value) : undefined;
    const to = pin && movedSpecifier(pin, release());
    if (to) context.edit(literal!.start! + 1, literal!.end! - 1, to, pinMoved(pin.text, to));
  }
}

export const step: Step = {
  name: "imports",
  description: "renames FirecrawlError, CrawlWatcher and v1 type names to their v2 names, and moves a v1 release the file pins",
  run(context) {
    // The client class's local name (`FirecrawlApp`) stays: it is the user's choice, and it binds v2's class. A class of
    // the file's that extends it and overrides v1's methods then extends v2's, which never calls them.
    // Code on v2 (its package's SDK, or names only v2 has) subclasses v2's class: its methods are its own.
    const onV2 = context.sdk.overriding.size > 0 && (context.options.sdk === "v2" || usesV2Names(context.index, context.sdk));
    for (const path of onV2 ? [] : context.index.of("ClassDeclaration")) {
      const overrides = context.sdk.overriding.get(path.node);
      if (overrides) context.todo(path, subclassOverridesV1(path.node.id!.name, overrides));
    }
    const renamedAny = renameNamedImports(context);
    movePins(context, typeQueries(context) || renamedAny);
  },
};
