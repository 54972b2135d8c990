/**
 * Tests that assert the v1 URL a request goes to: `expect(fetch).toHaveBeenCalledWith(expect.stringContaining(
 * "/v1/scrape"), ...)`, `expect(url).toBe("https://api.firecrawl.dev/v1/crawl")`. They are no request, so
 * they move only with the file's own requests to their route (steps/api-requests.ts): when the code they test
 * moves to /v2 they fail, and where it stays they must stay too.
 */
import type { CallExpression, Node, ObjectExpression, StringLiteral } from "@babel/types";
import { HOSTS, hostV1, PATH_V1, routeOf, type RouteRow } from "../../mapping/api-requests.js";
import { FORMATS } from "../../mapping/formats.js";
import { OPTIONS } from "../../mapping/options.js";

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

/** v1 format names v2 does not take as they are: a format with its settings in one object, or none at all. */
const V1_FORMATS = new Set(FORMATS.filter((row) => !row.v2 || row.v2.type !== row.v1 || row.v2.fixed || row.optionsKey).map((row) => row.v1));
/** v1 option names v2 renamed or removed. */
const V1_OPTIONS = new Set(OPTIONS.flatMap((row) => [row.js.v1, ...(row.js.v1Aliases ?? [])]));

/** What an n8n node's description offers of v1's API: where, and the v1 names it offers. */
export interface N8nOptions {
  readonly at: Path;
  readonly names: readonly string[];
  readonly kind: "formats" | "option";
}

const stringOf = (node: Node | undefined | null) => (node?.type === "StringLiteral" ? node.value : undefined);

/**
 * A declarative n8n node's properties that send v1 names to the API: an `options` list of a property
 * (`type: "options"` or `"multiOptions"`) whose values are v1 formats (`"extract"`, `"screenshot@fullPage"`),
 * and a property whose routing sends a v1 option (`send: { type: "body", property: "maxDepth" }`). n8n builds
 * the node's requests from them, so they are v2's only together with the node's base.
 */
export function n8nV1Options(index: PathIndex): N8nOptions[] {
  const found: N8nOptions[] = [];
  for (const list of index.of("ObjectProperty")) {
    const node = list.node;
    const key = node.key.type === "Identifier" ? node.key.name : stringOf(node.key);
    if (key === "options" && node.value.type === "ArrayExpression") {
      const owner = list.parent?.node as ObjectExpression | undefined;
      const type = owner && stringOf(findProperty(owner, "type")?.value as Node);
      if (type !== "options" && type !== "multiOptions") continue;
      const names = node.value.elements.flatMap((e) => {
        const value = e?.type === "ObjectExpression" ? stringOf(findProperty(e, "value")?.value as Node) : undefined;
        return value !== undefined && V1_FORMATS.has(value) ? [value] : [];
      });
      if (names.length) found.push({ at: list, names, kind: "formats" });
    } else if (key === "send" && node.value.type === "ObjectExpression") {
      const property = stringOf(findProperty(node.value, "property")?.value as Node);
      if (property !== undefined && V1_OPTIONS.has(property)) found.push({ at: list, names: [property], kind: "option" });
    }
  }
  return found;
}
