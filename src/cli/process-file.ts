/**
 * One file that passed the screen (screen.ts) through the preset, with every safety the MCP SDK codemod's
 * runner has: no re-encoding of files that are not UTF-8, the whole file rolled back when a transform
 * throws, and an atomic write that refuses to overwrite a file changed during the run.
 */
import { writeAtomically, type FileStamp } from "./write.js";
import { unifiedDiff } from "./unified-diff.js";
import { isJavaScript, languageOf } from "../core/language.js";
import type { Result } from "../core/pipeline.js";
import { findClientCalls } from "../detect/calls.js";
import { packageSdk, pythonPackageSdk } from "../detect/package-sdk.js";
import { detectSdk, type TypeFacts } from "../detect/sdk.js";
import { isSettled, screenFile, type Contents } from "./screen.js";
import { todoMarkers } from "../core/todo.js";
import { lineAt, readSource } from "../core/source.js";
import { ParseError } from "../js/parse.js";
import { parseForSteps, runSteps, type Change, type Step, type TransformOptions } from "../js/steps.js";
import type { PyStep } from "../python/language.js";
import { runPython } from "../python/language.js";
import { runNotebook } from "../python/notebook.js";
import { runDocument } from "../docs/document.js";
import { runShell, shellSteps } from "../shell/requests.js";

export type FileStatus = "changed" | "unchanged" | "error" | "skipped";

export interface FileReport {
  readonly path: string;
  readonly status: FileStatus;
  readonly changes: readonly Change[];
  readonly todos: readonly Change[];
  readonly error?: string;
  /** what was left out on purpose and why (a notebook cell that is not Python) */
  readonly notes?: readonly string[];
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

export interface ProcessOptions extends TransformOptions {
  readonly steps: readonly Step[];
  readonly pythonSteps: readonly PyStep[];
  /** write the result (run); false for --dry and for check */
  readonly write: boolean;
  readonly diff?: boolean;
  readonly print?: boolean;
  /** keep the new text in the report instead of writing, diffing or printing it (the run verifies it first) */
  readonly hold?: boolean;
}

// ignoreBOM keeps a byte-order mark in the text, so it is written back (readSource sets it aside).
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Python files, notebooks, shell text, documents and JavaScript/TypeScript, each through its own steps
 * (Python's parser loaded). `language` is what the text is written in where the path does not say it: a
 * document's code block is migrated in its own language under the document's path.
 */
export function migrateText(path: string, text: string, options: Pick<ProcessOptions, "steps" | "pythonSteps" | "keepV1Defaults" | "sdk">, types?: TypeFacts, language = languageOf(path)): Result {
  const blocks = (body: string) => runDocument(path, body, (written, code) => migrateText(path, code, options, undefined, written));
  if (language === "document") return blocks(text);
  if (language === "shell") return runShell(shellSteps.filter((step) => options.steps.some((s) => s.name === step.name)), path, text, options);
  if (language === "notebook") return runNotebook(options.pythonSteps, path, text, { ...options, sdk: options.sdk ?? pythonPackageSdk(path) }, blocks);
  if (language === "python") return runPython(options.pythonSteps, path, text, { ...options, sdk: options.sdk ?? pythonPackageSdk(path) });
  return runSteps(options.steps, path, text, { ...options, sdk: options.sdk ?? packageSdk(path) }, types, language);
}

/** The calls the type checker adds to what syntax finds, with their lines in the input. */
function foundByTypes(path: string, text: string, types: TypeFacts): FileReport["foundByTypes"] {
  const source = readSource(path, text);
  const { index, sdk } = parseForSteps(source);
  const known = new Set(findClientCalls(index, sdk).map((c) => c.node.start));
  return findClientCalls(index, detectSdk(index, types, sdk.linked))
    .filter((c) => !known.has(c.node.start))
    .map((c) => ({ line: lineAt(source.text, c.node.start!), method: c.method }));
}

/** Runs one file; in the type-aware mode, with what the type checker found in it. */
export function processFile(path: string, options: ProcessOptions, types?: TypeFacts, contents?: Contents): FileReport {
  const base = { path, changes: [], todos: [] };
  // A file the screen has not read (one the type checker vouches for, or one a worker got) meets its
  // limits here: its size and its encoding, though it need not name the SDK.
  const read = contents ?? screenFile(path, false);
  if (isSettled(read)) return read;
  const { stat, bytes } = read;
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return { ...base, status: "skipped", error: "not UTF-8 text; left as it is rather than re-encoded" };
  }
  try {
    const result = migrateText(path, text, options, types);
    const markers = todoMarkers(text);
    const byTypes = types && isJavaScript(languageOf(path)) ? foundByTypes(path, text, types) : undefined;
    const notes = result.notes?.length ? { notes: result.notes } : {};
    if (result.output === null) return { ...base, status: "unchanged", todos: result.todos, foundByTypes: byTypes, markers, ...notes };
    if (options.hold) {
      const held = { output: result.output, stat: { mtimeMs: stat.mtimeMs, size: stat.size, mode: stat.mode, uid: stat.uid, gid: stat.gid } };
      return { path, status: "changed", changes: result.changes, todos: result.todos, foundByTypes: byTypes, markers, held, ...notes };
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
      status: "changed",
      changes: result.changes,
      todos: result.todos,
      foundByTypes: byTypes,
      markers,
      ...notes,
      diff: options.diff ? unifiedDiff(path, text, result.output) : undefined,
      printed: options.print ? result.output : undefined,
    };
  } catch (error) {
    const err = error as Error & { loc?: { line: number; column: number } };
    // A parser error carries its position; a transform error names its step. Either way the file is untouched.
    const where = err.loc ? ` (line ${err.loc.line}, column ${err.loc.column + 1})` : "";
    const parsing = err.loc || error instanceof ParseError;
    return { ...base, status: "error", error: `${parsing ? "does not parse" : "transform failed"}: ${err.message.replace(/ \(\d+:\d+\)$/, "")}${where}` };
  }
}
