/**
 * The API's own routes, v1 -> v2 (sdk-facts 7, spec section 4), for code that calls the API over HTTP
 * instead of through the SDK. Every v1 route has its twin under /v2 with the same path, but llms.txt and
 * deep research, which v2 does not have. A POST body follows the same options table as the SDK call that
 * sends it (`body`): v2's request schemas are strict, so a v1 key left in a body is a 400.
 */
import type { OptionsKind } from "./client-methods.js";
import { FORMATS } from "./formats.js";
import { API_OPTIONS } from "./options.js";

export interface RouteRow {
  readonly spec: string;
  /** the path after /v1/, up to a job id or the query */
  readonly path: string;
  /** the options table a request body follows; batch bodies hold scrape options at their top level */
  readonly body?: OptionsKind;
  /** an asynchronous job: its start, status, errors and cancel requests move to /v2 together or not at all */
  readonly job?: true;
  /** no v2 route: the request stays on /v1 and is marked */
  readonly v1Only?: string;
  /** what the v2 response changed, for the code that reads it */
  readonly response?: string;
  /** the response changed only for bodies that ask for the json format (v1 `extract`/`json`) */
  readonly responseIfJson?: true;
  /** the reads of the response body that v2 answers elsewhere, rewritten where the code makes them */
  readonly reads?: readonly ResponseRead[];
  /**
   * fields of an answer a document shows for the route (its job's status included) that v2 answers elsewhere,
   * beside `reads`; `*` stands for each item of a list
   */
  readonly shownReads?: readonly ResponseRead[];
}

/** A field of a response body, by its path from the body, and what v2 made of it. */
export interface ResponseRead {
  readonly at: readonly string[];
  readonly change:
    | { readonly kind: "rename"; readonly to: string }
    /** an array of strings became an array of objects: `pick` is the field holding the old string */
    | { readonly kind: "strings-to-objects"; readonly pick: string }
    /** the value moved one level down, under `field` of an object in its place */
    | { readonly kind: "nested"; readonly field: string };
}

export const API_HOST = "api.firecrawl.dev";
/**
 * Where a self-hosted Firecrawl answers by default (its docker compose publishes port 3002): in a file that
 * names Firecrawl (every file the codemod reads does), a URL there is its API, as a hosted one is.
 */
export const SELF_HOSTED: readonly string[] = ["localhost:3002", "127.0.0.1:3002"];
/** The API's hosts as a regular expression's alternatives. */
export const HOSTS = [API_HOST, ...SELF_HOSTED].map((host) => host.replace(/\./g, "\\.")).join("|");

const HOST_V1 = new RegExp(`(?:${HOSTS})/v1(?=[/?#]|$)`);
/** Text that holds the API's address, hosted or self-hosted: a base's value, a class that keeps one. */
export const HOLDS_API = new RegExp(`(?:${HOSTS})(?![\\w.])`);
/** What may stand before the API's host in a literal that is a URL: a scheme, or nothing. */
const URL_START = /^(?:[a-z]*:)?(?:\/\/)?$/i;

/**
 * Where `v1` stands in a literal that is a URL under the API's host (`https://api.firecrawl.dev/v1/scrape`);
 * undefined for any other text, prose that mentions such a URL included (a mocked page, a prompt).
 */
export function hostV1(text: string): number | undefined {
  const found = HOST_V1.exec(text);
  return found && URL_START.test(text.slice(0, found.index)) ? found.index + found[0].length - 2 : undefined;
}

