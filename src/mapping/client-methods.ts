/**
 * Client methods, v1 -> v2: spec 9.4 (names) and sdk-facts 2.3 (argument positions and shapes).
 * One row per v1 method. Python names stand beside the JS ones; the real v1 name comes first and the
 * spec's own spelling (sdk-facts 5.2 lists where the guide is wrong) follows it.
 */

/** Where a v1 positional argument goes in v2's options object. */
export type ArgumentDestination =
  /** its properties are merged into the object (`{...params}`) */
  | { spread: true }
  /** it becomes this key; `absent` is written when the v1 call left the argument out */
  | { key: string; absent?: string }
  /** v2 has no slot for it: dropped with a TODO */
  | { dropped: string };

export interface ArgumentShape {
  /** v1 parameter names in order */
  readonly v1: readonly string[];
  /** how many leading v1 arguments keep their position in v2 */
  readonly keep: number;
  /** the v1 arguments after `keep`, folded into one v2 options object */
  readonly into: Readonly<Record<string, ArgumentDestination>>;
}

/** Which options table (mapping/options.ts) applies to the options a call takes. */
export type OptionsKind = "scrape" | "crawl" | "map" | "search" | "batch" | "extract";

/** What changed in the value a call returns (mapping/results.ts). */
export type ResultKind = "document" | "job" | "started" | "map" | "search" | "cancel" | "errors";

export interface MethodRow {
  readonly spec: string;
  readonly js: {
    readonly v1: string;
    /** null: no v2 method; the call is routed through the client's `.v1` accessor */
    readonly v2: string | null;
    readonly args?: ArgumentShape;
  };
  readonly python: { readonly v1: readonly string[]; readonly v2: string | null };
  readonly options?: OptionsKind;
  readonly result?: ResultKind;
  /** a waiter: v1 threw when the job failed, v2 returns the failed job */
  readonly waiter?: boolean;
  /** the TODO text when the call cannot be migrated without a human */
  readonly todo?: string;
  /**
   * what the run's report says of a call routed through `.v1` that behaves as before and needs nothing of the
   * user now (a note, not a TODO: DESIGN.md contract 11)
   */
  readonly note?: string;
}

/** What a TODO says where v1's idempotency key is dropped from a call whose v2 takes none. */
export const noIdempotency = (job: "crawl" | "extract") =>
  `v2 ${job} has no idempotency key; the key was dropped, make sure a retried call cannot start a second ${job}`;
const NO_IDEMPOTENCY = noIdempotency("crawl");
const ONE_PAGE = "v2 has no nextURL/skip/limit paging arguments; use getCrawlStatus's pagination config (maxPages, maxResults)";

/** A v1 status check's arguments: the id, then one page's bounds, which v2 replaces with autoPaginate. */
const STATUS_ARGS: ArgumentShape = {
  v1: ["id", "getAllData", "nextURL", "skip", "limit"],
  keep: 1,
  into: {
    getAllData: { key: "autoPaginate", absent: "false" },
    nextURL: { dropped: ONE_PAGE },
    skip: { dropped: ONE_PAGE },
    limit: { dropped: ONE_PAGE },
  },
};

/** Where a v1 batch's arguments after the URLs go in v2's: its params are the options, the rest keys beside them. */
const BATCH_ARGS: Readonly<Record<string, ArgumentDestination>> = {
  params: { key: "options" },
  idempotencyKey: { key: "idempotencyKey" },
  webhook: { key: "webhook" },
  ignoreInvalidURLs: { key: "ignoreInvalidURLs" },
};

