/**
 * Requests to the Firecrawl API made without the SDK (issue 16): a URL under https://api.firecrawl.dev/v1,
 * or a `/v1/...` path joined to a base the code names as Firecrawl's (`${FIRECRAWL_API_URL}/v1/scrape`,
 * `process.env.FIRECRAWL_URL + "/v1/map"`, `firecrawlHttp.post("/v1/crawl", ...)` on an axios instance made
 * with Firecrawl's base URL), sent by any client: fetch, axios, got, ky, undici, ofetch, Node's http(s). Another API's
 * `/v1/scrape` is never one: nothing joins it to a Firecrawl base. With the route comes the request's body,
 * where the file writes it as an object literal, so the options and formats steps migrate it as they
 * migrate an SDK call's options.
 */
import type { Node, ObjectExpression, StringLiteral, TemplateElement, TemplateLiteral } from "@babel/types";
import {
  HOLDS_API,
  hostV1,
  MIGRATED_BODY_KEYS,
  MIGRATED_FORMAT_VALUES,
  namesFirecrawlBase,
  PATH_V1,
  REQUEST_METHODS,
  routeOf,
  SAYS_FIRECRAWL,
  startsRoute,
  V1_BODY_NAMES,
  versionReplace,
  type RouteRow,
} from "../../mapping/api-requests.js";
import { mentionsFirecrawl } from "../../core/mentions.js";
import { bodySource, isProjectModule, type ListedNames } from "../../core/project-modules.js";
import type { Source } from "../../core/source.js";
import type { Path, PathIndex } from "./paths.js";
import { bindingReferences } from "./references.js";
import { optionsObjectsAt, type OpaqueOptions, type OptionsObject } from "./options-objects.js";
import { moving } from "../../core/moving.js";
import { bindingOf, findProperty, memberName, propertyKey, resolveObject, unwrapPath, variableDeclaratorOf } from "./expressions.js";

export interface ApiRequest {
  /** the URL text's node: a string literal or a template's quasi (for a base URL in a variable, the base) */
  readonly at: Path<StringLiteral | TemplateElement>;
  /** where the request's URL is written: the piece, or where the base is joined to a route */
  readonly site: Path;
  /** offsets of the `/v1` to make `/v2` */
  readonly version: { readonly start: number; readonly end: number };
  /** the route's row; undefined when the path after /v1/ is computed or unknown */
  readonly route: RouteRow | undefined;
  /** the text after /v1/ as written, for messages */
  readonly path: string;
  /** the body object literal the request sends, when the file says which */
  readonly body?: Path<ObjectExpression>;
  /** the body as the code passes it: the literal, or the variable holding it */
  readonly bodyValue?: Path;
  /** the call that sends the request, when the file says which: its result is the response */
  readonly call?: Path;
  /** the options tables of the routes one body goes to, where they differ: the body is left for a human */
  readonly mixed?: readonly string[];
  /** where the body comes from when the file does not show its keys (a parameter, a spread): the request stays */
  readonly unseen?: string;
  /** the request is its route's own (a job's start), not a job's status, errors or cancel */
  readonly start: boolean;
  /** the base a Firecrawl route is joined to where nothing names it Firecrawl's: the request stays, marked */
  readonly weak?: string;
  /** what the URL is the fallback of (`process.env.CRAWL_URL ?? ".../v1/crawl"`): it may name a v1 route, so the request stays */
  readonly fallbackOf?: string;
  /** where a body's formats come from when the file does not show them (`formats: options.formats`): the request stays */
  readonly formatsFrom?: string;
  /** another URL the version variable this request's `v1` is in makes too: the request stays */
  readonly sharedWith?: string;
  /** the body object the request sends, which moves only with every request that sends it */
  readonly sends?: object;
  /** the code that cuts a base's /v1 off to join its own version (`base.replace(/\/v1$/, "")`): the base stays */
  readonly cut?: string;
  /** the builder of the body, exported for other modules to call: the request stays */
  readonly exported?: string;
}

/** Methods that send a body as their second argument (axios, got, ky, ofetch's instances and the libraries themselves). */
const SENDING = new Set(["post", "put", "patch"]);

/** What an identifier was declared with, as text (a variable's value, a function's body), to tell a Firecrawl base from another. */
function declaredText(source: Source, path: Path): string {
  if (path.node.type !== "Identifier") return "";
  const binding = bindingOf(path, path.node.name) as Path | undefined;
  const declarator = binding?.parent?.node as Node | undefined;
  // A parameter's binding is its function too: only the function's own name is declared with its body.
  const own = declarator?.type === "FunctionDeclaration" && declarator.id === binding?.node;
  const value = declarator?.type === "VariableDeclarator" ? declarator.init : own ? declarator.body : undefined;
  return value ? source.text.slice(value.start!, value.end!) : "";
}

/** The class a path is in: for `this.baseUrl`, the class that says whose base it is. */
function enclosingClass(path: Path): Extract<Node, { type: "ClassDeclaration" | "ClassExpression" }> | undefined {
  for (let at = path.parent as Path | null; at; at = at.parent as Path | null) {
    if (at.node.type === "ClassDeclaration" || at.node.type === "ClassExpression") return at.node;
  }
  return undefined;
}

