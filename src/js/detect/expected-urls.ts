/**
 * Tests that assert the v1 URL a request goes to: `expect(fetch).toHaveBeenCalledWith(expect.stringContaining(
 * "/v1/scrape"), ...)`, `expect(url).toBe("https://api.firecrawl.dev/v1/crawl")`. They are no request, so
 * they move only with the file's own requests to their route (steps/api-requests.ts): when the code they test
 * moves to /v2 they fail, and where it stays they must stay too.
 */
import type { CallExpression, StringLiteral } from "@babel/types";
import { HOSTS, hostV1, PATH_V1, routeOf, type RouteRow } from "../../mapping/api-requests.js";

/** A URL under the API's host with its version, inside other text: what follows `/v1`. */
const V1_IN_TEXT = new RegExp(`(?:https?://)?(?:${HOSTS})/v1((?:/[\\w./-]*)?)`);
import type { Path, PathIndex } from "./paths.js";
import { memberName } from "./expressions.js";

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
