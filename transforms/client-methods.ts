/**
 * Client methods (spec 9.4, sdk-facts 2.3): renames every v1 method to its v2 name and moves positional
 * arguments into v2's options object, as the table's argument shapes say. Methods with no v2 equivalent
 * keep working through the client's `.v1` accessor, with a TODO.
 */
import type { CallExpression, Node } from "@babel/types";
import { findClientCalls, type ClientCall } from "../src/detect/calls.js";
import { hasV1Shape } from "../src/detect/version.js";
import { appendProperties, literal, objectLiteral, textOf } from "../src/js/writing.js";
import type { Edit } from "../src/core/edits.js";
import { toJscodeshift } from "../src/js/jscodeshift.js";
import type { Step, StepContext } from "../src/js/steps.js";
import { SDK_MODULES, V1_ACCESSOR } from "../src/mapping/imports.js";
import { methodRow } from "../src/mapping/methods.js";
import type { ArgumentShape } from "../src/mapping/methods.js";
import { renamed, reworded } from "../src/mapping/messages.js";

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
      { start: args[0]!.start!, end: literal.start!, text: "" },
      first
        ? { start: first.start!, end: first.start!, text: `${urls},${between.includes("\n") ? between.slice(between.lastIndexOf("\n")) : " "}` }
        : { start: literal.start!, end: literal.end!, text: `{ ${urls} }` },
      ...(extra.length ? [appendProperties(source, literal, extra)] : []),
      ...dropAfter(literal),
    ];
  }
  const object = entries.length ? objectLiteral(source, entries, call.node.start!) : "";
  if (rest.length) return [{ start: rest[0]!.start!, end, text: object }];
  if (!object) return [];
  return [{ start: end, end, text: args.length ? `, ${object}` : object }];
}

function reshape(context: StepContext, call: ClientCall, shape: ArgumentShape): void {
  const [first, ...others] = reshapeEdits(context, call, shape);
  if (!first) return;
  context.apply(
    first,
    reworded(`${call.row.js.v1}()'s arguments are v1: pass them in the v2 options object`, `${call.row.js.v1}()'s arguments moved into the v2 options object`),
  );
  for (const edit of others) context.apply(edit);
}

/** The test runners whose module mocks stand in for the SDK: `jest.mock("@mendable/firecrawl-js")`, `vi.mock(...)`. */
const MOCKERS = new Set(["jest", "vi"]);

/**
 * A test that mocks the SDK stands in for its v1 methods by name (`mockClient.scrapeUrl.mockResolvedValue`,
 * `{ crawlUrl: jest.fn() }`) with v1-shaped values: one TODO on the mock says which names changed, so the
 * mocks and the expectations move with the code they test.
 */
function markSdkMocks(context: StepContext): void {
  const mocks = context.index.of("CallExpression").filter(({ node }) => {
    const callee = node.callee;
    const first = node.arguments[0];
    return (
      callee.type === "MemberExpression" &&
      callee.object.type === "Identifier" &&
      MOCKERS.has(callee.object.name) &&
      callee.property.type === "Identifier" &&
      callee.property.name === "mock" &&
      first?.type === "StringLiteral" &&
      (SDK_MODULES as readonly string[]).includes(first.value)
    );
  });
  if (mocks.length === 0) return;
  // The calls the codemod renames itself do not count: the TODO names what is left for a human.
  const renamed = new Set(findClientCalls(context.index, context.sdk).map((call) => call.nameNode));
  const named = new Set<string>();
  for (const { node } of context.index.of("Identifier")) {
    if (renamed.has(node)) continue;
    const row = methodRow(node.name);
    if (row?.isV1Name) named.add(row.row.js.v2 ? `${node.name}() is ${row.row.js.v2}()` : `${node.name}() is on .v1`);
  }
  if (named.size === 0) return;
  context.todo(
    mocks[0]!,
    `this test mocks the SDK with v1 method names (${[...named].join(", ")}) and v1 results; v2 results have no success/data wrapper: update the mocks and expectations`,
    "methods",
  );
}

export const step: Step = {
  name: "client-methods",
  description: "renames v1 client methods to v2 and moves positional arguments into the options object",
  run(context) {
    markSdkMocks(context);
    for (const call of findClientCalls(context.index, context.sdk)) {
      const { row, nameNode } = call;
      if (row.js.v2 === null) {
        const receiver = (call.node.callee as Extract<CallExpression["callee"], { object: unknown }>).object as Node;
        context.edit(
          receiver.end!,
          receiver.end!,
          `.${V1_ACCESSOR}`,
          reworded(`${call.method}() has no v2 equivalent: call it through .${V1_ACCESSOR}`, `${call.method}() routed through .${V1_ACCESSOR}`),
        );
        context.todo(call.path, row.todo!, "methods");
        continue;
      }
      if (call.isV1Name) {
        const name = nameNode.type === "StringLiteral" ? literal(context.source, row.js.v2) : row.js.v2;
        context.edit(nameNode.start!, nameNode.end!, name, renamed(`${call.method}()`, `${row.js.v2}()`));
      }
      if (row.js.args && hasV1Shape(call, row.js.args)) reshape(context, call, row.js.args);
    }
  },
};

export default toJscodeshift([step]);
