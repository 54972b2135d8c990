/**
 * v1 defaults in Python (spec 9.1.1-2, opt-in with `keepV1Defaults`), as src/js/steps/v1-defaults.ts writes
 * them for JavaScript: each migrated scrape and batch scrape gets v1's values as keyword arguments
 * (`max_age=0, skip_tls_verification=False, proxy="basic"`), those it does not set already.
 */
import { DEFAULTS } from "../../mapping/defaults.js";
import { keywords } from "../detect/arguments.js";
import { argumentSeparator, pyLiteral } from "../writing.js";
import type { PyStep } from "../pipeline.js";
import { isV1PyCall } from "../detect/version.js";
import { V1_DEFAULTS, V1_DEFAULTS_NOT_PASSED } from "../../mapping/messages.js";

const KEPT = DEFAULTS.filter((row) => row.v1 !== null);

export const step: PyStep = {
  name: "v1-defaults",
  description: "(opt-in: keepV1Defaults) writes v1's defaults (max_age=0, ...) into scrapes so they behave as before",
  // The keyword arguments it looks at are the ones the params step wrote; without the option it looks at none.
  fresh: (options) => Boolean(options.keepV1Defaults),
  run(context) {
    if (!context.options.keepV1Defaults) return;
    for (const call of context.calls) {
      // A partial's calls run it with the defaults written into the partial.
      if (call.mock || call.invokes || (call.row.options !== "scrape" && call.row.options !== "batch")) continue;
      if (!isV1PyCall(call, context.calls, context.options.sdk, context.sdk)) continue;
      // `**options` may set any of them already: writing one twice is a TypeError.
      const args = call.args.namedChildren.filter((n) => n !== null);
      if (args.some((n) => n.type === "dictionary_splat")) continue;
      const set = new Set(keywords(call.args).map((k) => k.name));
      const add = KEPT.filter((row) => !set.has(row.python)).map((row) => `${row.python}=${pyLiteral(context.source, row.v1!)}`);
      const last = args.at(-1);
      if (!add.length || !last) continue;
      if (call.passed && !call.passed.keywords) {
        context.todo(call.node, V1_DEFAULTS_NOT_PASSED);
        continue;
      }
      // Arguments one to a line get the new ones on lines of their own, indented alike.
      const separator = argumentSeparator(context.source, last, last.startPosition.row > call.args.startPosition.row);
      context.edit(last.endIndex, last.endIndex, add.map((a) => `${separator}${a}`).join(""), V1_DEFAULTS);
    }
  },
};
