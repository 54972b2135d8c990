/**
 * `check --format github`: what a GitHub Actions job shows. What fails the check (v1 usage, a file nothing
 * could check) is an `::error` annotation; a TODO(firecrawl-v2) marker left is a `::warning`, or an error
 * past --max-todos, which then fails the check too. Where the runner offers them, the counts go to the job
 * summary ($GITHUB_STEP_SUMMARY) and to the step's outputs ($GITHUB_OUTPUT).
 */
import { appendFileSync } from "node:fs";
import { helpUri } from "../mapping/concerns.js";
import { UNPROCESSED, type Finding, type Marker } from "./findings.js";
import { fromRoot } from "./sarif.js";
import { counted } from "./words.js";

/** GitHub's workflow command syntax escapes these in properties and messages. */
const escapeData = (s: string) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");

export interface GithubCheck {
  /** where the check ran and the repository's root: GitHub places annotations by the path from the root */
  readonly cwd?: string;
  readonly root?: string;
  readonly findings: readonly Finding[];
  readonly markers: readonly Marker[];
  /** markers allowed before they fail the check (Infinity: no limit) */
  readonly maxTodos: number;
  readonly files: number;
  readonly error?: string;
}

export function annotations({ findings, markers, maxTodos, error, cwd = process.cwd(), root = cwd }: GithubCheck): string {
  if (error) return `::error title=firecrawl-codemod::${escapeData(error)}`;
  const file = (path: string) => escapeProperty(fromRoot(path, { cwd, root }) ?? path);
  const markerLevel = markers.length > maxTodos ? "error" : "warning";
  return [
    ...findings.map(
      (f) => `::error file=${file(f.file)},line=${f.line},col=${f.column},title=${escapeProperty(`firecrawl-v2/${f.rule}`)}::${escapeData(f.message)}`,
    ),
    ...markers.map((m) => `::${markerLevel} file=${file(m.file)},line=${m.line},title=TODO(firecrawl-v2)::${escapeData(m.message)}`),
  ].join("\n");
}

/** The job summary: the verdict, then the findings by rule with each rule's docs. */
export function jobSummary({ findings, markers, maxTodos, files, error }: GithubCheck): string {
  if (error) return `## firecrawl-codemod check\n\nThe check could not run: ${error}\n`;
  const usages = findings.filter((f) => f.rule !== UNPROCESSED.name);
  // A document may have several blocks that could not be read: the summary counts its files.
  const unchecked = new Set(findings.filter((f) => f.rule === UNPROCESSED.name).map((f) => f.file)).size;
  const verdict = [
    usages.length ? `${counted(usages.length, "v1 usage")} left in ${counted(new Set(usages.map((f) => f.file)).size, "file")}` : "No v1 usage left",
    `${counted(markers.length, "TODO(firecrawl-v2) marker")} left${maxTodos === Infinity ? "" : ` (at most ${maxTodos} allowed)`}`,
    ...(unchecked ? [`${counted(unchecked, "file")} could not be checked`] : []),
  ];
  const byRule = new Map<string, number>();
  for (const f of findings) byRule.set(f.rule, (byRule.get(f.rule) ?? 0) + 1);
  const table = byRule.size ? ["", "| rule | findings |", "| --- | ---: |", ...[...byRule].map(([rule, n]) => `| [${rule}](${helpUri(rule)}) | ${n} |`)] : [];
  return [`## firecrawl-codemod check`, "", `Checked ${counted(files, "file")}.`, "", ...verdict.map((v) => `- ${v}`), ...table, ""].join("\n");
}

/** The step's outputs, for later steps: `findings` and `todos`. */
export function stepOutputs({ findings, markers }: GithubCheck): string {
  return `findings=${findings.length}\ntodos=${markers.length}\n`;
}

/** Writes the summary and the outputs where the runner asks for them; elsewhere (a local run) nothing. */
export function reportToRunner(check: GithubCheck, env: NodeJS.ProcessEnv = process.env): void {
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, jobSummary(check));
  if (env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, stepOutputs(check));
}
