import type { ScrapeParams } from "@mendable/firecrawl-js";
import { getClient } from "./index";

/** What a task is given: only the type checker knows that `crawler` is a Firecrawl client. */
export interface Services {
  crawler: ReturnType<typeof getClient>;
}

const options: ScrapeParams = { formats: ["markdown"] };

export async function pageTitle(services: Services, url: string): Promise<string> {
  const page = await services.crawler.scrapeUrl(url, options);
  if (!page.success) throw new Error(page.error);
  return page.metadata?.title ?? "";
}
