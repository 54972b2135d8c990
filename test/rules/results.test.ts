/** The results rule (docs/rules/results.md), case by case. */
import { rules } from "../../rules/index.js";
import { HEADER, tsTester } from "../support/rule-tester.js";

tsTester.run("results", rules["results"]!, {
  valid: [`${HEADER}async function f() {\n  const res = await app.scrapeUrl("u");\n  return res.markdown;\n}`],
  invalid: [
    {
      code: `${HEADER}async function f() {\n  const res = await app.scrapeUrl("u");\n  if (!res.success) throw new Error(res.error);\n  return res.extract;\n}`,
      output: `${HEADER}async function f() {\n  const res = await app.scrapeUrl("u");\n  return res.json;\n}`,
      errors: [{ message: "the success guard is v1: remove it (v2 throws SdkError on failure)" }, { message: "result .extract is v1: use .json" }],
    },
  ],
});
