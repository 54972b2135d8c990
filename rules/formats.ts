import { step } from "../src/js/steps/formats.js";
import { stepRule } from "./step-rule.js";

export default stepRule(step, {
  description: 'Disallow v1 format strings that v2 turned into format objects ("extract", "json" + jsonOptions, "screenshot@fullPage", ...)',
});
