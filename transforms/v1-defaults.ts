/** The v1-defaults step (src/js/steps/v1-defaults.ts) as a jscodeshift transform: `jscodeshift -t transforms/v1-defaults.js`. */
import { toJscodeshift } from "../src/js/jscodeshift.js";
import { step } from "../src/js/steps/v1-defaults.js";

export * from "../src/js/steps/v1-defaults.js";
export default toJscodeshift([step]);
