import { step } from "../transforms/client-methods.js";
import { stepRule } from "./step-rule.js";

export default stepRule(step, {
  name: "no-v1-client-methods",
  description: "Disallow v1 client method names and argument shapes (scrapeUrl, crawlUrl(url, params, pollInterval), ...)",
});
