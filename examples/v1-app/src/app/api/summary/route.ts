import FirecrawlApp from "@mendable/firecrawl-js";

const app = new FirecrawlApp({ apiKey: process.env.FIRECRAWL_API_KEY });

export async function POST(request: Request) {
  const { url } = (await request.json()) as { url: string };
  const page = await app.scrapeUrl(url, {
    formats: ["json"],
    jsonOptions: { prompt: "Summarise the page in two sentences" },
  });
  if (!page.success) {
    throw new Error(page.error);
  }
  return Response.json({ summary: page.json });
}
