/** The imports step (src/js/steps/imports.ts) as a jscodeshift transform: `jscodeshift -t transforms/imports.js`. */
import { toJscodeshift } from "../src/js/jscodeshift.js";
import { step } from "../src/js/steps/imports.js";

export * from "../src/js/steps/imports.js";
export default toJscodeshift([step]);
