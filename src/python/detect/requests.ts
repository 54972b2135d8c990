/**
 * Requests to the Firecrawl API from Python without the SDK, found by their URL (as js/detect/requests.ts finds
 * JavaScript's): a URL under the API host or a /v1 path joined to a base the code names as Firecrawl's, the call
 * that sends it and the dict literal it sends; the api-requests step (steps/api-requests.ts) migrates them.
 */
import type { Node, Tree } from "web-tree-sitter";
import {
  type RouteRow,
  SAYS_FIRECRAWL,
  namesFirecrawlBase,
  HOLDS_API,
  routeOf,
  hostV1,
  PATH_V1,
  startsRoute,
  V1_BODY_NAMES,
  versionReplace,
} from "../../mapping/api-requests.js";
import { keywords, dictEntries } from "./arguments.js";
import { allOf, enclosing, returnsOf, stringValue } from "../runtime/parser.js";
import type { OptionsKind } from "../../mapping/client-methods.js";
import { NESTED_OPTIONS } from "../../mapping/options.js";
import { bodySource, isProjectModule, type ListedNames } from "../../core/project-modules.js";

/** Whether another module may import a module-level name of this one (detect/importers.ts). */
type Exported = (name: string) => boolean;

export interface PyRequest {
  /** offsets of the `v1` to make `v2` */
  readonly version: { readonly start: number; readonly end: number };
  /** where the URL is written (for a base constant, where it is joined to a route) */
  readonly site: Node;
  readonly route: RouteRow | undefined;
  /** the text after /v1/ as written, for messages */
  readonly path: string;
  /** the dict literal the request sends */
  readonly body?: Node;
  /** the call that sends the request: its result is the response */
  readonly call?: Node;
  /** the options tables of the routes one body goes to, where they differ: the body is left for a human */
  readonly mixed?: readonly string[];
  /** where the body comes from when the module does not show its keys (a parameter, `**options`): the request stays */
  readonly unseen?: string;
  /** `payload["maxDepth"] = 2`: the keys the code sets on the body after its literal */
  readonly keysSet?: readonly Node[];
  /** the request is its route's own (a job's start), not a job's status, errors or cancel */
  readonly start: boolean;
  /** what a whole URL is the fallback of (`os.getenv("CRAWL_URL", ".../v1/crawl")`): it may name a v1 route, so the request stays */
  readonly fallbackOf?: string;
  /** where a body's formats come from when the module does not show them: the request stays */
  readonly formatsFrom?: string;
  /** the dict the request sends, one object per dict: requests that send the same one move together */
  readonly sends?: object;
  /** the base a Firecrawl route is joined to where nothing names it Firecrawl's: the request stays, marked */
  readonly weak?: string;
  /** the code that cuts a base's /v1 off to join its own version (`API.replace("/v1", "")`): the base stays */
  readonly cut?: string;
}

/**
 * What `name` was last assigned before `at`: in the function around `at` when it assigns the name there,
 * else at the module's top level (a payload built in one method is not another method's).
 */
function assignedValue(tree: Tree, name: string, at: Node): Node | undefined {
  const scope = enclosing(at, "function_definition");
  const assigned = (root: Node) =>
    allOf(root, "assignment").filter(
      (a) =>
        a.childForFieldName("left")?.text === name &&
        (root.id === tree.rootNode.id
          ? !enclosing(a, "function_definition")
          : a.startIndex < at.startIndex && enclosing(a, "function_definition")?.id === root.id),
    );
  const found = scope ? assigned(scope) : [];
  const candidates = found.length ? found : assigned(tree.rootNode);
  return candidates.at(-1)?.childForFieldName("right") ?? undefined;
}

/**
 * A base the code names as Firecrawl's: by its own text (`FIRECRAWL_API_URL`, `os.getenv("FIRECRAWL_URL")`),
 * by what its name was assigned, or (`self.base_url`) by the class it is read in naming Firecrawl.
 */
function isFirecrawlBase(tree: Tree, base: Node | undefined): boolean {
  if (!base) return false;
  if (SAYS_FIRECRAWL.test(base.text)) return true;
  const value = base.type === "identifier" || base.type === "attribute" ? assignedValue(tree, base.text, base) : undefined;
  if (value && namesFirecrawlBase(value.text)) return true;
  if (base.type === "attribute" && base.childForFieldName("object")?.text === "self") {
    const cls = enclosing(base, "class_definition");
    return !!cls && (SAYS_FIRECRAWL.test(cls.childForFieldName("name")?.text ?? "") || HOLDS_API.test(cls.text));
  }
  return false;
}

