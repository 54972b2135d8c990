/**
 * Packages, classes, error classes and types: sdk-facts 1.1 and 8.1. v1 type names are not exported
 * from 3.x on; each maps to its v2 counterpart.
 */

import type { OptionsKind, ResultKind } from "./client-methods.js";

/** The published names of the JS SDK (the unscoped `firecrawl` ships the same code). */
export const SDK_MODULES = ["@mendable/firecrawl-js", "firecrawl"] as const;

/**
 * The other spellings of the SDK's module whose version the tool can move (project/sdk-specifiers.ts): Deno's and
 * Bun's `npm:` specifier, and the CDNs that serve an npm package as an ES module, each with the text that may follow
 * the version and stays as it is (esm.sh's and Skypack's query, jsDelivr's `/+esm`). A URL that spells the version
 * in another place (esm.sh's `/v135/` builds, a file of the package's dist) pins a release the tool cannot rewrite.
 */
export const SDK_URL_FORMS: readonly { readonly prefix: string; readonly tail: RegExp }[] = [
  { prefix: "npm:", tail: /^$/ },
  { prefix: "https://esm.sh/", tail: /^(?:\?.*)?$/ },
  { prefix: "https://cdn.skypack.dev/", tail: /^(?:\?.*)?$/ },
  { prefix: "https://esm.run/", tail: /^$/ },
  { prefix: "https://cdn.jsdelivr.net/npm/", tail: /^(?:\/\+esm)?$/ },
];

/** Which API a piece of code speaks. */
export type ApiVersion = "v1" | "v2";

/** The first major of the JS SDK that speaks v2 (there is no 2.x; 1.29.3 is the last v1-only release): sdk-facts 1.1. */
export const FIRST_V2_MAJOR = 3;

/**
 * The JS SDK's published v2 releases, from the npm registry when the tool was last updated (sdk-facts 1.1
 * lists the ones read): `--sdk-version` takes one of these, so a typo cannot write an unpublished version.
 */
export const V2_RELEASES: readonly string[] = [
  "3.0.2 3.0.3 3.1.0 3.2.0 3.2.1 3.3.0",
  "4.1.0 4.3.0 4.3.1 4.3.2 4.3.3 4.3.4 4.3.5 4.3.6 4.3.7 4.3.8 4.4.0 4.4.1 4.5.0 4.6.1 4.6.2 4.7.0 4.8.0 4.8.1 4.8.2 4.8.3 4.9.0 4.9.1 4.9.3",
  "4.10.0 4.11.0 4.11.1 4.11.2 4.11.3 4.11.4 4.11.5 4.12.0 4.12.1 4.13.0 4.13.1 4.13.2 4.14.0 4.15.0 4.15.1 4.15.2 4.15.3 4.15.4 4.16.0 4.17.0",
  "4.18.0 4.18.1 4.18.2 4.18.3 4.18.4 4.18.5 4.19.0 4.20.0 4.21.0 4.21.1 4.22.0 4.22.1 4.22.2 4.23.0 4.24.0 4.24.1 4.24.2 4.25.0 4.25.1 4.25.2",
  "4.25.3 4.25.4 4.26.0 4.27.0 4.28.0 4.28.1 4.28.2 4.28.3 4.29.2 4.30.0 4.30.1 4.31.0 4.31.1 4.32.0 4.32.1 4.32.2 4.34.2 4.35.0 4.37.0 4.38.0",
  "4.39.0 4.40.0 4.41.0 4.42.0",
].flatMap((line) => line.split(" "));

/** The range a package.json that asked for v1 gets: the current v2 major (sdk-facts 1.1). */
export const V2_RANGE = "^4.42.0";

/** The firecrawl-py release a Python project that pinned v1 moves to: the one the Python outputs are checked against. */
export const PY_V2_RELEASE = "4.27.1";

export const CLIENT = {
  spec: "9.4",
  js: { v1: "FirecrawlApp", v2: "Firecrawl", v1Fallback: "FirecrawlAppV1" },
  python: { v1: "FirecrawlApp", v2: "Firecrawl", asyncV1: "AsyncFirecrawlApp", asyncV2: "AsyncFirecrawl" },
} as const;

/** Every class whose instances are Firecrawl clients, in v1 and v2 (FirecrawlClient is v2's pure client). */
export const CLIENT_CLASSES: readonly string[] = [CLIENT.js.v1, CLIENT.js.v2, "FirecrawlClient"];

/** v2's export of the old v1 client class: code that names it stays on v1 on purpose and is left alone. */
export const V1_CLIENT_EXPORT = CLIENT.js.v1Fallback;

/** Names only v2 exports: a file that imports one is written for v2. */
export const V2_ONLY_EXPORTS: readonly string[] = [CLIENT.js.v2, "FirecrawlClient", "SdkError", "Watcher"];

/** The accessor on a v2 client that still speaks v1: calls through it are left alone. */
export const V1_ACCESSOR = "v1";

