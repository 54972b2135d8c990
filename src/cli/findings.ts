/**
 * What `check` tells: every place the codemod would still change or mark, as text, JSON, SARIF 2.1.0 or
 * GitHub workflow annotations.
 */
import type { Named } from "../core/pipeline.js";
import { annotations } from "./github.js";
import type { FileReport } from "./process-file.js";
import { displayPath, inCell } from "./report.js";
import { printable } from "./printable.js";
import { sarif } from "./sarif.js";
import { isFinding } from "../mapping/messages.js";
import { counted } from "./words.js";

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

export const FORMATS = ["text", "json", "sarif", "github"] as const;
export type FindingFormat = (typeof FORMATS)[number];

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

/** What a check tells beside its findings: the markers left (listed in text with `listMarkers`, --todos) and what stopped it. */
export interface CheckExtras {
  readonly markers?: readonly Marker[];
  readonly listMarkers?: boolean;
  /** markers allowed before they fail the check (--max-todos) */
  readonly maxTodos?: number;
  readonly error?: string;
  /** for SARIF: where the check ran, the repository's root, its exit code and its notes */
  readonly cwd?: string;
  readonly root?: string;
  readonly exitCode?: number;
  readonly notes?: readonly string[];
}

/**
 * `steps` names the rules (SARIF lists them all, found or not). The markers left are counted in the text
 * and JSON forms, listed in the JSON always and in the text with `listMarkers`.
 */
export function formatFindings(
  findings: readonly Finding[],
  files: number,
  format: FindingFormat,
  version: string,
  steps: readonly Named[],
  { markers = [], listMarkers = false, maxTodos = Infinity, error, cwd = process.cwd(), root = cwd, exitCode, notes }: CheckExtras = {},
): string {
  switch (format) {
    case "json":
      return JSON.stringify(
        { findings, todos: markers, summary: { files, findings: findings.length, todos: markers.length }, ...(error ? { error } : {}) },
        null,
        2,
      );
    case "sarif":
      return JSON.stringify(sarif(findings, { version, steps, cwd, root, exitCode, notes, error }), null, 2);
    case "github":
      return annotations({ findings, markers, maxTodos, files, error, cwd, root });
    case "text": {
      const lines = findings.map(
        (f) =>
          `${printable(f.file)}:${f.line}:${f.column}${f.cell === undefined ? "" : ` (cell ${f.cell}, line ${f.cellLine})`}  ${f.fixable ? "fixable" : "manual "}  ${f.rule}  ${printable(f.message)}`,
      );
      const usages = findings.filter((f) => f.rule !== UNPROCESSED.name);
      const unchecked = findings.length - usages.length;
      const inFiles = new Set(usages.map((f) => f.file)).size;
      lines.push(
        usages.length
          ? `${counted(usages.length, "v1 usage")} left in ${inFiles} of ${counted(files, "file")}`
          : files
            ? `No v1 usage left in ${files === 1 ? "the file" : counted(files, "file")}`
            : "No file was checked",
      );
      if (unchecked) lines.push(`${counted(unchecked, "file")} could not be checked`);
      if (markers.length) {
        if (listMarkers) lines.splice(findings.length, 0, ...markers.map((m) => `${printable(m.file)}:${m.line}  TODO  ${printable(m.message)}`));
        lines.push(
          `${counted(markers.length, "TODO(firecrawl-v2) marker")} left for a human${listMarkers ? "" : ` (--todos lists ${markers.length === 1 ? "it" : "them"})`}`,
        );
      }
      return lines.join("\n");
    }
  }
}
