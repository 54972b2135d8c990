import FirecrawlApp from "@mendable/firecrawl-js";

/** The one client the whole project shares. */
export const firecrawl = new FirecrawlApp({ apiKey: process.env.FIRECRAWL_API_KEY ?? "" });

export function getClient(): FirecrawlApp {
  return firecrawl;
}
