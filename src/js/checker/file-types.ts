/**
 * What the type checker found in one file, apart from the checker itself: the run's main thread and the ESLint
 * rules ask whether there is anything without loading the analysis (facts.ts).
 */
import type { OptionsKind, ResultKind } from "../../mapping/client-methods.js";

/** What the checker found in one file, in forms that cross to a worker thread. */
export interface FileTypes {
  /** receivers of client-method calls typed as a client: "start:end" offsets into the file's text */
  readonly receivers: readonly string[];
  /** bindings (variables, parameters) typed as a v1 response type: [offset of the name, result kind] */
  readonly results: readonly (readonly [number, ResultKind])[];
  /** object literals that a client call in another module takes as options: [offset, options table] */
  readonly options: readonly (readonly [number, OptionsKind])[];
  /**
   * of `results`, the bindings made by a call that may answer a failure of its own: a function whose body builds a
   * `{ success: ... }` literal (a wrapper answering `{ success: false, error }` on a catch), or one the checker cannot see into
   */
  readonly ownAnswers?: readonly number[];
}

/** Whether the type checker found anything in a file: then it is transformed even if it never names the SDK. */
export function hasFacts(types: FileTypes | undefined): types is FileTypes {
  return Boolean(types && (types.receivers.length || types.results.length || types.options.length));
}
