import { step } from "../src/js/steps/imports.js";
import { stepRule } from "./step-rule.js";

export default stepRule(step, {
  description: "Disallow v1 names imported from the SDK (FirecrawlApp, FirecrawlError, v1 type names)",
});