/**
 * A base URL the code names as Firecrawl's: by its own name, by what it was declared with (`getBaseUrl()`
 * by the function's body), or (`this.baseUrl`) by the class it is read in, named for Firecrawl or holding
 * its API host.
 */
function isFirecrawlBase(source: Source, path: Path | undefined): boolean {
  if (!path) return false;
  const node = path.node;
  const text = source.text.slice(node.start!, node.end!);
  if (SAYS_FIRECRAWL.test(text) || namesFirecrawlBase(declaredText(source, path))) return true;
  if (node.type === "CallExpression" && node.callee.type === "Identifier") return namesFirecrawlBase(declaredText(source, path.get("callee") as Path));
  if (node.type !== "MemberExpression" || node.object.type !== "ThisExpression") return false;
  const owner = enclosingClass(path);
  return !!owner && (SAYS_FIRECRAWL.test(owner.id?.name ?? "") || HOLDS_API.test(source.text.slice(owner.start!, owner.end!)));
}

/** The expression a URL piece stands in: the template or the `+` chain around it. */
function urlExpression(path: Path): Path {
  let at = path.node.type === "TemplateElement" ? (path.parent as Path) : path;
  for (;;) {
    const parent = at.parent?.node as Node | undefined;
    const joins = parent?.type === "BinaryExpression" && parent.operator === "+";
    // `kind === "one" ? ".../v1/scrape" : ".../v1/crawl"`: either URL goes where the choice goes.
    const chosen = (parent?.type === "ConditionalExpression" && parent.test !== at.node) || (parent?.type === "LogicalExpression" && parent.operator !== "&&");
    if (!joins && !chosen) return at;
    at = at.parent as Path;
  }
}

/** What is joined before a piece of a URL: the template expression or the `+` operand to its left. */
function joinedBase(path: Path): Path | undefined {
  if (path.node.type === "TemplateElement") {
    const template = path.parent as Path;
    const i = (template.node as { quasis: Node[] }).quasis.indexOf(path.node);
    return i > 0 ? (template.get("expressions", i - 1) as Path) : undefined;
  }
  const parent = path.parent as Path | undefined;
  return parent?.node.type === "BinaryExpression" && parent.node.operator === "+" && parent.node.right === path.node ? (parent.get("left") as Path) : undefined;
}

/** The call a URL expression is an argument of (directly, or through a variable), with its position. */
function sendingCall(index: PathIndex, url: Path): { call: Path; at: number } | undefined {
  const parent = url.parent as Path | undefined;
  if (parent?.node.type === "CallExpression" || parent?.node.type === "NewExpression") {
    const at = parent.node.arguments.indexOf(url.node as never);
    if (at !== -1) return { call: parent, at };
  }
  // axios({ url, method, data }): the body is a sibling of the URL; https.request(options) with the options in a variable.
  if (parent?.node.type === "ObjectProperty") {
    const object = parent.parent as Path;
    if (object.parent?.node.type === "CallExpression") return { call: object.parent as Path, at: -1 };
    const passed = sendingCall(index, object);
    return passed && { call: passed.call, at: -1 };
  }
  if (parent?.node.type === "VariableDeclarator" && parent.node.id.type === "Identifier") {
    const name = parent.node.id.name;
    const scope = parent.scope;
    for (const call of index.of("CallExpression")) {
      const at = call.node.arguments.findIndex((a) => a.type === "Identifier" && a.name === name);
      if (at !== -1 && call.scope?.lookup(name) === scope) return { call: call as Path, at };
    }
  }
  return undefined;
}

/** The value behind `JSON.stringify(x)`, or the value itself. */
function unstringified(path: Path): Path {
  const node = path.node;
  if (
    node.type === "CallExpression" &&
    node.callee.type === "MemberExpression" &&
    node.callee.object.type === "Identifier" &&
    node.callee.object.name === "JSON" &&
    node.callee.property.type === "Identifier" &&
    node.callee.property.name === "stringify" &&
    node.arguments.length >= 1
  ) {
    return path.get("arguments", 0) as Path;
  }
  return path;
}

/** A value that is an object literal, or a variable holding one. */
const isObject = (value: Path) => resolveObject(value as never) !== null;

/** The function a name is bound to in this file: a declaration, or a variable holding an arrow or a function expression. */
function localFunction(callee: Path): Path | undefined {
  if (callee.node.type !== "Identifier") return undefined;
  const binding = bindingOf(callee, callee.node.name) as Path | undefined;
  const declared = binding?.parent as Path | undefined;
  if (declared?.node.type === "FunctionDeclaration" && declared.node.id === binding!.node) return declared;
  if (declared?.node.type !== "VariableDeclarator" || declared.node.id !== binding!.node) return undefined;
  const init = declared.get("init") as Path;
  return init.node.type === "ArrowFunctionExpression" || init.node.type === "FunctionExpression" ? init : undefined;
}

