/**
 * Version awareness for Python (DESIGN contract 8, as js/detect/version.ts for JavaScript). In firecrawl-py 3
 * and later `FirecrawlApp` is an alias of v2's `Firecrawl`, so `FirecrawlApp(...).scrape(...)` is v2 code.
 * A call is v1 when its method exists only in v1 (`scrape_url`, `crawl_url`, `map_url`, ...), or, for a
 * name both versions share (`search`, `extract`, `cancel_crawl`, ...), when the call has v1's shape (a `params`
 * dict, positionally or by name: v2 takes keywords only after the first argument, so whatever the project pins),
 * the package is on v1, a search's result is read as v1's (`.data`, `["data"]`, `.success`: v2's has web, news and images), or the file calls a method only v1 has, calls one in v1's shape, or imports a name only 1.x/2.x had (`from firecrawl
 * import ScrapeOptions` raises on firecrawl-py 4), or, in a module that does not make its clients as 4.x's only, it is
 * given an option in the API's camelCase. With no pin and no such sign, the call is v2's, as in
 * JavaScript: `FirecrawlApp(...).search(query, limit=5)` runs on firecrawl-py 4 as written.
 */
import type { ApiVersion } from "../../mapping/imports.js";
import { isV2OnlyPythonMethod } from "../../mapping/client-methods.js";
import { PY_LEGACY_MODULES, PY_MOVED_TYPES, PY_PACKAGE, PY_TYPES_MODULE, PY_V1_ONLY_TYPES } from "../../mapping/python.js";
import { keywords } from "./arguments.js";
import { methodArguments } from "./forwarders.js";
import { boundName, resultExpression, usesAfter } from "./result-values.js";
import { readAbove } from "./dict-reads.js";
import { stringValue, within } from "../runtime/parser.js";
import type { PyBindings, PyCall, PyMethodUse } from "./clients.js";
import type { Node } from "../runtime/parser.js";

/** Where v2 keeps its option models: `firecrawl.types`, and v2's own `firecrawl.v2.types`. */
export function keepsModels(module: string): boolean {
  return module === PY_TYPES_MODULE || module.startsWith(`${PY_PACKAGE}.v2`);
}

/** An import only 3.x and later code has: from where v2 keeps its models. */
function importsV2Models(statement: Node): boolean {
  return statement.type === "import_from_statement" && keepsModels(statement.childForFieldName("module_name")!.text);
}

/** An import only v1 code has: from a module v2 removed, or a 2.x model from where v2 no longer keeps it. */
export function importsV1Only(statement: Node): boolean {
  if (statement.type !== "import_from_statement") return false;
  const module = statement.childForFieldName("module_name")!.text;
  if ((PY_LEGACY_MODULES as readonly string[]).includes(module)) return true;
  const names = statement.childrenForFieldName("name").map((n) => (n?.type === "aliased_import" ? n.childForFieldName("name")!.text : (n?.text ?? "")));
  return !keepsModels(module) && names.some((n) => n in PY_MOVED_TYPES || PY_V1_ONLY_TYPES.has(n));
}

/** v1's argument shape: `params` as the second positional argument or by name. */
function hasV1Shape(call: PyMethodUse): boolean {
  const args = "args" in call ? (call as PyCall).args : undefined;
  return args !== undefined && (methodArguments(call as PyCall).length > 1 || keywords(args).some((k) => k.name === "params"));
}

/** A name as the API spells it, camelCase (`onlyMainContent`, `expiresAt`), where firecrawl-py 4.x's are snake_case. */
const CAMEL_CASE = /^[a-z]+[A-Z]/;

/**
 * An option named as the API spells it (`extract(urls, onlyMainContent=True)`): 2.x's methods took such keywords into
 * their `**kwargs`; 4.x's sync client rejects them (its async client's `**kwargs` go into models that ignore them).
 */
function hasCamelCaseOption(call: PyMethodUse): boolean {
  const args = "args" in call ? (call as PyCall).args : undefined;
  return args !== undefined && keywords(args).some((k) => CAMEL_CASE.test(k.name));
}

/** The fields only v1's search result has: v2's `SearchData` raises AttributeError on them. */
const V1_SEARCH_FIELDS: ReadonlySet<string> = new Set(["data", "success", "error", "warning"]);

/**
 * Whether `use` (a search's result) is read by a field v1's result has and v2's lacks: `.data`, `["data"]`,
 * `.get("data")`, `getattr(r, "data", None)`, or a key of its dump (`(r.dict())["data"]`, `r.model_dump()["data"]`).
 */
