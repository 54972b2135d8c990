/**
 * Tests that assert the v1 URL a request goes to: `expect(fetch).toHaveBeenCalledWith(expect.stringContaining(
 * "/v1/scrape"), ...)`, `expect(url).toBe("https://api.firecrawl.dev/v1/crawl")`. They are no request, so
 * they move only with the file's own requests to their route (steps/api-requests.ts): when the code they test
 * moves to /v2 they fail, and where it stays they must stay too.
 */
import type { CallExpression, Node, ObjectExpression, ObjectProperty, StringLiteral } from "@babel/types";
import { HOSTS, hostV1, PATH_V1, routeOf, type RouteRow } from "../../mapping/api-requests.js";
import { FORMAT_TEST, V1_ONLY_FORMAT_NAMES } from "../../mapping/formats.js";
import { API_OPTIONS } from "../../mapping/options.js";

/** A URL under the API's host with its version, inside other text: what follows `/v1`. */
const V1_IN_TEXT = new RegExp(`(?:https?://)?(?:${HOSTS})/v1((?:/[\\w./-]*)?)`);
import type { Path, PathIndex } from "./paths.js";
import { findProperty, memberName } from "./expressions.js";

/** The matchers and asymmetric matchers (Jest, Vitest) a URL is asserted with. */
const ASSERTS = new Set([
  "expect",
  "stringContaining",
  "stringMatching",
  "toBe",
  "toEqual",
  "toStrictEqual",
  "toContain",
  "toMatch",
  "toHaveBeenCalledWith",
  "toHaveBeenLastCalledWith",
  "toHaveBeenNthCalledWith",
  "toBeCalledWith",
]);

/** A URL a test expects: the literal, the text after `v1/`, its route and where its `v1` is in the literal's value. */
export interface ExpectedUrl {
  readonly at: Path<StringLiteral>;
  readonly path: string;
  readonly route: RouteRow;
  readonly version: number;
}

