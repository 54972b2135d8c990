/**
 * Client methods (spec 9.4, sdk-facts 2.3): renames every v1 method to its v2 name and moves positional
 * arguments into v2's options object, as the table's argument shapes say. Methods with no v2 equivalent
 * keep working through the client's `.v1` accessor: the report notes it, and a TODO stays only where the
 * table asks for a move to v2's own flow (the watchers).
 */
import type { ASTPath } from "jscodeshift";
import type { CallExpression, Node } from "@babel/types";
import { CALLED_WITH, EXPECT } from "../../mapping/mocks.js";
import { findClientCalls, findClientMembers, type ClientCall } from "../detect/calls.js";
import { propertyKey } from "../detect/expressions.js";
import { clientStandIns, keptV1Mocks, standInMethods } from "../detect/mocks.js";
import { contains, type Path } from "../detect/paths.js";
import { ClientTracker } from "../detect/clients.js";
import { sdkModuleMocks } from "../detect/module-mocks.js";
import { hasV1Shape, isV1Call } from "../detect/version.js";
import { appendProperties, literal, objectLiteral, textOf } from "../writing.js";
import type { Edit } from "../../core/edits.js";
import { statementOf, type Step, type StepContext } from "../pipeline.js";
import { V1_ACCESSOR } from "../../mapping/imports.js";
import { methodRow, V1_GENERIC_METHODS } from "../../mapping/client-methods.js";
import type { ArgumentShape } from "../../mapping/client-methods.js";
import { argumentsMoved, mixedReceiver, mockedMethodNow, following, removed, renamed, routedThroughV1, sdkMockTodo } from "../../mapping/messages.js";

function isUndefined(node: Node): boolean {
  return node.type === "Identifier" && node.name === "undefined";
}

/**
 * The edits that fold a v1 call's positional arguments into v2's options object. The argument spread in
 * (`params`) stays where it is when it can: a literal takes the other entries at its end, a variable
 * becomes `{ ...params, others }`; extract's URL list moves to the front of its params literal.
 */
function reshapeEdits(context: StepContext, call: ClientCall, shape: ArgumentShape): Edit[] {
  const { source } = context;
  const args = call.node.arguments as Node[];
  const rest = args.slice(shape.keep);
  const entries: string[] = [];
  let base: Node | null = null;

  shape.v1.slice(shape.keep).forEach((name, i) => {
    const destination = shape.into[name]!;
    const arg = rest[i];
    if (!arg || isUndefined(arg)) {
      if ("absent" in destination && destination.absent !== undefined) entries.push(`${destination.key}: ${destination.absent}`);
    } else if ("dropped" in destination) {
      context.todo(call.path, destination.dropped, "methods");
    } else if ("spread" in destination) {
      if (i === 0) base = arg;
      else if (arg.type === "ObjectExpression") entries.push(...arg.properties.map((p) => textOf(source, p)));
      else entries.push(`...${textOf(source, arg)}`);
    } else {
      const text = textOf(source, arg);
      entries.push(text === destination.key ? text : `${destination.key}: ${text}`);
    }
  });

  const end = args.at(-1)?.end ?? call.node.end! - 1;
  const dropAfter = (node: Node): Edit[] => (end > node.end! ? [{ start: node.end!, end, text: "" }] : []);
  const spread = base as Node | null;
  if (spread?.type === "ObjectExpression") {
    return [...(entries.length ? [appendProperties(source, spread, entries)] : []), ...dropAfter(spread)];
  }
  if (spread) {
    return entries.length ? [{ start: spread.start!, end, text: `{ ...${textOf(source, spread)}, ${entries.join(", ")} }` }] : dropAfter(spread);
  }
  const literal = rest[1];
  if (shape.keep === 0 && literal?.type === "ObjectExpression" && entries.length > 0) {
    // extract(urls, { ...literal }) -> extract({ urls, ...literal }): the literal stays, urls moves in front.
    const [urls, ...others] = entries;
    const own = new Set(literal.properties.map((p) => textOf(source, p)));
    const extra = others.filter((e) => !own.has(e));
    const first = literal.properties[0];
    const between = first ? source.text.slice(literal.start! + 1, first.start!) : "";
    return [
      // The URL list goes; a comment between it and the literal stays.
      { start: args[0]!.start!, end: literal.start!, text: source.text.slice(args[0]!.end!, literal.start!).replace(/^\s*,\s*/, "") },
      first
        ? { start: first.start!, end: first.start!, text: `${urls},${between.includes("\n") ? between.slice(between.lastIndexOf("\n")) : " "}` }
        : { start: literal.start!, end: literal.end!, text: `{ ${urls} }` },
      ...(extra.length ? [appendProperties(source, literal, extra)] : []),
      ...dropAfter(literal),
    ];
  }
  const object = entries.length ? objectLiteral(source, entries, call.node.start!) : "";
  // A comment between the arguments (`["https://shop.example/*"], // every page`) is the user's: where each
  // argument becomes one entry, each is rewritten in place, so what lies between them stays.
  const between = rest.slice(1).map((arg, i) => source.text.slice(rest[i]!.end!, arg.start!));
  if (between.some((gap) => gap.includes("/")) && entries.length === rest.length && !rest.some((a) => a.type === "ObjectExpression")) {
    return rest.map((arg, i) => ({ start: arg.start!, end: arg.end!, text: `${i ? "" : "{ "}${entries[i]}${i === rest.length - 1 ? " }" : ""}` }));
  }
  if (rest.length) return [{ start: rest[0]!.start!, end, text: object }];
  if (!object) return [];
  return [{ start: end, end, text: args.length ? `, ${object}` : object }];
}

