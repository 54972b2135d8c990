/**
 * The diff package (jsdiff), required on first use: every run loads the modules that diff texts (the report's
 * diffs, a document's blocks, the Python verification's line origins), and only a diff asked for, a changed
 * document or a verified Python file needs it (9 ms of a start).
 */
import type * as Diff from "diff";
import { onFirstUse } from "./on-first-use.js";

export const diff = onFirstUse<typeof Diff>(import.meta.url, "diff");