/** A path joined to a base that starts with the API's version: `/v1/scrape`, `v1`. */
export const PATH_V1 = /^\/?v1(?=[/?#]|$)/;
/**
 * What a `.replace(pattern, replacement)` on a base does to its version: `swap`s it for v2's
 * (`base.replace("/v1", "/v2")`: the code already reaches v2 through it, and a base moved to /v2 keeps that
 * true), or `cut`s it (`base.replace(/\/v1$/, "")`: the code joins its own version after it, and a base moved
 * to /v2 would keep its /v2 there). Undefined for a replace that leaves the version alone (a trailing slash).
 */
export function versionReplace(pattern: string, replacement: string | undefined): "swap" | "cut" | undefined {
  if (!/(?:^|\/|\\\/)v1(?![\w.])/.test(pattern)) return undefined;
  return /^\/?v2\/?$/.test(replacement ?? "-") ? "swap" : replacement === "" ? "cut" : undefined;
}

/** A name, or the text of a value or a class, that says it is Firecrawl's (a base URL's variable, its class). */
export const SAYS_FIRECRAWL = /firecrawl/i;
/** Whether a base's name or value says it is Firecrawl's: it names it, or holds its address. */
export const namesFirecrawlBase = (text: string) => SAYS_FIRECRAWL.test(text) || HOLDS_API.test(text);

/** Methods of HTTP clients and their instances that make a request (axios, got, ky, ofetch; requests, httpx, aiohttp). */
export const REQUEST_METHODS: ReadonlySet<string> = new Set(["get", "post", "put", "patch", "delete", "head", "request"]);
/** Functions that make a request and return its response (JavaScript). */
export const REQUEST_FUNCTIONS: ReadonlySet<string> = new Set(["fetch", "axios", "ky", "got", "ofetch", "$fetch", "request"]);
/**
 * What a response tells without its body (fetch's and axios's, requests', httpx's and aiohttp's): code that
 * reads only these and the body leaves nothing of the body unseen.
 */
export const RESPONSE_STATUS: ReadonlySet<string> = new Set([
  "ok",
  "status",
  "statusText",
  "statusCode",
  "headers",
  "url",
  "redirected",
  "status_code",
  "raise_for_status",
  "reason",
  "elapsed",
  "is_success",
  "is_error",
  "encoding",
]);

/** A job's status answers its pages in `data`, each with the json format's result under v1's `extract`. */
const JOB_EXTRACT: ResponseRead = { at: ["data", "*", "extract"], change: { kind: "rename", to: "json" } };

export const ROUTES: readonly RouteRow[] = [
  {
    spec: "sdk-facts 7",
    path: "scrape",
    body: "scrape",
    response: "a v2 scrape returns the json format's result as data.json, not data.extract",
    responseIfJson: true,
    reads: [{ at: ["data", "extract"], change: { kind: "rename", to: "json" } }],
  },
  {
    spec: "sdk-facts 7",
    path: "batch/scrape",
    body: "scrape",
    job: true,
    response: "a v2 batch scrape returns the json format's result as data[].json, not data[].extract",
    responseIfJson: true,
    shownReads: [JOB_EXTRACT],
  },
  { spec: "sdk-facts 7", path: "crawl", body: "crawl", job: true, shownReads: [JOB_EXTRACT] },
  {
    spec: "sdk-facts 7",
    path: "map",
    body: "map",
    response: "v2 /map returns links as objects ({ url, title, description }): read link.url",
    reads: [{ at: ["links"], change: { kind: "strings-to-objects", pick: "url" } }],
  },
  {
    spec: "sdk-facts 7",
    path: "search",
    body: "search",
    response: "v2 /search returns data as { web, news, images }: read data.web",
    reads: [{ at: ["data"], change: { kind: "nested", field: "web" } }],
  },
  { spec: "sdk-facts 7", path: "extract", body: "extract", job: true },
  // Credit and token usage answer in camelCase in v2, as the SDK's getCreditUsage() and getTokenUsage() (sdk-facts 2.2).
  {
    spec: "sdk-facts 2.2",
    path: "team/credit-usage",
    response: "v2 /team/credit-usage answers in camelCase: read data.remainingCredits",
    reads: [{ at: ["data", "remaining_credits"], change: { kind: "rename", to: "remainingCredits" } }],
  },
  {
    spec: "sdk-facts 2.2",
    path: "team/token-usage",
    response: "v2 /team/token-usage answers in camelCase: read data.remainingTokens",
    reads: [{ at: ["data", "remaining_tokens"], change: { kind: "rename", to: "remainingTokens" } }],
  },
  { spec: "sdk-facts 7", path: "team/queue-status" },
  { spec: "sdk-facts 7", path: "concurrency-check" },
  { spec: "sdk-facts 7", path: "llmstxt", v1Only: "v2 has no llms.txt route: this request stays on /v1 (see the v2 docs for what replaces it)" },
  { spec: "sdk-facts 7", path: "deep-research", v1Only: "v2 has no deep-research route: this request stays on /v1 (see the v2 docs for what replaces it)" },
];

/** The changed field a path into a response body names, if any. */
export function readAt(reads: readonly ResponseRead[], at: readonly string[]): ResponseRead | undefined {
  return reads.find((read) => read.at.length === at.length && read.at.every((name, i) => at[i] === name));
}

/** Whether a path into a response body is (or leads down to) a changed field. */
export function leadsToRead(reads: readonly ResponseRead[], at: readonly string[]): boolean {
  return reads.some((read) => at.length <= read.at.length && at.every((name, i) => read.at[i] === name));
}

/**
 * Whether a path after /v1/ is its route's own (`crawl`, a job's start), not a job's status, errors or
 * cancel under it (`crawl/123`, or `crawl/` that an id follows where the code interpolates it: `open`).
 */
export function startsRoute(route: RouteRow | undefined, path: string, open = false): boolean {
  const own = path.split(/[?#]/)[0]!;
  return !!route && (own === route.path || (own === `${route.path}/` && !open));
}

/** The row of a path after /v1/ (`crawl/123/errors`, `map?x=1`): the longest route it starts with. */
export function routeOf(rest: string): RouteRow | undefined {
  return ROUTES.filter((row) => rest === row.path || (rest.startsWith(row.path) && /^[/?#]/.test(rest.slice(row.path.length)))).sort(
    (a, b) => b.path.length - a.path.length,
  )[0];
}

/**
 * What says a JSON object shown on its own in a document (no command sends it) is a v1 request body: option
 * names v2 changed, but the ones other APIs use as well (`lang`, `filter`, `agent`); format settings given
 * as an object (`extract: { schema }`: an MCP tool's `extract: "prompt"` is not v1's); formats v2 takes only as
 * objects or not at all.
 */
export const V1_BODY_NAMES: ReadonlySet<string> = new Set(
  API_OPTIONS.flatMap((row) => [row.js.v1, ...(row.js.v1Aliases ?? [])]).filter((name) => !["lang", "filter", "agent"].includes(name)),
);
export const V1_SETTINGS_NAMES: ReadonlySet<string> = new Set(FORMATS.flatMap((row) => (row.optionsKey ? [row.optionsKey] : [])));
export const V1_FORMAT_VALUES: ReadonlySet<string> = new Set(FORMATS.filter((row) => !row.v2?.required).map((row) => row.v1));
/**
 * What a body known to be sent to the API may hold that migrating it would touch: every v1 option name, a
 * format's settings, and every format string the format tables rewrite where its settings come with it.
 */
export const MIGRATED_BODY_KEYS: ReadonlySet<string> = new Set([
  ...API_OPTIONS.flatMap((row) => [row.js.v1, ...(row.js.v1Aliases ?? [])]),
  ...V1_SETTINGS_NAMES,
]);
export const MIGRATED_FORMAT_VALUES: ReadonlySet<string> = new Set(FORMATS.map((row) => row.v1));
