/**
 * What v2 calls return: sdk-facts 4.1. v2 responses have no `success`/`error` (failures throw `SdkError`),
 * scrape's `extract` is `json`, map links are objects, search results are keyed by source, waiters
 * return failed jobs instead of throwing, and cancelCrawl returns a boolean.
 */
import type { ResultKind } from "./client-methods.js";

export interface ResultRow {
  readonly spec: string;
  readonly of: readonly ResultKind[];
  readonly js: { readonly v1: string };
  /** the Python field names, and the TODO's wording where Python's differs (it raises, not throws SdkError) */
  readonly python?: { readonly v1: string; readonly v2: string | null; readonly todo?: string };
  readonly change:
    /**
     * the field was renamed; `absent` stands in where v2 made it optional and v1 always had it, `todo` says
     * what else changed about it, and `readTodo` what TypeScript code must do to read fields inside it;
     * `format`: the v1 format (mapping/formats.ts) the request asks for the field with, whose rewrite the rename
     * goes with (a request that keeps asking v1's way gets no v2 field to read)
     */
    | { kind: "rename"; to: string; absent?: string; todo?: string; readTodo?: string; items?: ItemTypes; format?: string }
    /** `if (!r.success) throw ...` guards go, since v2 throws; any other use needs a human */
    | { kind: "success-flag"; todo: string }
    /** the field is gone */
    | { kind: "removed"; todo: string }
    /** an array of strings became an array of objects: `pick` is the field holding the old string */
    | { kind: "strings-to-objects"; pick: string }
    /** the field moved into an optional object of the result (`doc.url` is `doc.metadata?.url`) */
    | { kind: "moved"; into: string; todo: string }
    /**
     * a field v1's result did not have either, read as if it had (a scrape result's `data`): the read was
     * undefined before and stays so, named where it is read; no proof that code is v1
     */
    | { kind: "never-had"; todo: string }
    /**
     * a field v1's result did not have and v2's has (a job's `id`): the read was undefined in v1, and the code took
     * the other side of a test of it or its fallback, where v2's answers; named where it is read
     */
    | { kind: "gained"; todo: string };
}

/**
 * What a renamed list holds, as v2's types name it: v2 types search hits as `SearchResultWeb | Document`,
 * while the API answers a hit with its `url`, `title` and `description` and, where the search scraped the pages
 * (`scrapeOptions`), the document's fields beside them. A read of the items is cast to what the call asked for,
 * as authors do by hand, instead of a TODO.
 */
export interface ItemTypes {
  /** the items of a call that did not ask for page content */
  readonly plain: string;
  /** what a scraped hit adds */
  readonly scraped: string;
  /**
   * a scraped hit's fields a plain one never has (the API scrapes nothing without `scrapeOptions`, in v1 as in
   * v2): a fallback that reads one from a plain hit (`r.title ?? r.metadata?.title`) never answered
   */
  readonly scrapedOnly: readonly string[];
}

