/** The formats step (src/js/steps/formats.ts) as a jscodeshift transform: `jscodeshift -t transforms/formats.js`. */
import { toJscodeshift } from "../src/js/jscodeshift.js";
import { step } from "../src/js/steps/formats.js";

export * from "../src/js/steps/formats.js";
export default toJscodeshift([step]);
