/**
 * v2 types a migration writes into the code (a cast's `SearchResultWeb`), named through the file's own ESM
 * import of the SDK: a namespace import gives `fc.SearchResultWeb`, a list of named imports gains
 * `type SearchResultWeb`, a default import alone gains `, { type SearchResultWeb }`. A step asks for the names
 * as it writes them and adds the imports last, each once and as a change of its own, so that a linter applying
 * fixes one by one reaches the same text: a later pass finds the names written but not imported, and imports them.
 * A file that takes its client from a project module and never imports the SDK gains an `import type` of its own,
 * from the SDK as that module spells it (linked.ts).
 */
import type { Node } from "@babel/types";
import type { Edit } from "../core/edits.js";
import type { Source } from "../core/source.js";
import type { Path } from "./detect/paths.js";
import { TYPES } from "../mapping/imports.js";
import { RESULTS } from "../mapping/results.js";
import type { StepContext } from "./pipeline.js";
import { literal } from "./writing.js";

/** The names asked for in this pass, by the text it plans on. */
const asked = new WeakMap<Source, Set<string>>();

/** Whether the file neither declares nor imports `name`: at most it names it as a type, as a cast this tool wrote does. */
function unbound(context: StepContext, name: string): boolean {
  return context.index.of("Identifier", { name }).every((path) => path.parent?.node.type === "TSTypeReference");
}

function sdkImport(context: StepContext): Extract<Node, { type: "ImportDeclaration" }> | undefined {
  const found = context.sdk.sites.map((site) => site.node as Node).find((node) => node.type === "ImportDeclaration");
  return found?.type === "ImportDeclaration" ? found : undefined;
}

/**
 * Where a file that does not import the SDK itself can import its types: after its last import, from the
 * specifier of the project module its client comes from.
 */
function linkedImport(context: StepContext): { readonly specifier: string; readonly after: Node } | undefined {
  const specifier = context.sdk.linked?.sdk;
  const after = context.ast.program.body.filter((statement) => statement.type === "ImportDeclaration").at(-1);
  return specifier && after ? { specifier, after } : undefined;
}

/**
 * The v2 types the results step casts a list's items to (`Array<SearchResultWeb & Document>`), imported last, in the
 * order a migration asks for them (the document first), which a linter's later pass that finds them written but not
 * imported keeps.
 */
export const ITEM_TYPES = RESULTS.flatMap((row) =>
  row.change.kind === "rename" && row.change.items ? [row.change.items.scraped, row.change.items.plain] : [],
);

/**
 * Whether the file names `name` only in casts of list items this tool wrote, and neither declares nor imports it:
 * an earlier pass named the v2 type there for the imports to bring in, so the name is the import's to take.
 */
export function castOnly(context: StepContext, name: string): boolean {
  const paths = context.index.of("Identifier", { name });
  return paths.length > 0 && unbound(context, name) && paths.every((path) => inCast(path, ITEM_TYPES));
}

/** Whether a type reference stands in a cast to a list of the given types, as the tool writes them. */
function inCast(path: Path, names: readonly string[]): boolean {
  for (let at = path.parent; at; at = at.parent) {
    const node = at.node as Node;
    if (node.type === "TSAsExpression") {
      const type = node.typeAnnotation;
      const items = type.type === "TSArrayType" ? type.elementType : type.type === "TSTypeReference" ? type.typeParameters?.params[0] : undefined;
      const parts = items?.type === "TSIntersectionType" ? items.types : items ? [items] : [];
      return parts.length > 0 && parts.every((p) => p.type === "TSTypeReference" && p.typeName.type === "Identifier" && names.includes(p.typeName.name));
    }
    if (!node.type.startsWith("TS")) return false;
  }
  return false;
}

/**
 * How the file can name the SDK's exported type `name` once its imports are added; null where it cannot.
 * `family`: the types the tool's casts combine with it.
 */
export function importedType(context: StepContext, name: string, family: readonly string[]): string | null {
  for (const [local, exported] of context.sdk.named) if (exported === name) return local;
  // A v1 name the imports step turns into this one (`ScrapeResponse` is `Document`) is imported already: under
  // the v2 name where the imports step renames its uses, under the file's own where it imported it as another.
  for (const [local, exported] of context.sdk.named) {
    if (TYPES.some((row) => row.js.v2 === name && row.js.v1 === exported)) return local === exported ? name : local;
  }
  const declaration = sdkImport(context);
  if (!declaration && !linkedImport(context)) return null;
  const namespace = declaration?.specifiers.find((s) => s.type === "ImportNamespaceSpecifier");
  if (namespace) return `${namespace.local.name}.${name}`;
  const named = declaration?.specifiers.some((s) => s.type === "ImportSpecifier");
  const onlyDefault = declaration?.specifiers[0]?.type === "ImportDefaultSpecifier" && declaration.importKind !== "type";
  // A name the file uses for something else (the DOM's `Document` in an annotation) is not taken over.
  const others = context.index.of("Identifier", { name }).some((path) => !inCast(path, family));
  if (others || !unbound(context, name) || (declaration && !named && !onlyDefault)) return null;
  const names = asked.get(context.source) ?? new Set<string>();
  asked.set(context.source, names.add(name));
  return name;
}

/**
 * The import edits for the names asked for in this pass and for those among `names` that the file already
 * writes without importing them (a cast from an earlier pass of a linter), one edit a name.
 */
export function typeImports(context: StepContext, names: readonly string[]): Edit[] {
  const imported = new Set(context.sdk.named.values());
  const written = names.filter(
    (name) => !imported.has(name) && unbound(context, name) && context.index.of("Identifier", { name }).some((path) => inCast(path, names)),
  );
  const wanted = [...new Set([...(asked.get(context.source) ?? []), ...written])];
  asked.delete(context.source);
  const declaration = sdkImport(context);
  if (!declaration) return wanted.length ? importOfItsOwn(context, wanted) : [];
  const last = declaration.specifiers.filter((s) => s.type === "ImportSpecifier").at(-1);
  const typeOnly = declaration.importKind === "type";
  if (last) return wanted.map((name) => ({ start: last.end!, end: last.end!, text: `, ${typeOnly ? "" : "type "}${name}` }));
  const first = declaration.specifiers[0];
  if (!first || !wanted.length) return [];
  // A default import alone: one brace list for all of them, written over the default's name, so that a second step
  // asking in the same pass collides with this edit and waits for the list (two lists would not parse).
  const list = `{ ${wanted.map((name) => `type ${name}`).join(", ")} }`;
  return [{ start: first.start!, end: first.end!, text: `${context.source.text.slice(first.start!, first.end!)}, ${list}` }];
}

/** `import type { ... } from "<the SDK>";` on a line of its own after the file's last import, written as that import is. */
function importOfItsOwn(context: StepContext, wanted: readonly string[]): Edit[] {
  const linked = linkedImport(context);
  if (!linked) return [];
  const { source } = context;
  const end = linked.after.end!;
  const semicolon = source.text[end - 1] === ";" ? ";" : "";
  const statement = `import type { ${wanted.join(", ")} } from ${literal(source, linked.specifier)}${semicolon}`;
  return [{ start: end, end, text: `${source.eol}${statement}` }];
}
