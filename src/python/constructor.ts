/**
 * The client's constructor: 1.x and 2.x took `api_url=None` as "the default" (falling back to
 * FIRECRAWL_API_URL, then the cloud API), while 4.x's Firecrawl reads the string at once and fails on None.
 * An `api_url` that can be None (an unset environment variable, a parameter) gets v1's fallback written out:
 * FIRECRAWL_API_URL, which 4.x no longer reads (sdk-facts 6), where the module has `os` at hand, then the cloud API.
 */
import { PY_CLIENTS, PY_DEFAULT_API_URL } from "../mapping/python.js";
import { reworded } from "../mapping/messages.js";
import { moduleOf } from "./detect/requests.js";
import { keywords } from "./detect/arguments.js";
import type { PyContext } from "./pipeline.js";
import { allOf, calledName, lastName, type Node } from "./runtime/parser.js";

const CLASSES = new Set<string>(PY_CLIENTS.map((c) => c.v1));

const API_URL_DEFAULT = reworded(
  "v2's client fails on api_url=None, which v1 took as the default: give it the default",
  `api_url falls back to ${PY_DEFAULT_API_URL} as in v1`,
);
const API_URL_FALLBACK = reworded(
  "v2's client fails on api_url=None, which v1 took as the default: give it the default",
  `api_url falls back to FIRECRAWL_API_URL, then ${PY_DEFAULT_API_URL}, as in v1`,
);

/** Values that are never None: strings, f-strings, `os.environ["X"]`, `os.getenv("X", "default")`, `x or "default"`. */
function neverNone(value: Node): boolean {
  if (value.type === "string" || value.type === "concatenated_string" || value.type === "boolean_operator") return true;
  if (value.type === "subscript") return true;
  if (value.type === "call" && ["getenv", "get"].includes(calledName(value))) {
    const args = value.childForFieldName("arguments")?.namedChildren ?? [];
    return args.length > 1 && args[1]?.text !== "None";
  }
  return false;
}

/** `FirecrawlApp(api_url=os.getenv("FIRECRAWL_API_URL"))`: `api_url=os.getenv("FIRECRAWL_API_URL") or "https://api.firecrawl.dev"`. */
export function keepApiUrlFallback(context: PyContext): void {
  const isClass = (fn: Node | null) =>
    !!fn &&
    (context.sdk.classes.has(fn.text) ||
      (fn.type === "attribute" && context.sdk.modules.has(fn.childForFieldName("object")?.text ?? "") && CLASSES.has(lastName(fn))));
  // `os` at hand: the module imports it itself, at its top
  const os = moduleOf(context.tree, "os") === "os";
  for (const call of allOf(context.tree.rootNode, "call")) {
    if (!isClass(call.childForFieldName("function"))) continue;
    const url = keywords(call.childForFieldName("arguments")!).find((k) => k.name === "api_url");
    // A literal None is left to the reader: it says "the default" on purpose, and no fallback names it better.
    if (!url || neverNone(url.value) || url.value.type === "none") continue;
    const wrap = url.value.type === "conditional_expression" || url.value.type === "lambda";
    if (wrap) context.edit(url.value.startIndex, url.value.startIndex, "(");
    // A value read from FIRECRAWL_API_URL itself needs only the default after it.
    const env = os && !url.value.text.includes("FIRECRAWL_API_URL");
    const fallback = env ? `os.getenv("FIRECRAWL_API_URL", "${PY_DEFAULT_API_URL}")` : `"${PY_DEFAULT_API_URL}"`;
    context.edit(url.value.endIndex, url.value.endIndex, `${wrap ? ")" : ""} or ${fallback}`, env ? API_URL_FALLBACK : API_URL_DEFAULT);
  }
}
