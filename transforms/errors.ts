/** The errors step (src/js/steps/errors.ts) as a jscodeshift transform: `jscodeshift -t transforms/errors.js`. */
import { toJscodeshift } from "../src/js/jscodeshift.js";
import { step } from "../src/js/steps/errors.js";

export * from "../src/js/steps/errors.js";
export default toJscodeshift([step]);
