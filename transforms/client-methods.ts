/** The client-methods step (src/js/steps/client-methods.ts) as a jscodeshift transform: `jscodeshift -t transforms/client-methods.js`. */
import { toJscodeshift } from "../src/js/jscodeshift.js";
import { step } from "../src/js/steps/client-methods.js";

export * from "../src/js/steps/client-methods.js";
export default toJscodeshift([step]);
