/**
 * Option renames and value maps: spec 9.3 (crawl), sdk-facts 3.2 (crawl), 3.3 (map), 3.4 (search),
 * 3.1 (scrape). JS names are camelCase; the Python column is the snake_case keyword v2 takes.
 */
import type { OptionsKind } from "./client-methods.js";

/** A value written into code: printed with the file's own quote style. */
export type Literal = string | readonly string[];

export type OptionChange =
  /** a pure rename; `todo` when the meaning changed too */
  | { kind: "rename"; to: string; todo?: string }
  /**
   * a boolean becomes another option; `values` gives the new value for each boolean, and `omit` the
   * boolean that needs no key at all in v2 because it is v2's default too
   */
  | { kind: "boolean-to-value"; to: string; values: { true: Literal; false: Literal }; omit?: boolean }
  /** removed in v2 with nothing to take its place */
  | { kind: "removed"; todo?: string };

export interface OptionRow {
  readonly spec: string;
  /** the option tables the row applies to */
  readonly in: readonly OptionsKind[];
  readonly js: { readonly v1: string; readonly v1Aliases?: readonly string[] };
  readonly python: { readonly v1: string; readonly v2: string | null };
  readonly change: OptionChange;
  /** the one SDK whose v2 the change is for: the API and the other SDK take the option as v1 did */
  readonly only?: "python";
}

export const OPTIONS: readonly OptionRow[] = [
  {
    spec: "9.3",
    in: ["crawl"],
    js: { v1: "maxDepth" },
    python: { v1: "max_depth", v2: "max_discovery_depth" },
    change: {
      kind: "rename",
      to: "maxDiscoveryDepth",
      todo: "maxDepth became maxDiscoveryDepth and the meaning changed: v1 counted URL path depth, v2 counts link-discovery hops from the start page",
    },
  },
  {
    // The spec (and the migration guide) call it allowBackwardCrawling; real v1 code says allowBackwardLinks.
    spec: "9.3",
    in: ["crawl"],
    js: { v1: "allowBackwardLinks", v1Aliases: ["allowBackwardCrawling"] },
    python: { v1: "allow_backward_links", v2: "crawl_entire_domain" },
    change: { kind: "rename", to: "crawlEntireDomain" },
  },
  {
    spec: "9.3",
    in: ["crawl", "map"],
    js: { v1: "ignoreSitemap" },
    python: { v1: "ignore_sitemap", v2: "sitemap" },
    change: { kind: "boolean-to-value", to: "sitemap", values: { true: "skip", false: "include" } },
  },
  {
    spec: "sdk-facts 3.3",
    in: ["map"],
    js: { v1: "sitemapOnly" },
    python: { v1: "sitemap_only", v2: "sitemap" },
    change: { kind: "boolean-to-value", to: "sitemap", values: { true: "only", false: "include" }, omit: false },
  },
  { spec: "sdk-facts 3.3", in: ["map"], js: { v1: "useIndex" }, python: { v1: "use_index", v2: null }, change: { kind: "removed" } },
  {
    spec: "sdk-facts 3.4",
    in: ["search"],
    js: { v1: "lang" },
    python: { v1: "lang", v2: null },
    change: {
      kind: "removed",
      todo: "search lang has no v2 option and was removed; narrow results with location or tbs instead",
    },
  },
  {
    // sdk-facts 3.4 has it back in 4.x; firecrawl-py 4.27.1's search takes no such keyword (a TypeError on every call),
    // while the JS SDK 4.42 and the API take it.
    spec: "sdk-facts 3.4",
    in: ["search"],
    js: { v1: "country" },
    python: { v1: "country", v2: null },
    change: {
      kind: "removed",
      todo: "firecrawl-py 4.x's search takes no country and it was removed; narrow results with location (a place name) instead",
    },
    only: "python",
  },
  {
    spec: "sdk-facts 3.4",
    in: ["search"],
    js: { v1: "filter" },
    python: { v1: "filter", v2: null },
    change: { kind: "removed", todo: "search filter has no v2 option and was removed" },
  },
  {
    // parsePDF: true was v1's default and ["pdf"] is v2's, so only false needs a key.
    spec: "9.1.8",
    in: ["scrape"],
    js: { v1: "parsePDF" },
    python: { v1: "parse_pdf", v2: "parsers" },
    change: { kind: "boolean-to-value", to: "parsers", values: { true: ["pdf"], false: [] }, omit: true },
  },
  {
    spec: "sdk-facts 3.1",
    in: ["scrape"],
    js: { v1: "agent" },
    python: { v1: "agent", v2: null },
    change: {
      kind: "removed",
      todo: "the FIRE-1 agent option has no place on v2 scrape and was removed; see the v2 agent() method",
    },
  },
  {
    // v1 sent it (JS 1.x posted its params whole); v2's payload builder drops it, and firecrawl-py 4.x's extract refuses it.
    spec: "sdk-facts 3.5",
    in: ["extract"],
    js: { v1: "includeSubdomains" },
    python: { v1: "include_subdomains", v2: null },
    change: {
      kind: "removed",
      todo: "v2's SDK does not send extract's includeSubdomains, so the API's default (subdomains included) applies: narrow the URLs where subdomains must stay out",
    },
  },
];

