/**
 * The tail of a verified run (verify.ts): files were transformed with their new text held back, verified
 * against v2 as a whole project, and are only now written, diffed or printed.
 */
import { readFileSync } from "node:fs";
import { unifiedDiff, type FileReport, type ProcessOptions } from "./process-file.js";
import { VERIFY, type Verified } from "./verify.js";
import { writeAtomically } from "./write.js";

/**
 * Finishes a file whose new text was held for verification: the TODO lines the verification added join the
 * report (the lines below them move down), then the text is written, diffed or printed as processFile would.
 */
export function settleHeld(report: FileReport, verified: Verified | undefined, options: ProcessOptions): FileReport {
  const { held, ...rest } = report;
  if (!held) return report;
  const output = verified?.output ?? held.output;
  const moved = (line: number) => line + (verified?.insertedBefore.filter((before) => before <= line).length ?? 0);
  const changes = report.changes.map((c) => ({ ...c, line: moved(c.line) }));
  const todos = [
    ...report.todos.map((t) => ({ ...t, line: moved(t.line) })),
    ...(verified?.todos.map((t) => ({ transform: VERIFY, line: t.line, message: t.message, source: { line: t.line, column: 1 } })) ?? []),
  ];
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
