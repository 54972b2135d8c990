/** What the engine says of one file: the report process-file.ts makes and the screen settles early. */
import type { Change, Result } from "../core/pipeline.js";
import type { FileStamp } from "./write.js";

export type FileStatus = "changed" | "unchanged" | "error" | "skipped";

export interface FileReport {
  readonly path: string;
  readonly status: FileStatus;
  readonly changes: readonly Change[];
  readonly todos: readonly Change[];
  readonly error?: string;
  /** what was left out on purpose and why (a notebook cell that is not Python) */
  readonly notes?: readonly string[];
  /** code that calls the SDK but could not be read (see Result.unchecked) */
  readonly unchecked?: Result["unchecked"];
  /** in the type-aware mode: client calls that only the type checker revealed */
  readonly foundByTypes?: readonly { readonly line: number; readonly method: string }[];
  /** with --dry: the unified diff; with --print: the new source */
  readonly diff?: string;
  readonly printed?: string;
  /** with `hold`: the new text, not yet written, and the file as it was read (to refuse a later change) */
  readonly held?: { readonly output: string; readonly stat: FileStamp };
  /** settled by the screen: the file never names the SDK, so nothing parsed it */
  readonly screened?: boolean;
  /** the TODO(firecrawl-v2) markers the file holds as read: what earlier runs left for a human */
  readonly markers?: readonly { readonly line: number; readonly message: string }[];
  /** in the type-aware mode: the type errors the migration introduced against v2, and how many are marked */
  readonly verified?: { readonly newErrors: number; readonly marked: number };
}
