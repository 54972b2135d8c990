/**
 * Facts that only Python has (sdk-facts 1.2, 4.2, 6): where things are imported from, what the v2 client's
 * `.v1` proxy still offers, and how 2.x's camelCase response fields are spelled by v2's snake_case models.
 * Method, option and format renames are the Python columns of the other tables.
 */
import { API_HOST } from "./api-requests.js";
import type { OptionsKind } from "./client-methods.js";
import type { Literal } from "./options.js";

export const PY_PACKAGE = "firecrawl";

/** 2.x's module path for the client, gone in 3.x (`from firecrawl.firecrawl import ...` raises ImportError). */
export const PY_LEGACY_MODULES = ["firecrawl.firecrawl"] as const;

/** v1 classes and the v2 ones that replace them; the async ones are awaited. */
/** `onV1`: 4.x's copy of the v1 client, which a class that overrides v1's internals stays on. */
export const PY_CLIENTS = [
  { v1: "FirecrawlApp", v2: "Firecrawl", onV1: "V1FirecrawlApp", async: false },
  { v1: "AsyncFirecrawlApp", v2: "AsyncFirecrawl", onV1: "AsyncV1FirecrawlApp", async: true },
] as const;

/** The client classes' names: v1's (`FirecrawlApp`, `AsyncFirecrawlApp`), and v2's (`Firecrawl`, `AsyncFirecrawl`). */
export const PY_CLIENT_V1_NAMES: ReadonlySet<string> = new Set(PY_CLIENTS.map((c) => c.v1));
export const PY_CLIENT_V2_NAMES: ReadonlySet<string> = new Set(PY_CLIENTS.map((c) => c.v2));

/**
 * 3.x and later's v1 clients, which code keeps on v1 on purpose (sdk-facts 1.2.1): importable from the package
 * and from `firecrawl.v1`. Their calls are never migrated.
 */
export const PY_V1_CLIENTS: ReadonlySet<string> = new Set(["V1FirecrawlApp", "AsyncV1FirecrawlApp"]);
export const PY_V1_MODULE = "firecrawl.v1";

/** Where v2 keeps its models: `firecrawl.types` re-exports most of `firecrawl.v2.types`. */
export const PY_TYPES_MODULE = "firecrawl.types";
export const PY_V2_TYPES_MODULE = "firecrawl.v2.types";

/**
 * 2.x models (exported by `firecrawl` or `firecrawl.firecrawl`, both gone in v2 for these names) that v2
 * has under its own name: option models with snake_case fields, and the response types annotations
 * name, as what the v2 call returns (`ScrapeResponse` is a `Document`, `CrawlStatusResponse` a `CrawlJob`).
 */
export const PY_MOVED_TYPES: Readonly<Record<string, { readonly module: string; readonly name: string }>> = {
  ...Object.fromEntries(
    [
      "ScrapeOptions",
      "Location",
      "AgentOptions",
      "CrawlResponse",
      "BatchScrapeResponse",
      "CrawlErrorsResponse",
      "WaitAction",
      "ScreenshotAction",
      "ClickAction",
      "WriteAction",
      "PressAction",
      "ScrollAction",
      "ScrapeAction",
      "ExecuteJavascriptAction",
      "PDFAction",
    ].map((name) => [name, { module: PY_TYPES_MODULE, name }]),
  ),
  LocationConfig: { module: PY_TYPES_MODULE, name: "Location" },
  FirecrawlDocument: { module: PY_TYPES_MODULE, name: "Document" },
  ScrapeResponse: { module: PY_TYPES_MODULE, name: "Document" },
  CrawlStatusResponse: { module: PY_TYPES_MODULE, name: "CrawlJob" },
  BatchScrapeStatusResponse: { module: PY_TYPES_MODULE, name: "BatchScrapeJob" },
  MapResponse: { module: PY_TYPES_MODULE, name: "MapData" },
  SearchResponse: { module: PY_TYPES_MODULE, name: "SearchData" },
  // Not re-exported by firecrawl.types.
  WebhookConfig: { module: PY_V2_TYPES_MODULE, name: "WebhookConfig" },
  ExtractResponse: { module: PY_V2_TYPES_MODULE, name: "ExtractResponse" },
};

/** The option tables a method's keyword arguments come from: Python's batch_scrape takes the scrape options flat, beside its own. */
export const PY_OPTION_KINDS: Readonly<Record<OptionsKind, readonly OptionsKind[]>> = {
  scrape: ["scrape"],
  crawl: ["crawl"],
  map: ["map"],
  search: ["search"],
  batch: ["batch", "scrape"],
  extract: ["extract"],
};

