/**
 * A v1 method run by `loop.run_in_executor` with its options (`run_in_executor(None, app.scrape_url, url, {...})`):
 * the executor passes positional arguments only, and v2 takes options as keyword arguments. The method and its
 * arguments go into `functools.partial(...)`, which the executor runs as it ran the method, so the params step can
 * write the options as keywords there as it does for `asyncio.to_thread`, and v1-defaults v1's defaults. Runs
 * first, so every later step sees the partial. `partial` binds the arguments when the call is made, as the executor
 * did: a lambda would read a loop's variable when the thread runs it.
 */
import { EXECUTOR_PARTIAL } from "../../mapping/messages.js";
import { PY_PARTIAL, PY_V1_PARAMS_AT } from "../../mapping/python.js";
import { positional } from "../detect/arguments.js";
import { byName, methodArguments } from "../detect/forwarders.js";
import { importedNames } from "../detect/model-names.js";
import { isV1PyCall } from "../detect/version.js";
import type { PyStep } from "../pipeline.js";

export const step: PyStep = {
  name: "executor-partial",
  description: "hands a v1 method that loop.run_in_executor runs with its options to it as functools.partial(...), so they can be keyword arguments",
  run(context) {
    const { module, name } = PY_PARTIAL;
    const spelled = importedNames(context.tree.rootNode, (from) => from === module).has(name) ? name : `${module}.${name}`;
    for (const call of context.calls) {
      // The standard library's executor only: a wrapper of the module's is told by the method reference it is handed.
      if (!call.passed || call.passed.keywords || call.mock || call.invokes || byName(call.node) !== call.passed) continue;
      // v1's defaults, where asked for, are keywords too (v1-defaults)
      const defaults = context.options.keepV1Defaults && (call.row.options === "scrape" || call.row.options === "batch");
      if (methodArguments(call).length <= PY_V1_PARAMS_AT && !defaults) continue;
      if (!isV1PyCall(call, context.calls, context.options.sdk, context.sdk)) continue;
      const all = call.args.namedChildren.filter((n) => n !== null);
      const method = positional(call.args)[call.passed.skipped - 1]!;
      const handed = all.slice(all.findIndex((n) => n.id === method.id));
      const last = handed.at(-1)!;
      if (method.startPosition.row === last.endPosition.row) {
        context.edit(method.startIndex, method.startIndex, `${spelled}(`, EXECUTOR_PARTIAL);
        context.edit(last.endIndex, last.endIndex, ")");
      } else if (handed.every((n) => n.type !== "comment" && n.startPosition.row === n.endPosition.row)) {
        // Arguments one to a line are joined in the partial: its own lines would indent them anew.
        context.edit(method.startIndex, last.endIndex, `${spelled}(${handed.map((n) => n.text).join(", ")})`, EXECUTOR_PARTIAL);
      }
    }
  },
};
