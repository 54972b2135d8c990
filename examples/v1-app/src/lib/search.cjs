const FirecrawlApp = require("@mendable/firecrawl-js").default;

const app = new FirecrawlApp({ apiKey: process.env.FIRECRAWL_API_KEY });

/** Top result URLs for a query, in German. */
async function topUrls(query) {
  const results = await app.search(query, { limit: 5, lang: "de" });
  if (!results.success) throw new Error(results.error);
  return results.data.map((r) => r.url);
}

module.exports = { topUrls };
