import { step } from "../src/js/steps/api-requests.js";
import { stepRule } from "./step-rule.js";

export default stepRule(step, {
  description: "Disallow raw HTTP requests to the v1 API (https://api.firecrawl.dev/v1/...) and the v1 keys in their bodies",
});
