/**
 * A batch scrape on the async client (PY_ASYNC_BATCH_OPTIONS): `await app.batch_scrape_urls(urls, formats=[...],
 * only_main_content=True)` becomes `await app.batch_scrape(urls, options=ScrapeOptions(formats=[...],
 * only_main_content=True))`. 4.x's async client drops page options given flat, so the pages would come back in the
 * default format with nothing said; the sync client takes them flat and is left so. Runs on the keyword arguments the
 * params, options, formats and v1-defaults steps wrote.
 */
import { PY_ASYNC_BATCH_OPTIONS } from "../../mapping/python.js";
import { ASYNC_BATCH_OPTIONS_NESTED, ASYNC_BATCH_OPTIONS_SPLAT } from "../../mapping/messages.js";
import { keywords } from "../detect/arguments.js";
import { isV1PyCall } from "../detect/version.js";
import type { PyStep } from "../pipeline.js";
import { argumentSeparator } from "../writing.js";

const METHODS: ReadonlySet<string> = new Set(PY_ASYNC_BATCH_OPTIONS.methods);

export const step: PyStep = {
  name: "async-batch-options",
  description: "nests a batch scrape's page options in options=ScrapeOptions(...) on the async client, which drops them given flat",
  fresh: true,
  run(context) {
    for (const call of context.calls) {
      if (!call.async || call.mock || call.passed || call.invokes || !METHODS.has(call.method)) continue;
      if (!isV1PyCall(call, context.calls, context.options.sdk, context.sdk)) continue;
      const args = call.args.namedChildren.filter((n): n is NonNullable<typeof n> => n !== null && n.type !== "comment");
      if (args.some((n) => n.type === "dictionary_splat")) {
        context.todo(call.node, ASYNC_BATCH_OPTIONS_SPLAT);
        continue;
      }
      const given = keywords(call.args);
      if (given.some((k) => k.name === PY_ASYNC_BATCH_OPTIONS.keyword)) continue;
      const nested = given.filter((k) => PY_ASYNC_BATCH_OPTIONS.fields.has(k.name));
      if (!nested.length) continue;
      // The arguments the call keeps, in their order, then the options: one span from the first moved to the last argument.
      const first = args.findIndex((n) => n.id === nested[0]!.node.id);
      const kept = args.slice(first).filter((n) => !nested.some((k) => k.node.id === n.id));
      const options = `${PY_ASYNC_BATCH_OPTIONS.keyword}=${PY_ASYNC_BATCH_OPTIONS.model}(${nested.map((k) => k.node.text).join(", ")})`;
      // Arguments one to a line stay so, indented as the first that moved.
      const at = args[first]!;
      const separator = argumentSeparator(context.source, at, args.at(-1)!.startPosition.row > at.startPosition.row);
      const text = [...kept.map((n) => n.text), options].join(separator);
      context.edit(at.startIndex, args.at(-1)!.endIndex, text, ASYNC_BATCH_OPTIONS_NESTED);
    }
  },
};
