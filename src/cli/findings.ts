/**
 * What `check` tells: every place the codemod would still change or mark, as text, JSON, SARIF 2.1.0 or
 * GitHub workflow annotations.
 */
import type { FileReport } from "../run/file-report.js";
import { displayPath, inCell } from "./report.js";
import { isFinding } from "../mapping/messages.js";

export interface Finding {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly rule: string;
  readonly message: string;
  /** the codemod changes it by itself; otherwise a human has to */
  readonly fixable: boolean;
  /** in a notebook: the cell (counted from 1 over every cell) and the line within it where `line` falls */
  readonly cell?: number;
  readonly cellLine?: number;
}

/** A TODO(firecrawl-v2) marker left in a file: the migration is not finished while one is there. */
export interface Marker {
  readonly file: string;
  readonly line: number;
  readonly message: string;
}

export function markersOf(reports: readonly FileReport[], cwd: string): Marker[] {
  return reports.flatMap((r) => (r.markers ?? []).map((m) => ({ file: displayPath(cwd, r.path), ...m })));
}

/** The rule of a file that could not be processed: nothing in it was checked, so it cannot pass. */
export const UNPROCESSED = {
  name: "unprocessed-file",
  description: "a file that mentions Firecrawl, or a folder, could not be read, parsed or migrated, so nothing in it was checked",
} as const;

/** A parser's or a step's own position when it gave one, else the top of the file. */
function errorLocation(error: string): { line: number; column: number } {
  const at = /\(line (\d+), column (\d+)\)$/.exec(error);
  return at ? { line: Number(at[1]), column: Number(at[2]) } : { line: 1, column: 1 };
}

export function findingsOf(reports: readonly FileReport[], cwd: string): Finding[] {
  return reports
    .flatMap((r) => [
      ...(r.status === "error" || r.status === "skipped"
        ? [{ file: displayPath(cwd, r.path), ...errorLocation(r.error ?? ""), rule: UNPROCESSED.name, message: `not checked: ${r.error}`, fixable: false }]
        : []),
      ...(r.unchecked ?? []).map((u) => ({
        file: displayPath(cwd, r.path),
        line: u.line,
        column: 1,
        rule: UNPROCESSED.name,
        message: `not checked: ${u.reason}`,
        fixable: false,
      })),
      ...r.changes
        .filter((c) => isFinding(c.finding))
        .map((c) => ({
          file: displayPath(cwd, r.path),
          line: c.source.line,
          column: c.source.column,
          rule: c.transform,
          message: c.finding,
          fixable: true,
          ...inCell(c.source.cell),
        })),
      ...r.todos.map((t) => ({
        file: displayPath(cwd, r.path),
        line: t.source.line,
        column: t.source.column,
        rule: t.transform,
        message: t.message,
        fixable: false,
        ...inCell(t.source.cell),
      })),
    ])
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}