export interface TypeRow {
  readonly spec: string;
  readonly js: { readonly v1: string; readonly v2: string | null };
  /** a v1 response type: values of it are results of this kind (mapping/results.ts) */
  readonly result?: ResultKind;
  /** a v1 options type: literals of it are options objects of this table (mapping/options.ts) */
  readonly options?: OptionsKind;
  /** keys the v2 type has that the v1 one took as a separate argument: references use Omit<...> */
  readonly omit?: readonly string[];
  /** no v2 type, but the v1 client that v2 still ships returns it from this method: name it from there */
  readonly returnedByV1?: string;
  /**
   * v1's failure answer (`X | ErrorResponse`): v2 answers X or throws, so a union loses it, and a cast to it that
   * reads its fields reads them through this type instead. Where every use is one of those, no TODO is needed.
   */
  readonly failureAnswer?: { readonly castAs: string };
  /** why there is no v2 name, for the TODO */
  readonly todo?: string;
}

export const TYPES: readonly TypeRow[] = [
  { spec: "sdk-facts 8.1", js: { v1: "ScrapeParams", v2: "ScrapeOptions" }, options: "scrape" },
  { spec: "sdk-facts 8.1", js: { v1: "CrawlScrapeOptions", v2: "ScrapeOptions" }, options: "scrape" },
  { spec: "sdk-facts 8.1", js: { v1: "ScrapeResponse", v2: "Document" }, result: "document" },
  { spec: "sdk-facts 8.1", js: { v1: "FirecrawlDocument", v2: "Document" }, result: "document" },
  { spec: "sdk-facts 8.1", js: { v1: "FirecrawlDocumentMetadata", v2: "DocumentMetadata" } },
  { spec: "sdk-facts 8.1", js: { v1: "CrawlParams", v2: "CrawlOptions" }, options: "crawl" },
  { spec: "sdk-facts 8.1", js: { v1: "CrawlStatusResponse", v2: "CrawlJob" }, result: "job" },
  { spec: "sdk-facts 8.1", js: { v1: "BatchScrapeStatusResponse", v2: "BatchScrapeJob" }, result: "job" },
  { spec: "sdk-facts 8.1", js: { v1: "MapParams", v2: "MapOptions" }, options: "map" },
  { spec: "sdk-facts 8.1", js: { v1: "MapResponse", v2: "MapData" }, result: "map" },
  // v2's SearchRequest includes the query, which search() takes as its first argument.
  { spec: "sdk-facts 8.1", js: { v1: "SearchParams", v2: "SearchRequest" }, omit: ["query"], options: "search" },
  { spec: "sdk-facts 8.1", js: { v1: "SearchResponse", v2: "SearchData" }, result: "search" },
  {
    // sdk-facts 8.1 pairs it with v2's Watcher, but the watch methods stay on the v1 client (.v1), which
    // still returns the v1 watcher: annotations keep naming that one, through FirecrawlAppV1.
    spec: "sdk-facts 8.1",
    js: { v1: "CrawlWatcher", v2: null },
    returnedByV1: "crawlUrlAndWatch",
    todo: "v2 does not export CrawlWatcher: the .v1 watch methods still return one; v2's watcher(id) returns a Watcher",
  },
  {
    spec: "sdk-facts 8.1",
    js: { v1: "ErrorResponse", v2: null },
    failureAnswer: { castAs: "{ error: string }" },
    todo: "v2 has no ErrorResponse: failures throw SdkError instead of returning { success: false }",
  },
];

/**
 * The v2 types that a query of a v1 method's type stands for: `Parameters<typeof app.scrapeUrl>[1]` is ScrapeOptions,
 * `ReturnType<typeof app.crawlUrl>` is `Promise<CrawlJob>` (the v2 SDK's .d.ts, 4.42). The query cannot just take the
 * v2 method's name: v2's methods are overloaded, and a query takes the last overload (scrape's takes an
 * AlexandriaScrapeRequest); and the v1 name compiles only through the deprecated aliases of 4.25 and later.
 * `options` is the type of the v1 method's second argument, the options it took after the URL (or URLs); `first`, of
 * its first, the URL, URLs or job id, which v2's method takes first alike.
 */
export const METHOD_TYPES: Readonly<Record<string, { readonly first?: string; readonly options?: string; readonly result: string }>> = {
  scrapeUrl: { first: "string", options: "ScrapeOptions", result: "Document" },
  mapUrl: { first: "string", options: "MapOptions", result: "MapData" },
  crawlUrl: { first: "string", options: "CrawlOptions", result: "CrawlJob" },
  asyncCrawlUrl: { first: "string", options: "CrawlOptions", result: "CrawlResponse" },
  checkCrawlStatus: { first: "string", result: "CrawlJob" },
  checkCrawlErrors: { first: "string", result: "CrawlErrorsResponse" },
  // A v1 batch's params are the scrape options, which v2 takes under `options`.
  batchScrapeUrls: { first: "string[]", options: "ScrapeOptions", result: "BatchScrapeJob" },
  asyncBatchScrapeUrls: { first: "string[]", options: "ScrapeOptions", result: "BatchScrapeResponse" },
  checkBatchScrapeStatus: { first: "string", result: "BatchScrapeJob" },
  checkBatchScrapeErrors: { first: "string", result: "CrawlErrorsResponse" },
  asyncExtract: { first: "string[]", result: "ExtractResponse" },
};

/** Types v1 made generic over a schema that v2 exports under the same name with no type parameters (TS2315). */
export const V1_GENERIC_TYPES: ReadonlySet<string> = new Set(["ExtractResponse"]);
