/** `check`'s findings as text, JSON, SARIF 2.1.0 (sarif.ts) or GitHub workflow annotations (github.ts). */
import type { Named } from "../core/pipeline.js";
import { type Marker, type Finding, UNPROCESSED } from "./findings.js";
import { annotations } from "./github.js";
import { printable } from "../run/printable.js";
import { sarif } from "./sarif.js";
import { counted } from "./words.js";

export const FORMATS = ["text", "json", "sarif", "github"] as const;

export type FindingFormat = (typeof FORMATS)[number];

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
      // A document may have several blocks that could not be read: the summary counts its files.
      const unchecked = new Set(findings.filter((f) => f.rule === UNPROCESSED.name).map((f) => f.file)).size;
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
