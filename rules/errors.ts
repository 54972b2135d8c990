import { step } from "../src/js/steps/errors.js";
import { stepRule } from "./step-rule.js";

export default stepRule(step, {
  description: "Disallow FirecrawlError's .statusCode; v2 throws SdkError with .status",
});
