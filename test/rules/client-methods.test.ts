/** The client-methods rule (docs/rules/client-methods.md), case by case. */
import { rules } from "../../rules/index.js";
import { HEADER, tsTester } from "../support/rule-tester.js";

tsTester.run("client-methods", rules["client-methods"]!, {
  valid: [
    `${HEADER}app.v1.scrapeUrl("u");`,
    'const other = { scrapeUrl: (u: string) => u };\nother.scrapeUrl("u");',
    'import Firecrawl from "@mendable/firecrawl-js";\nconst app = new Firecrawl();\napp.scrape("u");',
  ],
  invalid: [
    {
      code: `${HEADER}app.scrapeUrl("u");`,
      output: `${HEADER}app.scrape("u");`,
      errors: [{ messageId: "change", data: { message: "scrapeUrl() is v1: use scrape()" } }],
    },
    {
      code: `${HEADER}app.checkCrawlStatus("id");`,
      output: `${HEADER}app.getCrawlStatus("id", { autoPaginate: false });`,
      errors: [
        { message: "checkCrawlStatus() is v1: use getCrawlStatus()" },
        { message: "checkCrawlStatus()'s arguments are v1: pass them in the v2 options object" },
      ],
    },
    {
      // Kept on v1's client through .v1, which behaves as before: a fix like any other, no TODO.
      code: `${HEADER}app.generateLLMsText("u");`,
      output: `${HEADER}app.v1.generateLLMsText("u");`,
      errors: [{ messageId: "change", data: { message: "generateLLMsText() has no v2 equivalent: call it through .v1" } }],
    },
  ],
});
