/**
 * Client methods (spec 9.4, sdk-facts 6.2): v1 names become v2's (the spec's own spellings too), methods
 * with no v2 equivalent go through the client's `.v1` proxy where it has them and are marked either way,
 * v2 crawl has no idempotency key, and the async client's `crawl` takes its URL only as `url=`.
 */
import { noIdempotency } from "../../mapping/client-methods.js";
import { PY_NO_WAIT } from "../../mapping/results.js";
import { PY_ASYNC_URL_KEYWORD, PY_CLIENT_V1_NAMES, PY_ID_PARAMETER, PY_V1_PROXY } from "../../mapping/python.js";
import { keywords, positional } from "../detect/arguments.js";
import { methodArguments } from "../detect/forwarders.js";
import { pyLiteralAt, removeItem } from "../writing.js";
import { methodProbes, methodReferences, mixedReceivers, type PyMethodUse } from "../detect/clients.js";
import { allOf, type Node } from "../runtime/parser.js";
import type { PyContext, PyStep } from "../pipeline.js";
import { MADE_CLIENT, mixedReceiver, PASSED_PARAMS, removed, renamed, reworded } from "../../mapping/messages.js";
import { hasV1PyCalls, isV1PyCall } from "../detect/version.js";

/**
 * A v1 method's name where the code names it (a call, or a test's mock of it): v2's name, or the v1 client's
 * through `.v1`, marked. Says whether the method has a v2 counterpart the code can go on with.
 */
export function migrateMethodName(context: PyContext, at: PyMethodUse): boolean {
  const { row, name } = at;
  const v2 = row.python.v2;
  if (v2 === "watcher") {
    const kind = at.method.startsWith("batch") ? "batch" : "crawl";
    context.todo(
      at.node,
      `${at.method}() is start_${kind === "batch" ? "batch_scrape" : "crawl"}() + watcher(job_id, kind="${kind}") in v2, with add_listener(); the v2 client's .v1 proxy lacks it`,
      "methods",
    );
    return false;
  }
  if (!v2) {
    if (PY_V1_PROXY.has(at.method)) {
      context.edit(
        at.receiver.endIndex,
        at.receiver.endIndex,
        ".v1",
        reworded(`${at.method}() has no v2 equivalent: call it through .v1`, `${at.method}() routed through .v1`),
      );
      context.todo(at.node, `${at.method}() has no v2 equivalent; it still runs on the v1 client through .v1`, "methods");
    } else {
      context.todo(
        at.node,
        `${at.method}() has no v2 equivalent and the v2 client's .v1 proxy lacks it: use V1FirecrawlApp, or move to the v2 flow`,
        "methods",
      );
    }
    return false;
  }
  if (at.isV1Name) context.edit(name.startIndex, name.endIndex, v2, renamed(`${at.method}()`, `${v2}()`));
  return true;
}

/**
 * Whether the module names a 1.x/2.x client class (`FirecrawlApp`). One that makes its clients from 4.x's `Firecrawl`
 * alone asked hasattr of a class that never had v1's names: the question was no in every release, and its branch
 * dead; renamed, it would be yes, and run.
 */
function namesV1Class(context: PyContext): boolean {
  return allOf(context.tree.rootNode, "identifier").some((id) => PY_CLIENT_V1_NAMES.has(id.text));
}

/** Whether the module's hasattr probes of client methods ask 1.x's or 2.x's client: it has v1 calls and names a v1 class. */
export function probesV1Client(context: PyContext): boolean {
  return hasV1PyCalls(context.calls, context.options.sdk, context.sdk) && namesV1Class(context);
}

