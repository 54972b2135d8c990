// Crawls the docs site nightly and writes every page to ./out.
import { mkdir, writeFile } from 'node:fs/promises';
import FirecrawlApp from '@mendable/firecrawl-js';

const app = new FirecrawlApp({ apiKey: process.env.FIRECRAWL_API_KEY });

const crawlOptions = {
  limit: 200,
  maxDepth: 3,
  ignoreSitemap: true,
  allowBackwardLinks: true,
  scrapeOptions: { formats: ['markdown', 'screenshot@fullPage'] },
};

const result = await app.crawlUrl('https://docs.example.com', crawlOptions, 5);
if (!result.success) {
  throw new Error(`crawl failed: ${result.error}`);
}

await mkdir('out', { recursive: true });
for (const [i, page] of result.data.entries()) {
  await writeFile(`out/${i}.md`, page.markdown ?? '');
}