/** Keyword arguments v2 takes as models with snake_case fields, not dicts (sdk-facts 6.1): a params dict's become these. */
export const PY_OPTION_MODELS: Readonly<Record<string, string>> = { scrape_options: "ScrapeOptions", agent: "AgentOptions" };

/** The fields of 4.x's ScrapeOptions, a page's options, which a crawl and the async client's batch scrape take only nested in one. */
const SCRAPE_OPTIONS_FIELDS = [
  "formats",
  "headers",
  "include_tags",
  "exclude_tags",
  "only_main_content",
  "timeout",
  "wait_for",
  "mobile",
  "parsers",
  "actions",
  "location",
  "skip_tls_verification",
  "remove_base64_images",
  "fast_mode",
  "use_mock",
  "block_ads",
  "proxy",
  "max_age",
  "min_age",
  "store_in_cache",
] as const;

/** ScrapeOptions' fields, by which a keyword of one is told from a name no release declared. */
export const PY_SCRAPE_OPTIONS_FIELDS: ReadonlySet<string> = new Set(SCRAPE_OPTIONS_FIELDS);

/**
 * 4.x's async client takes a batch scrape's page options only nested (v2/methods/aio/batch.py `_prepare(urls, *,
 * options=None, **kwargs)`): the flat keyword arguments its sync client takes (`formats=`, `only_main_content=`, ...)
 * are dropped without a word, and `timeout` is the waiter's, in seconds. The v1 batch methods whose calls on the async
 * client keep theirs in `options=ScrapeOptions(...)`, and the fields that go there: ScrapeOptions' own, but for
 * `integration`, which the batch takes itself.
 */
export const PY_ASYNC_BATCH_OPTIONS = {
  methods: ["batch_scrape_urls", "async_batch_scrape_urls"],
  keyword: "options",
  model: PY_OPTION_MODELS.scrape_options!,
  fields: PY_SCRAPE_OPTIONS_FIELDS,
} as const;

/**
 * A page's options given flat to a crawl or a search, which take them only nested in `scrape_options=ScrapeOptions(...)`:
 * ScrapeOptions' fields but those the method takes as its own (`timeout`; a search's `location` too). 2.x raised
 * ValueError on any of them given flat, and the service refused 1.x's request with them, so such a call never ran.
 */
export const PY_NESTED_PAGE_OPTIONS: Readonly<Partial<Record<OptionsKind, ReadonlySet<string>>>> = {
  crawl: new Set(SCRAPE_OPTIONS_FIELDS.filter((field) => field !== "timeout")),
  search: new Set(SCRAPE_OPTIONS_FIELDS.filter((field) => field !== "timeout" && field !== "location")),
};

/**
 * Keyword arguments v2's sync client takes where its async one does not: firecrawl-py 4.x's `AsyncFirecrawl.extract`
 * and `start_extract` have no `agent` (4.27.1 to 4.38.0), so an awaited call given one raises TypeError.
 */
/**
 * The v1 methods whose one parameter, the job's id, 1.x and 2.x named `id` (`check_crawl_status(id=job_id)`): v2 names it
 * `job_id` or `crawl_id`, so a call that names it hands it by place, where every release takes it.
 */
export const PY_ID_PARAMETER: ReadonlySet<string> = new Set([
  "check_crawl_status",
  "check_crawl_errors",
  "cancel_crawl",
  "check_batch_scrape_status",
  "check_batch_scrape_errors",
]);

export const PY_ASYNC_MISSING_KEYWORDS: Readonly<Record<string, readonly string[]>> = { extract: ["agent"], start_extract: ["agent"] };

/**
 * The params keys a 1.x method read, by their snake_case names (it took both spellings), where it built its request
 * from those alone (1.17 `FirecrawlApp.extract`): any other key of a 1.x params dict never reached the service, and
 * v2, which takes them as keyword arguments, refuses it. Dropping such a key keeps the call as it ran.
 */
export const PY_V1_READ_PARAMS: Readonly<Record<string, ReadonlySet<string>>> = {
  extract: new Set(["prompt", "schema", "system_prompt", "allow_external_links", "enable_web_search", "show_sources", "agent"]),
};