export const step: PyStep = {
  name: "client-methods",
  description: "renames v1 client methods to v2 and adapts their arguments",
  run(context) {
    for (const reference of methodReferences(context.tree, context.sdk)) {
      if (!isV1PyCall(reference, context.calls, context.options.sdk, context.sdk) || !migrateMethodName(context, reference)) continue;
      // The arguments an executor passes on are the call's: v1's params dict is not something v2 takes.
      const args = reference.node.parent?.type === "argument_list" ? reference.node.parent : null;
      if (args && (keywords(args).some((k) => k.name === "params") || positional(args).some((a) => a.type === "dictionary")))
        context.todo(reference.node, PASSED_PARAMS);
    }
    // `if hasattr(app, "scrape_url"): app.scrape_url(...)`: the call is renamed, and the question too, or v2's client
    // would answer no and the code take its other way, written for a client that has no such method.
    // Code already on v2 may ask for a v1 name on purpose (4.x's compatibility aliases): only a file with v1 calls is asked.
    for (const probe of probesV1Client(context) ? methodProbes(context.tree, context.sdk) : []) {
      const v2 = probe.row.python.v2;
      if (!probe.isV1Name || !v2 || v2 === "watcher") continue;
      context.edit(
        probe.name.startIndex,
        probe.name.endIndex,
        pyLiteralAt(context.source, probe.name, v2),
        renamed(`hasattr(..., "${probe.method}")`, `"${v2}"`),
      );
    }
    // a client made in the call is renamed by the run: named so, the TODO reads the same on a second run
    const made = (n: Node) => {
      const callee = n.type === "call" ? n.childForFieldName("function") : null;
      if (callee?.type === "identifier") return context.sdk.classes.has(callee.text);
      return callee?.type === "attribute" && context.sdk.modules.has(callee.childForFieldName("object")?.text ?? "");
    };
    for (const use of mixedReceivers(context.tree, context.sdk)) {
      const client = made(use.client) ? MADE_CLIENT : use.client.text;
      const other = use.other === null ? null : made(use.other) ? MADE_CLIENT : use.other.text;
      context.todo(use.node, mixedReceiver(use.receiver.text, use.method, client, other), "methods");
    }
    for (const call of context.calls) {
      // A partial's call names the method where the partial does, which is renamed there.
      if (call.invokes) continue;
      // A v2 call (`watcher(job_id, kind="crawl")`, `crawl(url, ...)`) is already what this step writes.
      if (!isV1PyCall(call, context.calls, context.options.sdk, context.sdk) || !migrateMethodName(context, call)) continue;
      const v2 = call.row.python.v2!;
      // A crawl or an extract, waited for or started: v1 took an idempotency key, v2 takes none.
      const job = call.row.options === "crawl" || call.row.options === "extract" ? call.row.options : null;
      const key = job && keywords(call.args).find((k) => k.name === "idempotency_key");
      if (job && key) {
        context.apply(removeItem(context.source, call.args, key.node), removed("idempotency_key", `v2's ${job} has none`));
        context.todo(call.node, noIdempotency(job), "methods");
      }
      // v0's `crawl_url(..., wait_until_done=False)`, v2's start_crawl (clients.ts), which takes no such keyword
      const started = !call.row.waiter ? keywords(call.args).find((k) => k.name === PY_NO_WAIT && k.value.type === "false") : undefined;
      if (started) context.apply(removeItem(context.source, call.args, started.node), removed(`${PY_NO_WAIT}=False`, `v2's ${v2}() does not wait for the job`));
      // `check_crawl_status(id=job_id)`: v2's parameter has another name; the id is its first
      const id = PY_ID_PARAMETER.has(call.method) ? keywords(call.args).find((k) => k.name === "id") : undefined;
      const first = call.args.namedChildren.find((a) => a !== null && a.type !== "comment");
      if (id && !call.passed && !call.invokes && first?.id === id.node.id)
        context.edit(id.node.startIndex, id.node.childForFieldName("value")!.startIndex, "", removed("id=", "v2 takes the job's id first, by another name"));
      const url = methodArguments(call)[0];
      if (call.async && PY_ASYNC_URL_KEYWORD.has(v2) && url && (call.passed?.keywords ?? true)) {
        context.edit(
          url.startIndex,
          url.startIndex,
          "url=",
          reworded("the async client's crawl() takes the URL as url= in v2", "the URL passed to the async crawl() as url="),
        );
      }
    }
  },
};