/**
 * The object a builder function of this file returns, for a body made by calling it (`crawlBody(url)`, or
 * `const payload = scrapeBody(url)` then `payload`): an arrow's object body, or the one `return` of a
 * function, of a literal or a variable holding one. A function that may return something else is no builder.
 */
function built(index: PathIndex, value: Path): Path | undefined {
  const held = value.node.type === "Identifier" ? (variableDeclaratorOf(value as never) as Path | null) : null;
  const call = unwrapPath((held ? held.get("init") : value) as never) as Path;
  if (call.node.type !== "CallExpression") return undefined;
  const fn = localFunction(call.get("callee") as Path);
  if (!fn) return undefined;
  const object = returned(index, fn);
  // An exported builder may make bodies other modules send to /v1: it moves with this request only as it is.
  return object && (!exportedName(index, (call.node.callee as { name: string }).name) || unchangedOnV2(object.node as Node)) ? object : undefined;
}

/** The object a function returns: an arrow's object body, or its one `return` of a literal or a variable holding one. */
function returned(index: PathIndex, fn: Path): Path | undefined {
  const body = fn.get("body") as Path;
  if (body.node.type !== "BlockStatement") {
    const object = unwrapPath(body as never) as Path;
    return object.node.type === "ObjectExpression" ? object : undefined;
  }
  // A nested function's returns are its own.
  const own = (at: Path) => {
    let up = at.parent as Path | null;
    while (up && !/Function/.test(up.node.type)) up = up.parent as Path | null;
    return up?.node === fn.node;
  };
  const returns = index.within("ReturnStatement", fn.node as Node).filter((r) => own(r as Path)) as Path[];
  if (returns.length !== 1 || !(returns[0]!.node as { argument?: Node }).argument) return undefined;
  const object = resolveObject(returns[0]!.get("argument") as never) as Path | null;
  return object ?? undefined;
}

/**
 * Whether a body object is the same on v2: every key written out, none a v1 option or format settings, its
 * formats strings v2 takes as they are, and its nested objects (scrape options) the same. Anything it does not
 * show (a spread, a computed key, formats from elsewhere) may need migrating.
 */
function unchangedOnV2(node: Node): boolean {
  if (node.type !== "ObjectExpression") return false;
  return node.properties.every((p) => {
    if (p.type !== "ObjectProperty" || p.computed) return false;
    const key = propertyKey(p);
    if (key === undefined || MIGRATED_BODY_KEYS.has(key)) return false;
    if (key === "formats")
      return p.value.type === "ArrayExpression" && p.value.elements.every((e) => e?.type === "StringLiteral" && !MIGRATED_FORMAT_VALUES.has(e.value));
    return p.value.type !== "ObjectExpression" || unchangedOnV2(p.value);
  });
}

/**
 * Whether another module can reach a function of this one by `name`: `export function`, `export const`,
 * `export { name }`, `export default name`, `export default { name }`, `export = { name }`, `module.exports = { name }`,
 * `exports.name = name`. A builder that
 * is exported may build bodies another module sends to /v1, which a migrated builder would break.
 */
function exportedName(index: PathIndex, name: string): boolean {
  for (const use of index.of("Identifier", { name })) {
    const parent = use.parent?.node as Node | undefined;
    // `export default name`, `export { name }`
    if (parent?.type === "ExportDefaultDeclaration" || parent?.type === "ExportSpecifier") return true;
    // `export function name`, `export const name = ...` (the declarator, its declaration, then the export)
    if ((parent?.type === "FunctionDeclaration" || parent?.type === "VariableDeclarator") && parent.id === use.node) {
      const statement = (parent.type === "VariableDeclarator" ? use.parent!.parent : use.parent) as Path;
      if (/^Export/.test((statement.parent?.node as Node | undefined)?.type ?? "")) return true;
    }
    // `{ name: other }`: the key is no use of the name, its value is what is exported.
    if (parent?.type === "ObjectProperty" && parent.key === use.node && !parent.shorthand) continue;
    for (let up = use.parent as Path | undefined; up; up = up.parent as Path | undefined) {
      const node = up.node as Node;
      // `export default { name }`, `export = { name }`
      if (node.type === "ExportDefaultDeclaration" || node.type === "TSExportAssignment") return true;
      if (node.type === "AssignmentExpression") {
        const left = node.left;
        const target = left.type === "MemberExpression" ? (left.object.type === "MemberExpression" ? left.object : left) : undefined;
        if (target?.type === "MemberExpression" && target.object.type === "Identifier" && ["module", "exports"].includes(target.object.name)) return true;
        break;
      }
      if (!["ObjectProperty", "ObjectExpression"].includes(node.type)) break;
    }
  }
  return false;
}

