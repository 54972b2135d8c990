/**
 * Client methods (spec 9.4, sdk-facts 2.3): renames every v1 method to its v2 name and moves positional
 * arguments into v2's options object, as the table's argument shapes say. Methods with no v2 equivalent
 * keep working through the client's `.v1` accessor, with a TODO.
 */
import type { ASTPath } from "jscodeshift";
import type { CallExpression, Node, ObjectExpression } from "@babel/types";
import { findClientCalls, type ClientCall } from "../src/detect/calls.js";
import { resolveObject } from "../src/detect/values.js";
import { appendProperties, literal, objectLiteral, textOf } from "../src/engine/code.js";
import { toJscodeshift, type Step, type StepContext } from "../src/engine/transform.js";
import { V1_ACCESSOR } from "../src/mapping/imports.js";
import type { ArgumentShape } from "../src/mapping/methods.js";

function isUndefined(node: Node): boolean {
  return node.type === "Identifier" && node.name === "undefined";
}

/** A call still in v1's positional shape, whatever its method is called now. */
function hasV1Shape(call: ClientCall, shape: ArgumentShape): boolean {
  const args = call.node.arguments;
  if (args.length > shape.keep + 1) return true;
  if (shape.keep > 0 || args.length === 0) return call.isV1Name;
  // extract(urls, params) versus extract({ urls, ...params }): v1's first argument is the URL list.
  const first = args[0]!;
  if (first.type === "ArrayExpression") return true;
  if (first.type === "Identifier") {
    const resolved = resolveObject(call.path.get("arguments", 0) as ASTPath<Node>, true);
    return resolved?.node.type === "ArrayExpression";
  }
  return false;
}

function reshape(context: StepContext, call: ClientCall, shape: ArgumentShape): void {
  const { source } = context;
  const args = call.node.arguments as Node[];
  const rest = args.slice(shape.keep);
  const entries: string[] = [];
  let base: ObjectExpression | null = null;
  let baseArg: Node | null = null;
  let spreadText: string | null = null;

  shape.v1.slice(shape.keep).forEach((name, i) => {
    const destination = shape.into[name]!;
    const arg = rest[i];
    if (!arg || isUndefined(arg)) {
      if ("absent" in destination && destination.absent !== undefined) entries.push(`${destination.key}: ${destination.absent}`);
      return;
    }
    if ("dropped" in destination) {
      context.todo(call.path, destination.dropped, "methods");
      return;
    }
    const text = textOf(source, arg);
    if ("spread" in destination) {
      if (i === 0 && arg.type === "ObjectExpression") {
        base = arg;
        baseArg = arg;
      } else if (i === 0 && entries.length === 0) {
        baseArg = arg;
        spreadText = text;
      } else if (arg.type === "ObjectExpression") {
        entries.push(...arg.properties.map((p) => textOf(source, p)));
      } else {
        entries.push(`...${text}`);
      }
      return;
    }
    entries.push(text === destination.key ? text : `${destination.key}: ${text}`);
  });

  const lastArg = args.at(-1);
  const end = lastArg ? lastArg.end! : null;
  let message: string | undefined = `${call.row.js.v1}() arguments moved into the v2 options object`;
  const edit = context.edit.bind(context);
  const apply = context.apply.bind(context);
  context = {
    ...context,
    edit: (start, stop, text) => {
      edit(start, stop, text, message);
      message = undefined;
    },
    apply: (e) => {
      apply(e, message);
      message = undefined;
    },
  };
  if (base && baseArg) {
    // The v1 options literal becomes the v2 one: later arguments join it and leave the argument list.
    const into = base as ObjectExpression;
    if (entries.length) context.apply(appendProperties(source, into, entries), message);
    if (end! > into.end!) context.edit(into.end!, end!, "", message);
    return;
  }
  if (baseArg && spreadText !== null) {
    const start = (baseArg as Node).start!;
    if (entries.length) context.edit(start, end!, `{ ...${spreadText}, ${entries.join(", ")} }`, message);
    else if (end! > (baseArg as Node).end!) context.edit((baseArg as Node).end!, end!, "", message);
    return;
  }
  if (shape.keep === 0 && rest[1]?.type === "ObjectExpression" && entries.length > 0) {
    // extract(urls, { ...literal }) -> extract({ urls, ...literal }): the literal stays, urls moves in front.
    const literalArg = rest[1] as ObjectExpression;
    const [urls, ...others] = entries;
    const own = literalArg.properties.map((p) => textOf(source, p));
    const extra = others.filter((e) => !own.includes(e));
    const first = literalArg.properties[0];
    if (first) {
      const between = source.text.slice(literalArg.start! + 1, first.start!);
      context.edit(first.start!, first.start!, `${urls},${between.includes("\n") ? between.slice(between.lastIndexOf("\n")) : " "}`, message);
    } else {
      context.edit(literalArg.start!, literalArg.end!, `{ ${urls} }`, message);
    }
    if (extra.length) context.apply(appendProperties(source, literalArg, extra), message);
    context.edit(args[0]!.start!, literalArg.start!, "", message);
    if (end! > literalArg.end!) context.edit(literalArg.end!, end!, "", message);
    return;
  }
  const object = entries.length ? objectLiteral(source, entries, call.node.start!) : "";
  if (rest.length) context.edit(rest[0]!.start!, end!, object, message);
  else if (object) {
    const at = args.length ? end! : call.node.end! - 1;
    context.edit(at, at, args.length ? `, ${object}` : object, message);
  }
}

export const step: Step = {
  name: "client-methods",
  description: "renames v1 client methods to v2 and moves positional arguments into the options object",
  run(context) {
    for (const call of findClientCalls(context.index, context.sdk)) {
      const { row, nameNode } = call;
      if (row.js.v2 === null) {
        const receiver = (call.node.callee as Extract<CallExpression["callee"], { object: unknown }>).object as Node;
        context.edit(receiver.end!, receiver.end!, `.${V1_ACCESSOR}`, `${call.method}() routed through the v1 client`);
        context.todo(call.path, row.todo!, "methods");
        continue;
      }
      if (call.isV1Name) {
        const name = nameNode.type === "StringLiteral" ? literal(context.source, row.js.v2) : row.js.v2;
        context.edit(nameNode.start!, nameNode.end!, name, `${call.method}() is ${row.js.v2}() in v2`);
      }
      if (row.js.args && hasV1Shape(call, row.js.args)) reshape(context, call, row.js.args);
    }
  },
};

export default toJscodeshift([step]);
