import { step } from "../src/js/steps/client-methods.js";
import { stepRule } from "./step-rule.js";

export default stepRule(step, {
  description: "Disallow v1 client method names and argument shapes (scrapeUrl, crawlUrl(url, params, pollInterval), ...)",
});
