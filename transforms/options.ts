/** The options step (src/js/steps/options.ts) as a jscodeshift transform: `jscodeshift -t transforms/options.js`. */
import { toJscodeshift } from "../src/js/jscodeshift.js";
import { step } from "../src/js/steps/options.js";

export * from "../src/js/steps/options.js";
export default toJscodeshift([step]);
