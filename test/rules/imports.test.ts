/** The imports rule (docs/rules/imports.md), case by case. */
import { rules } from "../../rules/index.js";
import { tsTester } from "../support/rule-tester.js";

tsTester.run("imports", rules["imports"]!, {
  valid: ['import Firecrawl, { type Document } from "@mendable/firecrawl-js";\nexport type D = Document;\nexport const c = Firecrawl;'],
  invalid: [
    {
      code: 'import FirecrawlApp, { type CrawlParams } from "@mendable/firecrawl-js";\nexport const o: CrawlParams = {};\nexport const a = new FirecrawlApp({});',
      // One pass: each rename's fix spans its import and its references, so the second waits for the next pass.
      output: 'import Firecrawl, { type CrawlParams } from "@mendable/firecrawl-js";\nexport const o: CrawlParams = {};\nexport const a = new Firecrawl({});',
      errors: [{ message: "FirecrawlApp is v1: use Firecrawl" }, { message: "CrawlParams is v1: use CrawlOptions" }],
    },
  ],
});
