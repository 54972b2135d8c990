/** The options rule (docs/rules/options.md), case by case. */
import { rules } from "../../rules/index.js";
import { HEADER, tsTester } from "../support/rule-tester.js";

tsTester.run("options", rules["options"]!, {
  valid: [`${HEADER}app.asyncCrawlUrl("u", { crawlEntireDomain: true, sitemap: "skip" } as never);`],
  invalid: [
    {
      code: `${HEADER}app.mapUrl("u", { sitemapOnly: true, useIndex: false });`,
      // RuleTester shows one fix pass; ESLint holds back a fix that touches the previous one's range for the next.
      output: `${HEADER}app.mapUrl("u", { sitemap: "only", useIndex: false });`,
      errors: [{ message: 'sitemapOnly: true is v1: use sitemap: "only"' }, { message: "useIndex is v1: remove it (v2 has no such option)" }],
    },
    {
      code: `${HEADER}app.asyncCrawlUrl("u", { maxDepth: 2 });`,
      output: null,
      errors: [
        {
          messageId: "manual",
          suggestions: [
            {
              messageId: "applyWithTodo",
              output: `${HEADER}// TODO(firecrawl-v2): maxDepth became maxDiscoveryDepth and the meaning changed: v1 counted URL path depth, v2 counts link-discovery hops from the start page https://docs.firecrawl.dev/migrate-to-v2#crawl-options-mapping-v1-%E2%86%92-v2\napp.asyncCrawlUrl("u", { maxDiscoveryDepth: 2 });`,
            },
          ],
        },
      ],
    },
    {
      // One finding, one message: the maxDepth note stays with maxDepth, and ignoreSitemap keeps its autofix.
      code: `${HEADER}app.asyncCrawlUrl("u", { maxDepth: 2, ignoreSitemap: true });`,
      output: `${HEADER}app.asyncCrawlUrl("u", { maxDepth: 2, sitemap: "skip" });`,
      errors: [
        {
          message: "maxDepth became maxDiscoveryDepth and the meaning changed: v1 counted URL path depth, v2 counts link-discovery hops from the start page",
          suggestions: [
            {
              messageId: "applyWithTodo",
              output: `${HEADER}// TODO(firecrawl-v2): maxDepth became maxDiscoveryDepth and the meaning changed: v1 counted URL path depth, v2 counts link-discovery hops from the start page https://docs.firecrawl.dev/migrate-to-v2#crawl-options-mapping-v1-%E2%86%92-v2\napp.asyncCrawlUrl("u", { maxDiscoveryDepth: 2, ignoreSitemap: true });`,
            },
          ],
        },
        { message: 'ignoreSitemap: true is v1: use sitemap: "skip"' },
      ],
    },
  ],
});