/** The module a name read at `path` is imported from: `import { x } from "./m"`, `const { x } = require("./m")`. */
function moduleOf(path: Path, name: string): string | undefined {
  let at = bindingOf(path, name)?.parent as Path | undefined;
  if (at?.node.type === "ImportSpecifier" || at?.node.type === "ImportDefaultSpecifier" || at?.node.type === "ImportNamespaceSpecifier") {
    const declaration = at.parent?.node as Node | undefined;
    return declaration?.type === "ImportDeclaration" ? declaration.source.value : undefined;
  }
  while (at && at.node.type !== "VariableDeclarator" && /Pattern|Property/.test(at.node.type)) at = at.parent as Path | undefined;
  const init = at?.node.type === "VariableDeclarator" ? at.node.init : undefined;
  const required = init?.type === "CallExpression" && init.callee.type === "Identifier" && init.callee.name === "require" ? init.arguments[0] : undefined;
  return required?.type === "StringLiteral" ? required.value : undefined;
}

/** The v1 option names a list of this module holds (`const ALLOWED = ["maxDepth", ...]`, or in a `new Set([...])`). */
function v1NamesListed(path: Path, name: string): string[] {
  const declarator = bindingOf(path, name)?.parent?.node as Node | undefined;
  let list = declarator?.type === "VariableDeclarator" ? declarator.init : undefined;
  while (list?.type === "TSAsExpression" || list?.type === "TSSatisfiesExpression") list = list.expression;
  if (list?.type === "NewExpression" && list.arguments[0]?.type === "ArrayExpression") list = list.arguments[0];
  if (list?.type !== "ArrayExpression") return [];
  return list.elements.flatMap((e) => (e?.type === "StringLiteral" && V1_BODY_NAMES.has(e.value) ? [e.value] : []));
}

/**
 * Where the names a body is made of come from, when this file does not show its keys: the modules they are
 * imported from (a builder, a schema, an allow-list of another file; the project's own modules first), and the
 * allow-lists of this file that hold v1 option names (`["maxDepth", "ignoreSitemap"]` picking what the caller passes).
 */
function bodySources(index: PathIndex, path: Path, text: string): { said: string; imported: boolean } {
  const names = [path, ...index.within("Identifier", path.node as Node)].flatMap((p) => (p.node.type === "Identifier" ? [p as Path] : []));
  const modules: string[] = [];
  const listed: ListedNames[] = [];
  for (const use of names) {
    const name = (use.node as { name: string }).name;
    const parent = use.parent?.node as Node | undefined;
    // `options.maxDepth`, `{ limit: 1 }`: a property's name is no name of the scope.
    if ((parent?.type === "MemberExpression" || parent?.type === "OptionalMemberExpression") && parent.property === use.node && !parent.computed) continue;
    if (parent?.type === "ObjectProperty" && parent.key === use.node && !parent.computed && !parent.shorthand) continue;
    const module = moduleOf(use, name);
    // `_.omit(opts)`: a library's object only works on a body; the project's own (`schemas.Crawl.parse(x)`) may make it.
    const receiver = (parent?.type === "MemberExpression" || parent?.type === "OptionalMemberExpression") && parent.object === use.node;
    if (module !== undefined && !(receiver && !isProjectModule(module))) modules.push(module);
    const v1 = v1NamesListed(use, name);
    if (v1.length && !listed.some((l) => l.list === name)) listed.push({ list: name, names: v1 });
  }
  return bodySource(text, modules, listed);
}

/** A body a request sends: the value the code passes, or (`unseen`) the text of one whose keys it does not show. */
type FoundBody =
  | { readonly value: Path; readonly unseen?: undefined; readonly exported?: undefined }
  | { readonly value?: undefined; readonly unseen: string; readonly exported?: string };

/**
 * The text of an expression, to name in a TODO where a body comes from, with the module it is imported from
 * (`crawlBody(url)`, from `./payloads`), or the builder of this module others may call too.
 */
function named(index: PathIndex, source: Source, path: Path): FoundBody {
  const text = `\`${source.text.slice(path.node.start!, path.node.end!)}\``;
  // `const payload = crawlBody(url)`, then `payload`: where the value comes from is where it was made.
  const held = path.node.type === "Identifier" ? (variableDeclaratorOf(path as never) as Path | null) : null;
  const made = held?.node.type === "VariableDeclarator" && held.node.init ? (held.get("init") as Path) : path;
  const { said, imported } = bodySources(index, made, text);
  if (imported) return { unseen: said };
  const callee = made.node.type === "CallExpression" && made.node.callee.type === "Identifier" ? made.node.callee.name : undefined;
  const shared = callee !== undefined && localFunction(made.get("callee") as Path) && exportedName(index, callee);
  return shared ? { unseen: said, exported: callee } : { unseen: said };
}

/**
 * The body value of a request options object: `body: JSON.stringify({...})`, `json: {...}`, `data: {...}`.
 * A body value is what the code passes (a literal, or a variable holding one, whose later `body.key = ...`
 * assignments count too), not yet resolved; any other value is a body the file does not show.
 */