/** The rows the JS SDK and the API go by: all but those for firecrawl-py's v2 alone. */
export const API_OPTIONS: readonly OptionRow[] = OPTIONS.filter((row) => row.only === undefined);

/**
 * Options whose objects hold another table's options under a key: a crawl's, a search's and an extract's
 * `scrapeOptions`, a v2 batch's `options` (spec 9.3, sdk-facts 6.2).
 */
export const NESTED_OPTIONS: Partial<Record<OptionsKind, Partial<Record<string, OptionsKind>>>> = {
  crawl: { scrapeOptions: "scrape" },
  search: { scrapeOptions: "scrape" },
  batch: { options: "scrape" },
  extract: { scrapeOptions: "scrape" },
};

/** The rows that apply to one options table, keyed by every v1 spelling. */
/** The rows of the option tables `kinds`, by their Python (2.x keyword) name. */
export function pythonOptionRows(kinds: readonly OptionsKind[]): Map<string, OptionRow> {
  const rows = new Map<string, OptionRow>();
  for (const kind of kinds) for (const row of OPTIONS) if (row.in.includes(kind)) rows.set(row.python.v1, row);
  return rows;
}

/** The rows of the option table `kind` the JS SDK and the API go by, by their v1 (camelCase) names. */
export function optionRowsFor(kind: OptionsKind): Map<string, OptionRow> {
  const rows = new Map<string, OptionRow>();
  for (const row of API_OPTIONS) {
    if (!row.in.includes(kind)) continue;
    for (const name of [row.js.v1, ...(row.js.v1Aliases ?? [])]) rows.set(name, row);
  }
  return rows;
}

/** A v1 boolean option in one call that becomes a value of a v2 option other v1 options become too, and what it is given. */
export interface SharedFlag {
  readonly row: OptionRow;
  /** true or false as written, else the code that computes it */
  readonly flag: boolean | string;
}

/**
 * The one value options that become the same v2 option come to (ignoreSitemap and sitemapOnly: `sitemap`), where v1
 * took them side by side: the later row's value first where its flag is on (sitemapOnly's "only" over ignoreSitemap's
 * "skip", as the spec's map table orders them), then the earlier's, else their common value for off; a flag known
 * only when the code runs gives a conditional. Undefined where every flag is off and every row omits it then (v2's
 * default); null where the rows disagree on off, which no single value says.
 */
export function sharedValue(
  flags: readonly SharedFlag[],
  write: { literal: (value: Literal) => string; conditional: (test: string, whenTrue: string, whenFalse: string) => string },
): string | undefined | null {
  const changes = flags.map(({ row }) => row.change as Extract<OptionChange, { kind: "boolean-to-value" }>);
  const off = JSON.stringify(changes[0]!.values.false);
  if (changes.some((change) => JSON.stringify(change.values.false) !== off)) return null;
  if (flags.every(({ flag }) => flag === false) && changes.every((change) => change.omit === false)) return undefined;
  let text = write.literal(changes[0]!.values.false);
  for (const { row, flag } of [...flags].sort((a, b) => OPTIONS.indexOf(a.row) - OPTIONS.indexOf(b.row))) {
    const on = write.literal((row.change as Extract<OptionChange, { kind: "boolean-to-value" }>).values.true);
    if (flag === true) text = on;
    else if (flag !== false) text = write.conditional(flag, on, text);
  }
  return text;
}

/**
 * Keys v2's options types declare where v1's did not, though the API took them all along (v1's ScrapeParams,
 * CrawlParams and MapParams had no `origin`; v2's ScrapeOptions, CrawlOptions, MapOptions and BatchScrapeOptions
 * do): a `@ts-expect-error` the user wrote over one has nothing left to expect, and TypeScript fails on it.
 */
export const NEWLY_TYPED_KEYS: Partial<Record<OptionsKind, readonly string[]>> = {
  scrape: ["origin"],
  crawl: ["origin"],
  map: ["origin"],
  batch: ["origin"],
};

/** The directive that expects a type error on the next line, as TypeScript reads it in a line comment. */
export const EXPECT_ERROR = /^\s*@ts-expect-error\b/;

/**
 * The v0 API's nested option groups, still found in v1-era code (`{ pageOptions: {...} }`, Python's
 * `params={"pageOptions": {...}}`), which the v1 SDKs sent as they were and v2 rejects. What maps is what v1's own
 * compatibility layer mapped (the API's `fromLegacyScrapeOptions` and `fromLegacyCrawlerOptions`, which read v0
 * requests into v1's options), wherever the v1 key means what the v0 key did: each such key is lifted out under
 * its v1 spelling (the options step then writes it as v2 spells it), a page's options go into the scrape options
 * of a call that nests them (a crawl's, a search's), and its format switches (`includeHtml: true`) become the formats
 * list they asked for. The rest are named where they were dropped: extraction is a v2 json format with another
 * prompt, returnOnlyUrls is v2's map.
 */
