/**
 * v1 defaults (spec 9.1.1-2, opt-in with `keepV1Defaults`): v2 caches for two days and flips other
 * defaults, so each migrated scrape and batch scrape gets v1's values written out to behave as before.
 */
import type { Node } from "@babel/types";
import { findClientCalls } from "../detect/calls.js";
import { optionsObjects } from "../detect/options-objects.js";
import { findProperty } from "../detect/expressions.js";
import { appendProperties, literal } from "../writing.js";
import type { Step } from "../pipeline.js";
import { DEFAULTS } from "../../mapping/defaults.js";
import { V1_DEFAULTS } from "../../mapping/messages.js";

const KEPT = DEFAULTS.filter((row) => row.v1 !== null);

export const step: Step = {
  name: "v1-defaults",
  description: "(opt-in: keepV1Defaults) writes v1's defaults (maxAge: 0, ...) into scrapes so they behave as before",
  run(context) {
    if (!context.options.keepV1Defaults) return;
    const seen = new Set<Node>();
    for (const call of findClientCalls(context.index, context.sdk)) {
      if (call.row.options !== "scrape" && call.row.options !== "batch") continue;
      const entries = (missing: (key: string) => boolean) =>
        KEPT.filter((row) => missing(row.js)).map((row) => `${row.js}: ${literal(context.source, row.v1!)}`);
      const scrape = optionsObjects(call).find((o) => o.kind === "scrape");
      if (scrape) {
        if (seen.has(scrape.path.node)) continue;
        seen.add(scrape.path.node);
        const add = entries((key) => !findProperty(scrape.path.node, key));
        if (add.length) context.apply(appendProperties(context.source, scrape.path.node, add), V1_DEFAULTS);
        continue;
      }
      const args = call.node.arguments;
      const all = entries(() => true).join(", ");
      if (args.length === 1) {
        const text = call.row.options === "batch" && !call.isV1Name ? `{ options: { ${all} } }` : `{ ${all} }`;
        context.edit(args[0]!.end!, args[0]!.end!, `, ${text}`, V1_DEFAULTS);
      }
    }
  },
};
