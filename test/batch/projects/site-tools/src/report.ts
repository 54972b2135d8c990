import type { ScrapeResponse } from "@mendable/firecrawl-js";

export function headline(page: ScrapeResponse): string {
  if (!page.success) throw new Error(page.error);
  return `${page.metadata?.title ?? ""}: ${page.extract?.headline ?? ""}`;
}
