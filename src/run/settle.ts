/**
 * The tail of a verified run (js/checker/verify.ts): files were transformed with their new text held back, verified
 * against v2 as a whole project, and are only now written, diffed or printed.
 */
import { readFileSync } from "node:fs";
import type { ProcessOptions } from "./process-file.js";
import type { FileReport } from "./file-report.js";
import { unifiedDiff } from "./unified-diff.js";
import { VERIFY, type Verified } from "../core/verified.js";
import { writeAtomically } from "./write.js";
import { offsetMapper } from "../core/edits.js";
import { lineFinder } from "../core/source.js";
import type { CellLine } from "../core/pipeline.js";

/**
 * Finishes a file whose new text was held for verification: the TODO lines the verification added join the
 * report (the lines below them move down), then the text is written, diffed or printed as processFile would.
 */
export function settleHeld(report: FileReport, verified: Verified | undefined, options: ProcessOptions): FileReport {
  const { held, ...rest } = report;
  if (!held) return report;
  const output = verified?.output ?? held.output;
  // A line keeps its place unless the verification inserted or removed lines above it.
  const starts = verified && [0, ...[...held.output.matchAll(/\n/g)].map((m) => m.index + 1)];
  // One mapper and one line index per file: each line mapped through every edit and counted from the top of the text grew with the square of a file's changes.
  const mapped = verified && offsetMapper(verified.edits);
  const lines = verified && lineFinder(output);
  const moved = (line: number) => (starts && mapped && lines ? lines.line(mapped(starts[line - 1]! + 1)) : line);
  // The verification runs only in `run`, where no one reads a finding: it is worded as what was done.
  const own = (found: { line: number; message: string; cell?: CellLine }) => ({
    transform: VERIFY,
    line: found.line,
    message: found.message,
    finding: found.message,
    source: { line: found.line, column: 1 },
    ...(found.cell ? { cell: found.cell } : {}),
  });
  const changes = [...report.changes.map((c) => ({ ...c, line: moved(c.line) })), ...(verified?.changes.map(own) ?? [])];
  const todos = report.todos.map((t) => ({ ...t, line: moved(t.line) }));
  for (const found of verified?.todos ?? []) {
    // A step's TODO line the verification went on (verify.ts) is still the step's, saying more.
    const step = todos.findIndex((t) => t.line === found.line);
    if (step === -1) todos.push(own(found));
    else todos[step] = { ...todos[step]!, message: found.message, finding: found.message };
  }
  const settled: FileReport = { ...rest, changes, todos, ...(verified ? { verified: { newErrors: verified.newErrors, marked: verified.marked } } : {}) };
  if (options.write) {
    try {
      writeAtomically(report.path, output, held.stat);
    } catch (error) {
      return { ...settled, status: "error", error: `not written: ${(error as Error).message}` };
    }
  }
  const input = options.diff ? readFileSync(report.path, "utf8") : "";
  return { ...settled, diff: options.diff ? unifiedDiff(report.path, input, output) : undefined, printed: options.print ? output : undefined };
}