/**
 * v1's action dicts (`{"type": "wait", "milliseconds": 2000}`) as 4.x's action models, by their type, with the
 * fields each model has (snake_case); v2 types `actions` as a list of these models (sdk-facts: 4.x v2/types.py).
 */
export const PY_ACTION_MODELS: Readonly<Record<string, { readonly model: string; readonly fields: readonly string[] }>> = {
  wait: { model: "WaitAction", fields: ["milliseconds", "selector"] },
  screenshot: { model: "ScreenshotAction", fields: ["full_page", "quality", "viewport"] },
  click: { model: "ClickAction", fields: ["selector"] },
  write: { model: "WriteAction", fields: ["text"] },
  press: { model: "PressAction", fields: ["key"] },
  scroll: { model: "ScrollAction", fields: ["direction", "selector"] },
  scrape: { model: "ScrapeAction", fields: [] },
  executeJavascript: { model: "ExecuteJavascriptAction", fields: ["script"] },
  pdf: { model: "PDFAction", fields: ["format", "landscape", "scale"] },
};

/**
 * 2.x models v2 has no counterpart for. v2 still ships each as `V1<name>` in this module, so code that
 * uses one keeps running (marked); an unused one goes, as `JsonConfig` does once its calls became format dicts.
 */
export const PY_V1_TYPES_MODULE = "firecrawl.v1.client";
export const PY_V1_ONLY_TYPES: ReadonlySet<string> = new Set([
  "JsonConfig",
  "ChangeTrackingOptions",
  "ChangeTrackingData",
  "ActionsResult",
  "AgentOptionsExtract",
  "ExtractAgent",
  "ScrapeParams",
  "CrawlParams",
  "MapParams",
  "ExtractParams",
  "SearchParams",
  "GenerateLLMsTextParams",
  "GenerateLLMsTextResponse",
  "GenerateLLMsTextStatusResponse",
  "GenerateLLMsTextStatusResponseData",
  "DeepResearchParams",
  "DeepResearchResponse",
  "DeepResearchStatusResponse",
  "CrawlWatcher",
]);

/** The only v1 methods the v2 client's `.v1` proxy exposes (sdk-facts 1.2.1); the others need V1FirecrawlApp. */
export const PY_V1_PROXY: ReadonlySet<string> = new Set([
  "scrape_url",
  "crawl_url",
  "batch_scrape_urls",
  "async_batch_scrape_urls",
  "async_crawl_url",
  "check_crawl_status",
  "map_url",
  "extract",
  "deep_research",
  "generate_llms_text",
]);

/**
 * Methods the v1 proxy keeps whose result in 4.x is still the dict 1.x/2.x gave: the v1 client returns the
 * response's JSON, though it types it as a model (V1DeepResearchStatusResponse). generate_llms_text, the other,
 * does return a model there (as 2.x did; 1.x gave a dict).
 */
export const PY_V1_PROXY_DICTS: ReadonlySet<string> = new Set(["deep_research"]);

/**
 * Converters no result of any release had: 1.x's results were dicts, 2.x's and 4.x's are pydantic models, whose own
 * are model_dump() and the deprecated dict() and json(). Code that hedges across versions (`elif hasattr(r,
 * "to_dict"): r = r.to_dict()`) tests for them, and the test was false in each.
 */
export const PY_NO_RESULT_CONVERTERS: ReadonlySet<string> = new Set(["to_dict", "to_json", "as_dict"]);

/** 2.x response fields whose v2 spelling is not just camelCase turned snake_case (sdk-facts 4.2). */
export const PY_FIELD_RENAMES: Readonly<Record<string, string>> = { json_field: "json", extract: "json" };

/** v0 documents' fields 1.x code still reads (v1 had no such key): v0's `content` was the page's markdown. */
export const PY_V0_DOCUMENT_FIELDS: Readonly<Record<string, string>> = { content: "markdown" };

/**
 * What a search hit is in 4.x, by whether the call asked for page content (`scrape_options`): a
 * SearchResultWeb (url, title, description), or a Document, which keeps the hit's title and description in its
 * page metadata and the URL it scraped as the metadata's source_url (4.x drops the hit's own keys). v2 types
 * the list as holding either: plain hits are cast to what the call returns, as authors do by hand; a scraped search's
 * list holds a SearchResultWeb too where a page failed to scrape (4.x makes a Document only of a hit with page
 * content), so each read of a scraped hit asks which it is (`isinstance(hit, Document)`), as the SDK's own tests do.
 */
