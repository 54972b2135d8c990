/**
 * Options objects behind a call's arguments. A literal counts where it stands; a variable is followed to
 * the object literal it was declared with in the same file (`const opts: CrawlParams = {...}`), with the
 * `opts.key = value` assignments made to it afterwards; spreads whose source is such a literal count too.
 */
import type { ASTPath } from "jscodeshift";
import type { AssignmentExpression, Node, ObjectExpression, ObjectProperty } from "@babel/types";
import type { OptionsKind } from "../mapping/methods.js";
import type { ClientCall } from "./calls.js";

type AnyPath = ASTPath<Node>;

const WRAPPERS = new Set(["TSAsExpression", "TSSatisfiesExpression", "ParenthesizedExpression", "TSNonNullExpression"]);

function unwrapPath(path: AnyPath): AnyPath {
  let p = path;
  while (WRAPPERS.has(p.node.type)) p = p.get("expression") as AnyPath;
  return p;
}

/** The declarator an identifier was bound by, in the scope the identifier sees. */
function declaratorOf(path: AnyPath): AnyPath | null {
  if (path.node.type !== "Identifier") return null;
  const name = path.node.name;
  const scope = path.scope?.lookup(name);
  const binding = scope?.getBindings()[name]?.[0] as AnyPath | undefined;
  const parent = binding?.parent as AnyPath | undefined;
  if (!parent || parent.node.type !== "VariableDeclarator" || parent.node.id !== binding!.node) return null;
  return parent;
}

/** The object literal (or, with `arrays`, array literal) an expression evaluates to, if this file says. */
export function resolveObject(path: AnyPath, arrays = false): AnyPath | null {
  const p = unwrapPath(path);
  if (p.node.type === "ObjectExpression" || (arrays && p.node.type === "ArrayExpression")) return p;
  const declarator = declaratorOf(p);
  if (!declarator || !(declarator.node as { init?: Node }).init) return null;
  const init = unwrapPath(declarator.get("init") as AnyPath);
  return init.node.type === "ObjectExpression" || (arrays && init.node.type === "ArrayExpression") ? init : null;
}

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

export function propertyKey(prop: Node): string | undefined {
  if (prop.type !== "ObjectProperty" && prop.type !== "ObjectMethod") return undefined;
  if (prop.computed) return prop.key.type === "StringLiteral" ? prop.key.value : undefined;
  if (prop.key.type === "Identifier") return prop.key.name;
  if (prop.key.type === "StringLiteral") return prop.key.value;
  return undefined;
}

/** The name a member expression reads: `x.name`, `x["name"]`. */
export function memberName(member: Extract<Node, { type: "MemberExpression" | "OptionalMemberExpression" }>): string | undefined {
  if (!member.computed && member.property.type === "Identifier") return member.property.name;
  return member.property.type === "StringLiteral" ? member.property.value : undefined;
}

export function findProperty(object: ObjectExpression, key: string): ObjectProperty | undefined {
  return object.properties.find((p): p is ObjectProperty => p.type === "ObjectProperty" && propertyKey(p) === key);
}

/** `name.key = value` statements on the variable that holds an options literal. */
function assignmentsTo(call: ClientCall, argPath: AnyPath): ASTPath<AssignmentExpression>[] {
  const p = unwrapPath(argPath);
  const declarator = declaratorOf(p);
  if (!declarator || p.node.type !== "Identifier") return [];
  const name = p.node.name;
  const scope = p.scope!.lookup(name)!;
  return call.index.within("AssignmentExpression", scope.path.node as Node).filter((q) => {
    const left = q.node.left;
    return left.type === "MemberExpression" && left.object.type === "Identifier" && left.object.name === name && q.scope?.lookup(name) === scope;
  });
}

function collect(call: ClientCall, kind: OptionsKind, argPath: AnyPath | null, into: OptionsObject[], nested: Partial<Record<string, OptionsKind>>, typedHere: boolean): void {
  if (!argPath) return;
  const resolved = resolveObject(argPath);
  if (!resolved || into.some((o) => o.path.node === resolved.node)) return;
  const object = resolved.node as ObjectExpression;
  const inPlace = unwrapPath(argPath) === resolved || unwrapPath(argPath).node === resolved.node;
  const declarator = inPlace ? null : declaratorOf(unwrapPath(argPath));
  const annotated = Boolean((declarator?.node as { id?: { typeAnnotation?: unknown } } | undefined)?.id?.typeAnnotation) || WRAPPERS.has((declarator?.node as { init?: Node } | undefined)?.init?.type ?? "");
  const typed = inPlace ? typedHere : annotated;
  into.push({ kind, path: resolved as ASTPath<ObjectExpression>, typed, assignments: assignmentsTo(call, argPath) });
  object.properties.forEach((prop, i) => {
    const propPath = resolved.get("properties", i) as AnyPath;
    // What a spread brings in is checked only where it was written.
    if (prop.type === "SpreadElement") collect(call, kind, propPath.get("argument") as AnyPath, into, nested, false);
    const key = propertyKey(prop);
    const inner = key ? nested[key] : undefined;
    if (inner && prop.type === "ObjectProperty") collect(call, inner, propPath.get("value") as AnyPath, into, {}, typed);
  });
}

/**
 * The options objects of a client call, each with the table that applies to it: a crawl's own options
 * and the scrape options nested in them, a v1 batch's scrape params or a v2 batch's `options`, and so on.
 */
export function optionsObjects(call: ClientCall): OptionsObject[] {
  const found: OptionsObject[] = [];
  const arg = (i: number) => (call.node.arguments[i] ? (call.path.get("arguments", i) as AnyPath) : null);
  switch (call.row.options) {
    case "scrape":
      collect(call, "scrape", arg(1), found, {}, true);
      break;
    case "crawl":
    case "search":
      collect(call, call.row.options, arg(1), found, { scrapeOptions: "scrape" }, true);
      break;
    case "map":
      collect(call, "map", arg(1), found, {}, true);
      break;
    case "batch":
      if (call.isV1Name) collect(call, "scrape", arg(1), found, {}, true);
      else collect(call, "batch", arg(1), found, { options: "scrape" }, true);
      break;
    case "extract": {
      const first = arg(0);
      const v2Shape = first !== null && resolveObject(first)?.node.type === "ObjectExpression" && call.node.arguments.length === 1;
      collect(call, "extract", v2Shape ? first : arg(1), found, { scrapeOptions: "scrape" }, true);
      break;
    }
    default:
      break;
  }
  return found;
}