export const RESULTS: readonly ResultRow[] = [
  {
    // A throw-only guard goes: v2 throws SdkError itself. A waiter's guard becomes a status check,
    // since v2 waiters return failed and cancelled jobs where v1 threw.
    spec: "sdk-facts 4.1",
    of: ["document", "started", "map", "search", "job"],
    js: { v1: "success" },
    python: {
      v1: "success",
      v2: null,
      todo: "v2 results have no success flag: failures raise an exception (FirecrawlError and its subclasses), so handle them with try/except",
    },
    change: {
      kind: "success-flag",
      todo: "v2 results have no success or error fields: failures throw SdkError, so handle them with try/catch",
    },
  },
  {
    spec: "sdk-facts 4.1",
    of: ["document", "started", "map", "search"],
    js: { v1: "error" },
    python: { v1: "error", v2: null, todo: "v2 results have no error field: failures raise an exception instead" },
    change: { kind: "removed", todo: "v2 results have no error field: failures throw SdkError instead" },
  },
  {
    // A job's status is answered, failed or not: v1's body carried the failure's text, v2 keeps it apart.
    spec: "sdk-facts 4.1",
    of: ["job"],
    js: { v1: "error" },
    python: {
      v1: "error",
      v2: null,
      todo: 'v2 jobs have no error field: a failed job answers status "failed", and its errors come from get_crawl_errors(id) (get_batch_scrape_errors for a batch)',
    },
    change: {
      kind: "removed",
      todo: 'v2 jobs have no error field: a failed job answers status "failed", and its errors come from getCrawlErrors(id) (getBatchScrapeErrors for a batch)',
    },
  },
  {
    spec: "9.1.4",
    of: ["document"],
    js: { v1: "extract" },
    python: { v1: "extract", v2: "json" },
    change: {
      kind: "rename",
      to: "json",
      format: "extract",
      // v1 typed extract as any; v2 types json from a Zod schema given in the format, else as unknown.
      readTodo: "v2 types json as unknown unless the json format's schema is a Zod schema: give the fields you read a type",
    },
  },
  {
    spec: "sdk-facts 4.1",
    of: ["search"],
    js: { v1: "data" },
    python: { v1: "data", v2: "web" },
    change: {
      kind: "rename",
      to: "web",
      absent: "[]",
      items: {
        plain: "SearchResultWeb",
        scraped: "Document",
        scrapedOnly: ["metadata", "markdown", "html", "rawHtml", "links", "screenshot", "extract", "json", "actions", "changeTracking"],
      },
      todo: "v2 search results are SearchResultWeb | Document: read url/title/description only after checking which one you have",
    },
  },
  {
    // v1 documents carried their page URL at the top; v2 reports it in the metadata.
    spec: "sdk-facts 4.1",
    of: ["document"],
    js: { v1: "url" },
    python: {
      v1: "url",
      v2: null,
      todo: "v2 documents keep the page URL under metadata (metadata_typed.url, or metadata_typed.source_url for the URL asked for)",
    },
    change: {
      kind: "moved",
      into: "metadata",
      todo: "v2 documents keep the page URL under metadata (metadata.url, or metadata.sourceURL for the URL asked for)",
    },
  },
  { spec: "sdk-facts 4.1", of: ["map"], js: { v1: "links" }, python: { v1: "links", v2: "links" }, change: { kind: "strings-to-objects", pick: "url" } },
  {
    // v1's scrapeUrl spread the document into the result: code that read `.data` read undefined then as now.
    spec: "sdk-facts 4.1",
    of: ["document"],
    js: { v1: "data" },
    change: {
      kind: "never-had",
      todo: "a scrape result has no data field, and v1's had none either (this read was undefined): the document's fields (markdown, metadata, ...) are on the result itself",
    },
  },
  {
    spec: "sdk-facts 4.1",
    of: ["map"],
    js: { v1: "data" },
    change: { kind: "never-had", todo: "a map result has no data field, and v1's had none either (this read was undefined): the URLs are in its links" },
  },
  {
    // v1's waiters and status checks answered the job's status without its id (CrawlStatusResponse,
    // BatchScrapeStatusResponse); 4.x's CrawlJob and BatchScrapeJob carry it. Code that hedged between a waiter and a
    // start (`res.id || res.jobId`) took its other side in v1, and takes this one now.
    spec: "sdk-facts 4.1",
    of: ["job"],
    js: { v1: "id" },
    change: {
      kind: "gained",
      todo: "v1's job status had no id field (this read was undefined, and a test of it false), and v2's job has one: the code that reads it now runs where v1 took the other way",
    },
  },
];

/** Where a caught error keeps the text v1 put in a failed result's `error` field. */
export const CAUGHT_ERROR_TEXT = "message";

/**
 * v1's cancel answered the API's body, `{ status: "cancelled" }`, on every return (a failed request threw), where v2's
 * answers true: a test of that status is the boolean.
 */
export const CANCELLED = { field: "status", status: "cancelled" } as const;

/** Calls whose whole result changed type (cancelCrawl's body became a boolean). */
export const RETYPED_RESULTS: Partial<Record<ResultKind, string>> = {
  cancel: "cancelCrawl() returns a boolean in v2, not the response body",
};

/**
 * Results whose whole shape changed (search's `data` is `web`, map's links are objects): returned as they come
 * from a function that declares its own type for them, they reach callers that read v1's shape, where nothing
 * checks it (a client typed `any`): one TODO on the return says so.
 */
