/**
 * A file's own stand-in for the client type (issue 23, tests that mock the SDK): an interface or type literal
 * whose members are all client methods, some by their v1 names (`interface MockFirecrawlClient { scrapeUrl(...):
 * Promise<ScrapeResponse>; search(...) }`), as tests write for the mock they pass where the client goes. Its
 * values are clients for what they do, so their calls and reads migrate, and its members take their v2 names
 * with them. Only a type the file keeps to itself counts: an exported one has users the run does not see.
 */
import type { Node } from "@babel/types";
import { methodRow } from "../../mapping/client-methods.js";
import type { Path, PathIndex } from "./paths.js";
import { bindingReferences } from "./references.js";

/** A member of the stand-in that still has its v1 name: the key node to rename, and its v2 name. */
export interface ShapeMember {
  /** the member's signature */
  readonly member: Node;
  readonly key: Node;
  readonly v1: string;
  readonly v2: string;
}

function keyName(member: Node): string | undefined {
  if (member.type !== "TSMethodSignature" && member.type !== "TSPropertySignature") return undefined;
  if (member.computed) return undefined;
  if (member.key.type === "Identifier") return member.key.name;
  if (member.key.type === "StringLiteral") return member.key.value;
  return undefined;
}

/** The v1-named members of a type body that stands in for the client, or null where it does not. */
function standIn(members: readonly Node[]): ShapeMember[] | null {
  const v1: ShapeMember[] = [];
  for (const member of members) {
    const name = keyName(member);
    const row = name && methodRow(name);
    if (!row) return null;
    if (!row.isV1Name) continue;
    // A method with no v2 equivalent would move to `.v1`, which the stand-in does not have.
    if (!row.row.js.v2) return null;
    v1.push({ member, key: (member as Extract<Node, { key: Node }>).key, v1: name!, v2: row.row.js.v2 });
  }
  return v1.length ? v1 : null;
}

const EXPORTS = new Set(["ExportNamedDeclaration", "ExportDefaultDeclaration"]);

/**
 * A client type written out on a parameter that one call hands the client and another an object of the code's own
 * with v1's method names: renaming would break the object's call, keeping breaks the client's, so its v1 calls on
 * the parameter are left for the user to decide.
 */
export interface HeldShape {
  readonly parameter: string;
  /** the parameter's calls of the type's v1 methods */
  readonly calls: readonly { path: Path; method: string }[];
  /** what the calls hand it that is no object of the code's own (the step asks which is a client), and one that is */
  readonly others: readonly Path[];
  readonly own: Node;
}

/**
 * The type literals that annotate a parameter of a function the file keeps to itself (`function poll(client: {
 * checkCrawlStatus(id: string): Promise<CrawlStatusResponse> })`): the client's own type written out. An exported
 * function's callers are not all in sight, and may pass an object of their own with those names.
 */
function parameterLiterals(index: PathIndex): { shapes: { literal: Node; members: readonly Node[] }[]; held: HeldShape[] } {
  const shapes: { literal: Node; members: readonly Node[] }[] = [];
  const held: HeldShape[] = [];
  let objects: ReadonlySet<string> | undefined;
  for (const type of ["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"] as const) {
    for (const path of index.of(type)) {
      // A function expression's declaration: `const poll = (client: {...}) => ...` is exported with its `const`.
      const declaration = type === "FunctionDeclaration" ? path : path.parent?.node.type === "VariableDeclarator" ? path.parent.parent : undefined;
      if (!declaration || EXPORTS.has(declaration.parent?.node.type)) continue;
      const name = functionName(path.node, path.parent?.node);
      path.node.params.forEach((param, i) => {
        const annotation = param.type === "Identifier" && param.typeAnnotation?.type === "TSTypeAnnotation" ? param.typeAnnotation.typeAnnotation : undefined;
        if (param.type !== "Identifier" || annotation?.type !== "TSTypeLiteral") return;
        objects ??= ownObjects(index);
        const handed = name ? handedArguments(index, objects, name, i) : { others: [] };
        if (!handed.own) return void shapes.push({ literal: annotation, members: annotation.members });
        const v1 = handed.others.length > 0 && standIn(annotation.members);
        if (!v1) return;
        const methods = new Set(v1.map((m) => m.v1));
        // the parameter's own reads, not a shadowing name's: `mirrors.map((source) => source.scrapeUrl(url))`
        const calls = bindingReferences(index, path.get("params", i) as Path, param, param.name).flatMap((read) => {
          const member = read.parent as Path | null;
          const call = member?.parent as Path | null;
          const node = member?.node as Node | undefined;
          if ((node?.type !== "MemberExpression" && node?.type !== "OptionalMemberExpression") || node.object !== read.node || node.computed) return [];
          if ((call?.node.type !== "CallExpression" && call?.node.type !== "OptionalCallExpression") || call.node.callee !== node) return [];
          const method = node.property.type === "Identifier" ? node.property.name : undefined;
          return method && methods.has(method) ? [{ path: call, method }] : [];
        });
        held.push({ parameter: param.name, calls, others: handed.others, own: handed.own });
      });
    }
  }
  return { shapes, held };
}