function bodyIn(index: PathIndex, source: Source, options: Path<ObjectExpression>): FoundBody | undefined {
  for (const key of ["json", "body", "data"]) {
    const property = findProperty(options.node, key);
    if (!property) continue;
    const i = options.node.properties.indexOf(property);
    const value = unstringified(options.get("properties", i, "value") as Path);
    const builder = isObject(value) ? undefined : built(index, value);
    return isObject(value) ? { value } : builder ? { value: builder } : named(index, source, value);
  }
  // `{ method: "POST", ...init }`: the body may be in what is spread.
  const spread = options.node.properties.findIndex((p) => p.type === "SpreadElement");
  return spread === -1 ? undefined : named(index, source, options.get("properties", spread, "argument") as Path);
}

/** `const req = https.request(...); req.end(JSON.stringify({...}))`: the body Node's http(s) writes to the request. */
function writtenBody(index: PathIndex, source: Source, call: Path): FoundBody | undefined {
  const declarator = call.parent?.node as Node | undefined;
  if (declarator?.type !== "VariableDeclarator" || declarator.id.type !== "Identifier") return undefined;
  const id = declarator.id;
  for (const ref of bindingReferences(index, call.parent as Path, id, id.name)) {
    const member = ref.parent?.node as Node | undefined;
    const write = ref.parent?.parent as Path | undefined;
    if (member?.type !== "MemberExpression" || member.object !== ref.node || !["write", "end"].includes(memberName(member) ?? "")) continue;
    if (write?.node.type !== "CallExpression" || write.node.callee !== member || !write.node.arguments.length) continue;
    const value = unstringified(write.get("arguments", 0) as Path);
    return isObject(value) ? { value } : named(index, source, value);
  }
  return undefined;
}

/**
 * The body a call sends: in its options object, or (axios-style `post(url, data)`) as its second argument;
 * `unseen` where the call sends one whose keys the file does not show (`fetch(url, init)`, `post(url, params)`).
 */
function bodyOf(index: PathIndex, source: Source, call: Path, at: number): FoundBody | undefined {
  const written = writtenBody(index, source, call);
  if (written) return written;
  const node = call.node as { arguments: Node[]; callee: Node };
  if (at === -1) {
    const options = resolveObject(call.get("arguments", 0) as never) as Path<ObjectExpression> | null;
    return options ? bodyIn(index, source, options) : undefined;
  }
  const next = node.arguments[at + 1] ? unstringified(call.get("arguments", at + 1) as Path) : undefined;
  if (!next || next.node.type === "ArrowFunctionExpression" || next.node.type === "FunctionExpression") return undefined;
  const object = ((resolveObject(next as never) as Path<ObjectExpression> | null) ?? built(index, next)) as Path<ObjectExpression> | undefined;
  if (!object) return named(index, source, next);
  const inner = bodyIn(index, source, object);
  if (inner) return inner;
  const method = node.callee.type === "MemberExpression" && node.callee.property.type === "Identifier" ? node.callee.property.name : undefined;
  const config = ["method", "headers"].some((key) => findProperty(object.node, key));
  return method && SENDING.has(method) && !config ? { value: next } : undefined;
}

/** `http.post("/v1/scrape")` on a client made with Firecrawl's base URL (axios.create, ky.create, got.extend). */
function onFirecrawlClient(source: Source, piece: Path): boolean {
  const parent = piece.parent as Path | undefined;
  if (parent?.node.type !== "CallExpression" || parent.node.arguments[0] !== piece.node) return false;
  const callee = parent.node.callee;
  if (callee.type !== "MemberExpression" || callee.property.type !== "Identifier" || !REQUEST_METHODS.has(callee.property.name)) return false;
  return isFirecrawlBase(source, parent.get("callee", "object") as Path);
}

/** `https.request({ hostname: "api.firecrawl.dev", path: "/v1/scrape" })`: a path beside a host that is Firecrawl's. */
function besideFirecrawlHost(source: Source, piece: Path): boolean {
  const property = piece.parent as Path | undefined;
  if (property?.node.type !== "ObjectProperty" || property.node.value !== piece.node || propertyKey(property.node) !== "path") return false;
  const object = property.parent as Path<ObjectExpression>;
  const host = findProperty(object.node, "hostname") ?? findProperty(object.node, "host");
  return !!host && isFirecrawlBase(source, object.get("properties", object.node.properties.indexOf(host), "value") as Path);
}

/** The text a URL piece continues with: the next quasi of its template, or the string added to it. */
function continuation(source: Source, use: Path): { text: string; open: boolean } | undefined {
  const parent = use.parent as Path | undefined;
  if (parent?.node.type === "TemplateLiteral") {
    const i = parent.node.expressions.indexOf(use.node as never);
    const next = parent.node.quasis[i + 1]!;
    return { text: source.text.slice(next.start!, next.end!), open: !next.tail };
  }
  if (parent?.node.type === "BinaryExpression" && parent.node.operator === "+" && parent.node.left === use.node && parent.node.right.type === "StringLiteral") {
    return { text: parent.node.right.value, open: (parent.parent as Path | undefined)?.node.type === "BinaryExpression" };
  }
  return undefined;
}

/**
 * Where a base URL's holder is read: a variable's references, or `this.baseUrl` in the class whose property
 * (or constructor assignment) holds it. Undefined for a base held in no such place.
 */
