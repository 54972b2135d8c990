/**
 * Tests that assert the v1 URL a request goes to: `expect(fetch).toHaveBeenCalledWith(expect.stringContaining(
 * "/v1/scrape"), ...)`, `expect(url).toBe("https://api.firecrawl.dev/v1/crawl")`. They are no request, so
 * nothing moves them; when the code they test moves to /v2 they fail, and where it stays they must stay too.
 */
import type { CallExpression, StringLiteral } from "@babel/types";
import { HOSTS, hostV1, PATH_V1, routeOf } from "../../mapping/api-requests.js";

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

/** The v1 route a literal names, as a whole URL or a path (`/v1/scrape`), without the text before `v1/`. */
function v1Route(text: string): string | undefined {
  const host = hostV1(text);
  const rest = host !== undefined ? text.slice(host + 3) : PATH_V1.test(text) ? text.replace(/^\/?v1\/?/, "") : undefined;
  return rest !== undefined && routeOf(rest.replace(/\/$/, "")) ? rest : undefined;
}

/** The string literals of the file that a matcher asserts as a v1 URL of the API, with their route. */
export function expectedV1Urls(index: PathIndex): { at: Path<StringLiteral>; path: string }[] {
  const found: { at: Path<StringLiteral>; path: string }[] = [];
  for (const literal of index.of("StringLiteral")) {
    const path = v1Route(literal.node.value);
    const call = literal.parent?.node as CallExpression | undefined;
    if (path === undefined || call?.type !== "CallExpression" || !call.arguments.includes(literal.node as never)) continue;
    const callee = call.callee;
    const name =
      callee.type === "Identifier"
        ? callee.name
        : callee.type === "MemberExpression" || callee.type === "OptionalMemberExpression"
          ? memberName(callee)
          : undefined;
    if (name && ASSERTS.has(name)) found.push({ at: literal, path });
  }
  return found;
}

/** An n8n expression (`={{ $credentials.baseUrl || "https://api.firecrawl.dev/v1" }}`) naming a v1 URL of the API. */
const N8N_EXPRESSION = /^=.*\{\{[\s\S]*\}\}/;

/**
 * The string literals holding an n8n expression that names a v1 URL of the API, with what follows `/v1`:
 * a declarative node's base or route, whose requests and bodies n8n builds from the node's option lists,
 * which this codemod does not read.
 */
export function n8nV1Urls(index: PathIndex): { at: Path<StringLiteral>; path: string }[] {
  const found: { at: Path<StringLiteral>; path: string }[] = [];
  for (const literal of index.of("StringLiteral")) {
    const text = literal.node.value;
    if (!N8N_EXPRESSION.test(text)) continue;
    const url = V1_IN_TEXT.exec(text);
    if (url) found.push({ at: literal, path: url[1]! });
  }
  return found;
}