function reshape(context: StepContext, call: ClientCall, shape: ArgumentShape): void {
  const [first, ...others] = reshapeEdits(context, call, shape);
  if (!first) return;
  context.apply(first, argumentsMoved(call.row.js.v1));
  for (const edit of others) context.apply(edit);
}

/**
 * A stand-in's signature for a method whose v2 call gets options v1's left out took (`getCrawlStatus(id, {
 * autoPaginate: false })`, as v1 read one page): where the signature takes only the arguments kept, the options
 * follow them as an optional parameter (`(id: string, pagination?: { autoPaginate?: boolean })`), so the renamed
 * call compiles against the user's own type. Where they go in the source, and what is written.
 */
function optionsParameter(member: Node, shape: ArgumentShape | undefined): { at: number; text: string } | null {
  const entries = Object.values(shape?.into ?? {}).flatMap((to) => ("absent" in to && to.absent ? [to] : []));
  if (!shape || !entries.length || !entries.every((to) => to.absent === "true" || to.absent === "false")) return null;
  const type = member.type === "TSPropertySignature" ? member.typeAnnotation?.typeAnnotation : member;
  const parameters = type?.type === "TSMethodSignature" || type?.type === "TSFunctionType" ? type.parameters : null;
  const last = parameters?.at(-1);
  if (!last || parameters!.length !== shape.keep || last.type !== "Identifier") return null;
  return { at: last.end!, text: `, options?: { ${entries.map((to) => `${to.key}?: boolean`).join("; ")} }` };
}

const OPTIONS_PARAMETER_ADDED = following("added an options parameter to the stand-in's method, for the options v2's call is given");

/**
 * A test's stand-ins for the client take v2's method names with the code they stand in for: the members of the
 * file's own mock interface, the methods read off a mocked client (`mockClient.scrapeUrl.mockResolvedValue`,
 * `expect(app.scrapeUrl)`), and the keys of an object that stands in for one. Returns the name nodes renamed.
 */
function renameStandIns(context: StepContext): Set<Node> {
  const renamedNodes = new Set<Node>();
  const rename = (node: Node, v1: string, v2: string, text = v2) => {
    context.edit(node.start!, node.end!, text, renamed(`${v1}()`, `${v2}()`));
    renamedNodes.add(node);
  };
  for (const members of context.sdk.clientShapes.values()) {
    for (const { member, key, v1, v2 } of members) {
      rename(key, v1, v2, key.type === "StringLiteral" ? literal(context.source, v2) : v2);
      const widened = optionsParameter(member, methodRow(v1)!.row.js.args);
      if (widened) context.edit(widened.at, widened.at, widened.text, OPTIONS_PARAMETER_ADDED);
    }
  }
  for (const member of findClientMembers(context.index, context.sdk)) {
    if (!member.isV1Name || !member.row.js.v2) continue;
    const v2 = member.row.js.v2;
    rename(member.nameNode, member.method, v2, member.nameNode.type === "StringLiteral" ? literal(context.source, v2) : v2);
    // `expect(mock.asyncBatchScrapeUrls).toHaveBeenCalledWith(urls, params)`: the arguments the call now passes.
    const expected = expectedCall(member.path);
    if (expected && member.row.js.args) {
      const call: ClientCall = { ...member, path: expected, node: expected.node, index: context.index };
      if (hasV1Shape(call, member.row.js.args)) reshape(context, call, member.row.js.args);
    }
  }
  for (const { node: object } of clientStandIns(context.index, context.sdk)) {
    for (const prop of object.properties) {
      const name = propertyKey(prop);
      const row = name ? methodRow(name) : undefined;
      if (!row?.isV1Name || !row.row.js.v2 || (prop.type !== "ObjectProperty" && prop.type !== "ObjectMethod") || prop.computed) continue;
      const v2 = row.row.js.v2;
      // `{ scrapeUrl }` keeps its value, the user's variable: `{ scrape: scrapeUrl }`.
      const shorthand = prop.type === "ObjectProperty" && prop.shorthand;
      rename(prop.key, name!, v2, shorthand ? `${v2}: ${name}` : prop.key.type === "StringLiteral" ? literal(context.source, v2) : v2);
    }
  }
  for (const { method, name } of standInMethods(context.index, context.sdk)) {
    const row = methodRow(name);
    if (row?.isV1Name && row.row.js.v2) rename(method.key, name, row.row.js.v2);
  }
  return renamedNodes;
}