export const RESHAPED_RETURNS: Partial<Record<ResultKind, string>> = {
  search:
    "v2's search() returns { web, news, images }, not v1's { success, data }: this function returns it as a type of its own, written for v1's shape, and its callers read that",
  map: "v2's map() returns links as { url, title, description } objects, not strings: this function returns the result as a type of its own, written for v1's shape, and its callers read that",
};

/** The success flag, as v1's results name it. */
export const SUCCESS_FLAG = RESULTS.find((row) => row.change.kind === "success-flag")!.js.v1;

/**
 * Results v1 answered with the success flag beside their fields, `{ success: true, ...document }` (sdk-facts 2.1:
 * scrapeUrl flattens the document into its response), where v2 answers the fields alone and throws where v1
 * answered a failure: where v2 returns, v1's flag was true.
 */
export const FLAGGED_RESULTS: readonly ResultKind[] = ["document"];

/**
 * Results whose success flag was true on every answer v1 returned, as v2 returns only successes: its scrapeUrl and
 * its search read the body's flag and threw where it was false (sdk-facts 2.1; the `{ success: false }` after their
 * try is never reached, since every path in it returns or throws). A test of the flag beside what decides a
 * condition goes, and a guard that leaves on failure never ran. Map and start calls handed the API's body on as it
 * came, and a status check answered failures: their flag was the API's.
 */
export const ALWAYS_SUCCEEDING: readonly ResultKind[] = [...FLAGGED_RESULTS, "search"];

/**
 * v2's start calls answer with the address of the job's status next to its id, where v1 typed it optional
 * (sdk-facts 4.1; the API writes `https://<host>/v2/crawl/<id>`). A value standing in for one (a test's mock,
 * a literal typed as the response) that has the id but not the address gets the one the API would give. Keyed
 * by the v1 and v2 method names and the response types both versions share.
 */
export const JOB_STATUS_PATHS: Readonly<Record<string, string>> = {
  asyncCrawlUrl: "/v2/crawl/",
  startCrawl: "/v2/crawl/",
  CrawlResponse: "/v2/crawl/",
  asyncBatchScrapeUrls: "/v2/batch/scrape/",
  startBatchScrape: "/v2/batch/scrape/",
  BatchScrapeResponse: "/v2/batch/scrape/",
};

/** The fields of a start call's answer: the job's id, and the address of its status. */
export const JOB_URL = { id: "id", url: "url" } as const;

/** v1 waiters threw when the job failed; v2 ones return it. A bare waiter call gets this TODO. */
/** The global whose methods only log what they are given: a result handed to it is read by no code. */
export const LOGGER = "console";

/** The status of a job that finished: a waiter's failure guard becomes a test of anything else. */
export const JOB_COMPLETED = "completed";

/** Where a crawl or batch job holds its pages, in v1's waiter answer as in v2's job. */
export const JOB_PAGES = "data";

export const WAITER_TODO = "v2 waiters return failed or cancelled jobs instead of throwing: check the returned job's status";

/**
 * What v1's waiters threw when the job ended in any status but completed (1.29.3's monitorJobStatus, for crawls
 * and batches alike), followed by the status: a waiter whose result nothing checks throws it again in v2.
 */
export const WAITER_FAILED = "Crawl job failed or was stopped. Status: ";

/** What 2.x's AsyncFirecrawlApp waiters raised instead (_async_monitor_job_status), followed by the status. */
export const ASYNC_WAITER_FAILED = "Job failed or was stopped. Status: ";

/**
 * What v1's extract threw (JavaScript, a FirecrawlError) and raised (firecrawl-py 1.x and 2.x) when its job failed or
 * was cancelled, followed by the status and the job's error: its waiter did so where v2's returns the job. The Python
 * sync client wrapped it in a ValueError (`raise ValueError(str(e), 500)`), the async one raised it as it was.
 */
export const EXTRACT_FAILED = { method: "extract", text: "Extract job ", python: { sync: "ValueError", async: "Exception" } } as const;

/** The v0-era keyword by which a Python crawl call did not wait: such a call's result is no finished job. */
export const PY_NO_WAIT = "wait_until_done";

/**
 * v1's extract() typed its data from the call's zod schema (or any); v2's types it unknown. Reads of it,
 * where the call passes a zod schema, get the schema's type back.
 */
export const TYPED_FROM_SCHEMA = { method: "extract", field: "data", option: "schema", module: "zod" } as const;
