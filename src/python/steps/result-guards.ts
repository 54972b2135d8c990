/**
 * `(result or {}).get("markdown", "")`: a stand-in for a result that was None, around a v1 call's result that its
 * name holds alone. v2's calls answer a model, which is always true, or raise: the `or` gives the result itself. It
 * goes before the params step, which parses what it leaves afresh, so the results step reads the result as the model it is.
 */
import { removed } from "../../mapping/messages.js";
import { emptyOr } from "../detect/empty-defaults.js";
import { onlyBinding } from "../detect/names.js";
import { boundName, resultExpression, usesAfter } from "../detect/result-values.js";
import { isV1PyCall } from "../detect/version.js";
import type { PyStep } from "../pipeline.js";
import { outer } from "../runtime/parser.js";

const EMPTY_STAND_IN = removed("the empty dict standing in for a result that was None", "v2's calls answer a model, which is always true, or raise");

export const step: PyStep = {
  name: "result-guards",
  description: "takes the empty dict out of (result or {}) around a v1 call's result, which v2 answers as a model or raises",
  run(context) {
    for (const call of context.calls) {
      // a call v2 has (one kept on v1 through `.v1` answers as v1 did), answering a model (a cancel answers a bool)
      const v2 = call.row.python.v2;
      if (!v2 || v2 === "watcher" || !call.row.result || call.row.result === "cancel") continue;
      if (call.passed || call.invokes || !isV1PyCall(call, context.calls, context.options.sdk, context.sdk)) continue;
      const name = boundName(resultExpression(call.node));
      // a name bound elsewhere too (`result = None` before a try) may hold None where it is read
      if (!name || onlyBinding(name)?.id !== name.id) continue;
      for (const use of usesAfter(name)) {
        // `name or {}` (or `dict()`), in parentheses or not: the name in its place
        const or = emptyOr(use);
        if (or) context.edit(outer(or).startIndex, outer(or).endIndex, use.text, EMPTY_STAND_IN);
      }
    }
  },
};
