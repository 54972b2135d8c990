/** What a verification answers for one file, whichever type checker gave it (js/checker/verify.ts, python/checker/verify.ts). */
/** The name its TODO lines are reported under. */

import type { Edit } from "./edits.js";
import type { CellLine } from "./pipeline.js";

export const VERIFY = "verify";

export interface Verified {
  /** the output, with a TODO line above each statement that fails against v2 because of the migration */
  readonly output: string;
  /** the TODO lines added: 1-based lines in `output`, and what they quote */
  readonly todos: readonly { readonly line: number; readonly message: string; readonly cell?: CellLine }[];
  /** what was repaired rather than marked (a `@ts-expect-error` v2 no longer needs), by line in `output` */
  readonly changes: readonly { readonly line: number; readonly message: string }[];
  /** the edits made to the unverified output, to move what was reported against it */
  readonly edits: readonly Edit[];
  /** type errors the migration introduced, and how many of them sit under a TODO (old or added) */
  readonly newErrors: number;
  readonly marked: number;
}
