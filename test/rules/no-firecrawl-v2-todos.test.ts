/** The no-firecrawl-v2-todos rule (docs/rules/no-firecrawl-v2-todos.md), case by case. */
import { rules } from "../../rules/index.js";
import { tsTester } from "../support/rule-tester.js";

tsTester.run("no-firecrawl-v2-todos", rules["no-firecrawl-v2-todos"]!, {
  valid: ["// TODO: something else\nexport {};"],
  invalid: [
    { code: "// TODO(firecrawl-v2): check this https://docs.firecrawl.dev/x\nexport {};", errors: [{ messageId: "todo", data: { message: "check this" } }] },
  ],
});