/** A function's own name: its declaration's, or the `const` it is assigned to. */
function functionName(fn: Node, parent: Node | undefined): string | undefined {
  if (fn.type === "FunctionDeclaration") return fn.id?.name;
  return parent?.type === "VariableDeclarator" && parent.id.type === "Identifier" ? parent.id.name : undefined;
}

/** The names bound to an object literal of the code's own (`const fake = { scrapeUrl: ... }`), read once a file. */
function ownObjects(index: PathIndex): Set<string> {
  return new Set(
    index.of("VariableDeclarator").flatMap((d) => (d.node.id.type === "Identifier" && d.node.init?.type === "ObjectExpression" ? [d.node.id.name] : [])),
  );
}

/**
 * What the calls of `name` in the file hand the parameter at `position`: the first object of the code's own (`f(fake)`,
 * with `const fake = { scrapeUrl: ... }`, or the literal itself), and the first anything else (`f(app)`). Renaming the
 * type's methods would leave that object's names behind, and the call of the renamed method would fail on it.
 */
function handedArguments(index: PathIndex, objects: ReadonlySet<string>, name: string, position: number): { own?: Node; others: Path[] } {
  const handed: { own?: Node; others: Path[] } = { others: [] };
  for (const call of index.of("CallExpression")) {
    const { node } = call;
    const argument = node.callee.type === "Identifier" && node.callee.name === name ? node.arguments[position] : undefined;
    if (!argument) continue;
    if (argument.type === "ObjectExpression" || (argument.type === "Identifier" && objects.has(argument.name))) handed.own ??= argument;
    else handed.others.push(call.get("arguments", position) as Path);
  }
  return handed;
}

/**
 * The file's unexported stand-ins for the client, by name (a type literal that annotates a parameter: by its node),
 * with their members still named as in v1; and the written-out client types held back (HeldShape).
 */
export function clientShapes(index: PathIndex): { shapes: Map<string | Node, ShapeMember[]>; held: HeldShape[] } {
  const shapes = new Map<string | Node, ShapeMember[]>();
  const unexported = (path: { parent?: { node: Node } | null }) => path.parent?.node.type !== "ExportNamedDeclaration";
  for (const path of index.of("TSInterfaceDeclaration")) {
    const members = !path.node.extends?.length && unexported(path) ? standIn(path.node.body.body) : null;
    if (members) shapes.set(path.node.id.name, members);
  }
  for (const path of index.of("TSTypeAliasDeclaration")) {
    const type = path.node.typeAnnotation;
    const members = type.type === "TSTypeLiteral" && unexported(path) ? standIn(type.members) : null;
    if (members) shapes.set(path.node.id.name, members);
  }
  const parameters = parameterLiterals(index);
  for (const { literal, members } of parameters.shapes) {
    const v1 = standIn(members);
    if (v1) shapes.set(literal, v1);
  }
  return { shapes, held: parameters.held };
}
