/** The whole migration (src/js/steps/index.ts) as one jscodeshift transform: `jscodeshift -t transforms/v1-to-v2.js`. */
import { toJscodeshift } from "../src/js/jscodeshift.js";
import { steps } from "../src/js/steps/index.js";

export * from "../src/js/steps/index.js";
export default toJscodeshift(steps);
