/**
 * One file that passed the screen (screen.ts) through the preset, with every safety the MCP SDK codemod's
 * runner has: no re-encoding of files that are not UTF-8, the whole file rolled back when a transform
 * throws, and an atomic write that refuses to overwrite a file changed during the run.
 */
import { writeAtomically } from "./write.js";
import { unifiedDiff } from "./unified-diff.js";
import { decodeUtf8 } from "./decode.js";
import { failureText } from "./failure.js";
import { migrateText, type MigrateOptions } from "./migrate-text.js";
import { isJavaScript, isPython, languageOf } from "../core/language.js";
import type { TypeFacts } from "../js/detect/sdk.js";
import { isSettled, MAX_BYTES, screenFile, type Contents } from "./screen.js";
import { wing } from "./preset.js";
import { todoMarkers } from "../core/todo.js";
import type { Parsed } from "../js/pipeline.js";
import type { FileReport } from "./file-report.js";

export interface ProcessOptions extends MigrateOptions {
  /** write the result (run); false for --dry and for check */
  readonly write: boolean;
  readonly diff?: boolean;
  readonly print?: boolean;
  /** keep the new text in the report instead of writing, diffing or printing it (the run verifies it first); "python": only Python's */
  readonly hold?: boolean | "python";
}

/** Runs one file; in the type-aware mode, with what the type checker found in it. */
export function processFile(path: string, options: ProcessOptions, types?: TypeFacts, contents?: Contents): FileReport {
  const base = { path, changes: [], todos: [] };
  // A file the screen has not read (one the type checker vouches for, or one a worker got) meets its
  // limits here: its size and its encoding, though it need not name the SDK.
  const read = contents ?? screenFile(path, false);
  if (isSettled(read)) return read;
  const { stat, bytes } = read;
  const text = decodeUtf8(bytes);
  if (text === null) return { ...base, status: "skipped", error: "not UTF-8 text; left as it is rather than re-encoded" };
  const refused = languageOf(path) === "notebook" ? wing("python").notebook.notebookRefusal(text, MAX_BYTES) : undefined;
  if (refused) return { ...base, status: "skipped", error: refused };
  try {
    let input: Parsed | undefined;
    const result = migrateText(path, text, options, { types, input: (parsed) => (input = parsed) });
    const markers = todoMarkers(text);
    const byTypes = types && isJavaScript(languageOf(path)) ? wing("javascript").foundByTypes.foundByTypes(path, text, types, input) : undefined;
    // A read-only file is usually read-only for a reason (generated, vendored): it is migrated like the
    // others and keeps its mode, but the run says so.
    const readOnly = result.output !== null && (options.write || options.hold || options.diff) && (stat.mode & 0o222) === 0;
    const said = [
      ...(result.notes ?? []),
      ...(readOnly ? [`read-only (mode ${(stat.mode & 0o7777).toString(8).padStart(4, "0")}): migrated like the others, and left read-only`] : []),
    ];
    // A document's block the tool failed on makes the file an error, though its other blocks are migrated.
    const failed = result.failed?.length
      ? { error: `${result.failed.map((f) => f.reason).join("; ")}${result.output === null ? "" : "; the other blocks were migrated"}` }
      : undefined;
    const notes = { ...(said.length ? { notes: said } : {}), ...(result.unchecked?.length ? { unchecked: result.unchecked } : {}), ...failed };
    const status = (done: "changed" | "unchanged") => (failed ? "error" : done);
    if (result.output === null) return { ...base, status: status("unchanged"), todos: result.todos, foundByTypes: byTypes, markers, ...notes };
    if (options.hold === true || (options.hold === "python" && isPython(languageOf(path)))) {
      const held = { output: result.output, stat: { mtimeMs: stat.mtimeMs, size: stat.size, mode: stat.mode, uid: stat.uid, gid: stat.gid } };
      return { path, status: status("changed"), changes: result.changes, todos: result.todos, foundByTypes: byTypes, markers, held, ...notes };
    }
    if (options.write) {
      try {
        writeAtomically(path, result.output, stat);
      } catch (error) {
        return { ...base, status: "error", error: `not written: ${(error as Error).message}` };
      }
    }
    return {
      path,
      status: status("changed"),
      changes: result.changes,
      todos: result.todos,
      foundByTypes: byTypes,
      markers,
      ...notes,
      diff: options.diff ? unifiedDiff(path, text, result.output) : undefined,
      printed: options.print ? result.output : undefined,
    };
  } catch (error) {
    return { ...base, status: "error", error: failureText(error) };
  }
}
