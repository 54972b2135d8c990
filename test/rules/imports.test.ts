/** The imports rule (docs/rules/imports.md), case by case. */
import { rules } from "../../rules/index.js";
import { tsTester } from "../support/rule-tester.js";

tsTester.run("imports", rules["imports"]!, {
  valid: [
    'import Firecrawl, { type Document } from "@mendable/firecrawl-js";\nexport type D = Document;\nexport const c = Firecrawl;',
    // The default import's local name is the user's: it binds v2's class under the name the code uses.
    'import FirecrawlApp from "@mendable/firecrawl-js";\nexport const a = new FirecrawlApp({});\nexport const p = a.scrape("u");',
  ],
  invalid: [
    {
      code: 'import FirecrawlApp, { type CrawlParams } from "@mendable/firecrawl-js";\nexport const o: CrawlParams = {};\nexport const a = new FirecrawlApp({});',
      output:
        'import FirecrawlApp, { type CrawlOptions } from "@mendable/firecrawl-js";\nexport const o: CrawlOptions = {};\nexport const a = new FirecrawlApp({});',
      errors: [{ message: "CrawlParams is v1: use CrawlOptions" }],
    },
  ],
});
