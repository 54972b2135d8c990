import { step } from "../src/js/steps/results.js";
import { stepRule } from "./step-rule.js";

export default stepRule(step, {
  description: "Disallow reading v1 result shapes from v2 calls (success guards, .extract, map links as strings, search .data)",
});
