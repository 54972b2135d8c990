/** The api-requests step (src/js/steps/api-requests.ts) as a jscodeshift transform: `jscodeshift -t transforms/api-requests.js`. */
import { toJscodeshift } from "../src/js/jscodeshift.js";
import { step } from "../src/js/steps/api-requests.js";

export * from "../src/js/steps/api-requests.js";
export default toJscodeshift([step]);