export const METHODS: readonly MethodRow[] = [
  { spec: "9.4", js: { v1: "scrapeUrl", v2: "scrape" }, python: { v1: ["scrape_url"], v2: "scrape" }, options: "scrape", result: "document" },
  { spec: "9.4", js: { v1: "search", v2: "search" }, python: { v1: ["search"], v2: "search" }, options: "search", result: "search" },
  { spec: "9.4", js: { v1: "mapUrl", v2: "map" }, python: { v1: ["map_url"], v2: "map" }, options: "map", result: "map" },
  {
    spec: "9.4",
    js: {
      v1: "crawlUrl",
      v2: "crawl",
      args: {
        v1: ["url", "params", "pollInterval", "idempotencyKey"],
        keep: 1,
        into: {
          params: { spread: true },
          pollInterval: { key: "pollInterval" },
          idempotencyKey: { dropped: NO_IDEMPOTENCY },
        },
      },
    },
    python: { v1: ["crawl_url"], v2: "crawl" },
    options: "crawl",
    result: "job",
    waiter: true,
  },
  {
    spec: "9.4",
    js: {
      v1: "asyncCrawlUrl",
      v2: "startCrawl",
      args: {
        v1: ["url", "params", "idempotencyKey"],
        keep: 1,
        into: { params: { spread: true }, idempotencyKey: { dropped: NO_IDEMPOTENCY } },
      },
    },
    python: { v1: ["async_crawl_url"], v2: "start_crawl" },
    options: "crawl",
    result: "started",
  },
  {
    spec: "9.4",
    js: {
      v1: "checkCrawlStatus",
      v2: "getCrawlStatus",
      // v1 fetched one page unless getAllData was true; v2 (4.1+) follows every page by default.
      args: STATUS_ARGS,
    },
    python: { v1: ["check_crawl_status"], v2: "get_crawl_status" },
    result: "job",
  },
  { spec: "9.4", js: { v1: "cancelCrawl", v2: "cancelCrawl" }, python: { v1: ["cancel_crawl"], v2: "cancel_crawl" }, result: "cancel" },
  { spec: "9.4", js: { v1: "checkCrawlErrors", v2: "getCrawlErrors" }, python: { v1: ["check_crawl_errors"], v2: "get_crawl_errors" }, result: "errors" },
  {
    spec: "9.4",
    js: {
      v1: "batchScrapeUrls",
      v2: "batchScrape",
      args: {
        v1: ["urls", "params", "pollInterval", "idempotencyKey", "webhook", "ignoreInvalidURLs", "maxConcurrency"],
        keep: 1,
        into: { ...BATCH_ARGS, pollInterval: { key: "pollInterval" }, maxConcurrency: { key: "maxConcurrency" } },
      },
    },
    python: { v1: ["batch_scrape_urls"], v2: "batch_scrape" },
    options: "batch",
    result: "job",
    waiter: true,
  },
  {
    spec: "9.4",
    js: {
      v1: "asyncBatchScrapeUrls",
      v2: "startBatchScrape",
      args: {
        v1: ["urls", "params", "idempotencyKey", "webhook", "ignoreInvalidURLs"],
        keep: 1,
        into: BATCH_ARGS,
      },
    },
    python: { v1: ["async_batch_scrape_urls"], v2: "start_batch_scrape" },
    options: "batch",
    result: "started",
  },
  {
    spec: "9.4",
    js: {
      v1: "checkBatchScrapeStatus",
      v2: "getBatchScrapeStatus",
      args: STATUS_ARGS,
    },
    python: { v1: ["check_batch_scrape_status", "get_batch_scrape_status"], v2: "get_batch_scrape_status" },
    result: "job",
  },
  {
    spec: "9.4",
    js: { v1: "checkBatchScrapeErrors", v2: "getBatchScrapeErrors" },
    python: { v1: ["check_batch_scrape_errors", "get_batch_scrape_errors"], v2: "get_batch_scrape_errors" },
    result: "errors",
  },
  {
    spec: "9.4",
    js: {
      v1: "extract",
      v2: "extract",
      args: { v1: ["urls", "params"], keep: 0, into: { urls: { key: "urls" }, params: { spread: true } } },
    },
    python: { v1: ["extract"], v2: "extract" },
    options: "extract",
  },
  {
    spec: "9.4",
    js: {
      v1: "asyncExtract",
      v2: "startExtract",
      args: {
        v1: ["urls", "params", "idempotencyKey"],
        keep: 0,
        into: {
          urls: { key: "urls" },
          params: { spread: true },
          idempotencyKey: { dropped: "v2 startExtract has no idempotency key; the key was dropped" },
        },
      },
    },
    python: { v1: ["async_extract", "start_extract"], v2: "start_extract" },
    options: "extract",
    result: "started",
  },
  { spec: "9.4", js: { v1: "getExtractStatus", v2: "getExtractStatus" }, python: { v1: ["get_extract_status"], v2: "get_extract_status" } },
  {
    spec: "9.4",
    js: { v1: "crawlUrlAndWatch", v2: null },
    python: { v1: ["crawl_url_and_watch", "watch_crawl"], v2: "watcher" },
    todo: 'still on the v1 client: move to startCrawl() + watcher(id, { kind: "crawl" }) + .on(...) + await start(); v2 events pass the payload directly, not in event.detail',
  },
  {
    spec: "9.4",
    js: { v1: "batchScrapeUrlsAndWatch", v2: null },
    python: { v1: ["batch_scrape_urls_and_watch"], v2: "watcher" },
    todo: 'still on the v1 client: move to startBatchScrape() + watcher(id, { kind: "batch" }) + .on(...) + await start(); v2 events pass the payload directly, not in event.detail',
  },
  ...[
    ["generateLLMsText", "generate_llms_text"],
    ["asyncGenerateLLMsText", "async_generate_llms_text"],
    ["checkGenerateLLMsTextStatus", "check_generate_llms_text_status", "get_generate_llms_text_status"],
    ["deepResearch", "deep_research"],
    ["asyncDeepResearch", "async_deep_research"],
    ["checkDeepResearchStatus", "check_deep_research_status"],
  ].map(([js, ...python]): MethodRow => ({
    spec: "9.4",
    js: { v1: js!, v2: null },
    python: { v1: python, v2: null },
    note: `${js}() has no v2 equivalent; it still runs on the v1 client through .v1`,
  })),
];

