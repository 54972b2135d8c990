/** The one table both the codemod and the ESLint plugin read. */
export { DEFAULTS, type DefaultRow } from "./defaults.js";
export { DOCS, type DocLink } from "./docs.js";
export { FORMATS, UNCHANGED_FORMATS, type FormatRow } from "./formats.js";
export { CLIENT, SDK_MODULES, TYPES, V1_ACCESSOR, type TypeRow } from "./imports.js";
export { ERRORS, type ErrorRow } from "./errors.js";
export { METHODS, methodRow, type MethodRow } from "./client-methods.js";
export { NEW_IN_V2, type NewInV2Row } from "./new-in-v2.js";
export { OPTIONS, optionRowsFor, type OptionRow } from "./options.js";
export { RESULTS, RETYPED_RESULTS, WAITER_TODO, type ResultRow } from "./results.js";
