/**
 * Options objects behind a call's arguments. A literal counts where it stands; a variable is followed to
 * the object literal it was declared with in the same file (`const opts: CrawlParams = {...}`), with the
 * `opts.key = value` assignments made to it afterwards; spreads whose source is such a literal count too.
 */
import type { ASTPath } from "jscodeshift";
import type { AssignmentExpression, Node, ObjectExpression } from "@babel/types";
import type { OptionsKind } from "../../mapping/client-methods.js";
import { findClientCalls, type ClientCall } from "./calls.js";
import type { PathIndex } from "./paths.js";
import type { SdkBindings } from "./sdk.js";
import { TYPES } from "../../mapping/imports.js";
import { NESTED_OPTIONS } from "../../mapping/options.js";
import { propertyKey, resolveObject, unwrapPath, variableDeclaratorOf, WRAPPERS } from "./expressions.js";

type AnyPath = ASTPath<Node>;

/** One object the options table of `kind` applies to, with the assignments that add keys to it later. */
export interface OptionsObject {
  readonly kind: OptionsKind;
  readonly path: ASTPath<ObjectExpression>;
  /**
   * TypeScript checks the literal against the SDK's option type (it is written in the call, or in a
   * variable annotated with a type); when not, a string it holds widens to `string`
   */
  readonly typed: boolean;
  readonly assignments: readonly ASTPath<AssignmentExpression>[];
}

/** `a.b!.c` as the names it reads, `["a", "b", "c"]`; null for anything else (a computed key, a call). */
function memberNames(node: Node): string[] | null {
  if (node.type === "Identifier") return [node.name];
  if (node.type === "TSNonNullExpression") return memberNames(node.expression);
  if (node.type !== "MemberExpression" || node.computed || node.property.type !== "Identifier") return null;
  const object = memberNames(node.object);
  return object && [...object, node.property.name];
}

/**
 * `name.key = value` statements on the variable that holds an options literal; for a literal nested in it under
 * `keys` (a crawl's `scrapeOptions`), `name.scrapeOptions.key = value` (`name.scrapeOptions!.key` too).
 */
function assignmentsTo(index: PathIndex, argPath: AnyPath, keys: readonly string[] = []): ASTPath<AssignmentExpression>[] {
  const p = unwrapPath(argPath);
  const declarator = variableDeclaratorOf(p);
  if (!declarator || p.node.type !== "Identifier") return [];
  const name = p.node.name;
  const scope = p.scope!.lookup(name)!;
  const owner = [name, ...keys];
  return index.within("AssignmentExpression", scope.path.node as Node).filter((q) => {
    const left = q.node.left.type === "MemberExpression" ? memberNames(q.node.left.object as Node) : null;
    return left?.length === owner.length && left.every((n, i) => n === owner[i]) && q.scope?.lookup(name) === scope;
  });
}

/** Options the file cannot see into: a parameter, a value from elsewhere, a spread of one. */
export interface OpaqueOptions {
  readonly kind: OptionsKind;
  readonly path: AnyPath;
}

/** `undefined`, `null` and `{}`-less arguments say nothing about keys. */
function isEmptyValue(node: Node): boolean {
  return (node.type === "Identifier" && node.name === "undefined") || node.type === "NullLiteral";
}

function collect(
  index: PathIndex,
  kind: OptionsKind,
  argPath: AnyPath | null,
  into: OptionsObject[],
  nested: Partial<Record<string, OptionsKind>>,
  typedHere: boolean,
  opaque?: OpaqueOptions[],
  /** for a literal nested in a variable's (`opts.scrapeOptions`): the variable's path and the key it is under */
  owner?: { readonly path: AnyPath; readonly key: string },
): void {
  if (!argPath) return;
  const resolved = resolveObject(argPath);
  if (!resolved && !isEmptyValue(unwrapPath(argPath).node)) opaque?.push({ kind, path: argPath });
  if (!resolved || into.some((o) => o.path.node === resolved.node)) return;
  const object = resolved.node as ObjectExpression;
  const inPlace = unwrapPath(argPath) === resolved || unwrapPath(argPath).node === resolved.node;
  const declarator = inPlace ? null : variableDeclaratorOf(unwrapPath(argPath));
  const annotated =
    Boolean((declarator?.node as { id?: { typeAnnotation?: unknown } } | undefined)?.id?.typeAnnotation) ||
    WRAPPERS.has((declarator?.node as { init?: Node } | undefined)?.init?.type ?? "");
  const typed = inPlace ? typedHere : annotated;
  const assignments = owner ? assignmentsTo(index, owner.path, [owner.key]) : assignmentsTo(index, argPath);
  into.push({ kind, path: resolved as ASTPath<ObjectExpression>, typed, assignments });
  object.properties.forEach((prop, i) => {
    const propPath = resolved.get("properties", i) as AnyPath;
    // What a spread brings in is checked only where it was written.
    if (prop.type === "SpreadElement") collect(index, kind, propPath.get("argument") as AnyPath, into, nested, false, opaque);
    const key = propertyKey(prop);
    const inner = key ? nested[key] : undefined;
    const variable = inPlace ? undefined : { path: argPath, key: key! };
    if (inner && prop.type === "ObjectProperty") collect(index, inner, propPath.get("value") as AnyPath, into, {}, typed, opaque, variable);
  });
}