function readAsV1Search(use: Node, dumped = false): boolean {
  let at = use;
  while (at.parent?.type === "parenthesized_expression") at = at.parent;
  const parent = at.parent;
  const probe = parent?.type === "argument_list" && parent.namedChildren[0]?.id === at.id ? parent.parent : null;
  if (!dumped && probe && ["getattr", "hasattr"].includes(probe.childForFieldName("function")?.text ?? ""))
    return V1_SEARCH_FIELDS.has(stringValue(parent!.namedChildren[1] ?? null) ?? "");
  // a dump's keys are read as a dict's: an attribute of it is none of them
  const read = readAbove(at);
  if (read) return (!dumped || read.form !== "attribute") && V1_SEARCH_FIELDS.has(read.field);
  const method = parent?.type === "attribute" ? parent.childForFieldName("attribute")!.text : undefined;
  const call = parent?.parent?.type === "call" && parent.parent.childForFieldName("function")?.id === parent.id ? parent.parent : null;
  return !dumped && !!call && (method === "dict" || method === "model_dump") && readAsV1Search(call, true);
}

/** `r.expiresAt`: a field by the API's camelCase name, which 2.x's models spelled so and 4.x's spell snake_case. */
function readAsCamelCase(use: Node): boolean {
  const read = readAbove(use);
  return read?.form === "attribute" && CAMEL_CASE.test(read.field);
}

/** A call whose result, as it comes or by the name it is bound to, is read as v1's: a search's `.data`, any result's camelCase field. */
function hasV1ResultReads(call: PyMethodUse): boolean {
  if (!("args" in call)) return false;
  const read = (use: Node) => readAsCamelCase(use) || (call.method === "search" && readAsV1Search(use));
  const value = resultExpression(call.node);
  const name = boundName(value);
  return read(value) || (name !== null && usesAfter(name).some(read));
}

/** What of the module's bindings of the SDK says which release its calls were written for. */
type Bindings = Pick<PyBindings, "imports" | "v2Classes">;

export function isV1PyCall(call: PyMethodUse, calls: readonly PyMethodUse[], sdk: ApiVersion | undefined, bindings: Bindings): boolean {
  if (call.isV1Name) return true;
  if (isV2OnlyPythonMethod(call.method)) return false;
  // v1's shape is a TypeError on 4.x whatever the project pins: the call was written for v1 (a pin moved ahead of it)
  if (hasV1Shape(call)) return true;
  // A module that makes its clients as 4.x's only wrote its calls of a shared name for 4.x, where it calls none by a
  // v1 name or in v1's shape: a `.data` read off a search there is a hedge of its own (`elif hasattr(results, "data")`),
  // as is a keyword 4.x's async client lets through.
  if (bindings.v2Classes.size && !calls.some((c) => c.isV1Name || hasV1Shape(c))) return false;
  // so is such a keyword in a module that imports v2's models (`firecrawl.types`, which 1.x and 2.x did not have)
  if (hasCamelCaseOption(call) && !bindings.imports.some(importsV2Models)) return true;
  if (sdk) return sdk === "v1";
  return calls.some((c) => c.isV1Name || hasV1Shape(c) || hasV1ResultReads(c)) || bindings.imports.some(importsV1Only);
}

/** Whether the file has v1 calls to migrate: what the client class's rename rides along with. */
export function hasV1PyCalls(calls: readonly PyMethodUse[], sdk: ApiVersion | undefined, bindings: Bindings): boolean {
  return calls.some((call) => isV1PyCall(call, calls, sdk, bindings));
}

/**
 * `if hasattr(app, "scrape"): app.scrape(url, onlyMainContent=True)` in a file with v1 calls: the branch such code
 * keeps for a client it had not met. The call never ran (1.x's and 2.x's clients have no such method) and its options
 * are v1's habits (camelCase names, dicts for models), which v2 rejects: they are migrated as a v1 call's are.
 * `probes`: the file's hasattr probes of client methods (methodProbes).
 */
export function isProbedV2Call(
  call: PyCall,
  probes: readonly PyMethodUse[],
  calls: readonly PyMethodUse[],
  sdk: ApiVersion | undefined,
  bindings: Bindings,
): boolean {
  if (call.isV1Name || !isV2OnlyPythonMethod(call.method) || !hasV1PyCalls(calls, sdk, bindings)) return false;
  const own = probes.filter((probe) => probe.method === call.method && probe.receiver.text === call.receiver.text);
  for (let at: Node | null = call.node; own.length && at?.parent; at = at.parent) {
    const clause = at.parent;
    if ((clause.type !== "if_statement" && clause.type !== "elif_clause") || clause.childForFieldName("consequence")?.id !== at.id) continue;
    const condition = clause.childForFieldName("condition")!;
    if (own.some((probe) => within(probe.node, condition))) return true;
  }
  return false;
}
