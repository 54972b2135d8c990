import { firecrawl } from "./firecrawl";

export async function markdown(url: string): Promise<string> {
  const page = await firecrawl.scrapeUrl(url, { formats: ["markdown", "screenshot@fullPage"] });
  if (!page.success) {
    throw new Error(`Could not scrape ${url}: ${page.error}`);
  }
  return page.markdown ?? "";
}

export async function fetchPage(url: string) {
  return firecrawl.scrapeUrl(url, { formats: ["extract"], extract: { prompt: "Give the page a one-line headline" } });
}
