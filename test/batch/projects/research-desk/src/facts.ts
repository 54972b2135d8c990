import { firecrawl } from "./client.js";

/** Pulls a company's basics out of its home page. */
export async function companyFacts(url: string) {
  const prompt = "The company's name, what it sells, and where it is based";
  // @ts-expect-error the API takes an origin tag that v1's types do not list
  const page = await firecrawl.scrapeUrl(url, { formats: ["json"], jsonOptions: { prompt }, origin: "research-desk" });
  if (!page.success) throw new Error(page.error);
  return {
    name: String(page.json.name ?? ""),
    sells: String(page.json.sells ?? ""),
    based: String(page.json.based ?? ""),
  };
}