export const PY_SEARCH_HITS = {
  plain: { model: "SearchResultWeb", fields: {} },
  scraped: {
    model: "Document",
    fields: { url: "metadata_typed.source_url", title: "metadata_typed.title", description: "metadata_typed.description" },
  },
} as const satisfies Record<string, { model: string; fields: Readonly<Record<string, string>> }>;

/** Where the names a cast, and a params annotation widened to Any, are written with come from. */
export const PY_CAST = { module: "typing", cast: "cast", list: "List", dict: "dict", any: "Any" } as const;

/**
 * v2's type of one entry of a call's formats (a format's name or its object), which a list of str the code builds is
 * cast to where v1 took it untyped in a params dict (checker/verify.ts).
 */
export const PY_FORMAT_OPTION = "FormatOption";

/** Where 1.x's methods took their `params` dict: second, after the URL, the URLs, the query or the job's id. */
export const PY_V1_PARAMS_AT = 1;

/** What a method a positional-only executor runs is handed to it in, with its keywords (steps/executor-partial.ts). */
export const PY_PARTIAL = { module: "functools", name: "partial" } as const;

/** 2.x documents' top-level fields (search results' title and description, the page's url), in v2 only in the metadata. */
export const PY_DOCUMENT_METADATA_FIELDS: ReadonlySet<string> = new Set(["title", "description", "url"]);

/** The API the clients call when given no api_url (v1 fell back to it on None; v2 needs it written). */
export const PY_DEFAULT_API_URL = `https://${API_HOST}`;

/** Methods whose 4.x call sends its `schema` into the request as given, where 1.x and 2.x made a pydantic class its JSON schema. */
export const PY_SCHEMA_SENT_AS_GIVEN: ReadonlySet<string> = new Set(["extract", "start_extract"]);

/** Methods whose v2 call on an async client takes the URL only as a keyword (sdk-facts 6.3). */
export const PY_ASYNC_URL_KEYWORD: ReadonlySet<string> = new Set(["crawl"]);

/** camelCase -> snake_case, as the v2 Python SDK spells fields and keyword arguments (rawHtml -> raw_html, sourceURL -> source_url). */
export function snakeCase(name: string): string {
  return name
    .replace(/URLs/g, "Urls")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .toLowerCase();
}

/**
 * A v2 Document's fields that are Optional where 1.x's dict always had the key when the format was asked
 * for, and the page's URLs (metadata's `source_url` and `url`), which 1.x's search hits (`hit["url"]`) and
 * metadata (`sourceURL`, `url`) always held: where code uses the value as one (slices it, takes its len(), iterates,
 * concatenates, returns it as a `str`, hands it to a call that takes a `str`), `(doc.field or <empty>)` keeps
 * v1's behaviour; a missing key's KeyError stays one for json.
 */
export const PY_OPTIONAL_FIELD_EMPTY: Readonly<Record<string, string>> = {
  markdown: '""',
  html: '""',
  raw_html: '""',
  summary: '""',
  screenshot: '""',
  links: "[]",
  images: "[]",
  json: "{}",
  actions: "{}",
  change_tracking: "{}",
  source_url: '""',
  url: '""',
};

/**
 * Document fields that v2 types as plain dicts of the API's own (camelCase) keys, where 2.x had models:
 * `r.changeTracking.changeStatus` is `r.change_tracking["changeStatus"]` (sdk-facts 4.2).
 */
export const PY_DICT_FIELDS: ReadonlySet<string> = new Set(["change_tracking", "actions"]);

/**
 * v2's result models (firecrawl.v2.types), as tests build them for a mocked method's return_value: each
 * field is a value (null), a model, or a list of models ("[Model]"); `required` are the fields without a default.
 */
export interface PyResultModel {
  readonly fields: Readonly<Record<string, string | null>>;
  readonly required?: readonly string[];
  /** a string in a list of these models is the model with this field (map links were strings in v1) */
  readonly fromString?: string;
}