function holderUses(index: PathIndex, base: Path): Path[] | undefined {
  const holder = base.parent as Path | undefined;
  const node = holder?.node;
  if (node?.type === "VariableDeclarator" && node.id.type === "Identifier") {
    const id = node.id;
    const name = id.name;
    const isReference = (use: Path) => {
      const parent = use.parent?.node as Node | undefined;
      if ((parent?.type === "MemberExpression" || parent?.type === "OptionalMemberExpression") && parent.property === use.node && !parent.computed)
        return false;
      return !(parent?.type === "ObjectProperty" && parent.key === use.node && !parent.computed && !parent.shorthand);
    };
    return index.of("Identifier", { name }).filter((use) => use.node !== id && isReference(use as Path) && use.scope?.lookup(name) === holder!.scope) as Path[];
  }
  const property =
    node?.type === "ClassProperty" && !node.computed && node.key.type === "Identifier"
      ? node.key.name
      : node?.type === "AssignmentExpression" &&
          node.left.type === "MemberExpression" &&
          node.left.object.type === "ThisExpression" &&
          !node.left.computed &&
          node.left.property.type === "Identifier"
        ? node.left.property.name
        : undefined;
  const owner = property ? enclosingClass(base) : undefined;
  if (!property || !owner) return undefined;
  return index.of("MemberExpression").filter((use) => {
    const m = use.node;
    return (
      m !== (node as { left?: Node }).left &&
      m.object.type === "ThisExpression" &&
      !m.computed &&
      m.property.type === "Identifier" &&
      m.property.name === property &&
      enclosingClass(use as Path) === owner
    );
  }) as Path[];
}

/**
 * The requests made by joining a route to a base URL held in a variable or a class's property: one per
 * use, all sharing the base's `/v1`. A use that is not a join (the base handed elsewhere) has no route:
 * then the base stays.
 */