/**
 * What a `/v1/<route>` piece is joined to when nothing names it Firecrawl's (`f"{endpoint}/v1/crawl"`), as in
 * JavaScript (js/detect/requests.ts): undefined where the code gives the base another address.
 */
function weakJoin(tree: Tree, base: Node): string | undefined {
  const owner = base.type === "attribute" && base.childForFieldName("object")?.text === "self" ? enclosing(base, "class_definition") : undefined;
  const declared = owner ?? (base.type === "identifier" || base.type === "attribute" ? assignedValue(tree, base.text, base) : undefined);
  return declared?.text.includes("://") ? undefined : `joined to \`${base.text}\``;
}

/** The route after /v1/, whose text may go on in an interpolation (`/v1/crawl/{job_id}`, `/v1/{endpoint}`). */
function routeAfter(path: string, open: boolean): RouteRow | undefined {
  return routeOf(path.replace(/\/$/, "")) ?? (open ? undefined : routeOf(path));
}

/** The string (or f-string, or `+` chain) a piece of a URL stands in. */
function urlExpression(string: Node): Node {
  let at = string;
  // `".../v1/scrape" if one else ".../v1/crawl"`: either URL goes where the choice goes.
  const chosen = (node: Node) => node.type === "conditional_expression" && node.namedChildren[1]?.id !== at.id;
  while (
    at.parent &&
    (at.parent.type === "binary_operator" || at.parent.type === "concatenated_string" || at.parent.type === "parenthesized_expression" || chosen(at.parent))
  )
    at = at.parent;
  return at;
}

/** The dict literal behind a value: itself, `json.dumps(...)`'s argument, or what a name was assigned. */
function dictBehind(tree: Tree, value: Node | null | undefined, exported: Exported): Node | undefined {
  if (!value) return undefined;
  if (value.type === "dictionary") return value;
  if (value.type === "call" && value.childForFieldName("function")?.text === "json.dumps") {
    return dictBehind(tree, value.childForFieldName("arguments")?.namedChildren[0], exported);
  }
  if (value.type === "identifier") {
    const assigned = assignedValue(tree, value.text, value);
    return assigned?.type === "dictionary" ? assigned : assigned?.type === "call" ? builtBy(tree, assigned, exported) : undefined;
  }
  if (value.type === "call") return builtBy(tree, value, exported);
  return undefined;
}

/**
 * The dict a builder function of the module returns (`payload = _build_payload(url)`, `def _build_payload(...):
 * payload = {...}; payload["maxDepth"] = 2; return payload`): its one return's value, where that is one.
 * Only a builder this call alone uses: another call may send the dict where this codemod sees no request
 * (`f"{endpoint}/v1/crawl"`), which a migrated dict would break.
 */
function builtBy(tree: Tree, call: Node, exported: Exported): Node | undefined {
  const callee = call.childForFieldName("function");
  if (callee?.type !== "identifier") return undefined;
  // The cheap test first: most calls are to no builder of the module's own.
  const builder = privateBuilder(tree, call, callee.text, exported);
  if (!builder) return undefined;
  if (allOf(tree.rootNode, "call").filter((c) => c.childForFieldName("function")?.text === callee.text).length !== 1) return undefined;
  const returns = returnsOf(builder);
  const value = returns.length === 1 ? returns[0]!.namedChildren[0] : undefined;
  return value?.type === "call" ? undefined : dictBehind(tree, value, exported);
}

/**
 * The function named `name` that only this module can call: one defined in the function the call is in, or one
 * at the module's top level that is `_private` or no other module imports. A builder another module imports may
 * send its dict to a v1 endpoint, which a migrated dict would break without a word.
 */
function privateBuilder(tree: Tree, call: Node, name: string, exported: Exported): Node | undefined {
  const caller = enclosing(call, "function_definition");
  const named = (d: Node | null): d is Node => d?.type === "function_definition" && d.childForFieldName("name")?.text === name;
  const nested = caller && allOf(caller, "function_definition").find((d) => named(d) && enclosing(d, "function_definition")?.id === caller.id);
  if (nested) return nested;
  const own = tree.rootNode.namedChildren.find(named);
  return own && (name.startsWith("_") || !exported(name)) ? own : undefined;
}

