import { client, SiteMapper } from "./index";

export const mapper = new SiteMapper(client);

export async function topLinks(query: string): Promise<string[]> {
  const results = await client.search(query, { limit: 3 });
  if (!results.success) throw new Error(results.error);
  return results.data.flatMap((result) => (result.url ? [result.url] : []));
}
