/**
 * The first look at a text: every way into the SDK names its package ("firecrawl"), and a request to the
 * API names its host (api.firecrawl.dev), a variable that holds it (`FIRECRAWL_API_URL`) or, in a file that
 * gets its base from elsewhere, at least the service in its prose (`// calls the Firecrawl API`,
 * `"FireCrawl service unavailable"`). A text that spells none of them is passed over unparsed, by the CLI's
 * screen, the ESLint rules and the type analysis.
 *
 * The needles leave out the first letter so that "firecrawl", "Firecrawl", "FIRECRAWL" and "FireCrawl" are
 * three searches, not five: over 8,900 third-party source files (108 MB) no file outside the codemod's own
 * builds spells any of them, and the three cost about 80 ms more than the two case-sensitive names did.
 */
export const NAMES = ["irecrawl", "IRECRAWL", "ireCrawl"] as const;

export function mentionsFirecrawl(text: string): boolean {
  return NAMES.some((name) => text.includes(name));
}

/**
 * A Python module may call a client another module of its project makes (`from app.extensions import scraper`, then
 * `scraper.scrape_url(url)`, python/detect/imported-clients.ts) and spell none of the names: in a Python file the
 * screen also looks for the v1 client's own method names (client-methods.ts's; async_crawl_url and batch_scrape_urls'
 * other forms end the same). A file that has them but no client is parsed and left as it is.
 */
export const PY_V1_METHOD_NAMES = ["scrape_url", "crawl_url", "map_url", "batch_scrape_urls"] as const;
