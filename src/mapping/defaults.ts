/**
 * Defaults that changed (spec 9.1.1-2, sdk-facts 3.1). The opt-in keepV1Defaults option writes the v1
 * value into each migrated scrape so it behaves as before. The spec says blockAds and removeBase64Images
 * became enabled in v2; the published v1 SDK and API already enabled them (sdk-facts 3.1), so writing
 * `false` would change behaviour against real v1: those rows are listed with `v1: null`.
 */
import { PY_DEFAULT_API_URL } from "./python.js";

export interface DefaultRow {
  readonly spec: string;
  readonly js: string;
  readonly python: string;
  /** the v1 default; null when v1 and v2 agree */
  readonly v1: boolean | number | string | null;
  readonly v2: boolean | number | string;
  /** what the change means for a migrated call, as the run's summary says it */
  readonly effect: string;
}

export const DEFAULTS: readonly DefaultRow[] = [
  {
    spec: "9.1.1",
    js: "maxAge",
    python: "max_age",
    v1: 0,
    v2: 172800000,
    effect: "scrapes may return a cached page up to 2 days old instead of fetching it fresh",
  },
  {
    spec: "9.1.2",
    js: "skipTlsVerification",
    python: "skip_tls_verification",
    v1: false,
    v2: true,
    effect: "pages with invalid TLS certificates are scraped instead of refused",
  },
  {
    spec: "9.1.2",
    js: "blockAds",
    python: "block_ads",
    v1: null,
    v2: true,
    effect: "ads and cookie pop-ups are blocked, as v1 already did (v2's migration guide lists this default as new)",
  },
  {
    spec: "9.1.2",
    js: "removeBase64Images",
    python: "remove_base64_images",
    v1: null,
    v2: true,
    effect: "base64 images are cut from markdown, as v1 already did (v2's migration guide lists this default as new)",
  },
  {
    spec: "sdk-facts 3.1",
    js: "proxy",
    python: "proxy",
    v1: "basic",
    v2: "auto",
    effect: '"auto" instead of "basic": the service may retry a scrape through a stronger proxy, which can cost more',
  },
];

/**
 * The Python client's own default (sdk-facts 6): 1.x and 2.x read FIRECRAWL_API_URL where no api_url was given; 4.x's
 * Firecrawl does not, so a self-hosted setup that set only the variable is sent to the cloud. (The JavaScript SDK's v2
 * still reads it.) A constructor whose api_url may be None gets the variable written out (python/constructor.ts).
 */
export const PY_API_URL_DEFAULT = {
  option: "api_url",
  v1: `os.getenv("FIRECRAWL_API_URL", "${PY_DEFAULT_API_URL}")`,
  v2: PY_DEFAULT_API_URL,
  effect:
    "firecrawl-py's client no longer reads FIRECRAWL_API_URL: one made without api_url talks to the cloud API (a self-hosted Firecrawl needs api_url given)",
} as const;

/**
 * A request's own default (sdk-facts 3.4, 3.5): v2's API skips the invalid URLs of a batch scrape or an extract and
 * answers for the rest (`invalidURLs` lists them), where v1's failed the whole request. Not written by
 * keepV1Defaults, which writes scrape options: a request that must fail whole sets `ignoreInvalidURLs: false`.
 */
export const URL_LIST_DEFAULT = {
  option: "ignoreInvalidURLs",
  v1: false,
  v2: true,
  effect: "batch scrapes and extracts skip invalid URLs and answer for the rest, where v1 failed the whole request",
} as const;
