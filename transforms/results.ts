/** The results step (src/js/steps/results.ts) as a jscodeshift transform: `jscodeshift -t transforms/results.js`. */
import { toJscodeshift } from "../src/js/jscodeshift.js";
import { step } from "../src/js/steps/results.js";

export * from "../src/js/steps/results.js";
export default toJscodeshift([step]);