/** The v1 route a literal names, as a whole URL or a path (`/v1/scrape`), without the text before `v1/`. */
function v1Route(text: string): Omit<ExpectedUrl, "at"> | undefined {
  const host = hostV1(text);
  const version = host ?? (PATH_V1.test(text) ? text.indexOf("v1") : undefined);
  if (version === undefined) return undefined;
  const path = text.slice(version + 2).replace(/^\//, "");
  const route = routeOf(path.replace(/\/$/, ""));
  return route && { path, route, version };
}

/** The string literals of the file that a matcher asserts as a v1 URL of the API, with their route. */
export function expectedV1Urls(index: PathIndex): ExpectedUrl[] {
  const found: ExpectedUrl[] = [];
  for (const literal of index.of("StringLiteral")) {
    const named = v1Route(literal.node.value);
    const call = literal.parent?.node as CallExpression | undefined;
    if (named === undefined || call?.type !== "CallExpression" || !call.arguments.includes(literal.node as never)) continue;
    const callee = call.callee;
    const name =
      callee.type === "Identifier"
        ? callee.name
        : callee.type === "MemberExpression" || callee.type === "OptionalMemberExpression"
          ? memberName(callee)
          : undefined;
    if (name && ASSERTS.has(name)) found.push({ at: literal, ...named });
  }
  return found;
}

/** An n8n expression (`={{ $credentials.baseUrl || "https://api.firecrawl.dev/v1" }}`) naming a v1 URL of the API. */
const N8N_EXPRESSION = /^=.*\{\{[\s\S]*\}\}/;

/** A v1 URL of the API in an n8n expression, with what follows `/v1`. */
export interface N8nUrl {
  readonly at: Path<StringLiteral>;
  readonly path: string;
}

/**
 * The string literals holding an n8n expression that names a v1 URL of the API, with what follows `/v1`:
 * a declarative node's base or route, whose requests and bodies n8n builds from the node's option lists,
 * which this codemod does not read.
 */
export function n8nV1Urls(index: PathIndex): N8nUrl[] {
  const found: N8nUrl[] = [];
  for (const literal of index.of("StringLiteral")) {
    const text = literal.node.value;
    if (!N8N_EXPRESSION.test(text)) continue;
    const url = V1_IN_TEXT.exec(text);
    if (url) found.push({ at: literal, path: url[1]! });
  }
  return found;
}

/** v1 option names v2 renamed or removed. */
const V1_OPTIONS = new Set(API_OPTIONS.flatMap((row) => [row.js.v1, ...(row.js.v1Aliases ?? [])]));
/** The API's version in a URL of it, or in an n8n route's path (`url: "/v2/scrape"`). */
const HOST_VERSION = new RegExp(`(?:${HOSTS})/v(\\d+)(?![\\w.])`);
const PATH_VERSION = /^\/?v(\d+)(?=[/?#]|$)/;

/** What an n8n node's description offers of v1's API: where, the node's property saying it, and the v1 names. */
export interface N8nOptions {
  readonly at: Path;
  /** the node's property (`{ displayName, name, type, ... }`) the names belong to */
  readonly property: Path;
  readonly names: readonly string[];
  readonly kind: "formats" | "option";
}

const stringOf = (node: Node | undefined | null) => (node?.type === "StringLiteral" ? node.value : undefined);
const keyOf = (node: ObjectProperty) => (node.key.type === "Identifier" ? node.key.name : stringOf(node.key));

/** The API versions the file's URLs of the API and n8n routes name. */
function versionsSeen(index: PathIndex): Set<string> {
  const seen = new Set<string>();
  for (const literal of index.of("StringLiteral")) {
    const host = HOST_VERSION.exec(literal.node.value);
    const parent = literal.parent?.node;
    const route = parent?.type === "ObjectProperty" && keyOf(parent) === "url" ? PATH_VERSION.exec(literal.node.value) : null;
    for (const found of [host, route]) if (found) seen.add(found[1]!);
  }
  for (const quasi of index.of("TemplateElement")) {
    const host = HOST_VERSION.exec(quasi.node.value.raw);
    if (host) seen.add(host[1]!);
  }
  return seen;
}

/** The property of an n8n node a path is in: the nearest object with a `type`. */
function n8nProperty(path: Path): Path<ObjectExpression> | undefined {
  for (let at = path.parent; at; at = at.parent) if (at.node.type === "ObjectExpression" && findProperty(at.node, "type")) return at as Path<ObjectExpression>;
  return undefined;
}

/** Where a property's routing sends its value: `routing: { send: { property: "formats" } }`. */
function sentAs(property: ObjectExpression): string | undefined {
  const routing = findProperty(property, "routing")?.value as Node | undefined;
  const send = routing?.type === "ObjectExpression" ? (findProperty(routing, "send")?.value as Node | undefined) : undefined;
  return send?.type === "ObjectExpression" ? stringOf(findProperty(send, "property")?.value as Node) : undefined;
}

/**
 * A declarative n8n node's properties that send v1 names to the API: the `options` list of its formats
 * property (named `formats` or sent as `formats`) whose values are v1-only formats (`"extract"`,
 * `"screenshot@fullPage"`), and a property whose routing sends a v1 option (`send: { type: "body", property:
 * "maxDepth" }`). n8n builds the node's requests from them, so they are v2's only together with the node's base:
 * a file that names the API on /v2 alone is already there, and one that names no version (properties kept
 * apart from the node) may be either, so it is told.
 */
export function n8nV1Options(index: PathIndex): N8nOptions[] {
  const versions = versionsSeen(index);
  if (versions.size > 0 && !versions.has("1")) return [];
  const found: N8nOptions[] = [];
  for (const list of index.of("ObjectProperty")) {
    const node = list.node;
    const key = keyOf(node);
    const property = n8nProperty(list);
    if (!property) continue;
    if (key === "options" && node.value.type === "ArrayExpression" && list.parent?.node === property.node) {
      const type = stringOf(findProperty(property.node, "type")?.value as Node);
      if (type !== "options" && type !== "multiOptions") continue;
      if (stringOf(findProperty(property.node, "name")?.value as Node) !== FORMAT_TEST.list && sentAs(property.node) !== FORMAT_TEST.list) continue;
      const names = node.value.elements.flatMap((e) => {
        const value = e?.type === "ObjectExpression" ? stringOf(findProperty(e, "value")?.value as Node) : undefined;
        return value !== undefined && V1_ONLY_FORMAT_NAMES.has(value) ? [value] : [];
      });
      if (names.length) found.push({ at: list, property, names, kind: "formats" });
    } else if (key === "send" && node.value.type === "ObjectExpression") {
      const sent = stringOf(findProperty(node.value, "property")?.value as Node);
      if (sent !== undefined && V1_OPTIONS.has(sent)) found.push({ at: list, property, names: [sent], kind: "option" });
    }
  }
  return found;
}
