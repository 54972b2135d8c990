/**
 * Client methods (spec 9.4, sdk-facts 6.2): v1 names become v2's (the spec's own spellings too), methods
 * with no v2 equivalent go through the client's `.v1` proxy where it has them and are marked either way,
 * v2 crawl has no idempotency key, and the async client's `crawl` takes its URL only as `url=`.
 */
import { PY_ASYNC_URL_KEYWORD, PY_V1_PROXY } from "../mapping/python.js";
import { keywords, positional, removeItem } from "./code.js";
import type { PyStep } from "./language.js";

const NO_IDEMPOTENCY = "v2 crawl has no idempotency key; the key was dropped, make sure a retried call cannot start a second crawl";

export const step: PyStep = {
  name: "client-methods",
  description: "renames v1 client methods to v2 and adapts their arguments",
  run(context) {
    for (const call of context.calls) {
      const { row, name } = call;
      const v2 = row.python.v2;
      if (v2 === "watcher") {
        const kind = row.js.v1 === "batchScrapeUrlsAndWatch" ? "batch" : "crawl";
        context.todo(call.node, `${call.method}() is start_${kind === "batch" ? "batch_scrape" : "crawl"}() + watcher(job_id, kind="${kind}") in v2, with add_listener(); the v2 client's .v1 proxy lacks it`, "methods");
        continue;
      }
      if (!v2) {
        if (PY_V1_PROXY.has(call.method)) {
          context.edit(call.receiver.endIndex, call.receiver.endIndex, ".v1", `${call.method}() routed through the v1 client`);
          context.todo(call.node, `${call.method}() has no v2 equivalent; it still runs on the v1 client through .v1`, "methods");
        } else {
          context.todo(call.node, `${call.method}() has no v2 equivalent and the v2 client's .v1 proxy lacks it: use V1FirecrawlApp, or move to the v2 flow`, "methods");
        }
        continue;
      }
      if (call.isV1Name) context.edit(name.startIndex, name.endIndex, v2, `${call.method}() is ${v2}() in v2`);
      if (row.js.v1 === "crawlUrl" || row.js.v1 === "asyncCrawlUrl") {
        const key = keywords(call.args).find((k) => k.name === "idempotency_key");
        if (key) {
          context.apply(removeItem(context.source, call.args, key.node), "idempotency_key removed: v2 crawl has none");
          context.todo(call.node, NO_IDEMPOTENCY, "methods");
        }
      }
      const url = positional(call.args)[0];
      if (call.async && PY_ASYNC_URL_KEYWORD.has(v2) && url) {
        context.edit(url.startIndex, url.startIndex, "url=", "the async client's crawl() takes the URL as url=");
      }
    }
  },
};