export interface V0OptionGroup {
  /** the call's options table that nests scrape options under this key, where the group's keys go there */
  readonly into?: string;
  /** the option tables whose calls took the group; none: every table */
  readonly in?: readonly OptionsKind[];
  /** v0 key -> v1 spelling */
  readonly keys: Readonly<Record<string, string>>;
  /** keys v0 took as one string or a list, which v1's layer made a list of (`removeTags: "nav"`) */
  readonly lists?: readonly string[];
  /** v0's switches that asked for a format (`includeHtml: true`), which v1's layer turned into its formats list */
  readonly formats?: Readonly<Record<string, string>>;
  /** the switches on unless set false: their formats are v2's default list too, which needs no key */
  readonly formatsOn?: readonly string[];
}

const V0_CRAWLER_OPTIONS: V0OptionGroup = {
  in: ["crawl"],
  keys: {
    includes: "includePaths",
    excludes: "excludePaths",
    maxDepth: "maxDepth",
    limit: "limit",
    allowBackwardCrawling: "allowBackwardLinks",
    allowExternalContentLinks: "allowExternalLinks",
    ignoreSitemap: "ignoreSitemap",
  },
};

export const V0_OPTION_GROUPS: Readonly<Record<string, V0OptionGroup>> = {
  crawlerOptions: V0_CRAWLER_OPTIONS,
  // Firecrawl's own v0 examples spelled it so; the API ignored the key (the crawl ran without its limit) and v2's
  // crawl() raises on it: its keys are read as crawlerOptions' were, as their authors meant.
  crawlOptions: V0_CRAWLER_OPTIONS,
  pageOptions: {
    into: "scrapeOptions",
    in: ["scrape", "batch", "crawl", "search", "extract"],
    keys: {
      onlyMainContent: "onlyMainContent",
      waitFor: "waitFor",
      headers: "headers",
      removeTags: "excludeTags",
      onlyIncludeTags: "includeTags",
      parsePDF: "parsePDF",
    },
    lists: ["removeTags", "onlyIncludeTags"],
    formats: {
      includeMarkdown: "markdown",
      includeHtml: "html",
      includeRawHtml: "rawHtml",
      screenshot: "screenshot",
      fullPageScreenshot: "screenshot@fullPage",
    },
    formatsOn: ["includeMarkdown"],
  },
  // v0's search took its own options beside the page's; v1's takes them flat, under the same names
  searchOptions: {
    in: ["search"],
    keys: { limit: "limit", tbs: "tbs", filter: "filter", lang: "lang", country: "country", location: "location" },
  },
  extractorOptions: { keys: {} },
};

/**
 * A v0 group's format switches (`includeHtml: true`, as key -> value) as the formats list v1's layer made of
 * them: undefined where they ask for v2's default list, null where they ask for no format at all.
 */
export function v0FormatList(group: V0OptionGroup, switches: ReadonlyMap<string, boolean>): string[] | null | undefined {
  const formats = Object.entries(group.formats ?? {});
  const list = formats.flatMap(([key, format]) => ((switches.get(key) ?? group.formatsOn?.includes(key)) ? [format] : []));
  const byDefault = formats.flatMap(([key, format]) => (group.formatsOn?.includes(key) ? [format] : []));
  if (!list.length) return null;
  return list.join() === byDefault.join() ? undefined : list;
}

/** v0's format switches (`includeHtml`) by the format each asks for (`html`). */
export const V0_FORMAT_SWITCHES: Readonly<Record<string, string>> = Object.assign({}, ...Object.values(V0_OPTION_GROUPS).map((group) => group.formats ?? {}));

/** v0's format switches off unless set (`includeHtml`): set false, they ask for no format at all. */
export const V0_SWITCHES_OFF: readonly string[] = Object.entries(V0_OPTION_GROUPS)
  .flatMap(([, group]) => Object.keys(group.formats ?? {}).filter((key) => !group.formatsOn?.includes(key)))
  .filter((key, i, all) => all.indexOf(key) === i);

/**
 * Scrape keys of the v0 API (its `pageOptions`) that v1's JavaScript SDK sent as they were and v2's API
 * rejects: v2 asks for HTML, raw HTML and screenshots in formats, and has no page-content switch.
 */
export const V0_SCRAPE_KEYS: readonly string[] = [
  "includeHtml",
  "includeRawHtml",
  "fetchPageContent",
  "screenshot",
  "fullPageScreenshot",
  "replaceAllPathsWithAbsolutePaths",
  "removeTags",
  "onlyIncludeTags",
];