/** The matcher call of `expect(method).toHaveBeenCalledWith(...)` around a method read off a mock. */
function expectedCall(member: ASTPath<Node>): ASTPath<CallExpression> | null {
  const expect = member.parent as ASTPath<Node> | null;
  const matcher = expect?.parent as ASTPath<Node> | null;
  const call = matcher?.parent as ASTPath<Node> | null;
  const e = expect?.node;
  const m = matcher?.node;
  const isExpect = e?.type === "CallExpression" && e.callee.type === "Identifier" && e.callee.name === EXPECT && e.arguments[0] === member.node;
  const isMatcher = m?.type === "MemberExpression" && m.object === e && m.property.type === "Identifier" && CALLED_WITH.has(m.property.name);
  return isExpect && isMatcher && call?.node.type === "CallExpression" && call.node.callee === m ? (call as ASTPath<CallExpression>) : null;
}

/**
 * What a test that mocks the SDK still names by v1 method names after the run (a key or a member the run could
 * not tie to a client, such as a mock factory's object it cannot follow): one TODO on the mock says which names
 * changed, so the mocks and the expectations move with the code they test. A variable named after a method is
 * the user's name, not a stand-in.
 */
function markSdkMocks(context: StepContext, done: ReadonlySet<Node>): void {
  const mocks = sdkModuleMocks(context.index);
  if (mocks.length === 0) return;
  // The calls the codemod renames itself do not count: the TODO names what is left for a human.
  const renamedCalls = new Set(findClientCalls(context.index, context.sdk).map((call) => call.nameNode));
  const kept = keptV1Mocks(context.index);
  const named = new Set<string>();
  for (const path of context.index.of("Identifier")) {
    const { node } = path;
    if (renamedCalls.has(node) || done.has(node) || !standsForMethod(path) || kept.some((mock) => contains(mock, node))) continue;
    const row = methodRow(node.name);
    if (row?.isV1Name) named.add(mockedMethodNow(node.name, row.row.js.v2));
  }
  if (named.size === 0) return;
  context.todo(mocks[0]!, sdkMockTodo([...named]), "methods");
}

/** Whether an identifier names a member (`x.scrapeUrl`, `{ scrapeUrl: ... }`, an interface's `scrapeUrl(): ...`), not a variable. */
function standsForMethod(path: { node: Node; parent?: { node: Node } | null }): boolean {
  const parent = path.parent?.node;
  switch (parent?.type) {
    case "MemberExpression":
    case "OptionalMemberExpression":
      return parent.property === path.node && !parent.computed;
    case "ObjectProperty":
    case "ObjectMethod":
    case "ClassMethod":
    case "ClassProperty":
    case "TSMethodSignature":
    case "TSPropertySignature":
      return parent.key === path.node;
    default:
      return false;
  }
}

/**
 * The comments inside a span that goes (a note in a dropped type argument), to be written where it stood:
 * each as a block comment after a space, a line comment turned into one (its own end of line went with the span).
 */
function commentsWithin(context: StepContext, span: Node): string {
  const inside = (context.ast.comments ?? []).filter((c) => c.start! >= span.start! && c.end! <= span.end!);
  return inside.map((c) => (c.type === "CommentBlock" ? ` /*${c.value}*/` : ` /*${c.value.replaceAll("*/", "* /")} */`)).join("");
}

/** A v1 call on a parameter that calls hand both a client migrating to v2 and an object of the code's own. */
interface MixedCall {
  readonly path: Path;
  readonly method: string;
  readonly parameter: string;
  readonly client: Node;
  readonly other: Node;
}

