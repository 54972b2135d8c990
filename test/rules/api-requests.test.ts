/** The api-requests rule (docs/rules/api-requests.md), case by case. */
import { rules } from "../../rules/index.js";
import { tsTester } from "../support/rule-tester.js";

const V1 = "https://api.firecrawl.dev/v1";

tsTester.run("api-requests", rules["api-requests"]!, {
  valid: [
    'fetch("https://api.firecrawl.dev/v2/scrape", { method: "POST", body: JSON.stringify({ url: "u" }) });',
    // Another API's /v1 is never Firecrawl's.
    'fetch("https://api.example.com/v1/scrape", { method: "POST", body: JSON.stringify({ url: "u", maxDepth: 2 }) });',
  ],
  invalid: [
    {
      code: `fetch("${V1}/crawl", { method: "POST", body: JSON.stringify({ url: "u", ignoreSitemap: true }) });`,
      output: `fetch("https://api.firecrawl.dev/v2/crawl", { method: "POST", body: JSON.stringify({ url: "u", ignoreSitemap: true }) });`,
      errors: [{ message: "/v1/crawl is v1: use /v2/crawl" }],
    },
    {
      // A route v2 does not have stays on /v1, with a TODO for a human to take as a suggestion.
      code: `fetch("${V1}/llmstxt", { method: "POST", body: JSON.stringify({ url: "u" }) });`,
      errors: [
        {
          messageId: "manual",
          suggestions: [
            {
              messageId: "addTodo",
              output: `// TODO(firecrawl-v2): v2 has no llms.txt route: this request stays on /v1 (see the v2 docs for what replaces it) https://docs.firecrawl.dev/migrate-to-v2\nfetch("${V1}/llmstxt", { method: "POST", body: JSON.stringify({ url: "u" }) });`,
            },
          ],
        },
      ],
    },
  ],
});
