import { getClient } from "./index";
import { crawlDefaults } from "./config";

export async function crawlSite(url: string): Promise<string | undefined> {
  const job = await getClient().asyncCrawlUrl(url, { limit: 100, ignoreSitemap: true, allowBackwardLinks: true });
  if (!job.success) throw new Error(job.error);
  return job.id;
}

export async function progress(id: string): Promise<number> {
  const status = await getClient().checkCrawlStatus(id);
  if (!status.success) throw new Error(status.error);
  return status.completed / Math.max(status.total, 1);
}

export async function crawlWithDefaults(url: string): Promise<string | undefined> {
  const job = await getClient().asyncCrawlUrl(url, crawlDefaults);
  if (!job.success) throw new Error(job.error);
  return job.id;
}
