/** The formats rule (docs/rules/formats.md), case by case. */
import { rules } from "../../rules/index.js";
import { HEADER, tsTester } from "../support/rule-tester.js";

tsTester.run("formats", rules["formats"]!, {
  valid: [`${HEADER}app.scrapeUrl("u", { formats: ["markdown", "screenshot"] });`],
  invalid: [
    {
      code: `${HEADER}app.scrapeUrl("u", { formats: ["screenshot@fullPage"] });`,
      output: `${HEADER}app.scrapeUrl("u", { formats: [{ type: "screenshot", fullPage: true }] });`,
      errors: [{ message: 'format "screenshot@fullPage" is v1: use a { type: "screenshot" } format object' }],
    },
  ],
});