/** The arguments of the call that sends a URL: the URL's own, or (`url = f"..."`) those of the call it is passed to. */
function sendingArguments(tree: Tree, url: Node): Node | undefined {
  let at = urlExpression(url);
  // url = f"..." then requests.post(url, json=...)
  if (at.parent?.type === "assignment" && at.parent.childForFieldName("right")?.id === at.id) {
    const name = at.parent.childForFieldName("left")?.text;
    const scope = enclosing(at, "function_definition") ?? tree.rootNode;
    const use = allOf(scope, "argument_list").find(
      (args) =>
        args.namedChildren.some((a) => a?.type === "identifier" && a.text === name) || keywords(args).some((k) => k.name === "url" && k.value.text === name),
    );
    if (!use) return undefined;
    at = use.namedChildren[0]!;
  }
  return at.parent?.type === "argument_list" ? at.parent : at.parent?.type === "keyword_argument" ? (at.parent.parent ?? undefined) : undefined;
}

/** The value a call sends as the request's body: `json=`, or `data=` (`json.dumps(...)`). */
function bodyValue(args: Node | undefined): Node | undefined {
  if (!args) return undefined;
  const all = keywords(args);
  return (all.find((k) => k.name === "json") ?? all.find((k) => k.name === "data" || k.name === "content"))?.value;
}

/**
 * `payload["maxDepth"] = 2` after `payload = {...}`, in the same function: the keys the code sets on a body
 * dict held in a name. Undefined when it changes the dict in a way whose keys it does not show (`payload[key]
 * = ...`, `payload.update(...)`).
 */
function keysSetOn(tree: Tree, dict: Node): Node[] | undefined {
  const assignment = dict.parent?.type === "assignment" && dict.parent.childForFieldName("right")?.id === dict.id ? dict.parent : undefined;
  const name = assignment?.childForFieldName("left");
  if (!assignment || name?.type !== "identifier") return [];
  const scope = enclosing(assignment, "function_definition") ?? tree.rootNode;
  const inScope = (node: Node) => (enclosing(node, "function_definition") ?? tree.rootNode).id === scope.id && node.startIndex > assignment.endIndex;
  const set: Node[] = [];
  for (const subscript of allOf(scope, "subscript")) {
    if (subscript.childForFieldName("value")?.text !== name.text || !inScope(subscript)) continue;
    const target = subscript.parent?.type === "assignment" && subscript.parent.childForFieldName("left")?.id === subscript.id;
    if (!target) continue;
    if (stringValue(subscript.childForFieldName("subscript")) === undefined) return undefined;
    set.push(subscript);
  }
  const updated = allOf(scope, "attribute").some(
    (a) => inScope(a) && a.childForFieldName("object")?.text === name.text && ["update", "setdefault"].includes(a.childForFieldName("attribute")?.text ?? ""),
  );
  return updated ? undefined : set;
}

/**
 * The call that sends a URL, and the body it sends where the route takes one: a dict the module writes
 * (with the keys it sets on it later), or `unseen`, where the body comes from, when its keys are not all
 * in sight (a parameter, `**options`, `payload[key] = ...`).
 */
function sent(
  tree: Tree,
  url: Node,
  route: RouteRow | undefined,
  start: boolean,
  exported: Exported,
): Pick<PyRequest, "body" | "call" | "unseen" | "keysSet" | "formatsFrom"> {
  const args = sendingArguments(tree, url);
  const call = args?.parent?.type === "call" ? args.parent : undefined;
  const value = route?.body && start ? bodyValue(args) : undefined;
  if (!value || value.type === "none") return { call };
  const body = dictBehind(tree, value, exported);
  const keysSet = body && dictEntries(body) ? keysSetOn(tree, body) : undefined;
  const nested = body ? nestedBodies(body, route!.body!).find((n) => n.unseen) : undefined;
  if (nested) return { call, unseen: `\`${nested.unseen!.text.split("\n")[0]}\`` };
  if (!body || !keysSet) {
    const splat = body?.namedChildren.find((c) => c?.type === "dictionary_splat");
    const from = splat ?? value;
    return { call, unseen: bodySources(tree, from, `\`${from.text.split("\n")[0]}\``) };
  }
  const formatsFrom = unseenFormats(body);
  return { call, body, keysSet, ...(formatsFrom && { formatsFrom }) };
}