const METADATA_FIELDS = [
  "title",
  "description",
  "url",
  "language",
  "keywords",
  "robots",
  "og_title",
  "og_description",
  "og_url",
  "og_image",
  "og_audio",
  "og_determiner",
  "og_locale",
  "og_locale_alternate",
  "og_site_name",
  "og_video",
  "favicon",
  "dc_terms_created",
  "dc_date_created",
  "dc_date",
  "dc_terms_type",
  "dc_type",
  "dc_terms_audience",
  "dc_terms_subject",
  "dc_subject",
  "dc_description",
  "dc_terms_keywords",
  "modified_time",
  "published_time",
  "article_tag",
  "article_section",
  "source_url",
  "status_code",
  "scrape_id",
  "num_pages",
  "content_type",
  "proxy_used",
  "timezone",
  "cache_state",
  "cached_at",
  "credits_used",
  "concurrency_limited",
  "error",
];
const values = (...names: string[]) => Object.fromEntries(names.map((n) => [n, null]));
const JOB = { ...values("status", "total", "completed", "credits_used", "expires_at", "next"), data: "[Document]" };

export const PY_RESULT_MODELS: Readonly<Record<string, PyResultModel>> = {
  Document: {
    fields: {
      ...values(
        "markdown",
        "html",
        "raw_html",
        "json",
        "summary",
        "links",
        "images",
        "screenshot",
        "audio",
        "video",
        "actions",
        "answer",
        "highlights",
        "warning",
        "change_tracking",
      ),
      metadata: "DocumentMetadata",
    },
  },
  DocumentMetadata: { fields: values(...METADATA_FIELDS) },
  CrawlJob: { fields: JOB, required: ["status"] },
  BatchScrapeJob: { fields: JOB, required: ["status", "completed", "total"] },
  CrawlResponse: { fields: values("id", "url"), required: ["id", "url"] },
  BatchScrapeResponse: { fields: values("id", "url", "invalid_urls"), required: ["id", "url"] },
  MapData: { fields: { links: "[LinkResult]" }, required: ["links"] },
  LinkResult: { fields: values("url", "title", "description"), required: ["url"], fromString: "url" },
  SearchData: { fields: { web: "[SearchResultWeb]", ...values("news", "images") } },
  SearchResultWeb: { fields: values("url", "title", "description", "category"), required: ["url"] },
  ExtractResponse: {
    fields: values("success", "id", "status", "data", "error", "warning", "warnings", "sources", "expires_at", "credits_used", "tokens_used"),
  },
};

/** v2's extract methods, which answer an ExtractResponse: 2.x's spelled its fields camelCase (`expiresAt`), 4.x's snake_case. */
export const PY_EXTRACT_RESULTS: ReadonlySet<string> = new Set(["extract", "start_extract", "get_extract_status"]);

/**
 * What v1's waiters (crawl_url, batch_scrape_urls) answered: only a completed job, since they raised on a failed one. A
 * test's mock of one stands for that job, which v2's model says in its status.
 */
export const PY_WAITED_JOB: Readonly<Record<string, Literal>> = { status: "completed" };

/** The model the v2 counterpart of a v1 method (by its JS name, mapping/client-methods.ts) returns. */
export const PY_RETURNED_MODELS: Readonly<Record<string, string>> = {
  scrapeUrl: "Document",
  search: "SearchData",
  mapUrl: "MapData",
  crawlUrl: "CrawlJob",
  checkCrawlStatus: "CrawlJob",
  asyncCrawlUrl: "CrawlResponse",
  batchScrapeUrls: "BatchScrapeJob",
  checkBatchScrapeStatus: "BatchScrapeJob",
  asyncBatchScrapeUrls: "BatchScrapeResponse",
};

/**
 * The class a mock's spec names in v2. v2's `Firecrawl` sets its methods on each instance in `__init__`, so
 * `Mock(spec=Firecrawl)` and `create_autospec(Firecrawl)` have none of them; the class that defines them is
 * v2's `FirecrawlClient` (its async one, `AsyncFirecrawlClient`).
 */
export const PY_MOCK_SPECS: Readonly<Record<string, { readonly module: string; readonly name: string }>> = {
  FirecrawlApp: { module: "firecrawl.v2", name: "FirecrawlClient" },
  AsyncFirecrawlApp: { module: "firecrawl.v2", name: "AsyncFirecrawlClient" },
};

/** 2.x response models, by the v2 result they stand for, where code annotates its own parameters with them. */
export const PY_RESULT_TYPE_KINDS: Readonly<Record<string, "document" | "job" | "started" | "map" | "search">> = {
  ScrapeResponse: "document",
  FirecrawlDocument: "document",
  CrawlStatusResponse: "job",
  BatchScrapeStatusResponse: "job",
  CrawlResponse: "started",
  BatchScrapeResponse: "started",
  MapResponse: "map",
  SearchResponse: "search",
};