/**
 * The JavaScript v1 client's own helpers, which v2's client neither has nor calls (sdk-facts 2.1): a class that
 * extends the client and overrides one relies on v1's internals.
 */
export const JS_V1_INTERNALS: ReadonlySet<string> = new Set([
  "prepareHeaders",
  "postRequest",
  "getRequest",
  "deleteRequest",
  "handleError",
  "monitorJobStatus",
]);

/** The method names only v1 has, JavaScript's and Python's: a call to one is v1 usage even where nothing parses. */
export const V1_ONLY_NAMES: ReadonlySet<string> = new Set(
  METHODS.flatMap((row) => [...(row.js.v1 !== row.js.v2 ? [row.js.v1] : []), ...row.python.v1.filter((name) => name !== row.python.v2)]),
);

const byV1 = new Map(METHODS.map((row) => [row.js.v1, row]));
const byV2 = new Map(METHODS.filter((row) => row.js.v2).map((row) => [row.js.v2!, row]));

/** The row a JS method name belongs to, whether the call still has its v1 name or already the v2 one. */
export function methodRow(name: string): { row: MethodRow; isV1Name: boolean } | undefined {
  const v1 = byV1.get(name);
  if (v1) return { row: v1, isV1Name: v1.js.v2 !== name };
  const v2 = byV2.get(name);
  return v2 && { row: v2, isV1Name: false };
}

/** The row a Python method name belongs to, whether it is a v1 name or v2's (shared names are v2's). */
export function pythonMethodRow(name: string): { row: MethodRow; isV1Name: boolean } | undefined {
  for (const row of METHODS) {
    if (row.python.v1.includes(name)) return { row, isV1Name: row.python.v2 !== name };
    if (row.python.v2 === name) return { row, isV1Name: false };
  }
  return undefined;
}

/** A Python method name only v2's client has (v1 spelled it otherwise). */
export function isV2OnlyPythonMethod(name: string): boolean {
  const found = pythonMethodRow(name);
  return !!found && !found.row.python.v1.includes(name);
}

/**
 * v1 methods that took the schema's type as a type argument (`app.extract<typeof schema>(...)`, `scrapeUrl<T>`):
 * v2's extract takes none (TS2558) and v2's scrape takes its options' type, which a schema's type is not.
 */
export const V1_GENERIC_METHODS: ReadonlySet<string> = new Set(["scrapeUrl", "extract"]);