function joinedTo(index: PathIndex, source: Source, base: Path<StringLiteral | TemplateElement>, version: ApiRequest["version"]): ApiRequest[] {
  const uses = holderUses(index, base);
  if (!uses) return [{ at: base, site: base, version, route: undefined, path: "", start: false }];
  const replaces = new Map(uses.map((use) => [use, replaced(source, use)]));
  // A use that swaps the version for v2's reaches v2 already, and still does once the base is on /v2.
  return uses.flatMap((use): ApiRequest[] => {
    const replace = replaces.get(use);
    if (replace?.kind === "swap") return [];
    if (replace) return [{ at: base, site: use, version, route: undefined, path: "", start: false, cut: replace.text }];
    const next = continuation(source, use);
    const path = next?.text.replace(/^\//, "") ?? "";
    const route = next ? (routeOf(path.replace(/\/$/, "")) ?? (next.open ? undefined : routeOf(path))) : undefined;
    const sending = sendingCall(index, urlExpression((use.parent?.node.type === "TemplateLiteral" ? use.parent : use) as Path));
    const start = startsRoute(route, path, !!next?.open);
    return [{ at: base, site: use, version, route, path, start, ...sent(index, source, sending, route, start) }];
  });
}

/** `base.replace("/v1", "/v2")`, `base.replace(/\/v1$/, "")`: what a use of a base does to its version, with its text. */
function replaced(source: Source, use: Path): { kind: "swap" | "cut"; text: string } | undefined {
  const member = use.parent?.node as Node | undefined;
  const call = use.parent?.parent?.node as Node | undefined;
  if (member?.type !== "MemberExpression" || member.object !== use.node || memberName(member) !== "replace") return undefined;
  if (call?.type !== "CallExpression" || call.callee !== member) return undefined;
  const [pattern, replacement] = call.arguments;
  const text = pattern?.type === "StringLiteral" ? pattern.value : pattern?.type === "RegExpLiteral" ? pattern.pattern : undefined;
  const kind = text === undefined ? undefined : versionReplace(text, replacement?.type === "StringLiteral" ? replacement.value : undefined);
  return kind && { kind, text: `\`${source.text.slice(call.start!, call.end!)}\`` };
}

/**
 * The call that sends a request, and the body it sends where its route takes one. A body whose keys the
 * file does not show (a parameter, what a spread brings in, a value this file never writes) is `unseen`.
 */
function sent(
  index: PathIndex,
  source: Source,
  sending: { call: Path; at: number } | undefined,
  route: RouteRow | undefined,
  start: boolean,
): Pick<ApiRequest, "body" | "bodyValue" | "call" | "unseen" | "exported" | "formatsFrom"> {
  if (!route?.body || !start) return { call: sending?.call };
  const found = sending ? bodyOf(index, source, sending.call, sending.at) : undefined;
  if (found?.exported !== undefined) return { call: sending?.call, exported: found.exported };
  if (found?.unseen !== undefined) return { call: sending?.call, unseen: found.unseen };
  const bodyValue = found?.value;
  if (!bodyValue) return { call: sending?.call };
  const opaque: OpaqueOptions[] = [];
  optionsObjectsAt(index, route.body, bodyValue, opaque);
  if (opaque.length) return { call: sending?.call, unseen: opaque.map((o) => named(index, source, o.path as Path).unseen).join(", ") };
  const body = (resolveObject(bodyValue as never) as Path<ObjectExpression> | null) ?? undefined;
  const formatsFrom = body && unseenFormats(source, body);
  return { body, bodyValue, call: sending?.call, ...(formatsFrom && { formatsFrom }) };
}

/**
 * Formats a body takes from where the file does not show them (`formats: config.formats`, a spread in the
 * list), at its top or in its `scrapeOptions`: v2 takes some of v1's format strings only as objects
 * ("extract", "json", "screenshot@fullPage"), so what the value holds decides whether v2 accepts the body.
 */
function unseenFormats(source: Source, body: Path<ObjectExpression>): string | undefined {
  const inner = findProperty(body.node, "scrapeOptions")?.value;
  for (const holder of [body.node, inner?.type === "ObjectExpression" ? inner : undefined]) {
    const formats = holder && findProperty(holder, "formats")?.value;
    if (!formats) continue;
    const items = formats.type === "ArrayExpression" ? formats.elements : undefined;
    const unseen = items ? items.find((e) => e?.type !== "StringLiteral" && e?.type !== "ObjectExpression") : formats;
    if (unseen !== undefined) return `\`${source.text.slice(unseen!.start!, unseen!.end!)}\``;
  }
  return undefined;
}

/**
 * A body that goes to routes with different options tables (one request chosen between /scrape and
 * /crawl) follows none of them: it is left for a human, as `mixed` says.
 */
function unmixed(requests: ApiRequest[]): ApiRequest[] {
  const kinds = new Map<Node, Set<string>>();
  for (const r of requests) if (r.body && r.route?.body) kinds.set(r.body.node, (kinds.get(r.body.node) ?? new Set()).add(r.route.body));
  return requests.map((r) =>
    r.body && kinds.get(r.body.node)!.size > 1 ? { ...r, body: undefined, bodyValue: undefined, mixed: [...kinds.get(r.body.node)!] } : r,
  );
}

/**
 * What a `/v1/<route>` piece is joined to when nothing names it Firecrawl's: a base expression
 * (`${apiEndpoint}/v1/scrape`), or a helper function of this file it is handed to (`post("/v1/search", body)`).
 */
function weakJoin(source: Source, piece: Path): string | undefined {
  const base = joinedBase(piece);
  // A base the code gives another address (`const SEARCH_API = "https://search.example.com"`) is another API's.
  const elsewhere = (text: string) => text.includes("://");
  if (base) {
    const owner = base.node.type === "MemberExpression" && base.node.object.type === "ThisExpression" ? enclosingClass(base) : undefined;
    const declared = owner ? source.text.slice(owner.start!, owner.end!) : declaredText(source, base);
    return elsewhere(declared) ? undefined : `joined to \`${source.text.slice(base.node.start!, base.node.end!)}\``;
  }
  const url = urlExpression(piece);
  const call = url.parent?.node as Node | undefined;
  if (call?.type !== "CallExpression" || call.arguments[0] !== url.node || call.callee.type !== "Identifier") return undefined;
  const name = call.callee.name;
  const binding = bindingOf(url, name) as Path | undefined;
  const declared = binding?.parent?.node as Node | undefined;
  const isFunction =
    declared?.type === "FunctionDeclaration" ||
    (declared?.type === "VariableDeclarator" && (declared.init?.type === "ArrowFunctionExpression" || declared.init?.type === "FunctionExpression"));
  return isFunction && !elsewhere(source.text.slice(declared.start!, declared.end!)) ? `sent through the helper \`${name}()\`` : undefined;
}

/**
 * What a whole URL is the fallback of: `process.env.CRAWL_URL ?? "https://api.firecrawl.dev/v1/crawl"`. The
 * value set elsewhere names a route too, most likely the same v1 one, and the body goes wherever it points.
 */
function preferred(source: Source, piece: Path): string | undefined {
  const parent = piece.parent?.node as Node | undefined;
  if (parent?.type !== "LogicalExpression" || parent.operator === "&&" || parent.right !== piece.node) return undefined;
  const left = parent.left;
  return left.type === "StringLiteral" || left.type === "TemplateLiteral" ? undefined : `\`${source.text.slice(left.start!, left.end!)}\``;
}

/**
 * Whether a variable holding the API's version (`const API_VERSION = "v1"`) is joined into a Firecrawl URL:
 * `${FIRECRAWL_URL}/${API_VERSION}/scrape`, `https://api.firecrawl.dev/${version}/crawl`.
 */
function versionUses(index: PathIndex, source: Source, piece: Path<StringLiteral | TemplateElement>): { firecrawl: Path[]; other: Path[] } {
  const firecrawl: Path[] = [];
  const other: Path[] = [];
  for (const use of holderUses(index, piece) ?? []) {
    const template = use.parent as Path | undefined;
    const i = template?.node.type === "TemplateLiteral" ? template.node.expressions.indexOf(use.node as never) : -1;
    const before =
      i === -1 ? "" : source.text.slice((template!.node as TemplateLiteral).quasis[i]!.start!, (template!.node as TemplateLiteral).quasis[i]!.end!);
    const joined =
      before === "/" ? i > 0 && isFirecrawlBase(source, template!.get("expressions", i - 1) as Path) : before.endsWith("/") && HOLDS_API.test(before);
    (joined ? firecrawl : other).push(use);
  }
  return { firecrawl, other };
}

/** Every request to the v1 API the file makes, found by its URL. */
export function findApiRequests(index: PathIndex, source: Source): ApiRequest[] {
  if (!mentionsFirecrawl(source.text)) return [];
  const pieces: Path<StringLiteral | TemplateElement>[] = [...index.of("StringLiteral"), ...index.of("TemplateElement")];
  const requests: ApiRequest[] = [];
  for (const piece of pieces) {
    // A string literal's text between its quotes; a template quasi's node holds only its own text.
    const quote = piece.node.type === "StringLiteral" ? 1 : 0;
    const text = source.text.slice(piece.node.start! + quote, piece.node.end! - quote);
    const host = hostV1(text);
    const joined =
      host === undefined &&
      PATH_V1.test(text) &&
      (isFirecrawlBase(source, joinedBase(piece)) || onFirecrawlClient(source, piece) || besideFirecrawlHost(source, piece));
    const uses = text === "v1" && piece.node.type === "StringLiteral" ? versionUses(index, source, piece) : undefined;
    if (uses?.firecrawl.length) {
      // `const API_VERSION = "v1"` joined into Firecrawl's URLs: every use is a request sharing this `v1`;
      // where another URL uses it too, moving it would move that one as well.
      const at = piece.node.start! + 1;
      const first = uses.other[0];
      const other = first && (urlExpression((first.parent?.node.type === "TemplateLiteral" ? first.parent : first) as Path).node as Node);
      const written = other && source.text.slice(other.start!, other.end!);
      // A template is its own quotes.
      const sharedWith = written && (written.startsWith("`") ? written : `\`${written}\``);
      const found = joinedTo(index, source, piece, { start: at, end: at + 2 }).filter((r) => uses.firecrawl.includes(r.site));
      requests.push(...found.map((r) => (sharedWith ? { ...r, sharedWith } : r)));
      continue;
    }
    const weak = host === undefined && !joined && /^\/?v1\/./.test(text) ? weakJoin(source, piece) : undefined;
    if (host === undefined && !joined && weak === undefined) continue;
    const v1 = host ?? text.indexOf("v1");
    const at = piece.node.start! + quote + v1;
    const version = { start: at, end: at + 2 };
    if (v1 + 2 === text.length && piece.node.type === "StringLiteral") {
      // A base URL (`const API = "https://api.firecrawl.dev/v1"`): the requests are where it is joined;
      // one that is only a fallback (`env || ".../v1"`) goes wherever the value set elsewhere points.
      const fallbackOf = preferred(source, piece);
      requests.push(...joinedTo(index, source, piece, version).map((r) => (fallbackOf ? { ...r, fallbackOf } : r)));
      continue;
    }
    const path = text.slice(v1 + 3);
    // `/v1/${endpoint}`: the route is computed, and may be one v2 does not have.
    const open = piece.node.type === "TemplateElement" && !piece.node.tail && !/[?#]/.test(path);
    const route = routeOf(path.replace(/\/$/, "")) ?? (open ? undefined : routeOf(path));
    if (weak !== undefined) {
      // Another API may have the route; only Firecrawl's routes are worth a TODO.
      // Its body is known too: a body it shares with a request that could move keeps that one here as well.
      const start = startsRoute(route, path, open);
      if (route)
        requests.push({
          at: piece,
          site: piece,
          version,
          route,
          path,
          start,
          weak,
          ...sent(index, source, sendingCall(index, urlExpression(piece)), route, start),
        });
      continue;
    }
    const sending = sendingCall(index, urlExpression(piece));
    const start = startsRoute(route, path, open);
    const fallbackOf = preferred(source, piece);
    requests.push({ at: piece, site: piece, version, route, path, start, ...sent(index, source, sending, route, start), ...(fallbackOf && { fallbackOf }) });
  }
  // Requests that send one body object move together (see core/moving.ts).
  return unmixed(requests).map((r) => (r.body ? { ...r, sends: r.body.node } : r));
}

/** The requests that move to /v2, whole: see core/moving.ts. */
export function movingRequests(requests: readonly ApiRequest[]): ApiRequest[] {
  return moving(requests);
}

/** The bodies of the requests that move to v2, each with the options table of its route. */
export function requestBodies(index: PathIndex, requests: readonly ApiRequest[]): OptionsObject[] {
  // A body is turned into JSON, checked against no declared type: its values need no `as const`.
  return movingRequests(requests).flatMap((r) =>
    r.bodyValue && r.route?.body ? optionsObjectsAt(index, r.route.body, r.bodyValue).map((o) => ({ ...o, typed: true })) : [],
  );
}