/**
 * The options objects of a client call, each with the table that applies to it: a crawl's own options
 * and the scrape options nested in them, a v1 batch's scrape params or a v2 batch's `options`, and so on.
 */
export function optionsObjects(call: ClientCall, opaque?: OpaqueOptions[]): OptionsObject[] {
  const found: OptionsObject[] = [];
  const arg = (i: number) => (call.node.arguments[i] ? (call.path.get("arguments", i) as AnyPath) : null);
  switch (call.row.options) {
    case "scrape":
      collect(call.index, "scrape", arg(1), found, {}, true, opaque);
      break;
    case "crawl":
    case "search":
      collect(call.index, call.row.options, arg(1), found, { scrapeOptions: "scrape" }, true, opaque);
      break;
    case "map":
      collect(call.index, "map", arg(1), found, {}, true, opaque);
      break;
    case "batch":
      if (call.isV1Name) collect(call.index, "scrape", arg(1), found, {}, true, opaque);
      else collect(call.index, "batch", arg(1), found, { options: "scrape" }, true, opaque);
      break;
    case "extract": {
      const first = arg(0);
      const v2Shape = first !== null && resolveObject(first)?.node.type === "ObjectExpression" && call.node.arguments.length === 1;
      collect(call.index, "extract", v2Shape ? first : arg(1), found, { scrapeOptions: "scrape" }, true, opaque);
      break;
    }
    default:
      break;
  }
  return found;
}

/** The options of a call that come from where this file cannot see their keys. */
export function opaqueOptions(call: ClientCall): OpaqueOptions[] {
  const opaque: OpaqueOptions[] = [];
  optionsObjects(call, opaque);
  return opaque;
}

/** The options objects at `path` for the table of `kind`, with the tables nested in it (a crawl's `scrapeOptions`). */
export function optionsObjectsAt(index: PathIndex, kind: OptionsKind, path: AnyPath, opaque?: OpaqueOptions[]): OptionsObject[] {
  const found: OptionsObject[] = [];
  collect(index, kind, path, found, NESTED_OPTIONS[kind] ?? {}, true, opaque);
  return found;
}

/**
 * Options objects known by their type rather than by a call: a literal declared with a v1 options type
 * (`const defaults: CrawlParams = {...}`), and, in the type-aware mode, a literal the checker traced from a
 * client call in another module.
 */
export function typedOptionsObjects(index: PathIndex, sdk: SdkBindings): OptionsObject[] {
  const kinds = new Map<string, OptionsKind>();
  for (const [local, exported] of sdk.named) {
    const row = TYPES.find((t) => t.js.v1 === exported);
    if (row?.options) kinds.set(local, row.options);
  }
  const found: OptionsObject[] = [];
  for (const declarator of index.of("VariableDeclarator")) {
    const id = declarator.node.id;
    const type = id.type === "Identifier" && id.typeAnnotation?.type === "TSTypeAnnotation" ? id.typeAnnotation.typeAnnotation : null;
    const name = type?.type === "TSTypeReference" && type.typeName.type === "Identifier" ? type.typeName.name : null;
    const init = declarator.node.init;
    const kind = (name && kinds.get(name)) || (init && sdk.types?.optionsAt?.(init.start!));
    if (kind && init) collect(index, kind, declarator.get("id") as AnyPath, found, NESTED_OPTIONS[kind] ?? {}, true);
  }
  return found;
}

/**
 * Every options object of a file that the options and formats steps migrate, each literal once (of `kind`,
 * where given): its client calls' options, the literals typed as v1 options, and the raw requests' bodies
 * (`bodies`, from requests.ts).
 */
export function fileOptionsObjects(index: PathIndex, sdk: SdkBindings, bodies: readonly OptionsObject[], kind?: OptionsKind): OptionsObject[] {
  const all = [...findClientCalls(index, sdk).flatMap((call) => optionsObjects(call)), ...typedOptionsObjects(index, sdk), ...bodies];
  const seen = new Set<Node>();
  return all.filter((o) => (kind === undefined || o.kind === kind) && !seen.has(o.path.node) && Boolean(seen.add(o.path.node)));
}
