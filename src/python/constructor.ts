/**
 * The client's constructor: 1.x and 2.x took `api_url=None` as "the default" (falling back to
 * FIRECRAWL_API_URL, then the cloud API), while 4.x's Firecrawl reads the string at once and fails on None.
 * An `api_url` that can be None (an unset environment variable, a parameter) gets v1's fallback written out:
 * FIRECRAWL_API_URL, which 4.x no longer reads (sdk-facts 6), then the cloud API. A self-hosted deployment that set
 * only the variable would otherwise talk to the cloud: where the module has no `os` (nor `from os import getenv`),
 * it gains `import os`.
 */
import { PY_CLIENT_V1_NAMES, PY_DEFAULT_API_URL } from "../mapping/python.js";
import { following, reworded } from "../mapping/messages.js";
import { moduleOf } from "./detect/requests.js";
import { keywords } from "./detect/arguments.js";
import type { PyContext } from "./pipeline.js";
import { allOf, calledName, lastName, type Node } from "./runtime/parser.js";
import { bindingScope, rebinds, usesIn } from "./detect/names.js";

const API_URL_DEFAULT = reworded(
  "v2's client fails on api_url=None, which v1 took as the default: give it the default",
  `api_url falls back to ${PY_DEFAULT_API_URL} as in v1`,
);
const API_URL_FALLBACK = reworded(
  "v2's client fails on api_url=None, which v1 took as the default: give it the default",
  `api_url falls back to FIRECRAWL_API_URL, then ${PY_DEFAULT_API_URL}, as in v1`,
);

/**
 * Values that are never None: strings, f-strings, `os.environ["X"]`, `os.getenv("X", "default")`, `x or "default"`, and a
 * name every binding of which in its scope is a plain assignment of such a value (`api_url = "https://..."`).
 */
function neverNone(value: Node, depth = 0): boolean {
  if (value.type === "string" || value.type === "concatenated_string" || value.type === "boolean_operator") return true;
  if (value.type === "identifier" && depth < 3) {
    const scope = bindingScope(value);
    const bindings = usesIn(scope, value.text).filter((n) => rebinds(n) && bindingScope(n).id === scope.id);
    return (
      bindings.length > 0 &&
      bindings.every((n) => {
        const assignment = n.parent?.type === "assignment" && n.parent.childForFieldName("left")?.id === n.id ? n.parent : null;
        const right = assignment && !assignment.childForFieldName("type") ? assignment.childForFieldName("right") : null;
        return !!right && neverNone(right, depth + 1);
      })
    );
  }
  if (value.type === "subscript") return true;
  if (value.type === "call" && ["getenv", "get"].includes(calledName(value))) {
    const args = value.childForFieldName("arguments")?.namedChildren ?? [];
    return args.length > 1 && args[1]?.text !== "None";
  }
  return false;
}

/**
 * A value the branch it is read in has tested: `if url:` or `if url is not None:` around it, or the `else:` of
 * `if url is None:` (the code gives the default itself on the other side).
 */
function testedNotNone(value: Node): boolean {
  const said = value.text;
  for (let at: Node | null = value; at?.parent; at = at.parent) {
    const branch = at.parent;
    const condition =
      (branch.type === "if_statement" || branch.type === "elif_clause") && branch.childForFieldName("consequence")?.id === at.id
        ? branch.childForFieldName("condition")
        : null;
    if (condition && (condition.text === said || condition.text === `${said} is not None`)) return true;
    const test = branch.type === "else_clause" && branch.parent?.type === "if_statement" ? branch.parent : null;
    const elifs = test?.namedChildren.some((c) => c?.type === "elif_clause");
    if (test && !elifs && test.childForFieldName("condition")?.text === `${said} is None`) return true;
  }
  return false;
}

/** `FirecrawlApp(api_url=os.getenv("FIRECRAWL_API_URL"))`: `api_url=os.getenv("FIRECRAWL_API_URL") or "https://api.firecrawl.dev"`. */
export function keepApiUrlFallback(context: PyContext): void {
  // `AsyncFirecrawl(api_url=base_url)` where the module imports no v1 client: made as 4.x's already, None and all (the
  // module is migrated for something else, a raw request). Half-migrated modules get the fallback everywhere.
  const isClass = (fn: Node | null) =>
    !!fn &&
    ((context.sdk.classes.has(fn.text) && !context.sdk.v2Classes.has(fn.text)) ||
      (fn.type === "attribute" && context.sdk.modules.has(fn.childForFieldName("object")?.text ?? "") && PY_CLIENT_V1_NAMES.has(lastName(fn))));
  // `os` at hand: the module imports it itself, at its top
  let getenv = moduleOf(context.tree, "os") === "os" ? "os.getenv" : moduleOf(context.tree, "getenv") === "os" ? "getenv" : undefined;
  for (const call of allOf(context.tree.rootNode, "call")) {
    if (!isClass(call.childForFieldName("function"))) continue;
    const url = keywords(call.childForFieldName("arguments")!).find((k) => k.name === "api_url");
    // A literal None is left to the reader: it says "the default" on purpose, and no fallback names it better.
    if (!url || neverNone(url.value) || url.value.type === "none" || testedNotNone(url.value)) continue;
    const wrap = url.value.type === "conditional_expression" || url.value.type === "lambda";
    if (wrap) context.edit(url.value.startIndex, url.value.startIndex, "(");
    // A value read from FIRECRAWL_API_URL itself needs only the default after it.
    const env = !url.value.text.includes("FIRECRAWL_API_URL") && (getenv ??= importOs(context));
    const fallback = env ? `${getenv}("FIRECRAWL_API_URL", "${PY_DEFAULT_API_URL}")` : `"${PY_DEFAULT_API_URL}"`;
    context.edit(url.value.endIndex, url.value.endIndex, `${wrap ? ")" : ""} or ${fallback}`, env ? API_URL_FALLBACK : API_URL_DEFAULT);
  }
}

const OS_IMPORTED = following("imported os, to read FIRECRAWL_API_URL as v1 did");

/**
 * `import os` above the module's first import at its top (after `from __future__` ones, which must come first):
 * "os.getenv". Undefined where the module imports nothing at its top (the SDK imported in a function only).
 */
function importOs(context: PyContext): string | undefined {
  const first = context.tree.rootNode.namedChildren.find(
    (s) => (s?.type === "import_statement" || s?.type === "import_from_statement") && s.childForFieldName("module_name")?.text !== "__future__",
  );
  if (!first) return undefined;
  context.edit(first.startIndex, first.startIndex, `import os${context.source.eol}`, OS_IMPORTED);
  return "os.getenv";
}
