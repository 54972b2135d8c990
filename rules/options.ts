import { step } from "../src/js/steps/options.js";
import { stepRule } from "./step-rule.js";

export default stepRule(step, {
  description: "Disallow crawl, map, search and scrape options that v2 renamed or removed (maxDepth, ignoreSitemap, parsePDF, ...)",
});