/** The module a name of this module is imported from: `from .payloads import build_crawl`, `import payloads`. */
export function moduleOf(tree: Tree, name: string): string | undefined {
  const bound = (n: Node | null) => (n?.type === "aliased_import" ? n.childForFieldName("alias")?.text : n?.text) === name;
  for (const statement of tree.rootNode.namedChildren) {
    if (statement?.type === "import_from_statement" && statement.childrenForFieldName("name").some(bound))
      return statement.childForFieldName("module_name")?.text;
    if (statement?.type !== "import_statement") continue;
    const found = statement.childrenForFieldName("name").find(bound);
    if (found) return (found.type === "aliased_import" ? found.childForFieldName("name") : found)?.text;
  }
  return undefined;
}

/** The v1 option names a list, set or tuple held in `name` holds (`ALLOWED = {"maxDepth", "ignoreSitemap"}`). */
function v1NamesListed(tree: Tree, name: Node): string[] {
  const list = assignedValue(tree, name.text, name);
  if (list?.type !== "list" && list?.type !== "set" && list?.type !== "tuple") return [];
  return list.namedChildren.flatMap((e) => {
    const value = stringValue(e);
    return value !== undefined && V1_BODY_NAMES.has(value) ? [value] : [];
  });
}

/**
 * Where a body this module does not show comes from, said after its text, as in JavaScript: the module its
 * names are imported from (the project's own, relative, first), and this module's allow-lists that hold v1
 * option names (`{k: v for k, v in params.items() if k in ALLOWED}`).
 */
function bodySources(tree: Tree, value: Node, text: string): string {
  const made = (value.type === "identifier" ? assignedValue(tree, value.text, value) : undefined) ?? value;
  const names = [made, ...allOf(made, "identifier")].filter((n) => n.type === "identifier" && n.parent?.type !== "keyword_argument");
  const modules: string[] = [];
  const listed: ListedNames[] = [];
  for (const name of names) {
    if (name.parent?.type === "attribute" && name.parent.childForFieldName("attribute")?.id === name.id) continue;
    const module = moduleOf(tree, name.text);
    // `json.loads(...)`: a library's object only works on a body; the project's own (`.schemas`) may make it.
    const receiver = name.parent?.type === "attribute" && name.parent.childForFieldName("object")?.id === name.id;
    if (module !== undefined && !(receiver && !isProjectModule(module))) modules.push(module);
    const v1 = v1NamesListed(tree, name);
    if (v1.length && !listed.some((l) => l.list === name.text)) listed.push({ list: name.text, names: v1 });
  }
  return bodySource(text, modules, listed).said;
}

/**
 * Formats a body dict takes from where the module does not show them (`"formats": formats`, `*extra` in the
 * list), at its top or in its `scrapeOptions`, as in JavaScript (js/detect/requests.ts).
 */
function unseenFormats(body: Node): string | undefined {
  const inner = dictEntries(body)?.find((e) => e.key === "scrapeOptions")?.value;
  for (const holder of [body, inner?.type === "dictionary" ? inner : undefined]) {
    const formats = holder && dictEntries(holder)?.find((e) => e.key === "formats")?.value;
    if (!formats) continue;
    const unseen =
      formats.type === "list" ? formats.namedChildren.find((e) => e && e.type !== "string" && e.type !== "dictionary" && e.type !== "comment") : formats;
    if (unseen) return `\`${unseen.text.split("\n")[0]}\``;
  }
  return undefined;
}

