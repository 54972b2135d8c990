import { firecrawl } from "./client.js";

export interface Source {
  url: string;
  title: string;
  excerpt: string;
}

/** Web hits with their page text: every hit's url, title and the start of its markdown. */
export async function findSources(topic: string): Promise<Source[]> {
  const found = await firecrawl.search(topic, { limit: 5, scrapeOptions: { formats: ["markdown"] } });
  if (!found.success) throw new Error(found.error ?? "search failed");
  const sources: Source[] = [];
  for (const hit of found.data) {
    if (!hit.url) continue;
    sources.push({ url: hit.url, title: hit.title ?? hit.url, excerpt: (hit.markdown ?? "").slice(0, 280) });
  }
  return sources;
}