/**
 * A client type written out on a parameter that a call hands a client migrating to v2 and another an object of the
 * code's own. A client kept on v1 (`app.v1`, a `FirecrawlAppV1`) or an object of another kind (`new DiskCache()`) is
 * no client here: nothing changes for them.
 */
function heldShapes(context: StepContext, tracker: ClientTracker): MixedCall[] {
  return context.sdk.heldShapes.flatMap(({ parameter, calls, others, own }) => {
    const client = others.find((other) => tracker.isClient(other));
    return client ? calls.map(({ path, method }) => ({ path, method, parameter, client: client.node, other: own })) : [];
  });
}

/**
 * The same of an untyped parameter, `cachedMarkdown(app, url)` and `cachedMarkdown(new PageCache(), url)`, and of the
 * member a constructor keeps one in (`this.client.scrapeUrl(...)`, with `new Pages(app)` and `new Pages(new PageCache())`).
 */
function untypedMixed(context: StepContext, tracker: ClientTracker): MixedCall[] {
  const found: MixedCall[] = [];
  for (const path of context.index.of("CallExpression")) {
    const callee = path.node.callee;
    if (callee.type !== "MemberExpression" || callee.computed || callee.property.type !== "Identifier") continue;
    const receiver = callee.object;
    const parameter =
      receiver.type === "Identifier"
        ? receiver.name
        : receiver.type === "MemberExpression" && receiver.object.type === "ThisExpression" && receiver.property.type === "Identifier"
          ? `this.${receiver.property.name}`
          : undefined;
    if (!parameter || !methodRow(callee.property.name)?.isV1Name) continue;
    const mixed = tracker.mixedParameter(path.get("callee", "object") as Path);
    if (mixed) found.push({ path, method: callee.property.name, parameter, ...mixed });
  }
  return found;
}

/** Each v1 call on such a parameter gets the TODO, once a statement and parameter, naming each method the statement calls. */
function markMixed(context: StepContext): void {
  const tracker = new ClientTracker(context.sdk, context.index);
  const byStatement = new Map<string, MixedCall & { methods: Set<string> }>();
  for (const call of [...heldShapes(context, tracker), ...untypedMixed(context, tracker)]) {
    const key = `${statementOf(call.path).start}\u0000${call.parameter}`;
    const at = byStatement.get(key) ?? { ...call, methods: new Set<string>() };
    at.methods.add(call.method);
    byStatement.set(key, at);
  }
  for (const { path, parameter, methods, client, other } of byStatement.values()) {
    context.todo(path, mixedReceiver(parameter, [...methods].join("(), "), textOf(context.source, client), textOf(context.source, other)), "methods");
  }
}

export const step: Step = {
  name: "client-methods",
  description: "renames v1 client methods to v2 and moves positional arguments into the options object",
  run(context) {
    markSdkMocks(context, renameStandIns(context));
    markMixed(context);
    for (const call of findClientCalls(context.index, context.sdk)) {
      const { row, nameNode } = call;
      if (row.js.v2 === null) {
        const receiver = (call.node.callee as Extract<CallExpression["callee"], { object: unknown }>).object as Node;
        context.edit(receiver.end!, receiver.end!, `.${V1_ACCESSOR}`, routedThroughV1(call.method, V1_ACCESSOR, row.note));
        if (row.todo) context.todo(call.path, row.todo, "methods");
        continue;
      }
      // v1's schema type argument goes with the v1 name, in one edit: a linter's pass that renamed alone would see a v2 call.
      const typeArgs = (call.node as { typeParameters?: Node | null }).typeParameters;
      const dropTypes = typeArgs && V1_GENERIC_METHODS.has(call.method) && isV1Call(call, context.sdk, context.options.sdk) ? typeArgs : null;
      const kept = dropTypes ? commentsWithin(context, dropTypes) : "";
      if (call.isV1Name) {
        const name = nameNode.type === "StringLiteral" ? literal(context.source, row.js.v2) : row.js.v2;
        context.edit(nameNode.start!, dropTypes?.end ?? nameNode.end!, name + kept, renamed(`${call.method}()`, `${row.js.v2}()`));
      } else if (dropTypes) {
        context.edit(dropTypes.start!, dropTypes.end!, kept, removed(`the type argument of ${call.method}()`, `v2's ${row.js.v2}() takes none for a schema`));
      }
      if (row.js.args && hasV1Shape(call, row.js.args)) reshape(context, call, row.js.args);
    }
  },
};
