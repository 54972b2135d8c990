/**
 * Version hedges on a client's methods: `if hasattr(app, "scrape_url"): <v1 call> else: <v2 call>`. The side the test
 * opened is the one 1.x and 2.x ran; v2's client has the method by its v2 name, which the test would ask once renamed
 * (client-methods), so that side runs on v2 too, and the others never do: it stands in the if's place, to be migrated
 * as the rest of the module is, and they go before any step works on them. The same hedge asked by calling,
 * `try: <v1 call> except AttributeError: <the call by its v2 name>` (or the other way round), calls one method twice
 * once the v1 call is renamed: the side with the v1 call, which 1.x ran, stands in the try's place.
 */
import { removed, type Message } from "../../mapping/messages.js";
import { bodyInPlace, elseInPlace, handlerInPlace, tryBodyInPlace } from "../branches.js";
import { methodProbes, type PyCall } from "../detect/clients.js";
import { isV1PyCall } from "../detect/version.js";
import type { PyContext, PyStep } from "../pipeline.js";
import { allOf, outer, within, type Node } from "../runtime/parser.js";
import { probesV1Client } from "./client-methods.js";

const HEDGE_TAKEN = (method: string, v2: string): Message =>
  removed(
    `the test hasattr(client, "${method}") and the branches it passed over`,
    `v2's client has it as ${v2}(), so the side it opened, which 1.x ran, is the one that runs`,
  );

const CALL_HEDGE_TAKEN = (method: string, v2: string): Message =>
  removed(
    `the except AttributeError between ${method}() and ${v2}()`,
    `v2's client has ${method}() as ${v2}(), so both sides call the same method: the one 1.x ran stays`,
  );

/**
 * `try: <A> except AttributeError: <B>` (no other handler, no else or finally), where one side calls a v1 method and
 * the other the same client's method by that one's v2 name, and neither calls the SDK otherwise: the try, its
 * sides, and which of them holds the v1 call.
 */
function callHedges(context: PyContext): { statement: Node; handler: Node; v1: PyCall; inBody: boolean }[] {
  const hedges = [];
  for (const statement of allOf(context.tree.rootNode, "try_statement")) {
    const clauses = statement.namedChildren.filter((c): c is Node => !!c && c.type.endsWith("_clause"));
    const handler = clauses.length === 1 ? clauses[0]! : null;
    if (handler?.type !== "except_clause" || handler.childForFieldName("value")?.text !== "AttributeError") continue;
    const sdkCalls = (side: Node) => context.calls.filter((c) => !c.mock && !c.passed && !c.invokes && within(c.node, side));
    const inBody = sdkCalls(statement.childForFieldName("body")!);
    const inHandler = sdkCalls(handler);
    if (inBody.length !== 1 || inHandler.length !== 1) continue;
    const [a, b] = [inBody[0]!, inHandler[0]!];
    const v1Side = a.isV1Name && !b.isV1Name ? a : b.isV1Name && !a.isV1Name ? b : null;
    const other = v1Side === a ? b : a;
    if (!v1Side || !isV1PyCall(v1Side, context.calls, context.options.sdk, context.sdk)) continue;
    if (other.method !== v1Side.row.python.v2 || other.receiver.text !== v1Side.receiver.text) continue;
    hedges.push({ statement, handler, v1: v1Side, inBody: v1Side === a });
  }
  return hedges;
}

export const step: PyStep = {
  name: "method-probes",
  description:
    'keeps the side 1.x ran of a version hedge on a method (if hasattr(app, "scrape_url"): ..., or try: ... except AttributeError: ...) in its place',
  run(context) {
    if (!probesV1Client(context)) return;
    for (const probe of methodProbes(context.tree, context.sdk)) {
      const v2 = probe.row.python.v2;
      if (!probe.isV1Name || !v2 || v2 === "watcher") continue;
      const test = outer(probe.node);
      const negated = test.parent?.type === "not_operator" ? outer(test.parent) : null;
      const statement = (negated ?? test).parent;
      if (statement?.type !== "if_statement" || statement.childForFieldName("condition")?.id !== (negated ?? test).id) continue;
      const message = HEDGE_TAKEN(probe.method, v2);
      if (!negated) {
        bodyInPlace(context, statement, message, true);
        continue;
      }
      // `if not hasattr(...): ... else: <v1 call>`: the else is the side 1.x ran, where nothing stands between
      const clauses = statement.namedChildren.filter((c) => c?.type === "elif_clause" || c?.type === "else_clause");
      if (clauses.length === 1 && clauses[0]!.type === "else_clause") elseInPlace(context, statement, message);
    }
    for (const { statement, handler, v1, inBody } of callHedges(context)) {
      const message = CALL_HEDGE_TAKEN(v1.method, v1.row.python.v2!);
      if (inBody) tryBodyInPlace(context, statement, message);
      else handlerInPlace(context, statement, handler, message);
    }
  },
};
