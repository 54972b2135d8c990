import FirecrawlApp, { FirecrawlError, type ScrapeResponse } from "@mendable/firecrawl-js";

export interface Article {
  url: string;
  markdown: string;
  author?: string;
}

export class ScraperService {
  private readonly firecrawl: FirecrawlApp;

  constructor(apiKey: string) {
    this.firecrawl = new FirecrawlApp({ apiKey });
  }

  async article(url: string): Promise<Article> {
    const res = await this.firecrawl.scrapeUrl(url, {
      formats: ["markdown", "extract"],
      extract: { prompt: "Who wrote this article?" },
      parsePDF: false,
    });
    if (!res.success) {
      throw new Error(`Could not scrape ${url}: ${res.error}`);
    }
    return { url, markdown: res.markdown ?? "", author: res.extract?.author };
  }

  async sitemap(url: string): Promise<string[]> {
    const map = await this.firecrawl.mapUrl(url, { sitemapOnly: true });
    if (!map.success) throw new Error("map failed");
    return (map.links ?? []).filter((link) => !link.endsWith(".xml"));
  }

  async safeArticle(url: string): Promise<Article | null> {
    try {
      return await this.article(url);
    } catch (err) {
      if (err instanceof FirecrawlError && err.statusCode === 402) return null;
      throw err;
    }
  }
}

export type Page = ScrapeResponse;
