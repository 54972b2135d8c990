/**
 * Version hedges on a client's methods: `if hasattr(app, "scrape_url"): <v1 call> else: <v2 call>`. The side the test
 * opened is the one 1.x and 2.x ran; v2's client has the method by its v2 name, which the test would ask once renamed
 * (client-methods), so that side runs on v2 too, and the others never do: it stands in the if's place, to be migrated
 * as the rest of the module is, and they go before any step works on them.
 */
import { removed, type Message } from "../../mapping/messages.js";
import { bodyInPlace, elseInPlace } from "../branches.js";
import { methodProbes } from "../detect/clients.js";
import type { PyStep } from "../pipeline.js";
import { outer } from "../runtime/parser.js";
import { probesV1Client } from "./client-methods.js";

const HEDGE_TAKEN = (method: string, v2: string): Message =>
  removed(
    `the test hasattr(client, "${method}") and the branches it passed over`,
    `v2's client has it as ${v2}(), so the side it opened, which 1.x ran, is the one that runs`,
  );

export const step: PyStep = {
  name: "method-probes",
  description: 'keeps the side 1.x ran of a version hedge on a method (if hasattr(app, "scrape_url"): ...) in the if\'s place',
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
  },
};
