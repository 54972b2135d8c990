/**
 * Packages, classes, error classes and types: sdk-facts 1.1 and 8.1. v1 type names are not exported
 * from 3.x on; each maps to its v2 counterpart.
 */

import type { OptionsKind, ResultKind } from "./methods.js";

/** The published names of the JS SDK (the unscoped `firecrawl` ships the same code). */
export const SDK_MODULES = ["@mendable/firecrawl-js", "firecrawl"] as const;

/** Which API a piece of code speaks. */
export type ApiVersion = "v1" | "v2";

/** The first major of the JS SDK that speaks v2 (there is no 2.x; 1.29.3 is the last v1-only release): sdk-facts 1.1. */
export const FIRST_V2_MAJOR = 3;

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

export interface ErrorRow {
  readonly spec: string;
  readonly js: { readonly v1: string; readonly v2: string };
  /** fields of the error that were renamed */
  readonly fields: Readonly<Record<string, string>>;
}

export const ERRORS: readonly ErrorRow[] = [{ spec: "sdk-facts 4.1", js: { v1: "FirecrawlError", v2: "SdkError" }, fields: { statusCode: "status" } }];

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
    todo: "v2 has no ErrorResponse: failures throw SdkError instead of returning { success: false }",
  },
];