/** Every request to the v1 API the module makes, found by its URL. */
export function findPyRequests(tree: Tree, text: string, exported: Exported = () => true): PyRequest[] {
  if (!SAYS_FIRECRAWL.test(text)) return [];
  const requests: PyRequest[] = [];
  for (const content of allOf(tree.rootNode, "string_content")) {
    const piece = content.text;
    const string = content.parent!;
    const host = hostV1(piece);
    const previous = content.previousNamedSibling;
    const joinedBase =
      previous?.type === "interpolation"
        ? previous.namedChildren.find((c) => c?.type !== "format_specifier" && c?.type !== "type_conversion")
        : (!previous || previous.type === "string_start") &&
            string.parent?.type === "binary_operator" &&
            string.parent.childForFieldName("right")?.id === string.id
          ? string.parent.childForFieldName("left")
          : undefined;
    const joined = host === undefined && PATH_V1.test(piece) && isFirecrawlBase(tree, joinedBase ?? undefined);
    const weak = host === undefined && !joined && /^\/?v1\/./.test(piece) && joinedBase ? weakJoin(tree, joinedBase) : undefined;
    if (host === undefined && !joined && weak === undefined) continue;
    const v1 = host ?? piece.indexOf("v1");
    const at = content.startIndex + v1;
    const version = { start: at, end: at + 2 };
    const written = piece.slice(v1 + 3);
    const open = content.nextNamedSibling?.type === "interpolation" && !/[?#]/.test(written);
    // `crawl/{job_id}` is the crawl route; `{endpoint}` alone is computed.
    const path = open ? written + content.nextNamedSibling!.text : written;
    if (v1 + 2 === piece.length && !open) {
      // One that is only a fallback (`os.getenv(...) or ".../v1"`) goes wherever the value set elsewhere points.
      const fallbackOf = preferred(string);
      requests.push(...joinedTo(tree, string, version, exported).map((r) => (fallbackOf ? { ...r, fallbackOf } : r)));
      continue;
    }
    const route = routeAfter(written, open);
    const start = startsRoute(route, written, open);
    // Another API may have the route; only Firecrawl's routes are worth a TODO.
    if (weak !== undefined && !route) continue;
    const fallbackOf = preferred(string);
    requests.push({
      version,
      site: string,
      route,
      path,
      start,
      ...sent(tree, string, route, start, exported),
      ...(fallbackOf && { fallbackOf }),
      ...(weak !== undefined && { weak }),
    });
  }
  // Requests that send one dict (a builder's, called by several) move together, as in JavaScript (core/moving.ts).
  const dicts = new Map<number, object>();
  return unmixed(requests).map((r) => (r.body ? { ...r, sends: dicts.get(r.body.id) ?? dicts.set(r.body.id, {}).get(r.body.id)! } : r));
}

/**
 * What a whole URL is the fallback of, as in JavaScript: `os.getenv("CRAWL_URL", ".../v1/crawl")`,
 * `os.environ.get(...)`, `settings.crawl_url or ".../v1/crawl"`.
 */
function preferred(string: Node): string | undefined {
  const parent = string.parent;
  if (parent?.type === "boolean_operator" && parent.childForFieldName("right")?.id === string.id && parent.childForFieldName("operator")?.text === "or")
    return `\`${parent.childForFieldName("left")!.text}\``;
  const call = parent?.type === "argument_list" ? parent.parent : undefined;
  const callee = call?.childForFieldName("function")?.text;
  if (!call || !/^(?:os\.getenv|os\.environ\.get|getenv|environ\.get)$/.test(callee ?? "") || parent!.namedChildren[1]?.id !== string.id) return undefined;
  return `\`${callee}(${parent!.namedChildren[0]!.text})\``;
}

/** A body that goes to routes with different options tables follows none of them, as in JavaScript. */
function unmixed(requests: PyRequest[]): PyRequest[] {
  const tables = new Map<number, Set<string>>();
  for (const r of requests) if (r.body && r.route?.body) tables.set(r.body.id, (tables.get(r.body.id) ?? new Set()).add(r.route.body));
  return requests.map((r) => (r.body && tables.get(r.body.id)!.size > 1 ? { ...r, body: undefined, mixed: [...tables.get(r.body.id)!] } : r));
}

/**
 * Where a base held in `name` is read: a module constant's name, or a class's own attribute read through
 * the class, `self` or `cls` (`api_url = ...` in the class body, `self.api_url = ...` in a method).
 */
function baseUses(tree: Tree, assignment: Node, name: Node): Node[] | undefined {
  const cls = enclosing(assignment, "class_definition");
  const className = cls?.childForFieldName("name")?.text;
  const attribute = (node: Node | null | undefined, field: string) =>
    node?.type === "attribute" &&
    ["self", "cls", className].includes(node.childForFieldName("object")?.text) &&
    node.childForFieldName("attribute")?.text === field;
  if (name.type === "attribute") {
    const field = name.childForFieldName("attribute")!.text;
    if (!cls || !attribute(name, field)) return undefined;
    return allOf(cls, "attribute").filter((a) => a.id !== name.id && attribute(a, field));
  }
  if (name.type !== "identifier") return undefined;
  if (cls && enclosing(assignment, "function_definition") === undefined) {
    // `firecrawl_api_url = ".../v1"` in a class body, read as `Config.firecrawl_api_url` or `self.firecrawl_api_url`.
    return allOf(tree.rootNode, "attribute").filter((a) => attribute(a, name.text));
  }
  return allOf(tree.rootNode, "identifier").filter((id) => id.text === name.text && id.id !== name.id && id.parent?.type !== "keyword_argument");
}

/**
 * A base URL that ends in /v1 (`API = "https://api.firecrawl.dev/v1"`): the requests are where it is joined
 * to a route, `f"{API}/scrape"` or `API + "/map"`. A use that is no join leaves the base where it is.
 */
function joinedTo(tree: Tree, string: Node, version: PyRequest["version"], exported: Exported): PyRequest[] {
  const assignment = string.parent?.type === "assignment" ? string.parent : undefined;
  const name = assignment?.childForFieldName("left");
  const handedOn: PyRequest[] = [{ version, site: string, route: undefined, path: "", start: false }];
  if (!assignment || !name) return handedOn;
  const uses = baseUses(tree, assignment, name);
  // A base no code of this module joins is handed on to another: it stays, marked where it is written.
  if (!uses?.length) return handedOn;
  return uses.flatMap((use): PyRequest[] => {
    const replace = replaced(use);
    // A use that swaps the version for v2's reaches v2 already, and still does once the base is on /v2.
    if (replace?.kind === "swap") return [];
    if (replace) return [{ version, site: use, route: undefined, path: "", start: false, cut: replace.text }];
    let next: string | undefined;
    let open = false;
    let site: Node = use;
    if (use.parent?.type === "interpolation") {
      const after = use.parent.nextNamedSibling;
      site = use.parent.parent!;
      if (after?.type === "string_content") {
        next = after.text;
        open = after.nextNamedSibling?.type === "interpolation";
      }
    } else if (use.parent?.type === "binary_operator" && use.parent.childForFieldName("left")?.id === use.id) {
      site = use.parent;
      next = stringValue(use.parent.childForFieldName("right"));
      open = use.parent.parent?.type === "binary_operator";
    }
    const path = next?.replace(/^\//, "") ?? "";
    const route = next !== undefined ? routeAfter(path, open) : undefined;
    const start = startsRoute(route, path, open);
    return [{ version, site, route, path, start, ...sent(tree, site, route, start, exported) }];
  });
}

/** `API.replace("/v1", "/v2")`, `API.replace("/v1", "")`: what a use of a base does to its version, with its text. */
function replaced(use: Node): { kind: "swap" | "cut"; text: string } | undefined {
  const attribute = use.parent;
  const call = attribute?.parent;
  if (attribute?.type !== "attribute" || attribute.childForFieldName("object")?.id !== use.id || attribute.childForFieldName("attribute")?.text !== "replace")
    return undefined;
  if (call?.type !== "call" || call.childForFieldName("function")?.id !== attribute.id) return undefined;
  const [pattern, replacement] = call.childForFieldName("arguments")?.namedChildren ?? [];
  const text = stringValue(pattern ?? null);
  const kind = text === undefined ? undefined : versionReplace(text, stringValue(replacement ?? null));
  return kind && { kind, text: `\`${call.text}\`` };
}

/** The options dicts nested in a body (a crawl's `scrapeOptions`), with their tables; a value that is no dict literal is unseen. */
type Nested = { dict?: Node; kind: OptionsKind; unseen?: Node };

export function nestedBodies(dict: Node, kind: OptionsKind): Nested[] {
  const nested = NESTED_OPTIONS[kind] ?? {};
  return (dictEntries(dict) ?? []).flatMap((e): Nested[] => {
    const inner = nested[e.key];
    if (!inner) return [];
    if (e.value.type !== "dictionary" || !dictEntries(e.value)) return [{ kind: inner, unseen: e.value }];
    return [{ dict: e.value, kind: inner }];
  });
}
