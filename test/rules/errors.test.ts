/** The errors rule (docs/rules/errors.md), case by case. */
import { rules } from "../../rules/index.js";
import { tsTester } from "../support/rule-tester.js";

tsTester.run("errors", rules["errors"]!, {
  valid: ["const e = { statusCode: 1 };\ne.statusCode;"],
  invalid: [
    {
      code: 'import { FirecrawlError } from "@mendable/firecrawl-js";\nexport const f = (e: unknown) => e instanceof FirecrawlError && e.statusCode;',
      output: 'import { FirecrawlError } from "@mendable/firecrawl-js";\nexport const f = (e: unknown) => e instanceof FirecrawlError && e.status;',
      errors: [{ message: "error .statusCode is v1: use .status" }],
    },
  ],
});
