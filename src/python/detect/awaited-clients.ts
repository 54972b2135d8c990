/**
 * A sync client whose every call the code awaits (`result = await self.app.scrape_url(url)` on a `FirecrawlApp`): 1.x's
 * and 2.x's sync client returns the result itself, so each such line raised TypeError once the request was done, and
 * the code never ran as written. It was written for the async client, which v2's `AsyncFirecrawl` is: the class becomes
 * that one, and its calls are migrated as an async client's. Only where nothing else can call the client without
 * `await`: the class is named in constructor calls alone, each bound to a name or `self.<attr>` that is never handed on
 * (a client handed to another function may be called there as the sync one it is), nor read from outside: a module-level
 * name no other module imports, an attribute no code outside its class reads (`service.app.scrape_url(url)`, here or in
 * a module that imports the class).
 */
import { PY_CLIENTS } from "../../mapping/python.js";
import { allOf, enclosing, outer, parameterName, within, type Node, type Tree } from "../runtime/parser.js";
import { bindingScope, usesIn } from "./names.js";
import type { PyBindings, PyCall } from "./clients.js";

const SYNC_V1 = new Set<string>(PY_CLIENTS.filter((c) => !c.async).map((c) => c.v1));

/** What other modules of the project do with the module's names (detect/importers.ts). */
export interface Elsewhere {
  /** whether another module imports the module-level name */
  imported(name: string): boolean;
  /** whether another module that imports the class reads an attribute of that name of anything */
  readsAttribute(cls: string, attribute: string): boolean;
}

/** The local names of the sync v1 client classes the module imports whose clients the code only awaits. */
export function awaitedSyncClasses(tree: Tree, sdk: PyBindings, calls: readonly PyCall[], elsewhere: Elsewhere): Set<string> {
  const meant = new Set<string>();
  const sync = calls.filter((c) => !c.async);
  if (!sync.length || sdk.modules.size || !sync.every(awaitedItself)) return meant;
  const root = tree.rootNode;
  for (const statement of sdk.imports) {
    if (statement.type !== "import_from_statement") continue;
    for (const name of statement.childrenForFieldName("name")) {
      const imported = name?.type === "aliased_import" ? name.childForFieldName("name")!.text : name?.text;
      const local = name?.type === "aliased_import" ? name.childForFieldName("alias")!.text : imported;
      if (!imported || !local || !SYNC_V1.has(imported) || sdk.classes.get(local) !== false) continue;
      const uses = usesIn(root, local).filter((use) => !enclosing(use, "import_from_statement"));
      if (uses.length && uses.every((use) => keptHere(use, sdk, elsewhere))) meant.add(local);
    }
  }
  return meant;
}

/** A call of the method itself under `await`: not a mock's assertion, nor one handed to a runner. */
const awaitedItself = (call: PyCall) => !call.mock && !call.passed && !call.invokes && call.node.parent?.type === "await";

/**
 * A use of the class that calls it, bound to a name or an attribute of `self` that is never handed on, except to a
 * parameter of the module's own functions the module takes for a client: its calls there are among those awaited. A
 * module's name no other module imports; an attribute that nothing outside its class reads, in this module or another.
 */
function keptHere(use: Node, sdk: PyBindings, elsewhere: Elsewhere): boolean {
  const call = use.parent?.type === "call" && use.parent.childForFieldName("function")?.id === use.id ? use.parent : null;
  const assignment = call && call.parent?.type === "assignment" && call.parent.childForFieldName("right")?.id === call.id ? call.parent : null;
  const target = assignment?.childForFieldName("left");
  const kept = (n: Node) => n.id === target!.id || notHandedOn(n) || handedToClientParameter(n, sdk);
  if (target?.type === "identifier") {
    const scope = bindingScope(target);
    return (scope.type !== "module" || !elsewhere.imported(target.text)) && usesIn(scope, target.text).every(kept);
  }
  const cls = target?.type === "attribute" && target.childForFieldName("object")?.text === "self" ? enclosing(target, "class_definition") : undefined;
  if (!cls) return false;
  const attribute = target!.childForFieldName("attribute")!.text;
  const sameName = allOf(use.tree.rootNode, "attribute").filter((a) => a.childForFieldName("attribute")?.text === attribute);
  return (
    sameName.every((a) => within(a, cls) && a.text === target!.text && kept(a)) && !elsewhere.readsAttribute(cls.childForFieldName("name")!.text, attribute)
  );
}

/** Where a value goes somewhere else: handed to a call, returned, yielded, bound again, or put into a container. */
const HANDING = new Set([
  "argument_list",
  "keyword_argument",
  "return_statement",
  "yield",
  "assignment",
  "augmented_assignment",
  "expression_list",
  "list",
  "tuple",
  "set",
  "pair",
  "lambda",
  "conditional_expression",
]);

/** A use that reads the client or tests it (`self.app.scrape_url`, `if self.app is None`), and does not hand it on. */
const notHandedOn = (n: Node) => !HANDING.has(outer(n).parent?.type ?? "");

/** A positional argument of a call of one of the module's functions, whose parameter there the module takes for a client. */
function handedToClientParameter(n: Node, sdk: PyBindings): boolean {
  const args = n.parent?.type === "argument_list" ? n.parent : null;
  const callee = args?.parent?.type === "call" ? args.parent.childForFieldName("function") : null;
  if (callee?.type !== "identifier") return false;
  const at = args!.namedChildren.findIndex((a) => a?.id === n.id);
  return allOf(n.tree.rootNode, "function_definition").some((fn) => {
    if (fn.childForFieldName("name")?.text !== callee.text) return false;
    const parameter = fn.childForFieldName("parameters")?.namedChildren[at];
    const name = parameter && parameterName(parameter);
    return !!name && sdk.names.has(name.text);
  });
}
