import type FirecrawlApp from "@mendable/firecrawl-js";

export class SiteMapper {
  constructor(private readonly firecrawl: FirecrawlApp) {}

  async urls(site: string): Promise<string[]> {
    const map = await this.firecrawl.mapUrl(site, { sitemapOnly: true });
    if (!map.success) throw new Error(map.error);
    return map.links ?? [];
  }
}
