/**
 * Requests to the API over HTTP, without the SDK (issue 16, sdk-facts 7): `/v1` routes become `/v2`, and
 * their bodies are migrated by the options and formats steps as an SDK call's options are. A route v2 does
 * not have (llms.txt, deep research), or one the code computes, keeps its request on /v1 with a TODO; a
 * route whose v2 response changed shape gets a TODO where the request is made.
 */
import type { Node, ObjectExpression } from "@babel/types";
import { staying } from "../../core/moving.js";
import { readsItemsAsObjects, responseReads, type BodyRead } from "../detect/responses.js";
import { findProperty, memberName, propertyKey } from "../detect/expressions.js";
import { spanOf, textOf } from "../writing.js";
import { statementOf, type Step, type StepContext } from "../pipeline.js";
import { FORMATS } from "../../mapping/formats.js";
import { keepingStrings } from "./results.js";
import { expectationMoved, expectsV1, n8nOptions, n8nRequest, responseRead, routeMoved } from "../../mapping/messages.js";
import type { ExpectedUrl } from "../detect/expected-urls.js";
import { keepsV1OnPurpose } from "../detect/clients.js";
import type { ApiRequest } from "../detect/requests.js";

const JSON_FORMATS = new Set(FORMATS.filter((row) => row.v2?.type === "json").map((row) => row.v1));
const JSON_KEYS = new Set(FORMATS.filter((row) => row.v2?.type === "json" && row.optionsKey).map((row) => row.optionsKey!));

/**
 * Whether a body asks for the json format: a v1 `extract`/`json` string or its options key, or (once the
 * formats step has run, as it has in the preset) a `{ type: "json" }` object.
 */
function asksForJson(body: ObjectExpression): boolean {
  if (body.properties.some((p) => p.type === "ObjectProperty" && JSON_KEYS.has(propertyKey(p) ?? ""))) return true;
  const formats = findProperty(body, "formats")?.value;
  if (formats?.type !== "ArrayExpression") return false;
  return formats.elements.some((e) => {
    if (e?.type === "StringLiteral") return JSON_FORMATS.has(e.value);
    const type = e?.type === "ObjectExpression" ? findProperty(e, "type")?.value : undefined;
    return type?.type === "StringLiteral" && type.value === "json";
  });
}

export { why } from "../../core/moving.js";

/** A read of the response body that v2 answers elsewhere, rewritten to read it there. */
function migrateRead(context: StepContext, { at: path, read }: BodyRead): void {
  const node = path.node;
  const { change } = read;
  switch (change.kind) {
    case "rename":
      if (node.type === "ObjectProperty")
        context.edit(node.key.start!, node.key.end!, node.shorthand ? `${change.to}: ${textOf(context.source, node.value)}` : change.to, responseRead(read));
      else if (node.type !== "Identifier" && node.computed) context.edit(node.property.start! + 1, node.property.end! - 1, change.to, responseRead(read));
      else if (node.type !== "Identifier") context.edit(node.property.start!, node.property.end!, change.to, responseRead(read));
      return;
    case "strings-to-objects": {
      // Code that reads the items as objects already has v2's shape in mind.
      if (readsItemsAsObjects(context.index, path, change.pick)) return;
      const keep = keepingStrings(context.source, path, change.pick, true);
      if (keep) context.edit(node.end!, node.end!, keep, responseRead(read));
      return;
    }
    case "nested": {
      const parent = path.parent?.node as Node | undefined;
      const done =
        (parent?.type === "MemberExpression" || parent?.type === "OptionalMemberExpression") && parent.object === node && memberName(parent) === change.field;
      if (!done) context.edit(node.end!, node.end!, `?.${change.field}`, responseRead(read));
      return;
    }
  }
}

/**
 * URLs a test expects are no request: one moves with the requests of the file to its route when they all move;
 * otherwise it is marked, to move by hand with the code it tests, which may be in another file and may have
 * stayed on /v1. A file that keeps its client on v1 on purpose means what it expects, and is left alone.
 */
function expectations(context: StepContext, expected: readonly ExpectedUrl[], requests: readonly ApiRequest[], stays: ReadonlyMap<ApiRequest, unknown>): void {
  const kept = keepsV1OnPurpose(context.index, context.sdk);
  for (const { at, path, route, version } of expected) {
    const tested = requests.filter((r) => r.route === route);
    const start = at.node.start! + 1 + version;
    if (tested.length > 0 && tested.every((r) => !stays.has(r)) && context.source.text.slice(start, start + 2) === "v1")
      context.edit(start, start + 2, "v2", expectationMoved(path));
    else if (!kept) context.todo(at, expectsV1(path), "migrate");
  }
}

export const step: Step = {
  name: "api-requests",
  description: "moves raw HTTP requests to the API from /v1 to /v2 (bodies migrated like SDK options)",
  run(context) {
    const expected = context.expectedUrls;
    for (const { at, path } of context.n8nUrls) context.todo(at, n8nRequest(path), "migrate");
    // The node's v1 formats and options stay with its base; where the base's TODO is not above them, each
    // node property offering them gets its own, above that property.
    const marked = new Set(context.n8nUrls.map((u) => statementOf(u.at)));
    for (const { at, property, names, kind } of context.n8nOptions)
      if (!marked.has(statementOf(at))) context.todoAbove(spanOf(property.node), n8nOptions(names, kind), "migrate");
    const requests = context.requests.filter((r) => !expected.some((e) => e.at === r.site));
    const stays = staying(requests);
    if (expected.length > 0) expectations(context, expected, requests, stays);
    if (requests.length === 0) return;
    const done = new Set<number>();
    for (const request of requests) {
      const { start, end } = request.version;
      if (!stays.has(request)) {
        if (!done.has(start)) context.edit(start, end, "v2", routeMoved(request.path));
        done.add(start);
        const route = request.route!;
        const found = route.reads && request.call ? responseReads(context.index, request.call, route.reads) : undefined;
        for (const read of found?.reads ?? []) {
          migrateRead(context, read);
          // The type the code gave the body is v1's: the read now reads what it does not declare.
          if (found!.typed && route.response) context.todo(read.at, `${route.response}; the type this code gives the response is v1's: update it`);
        }
        const changes = route.responseIfJson ? Boolean(found?.reads.length) || (request.body !== undefined && asksForJson(request.body.node)) : true;
        if (route.response && changes && !found?.complete) context.todo(request.site, route.response, "migrate");
      } else {
        const reason = stays.get(request);
        if (reason) context.todo(request.site, reason, "migrate");
      }
    }
  },
};
