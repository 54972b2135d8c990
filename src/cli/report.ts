/**
 * What `run` tells: the JSON report (its shape is an interface users script against) and the closing
 * summary, with each TODO as `path:line  message` and the command that formats only the changed files.
 */
import { basename, dirname, relative, sep } from "node:path";
import pc from "picocolors";
import { isPython, languageOf, mayHoldPython } from "../core/language.js";
import { todoMessage } from "../core/todo.js";
import type { CellLine } from "../core/pipeline.js";
import type { FileReport } from "../run/file-report.js";
import { formatCommand } from "./format-command.js";
import { printable } from "../run/printable.js";
import { agrees, counted } from "./words.js";
import type { InstallOutcome } from "../upgrade/install.js";
import type { PackageBump } from "../upgrade/bump.js";
import type { ConcernName } from "../mapping/concerns.js";
import { DEFAULTS, PY_API_URL_DEFAULT, URL_LIST_DEFAULT } from "../mapping/defaults.js";
import { noteAt } from "../mapping/messages.js";
import type { LockRefresh } from "../upgrade/bump.js";

export const REPORT_VERSION = 1;

/** The concern that moves client calls to v2 (JS and Python): a run that did that runs them with v2's defaults. */
const CALLS: ConcernName = "client-methods";
const migratedCalls = (r: FileReport) => r.changes.some((c) => c.transform === CALLS);

export interface RunReport {
  readonly version: number;
  readonly mode: "run" | "dry";
  /** how clients were found: by the type checker under these tsconfigs, or by syntax alone */
  readonly analysis: { readonly mode: "types" | "syntax"; readonly projects: readonly string[] };
  /** the worker threads the run started: 0 when the main thread did all (--jobs, else only where enough files pay for them) */
  readonly workers: number;
  readonly files: readonly {
    readonly path: string;
    readonly status: FileReport["status"];
    /** in a notebook, `cell` (counted from 1 over every cell) and `cellLine` say where `line` falls */
    readonly changes: readonly { transform: string; line: number; message: string; cell?: number; cellLine?: number }[];
    readonly todos: readonly { line: number; message: string; cell?: number; cellLine?: number }[];
    readonly error?: string;
    /**
     * what was left out on purpose and why (a notebook cell that is not Python), and what a change left as it
     * was on purpose, at its line (`line 12: deepResearch() ... still runs on the v1 client through .v1`)
     */
    readonly notes?: readonly string[];
    /** client calls only the type-aware mode found */
    readonly foundByTypes?: readonly { line: number; method: string }[];
    /** type errors the migration introduced against v2 (type-aware mode), and how many carry a TODO */
    readonly verified?: { newErrors: number; marked: number };
  }[];
  /** the migrated Python files and notebooks were checked with pyright against this SDK; null when none was */
  readonly pythonVerification: RunReport["verification"];
  /** the migrated files were type-checked against this SDK release (type-aware mode); null when not */
  readonly verification: {
    readonly against: string;
    readonly files: number;
    readonly newErrors: number;
    readonly marked: number;
    /** why the verification could not complete; the files were written unverified */
    readonly error?: string;
  } | null;
  readonly packages: readonly { path: string; dependency: string; from: string; to: string }[];
  /** dependency files the run passed over, and why: a package.json that is not valid JSON, an SDK from a git URL or a tarball */
  readonly dependencyNotes: readonly { path: string; message: string }[];
  /** lockfiles that still hold the old SDK, and the command that refreshes each */
  readonly lockfiles: readonly { path: string; command: string | null }[];
  /** with --install: each refresh command run, and how it went */
  readonly installs: readonly { lockfile: string; command: string; ok: boolean; error?: string }[];
  /** defaults v2 changed for the calls this run migrated; `kept`: --keep-v1-defaults wrote v1's value in */
  readonly behaviourChanges: readonly { option: string; v1: unknown; v2: unknown; effect: string; kept: boolean }[];
  readonly summary: { scanned: number; changed: number; unchanged: number; errors: number; skipped: number; todos: number };
  /** what stopped the run before it did anything (a usage error, a refusal, a failure of the tool) */
  readonly error?: string;
}

/** A path as the user gave it relative to where they stand; a prefix cut where it can be (the common case). */
export function displayPath(cwd: string, path: string): string {
  const prefix = cwd.endsWith(sep) ? cwd : cwd + sep;
  return path.startsWith(prefix) ? path.slice(prefix.length) : relative(cwd, path) || ".";
}

/** A notebook location's fields in the report, flat so scripts read them as they read `line`. */
export function inCell(cell: CellLine | undefined): { cell?: number; cellLine?: number } {
  return cell ? { cell: cell.number, cellLine: cell.line } : {};
}

/** `line` as a person reads it: in a notebook, with the cell and the line within it. */
export function where(at: { line: number; cell?: number; cellLine?: number }): string {
  return at.cell === undefined ? `${at.line}` : `${at.line} (cell ${at.cell}, line ${at.cellLine})`;
}

/**
 * The run's report. `everyFile` lists unchanged files too, as the JSON report must; the summary a person
 * reads counts them without listing them, which spares the entries on a large tree.
 */
export function runReport(
  reports: readonly FileReport[],
  bumps: readonly PackageBump[],
  cwd: string,
  dry: boolean,
  tsconfigs: readonly string[],
  everyFile = true,
  verifiedAgainst: { readonly sdk: string; readonly error?: string } | null = null,
  {
    lockfiles = [],
    installs = [],
    keepV1Defaults = false,
    python = null,
    dependencyNotes = [],
    workers = 0,
  }: {
    lockfiles?: readonly LockRefresh[];
    installs?: readonly InstallOutcome[];
    keepV1Defaults?: boolean;
    /** what the Python files were checked against with pyright, or why they could not be */
    python?: { readonly sdk: string; readonly error?: string } | null;
    dependencyNotes?: readonly { readonly path: string; readonly message: string }[];
    workers?: number;
  } = {},
): RunReport {
  const counts = { changed: 0, unchanged: 0, error: 0, skipped: 0 };
  for (const r of reports) counts[r.status]++;
  const ofPython = (r: FileReport) => isPython(languageOf(r.path));
  const totals = (against: { readonly sdk: string; readonly error?: string } | null, of: (r: FileReport) => boolean) => {
    if (!against) return null;
    const verified = reports.flatMap((r) => (r.verified && of(r) ? [r.verified] : []));
    return {
      against: against.sdk,
      files: verified.length,
      newErrors: verified.reduce((n, v) => n + v.newErrors, 0),
      marked: verified.reduce((n, v) => n + v.marked, 0),
      ...(against.error ? { error: against.error } : {}),
    };
  };
  const notesOf = (r: FileReport) => [
    ...(r.notes ?? []),
    ...r.changes.flatMap((c) => (c.note ? [noteAt(where({ line: c.line, ...inCell(c.cell) }), c.note)] : [])),
  ];
  return {
    version: REPORT_VERSION,
    mode: dry ? "dry" : "run",
    analysis: { mode: tsconfigs.length ? "types" : "syntax", projects: tsconfigs.map((t) => displayPath(cwd, t)) },
    workers,
    files: (everyFile ? reports : reports.filter((r) => r.status !== "unchanged" || r.todos.length)).map((r) => {
      const notes = notesOf(r);
      return {
        path: displayPath(cwd, r.path),
        status: r.status,
        changes: r.changes.map(({ transform, line, message, cell }) => ({ transform, line, message, ...inCell(cell) })),
        todos: r.todos.map(({ line, message, cell }) => ({ line, message, ...inCell(cell) })).sort((a, b) => a.line - b.line),
        ...(r.error ? { error: r.error } : {}),
        ...(notes.length ? { notes } : {}),
        ...(r.foundByTypes?.length ? { foundByTypes: r.foundByTypes } : {}),
        ...(r.verified ? { verified: r.verified } : {}),
      };
    }),
    verification: totals(verifiedAgainst, (r) => !ofPython(r)),
    pythonVerification: totals(python, ofPython),
    packages: bumps.flatMap((b) => b.ranges.map((r) => ({ path: displayPath(cwd, b.path), ...r }))),
    dependencyNotes: dependencyNotes.map((n) => ({ path: displayPath(cwd, n.path), message: n.message })),
    lockfiles: lockfiles.map((l) => ({ path: displayPath(cwd, l.path), command: l.command })),
    installs: installs.map((i) => ({ ...i, lockfile: displayPath(cwd, i.lockfile) })),
    // Defaults matter where calls were migrated: the v2 calls run with v2's defaults from now on.
    // (A document's calls run nowhere.)
    behaviourChanges: [
      ...(reports.some((r) => migratedCalls(r) && languageOf(r.path) !== "document")
        ? [
            ...DEFAULTS.map((row) => ({ option: row.js, v1: row.v1, v2: row.v2, effect: row.effect, kept: keepV1Defaults && row.v1 !== null })),
            { ...URL_LIST_DEFAULT, kept: false },
          ]
        : []),
      ...(reports.some((r) => migratedCalls(r) && ofPython(r)) ? [{ ...PY_API_URL_DEFAULT, kept: false }] : []),
    ],
    summary: {
      scanned: reports.length,
      changed: counts.changed,
      unchanged: counts.unchanged,
      errors: counts.error,
      skipped: counts.skipped,
      todos: reports.reduce((n, r) => n + r.todos.length, 0),
    },
  };
}

/** jscodeshift's per-file status words, which users of codemods already read. */
const STATUS: Record<FileReport["status"], string> = { changed: "OK", unchanged: "NOC", error: "ERR", skipped: "SKIP" };

/** The files a run changed (or would), each with what it did there; with `verbose`, every file with its status. */
function fileLines(report: RunReport, verbose: boolean): string[] {
  const tally = (f: RunReport["files"][number]) =>
    [f.changes.length ? counted(f.changes.length, "change") : "", f.todos.length ? counted(f.todos.length, "TODO") : ""].filter(Boolean).join(", ");
  if (verbose) {
    const width = Math.max(...Object.values(STATUS).map((s) => s.length));
    return report.files.map(
      (f) => `${STATUS[f.status].padEnd(width)}  ${printable(f.path)}${f.error ? `: ${printable(f.error)}` : tally(f) ? `  (${tally(f)})` : ""}`,
    );
  }
  const changed = report.files.filter((f) => f.status === "changed");
  if (!changed.length) return [];
  return [pc.bold(report.mode === "dry" ? "Would change:" : "Changed:"), ...changed.map((f) => `  ${printable(f.path)}  (${tally(f)})`)];
}

/** A lockfile's folder as a user finds it: by name, and "this folder" where they stand. */
function folderOf(lockfile: string, cwd: string): string {
  const folder = dirname(lockfile);
  return folder === "." ? `${basename(cwd)}/ (this folder)` : `${folder}/`;
}

export function summaryText(report: RunReport, cwd: string, { verbose = false } = {}): string {
  const { summary } = report;
  const lines: string[] = [...fileLines(report, verbose)];
  for (const file of verbose ? [] : report.files) {
    if (file.status === "error") lines.push(`${pc.red("error")}  ${printable(file.path)}: ${printable(file.error ?? "")}`);
    if (file.status === "skipped") lines.push(`${pc.yellow("skipped")}  ${printable(file.path)}: ${printable(file.error ?? "")}`);
  }
  for (const file of report.files) for (const note of file.notes ?? []) lines.push(`${pc.yellow("note")}  ${printable(file.path)}: ${printable(note)}`);
  const todos = report.files.flatMap((f) => f.todos.map((t) => `${printable(f.path)}:${where(t)}  ${printable(todoMessage(t.message))}`));
  if (todos.length) lines.push("", pc.bold("Needs a human:"), ...todos.map((t) => `  ${t}`));
  for (const bump of report.packages)
    lines.push("", `${printable(bump.path)}: ${bump.dependency} ${bump.from} -> ${bump.to}${report.mode === "dry" ? " (not written: --dry)" : ""}`);
  for (const note of report.dependencyNotes) lines.push("", `${pc.yellow("note")}  ${printable(note.path)}: ${printable(note.message)}`);
  for (const install of report.installs)
    lines.push(
      "",
      install.ok
        ? `${printable(install.lockfile)}: refreshed with \`${printable(install.command)}\``
        : pc.red(`${printable(install.lockfile)}: \`${printable(install.command)}\` failed: ${printable(install.error ?? "")}`),
    );
  const refreshed = new Set(report.installs.filter((i) => i.ok).map((i) => i.lockfile));
  for (const lock of report.lockfiles.filter((l) => !refreshed.has(l.path)))
    lines.push(
      "",
      `${printable(lock.path)}: still locks the v1 SDK; ${lock.command ? `refresh it with \`${printable(lock.command)}\` in ${printable(folderOf(lock.path, cwd))}` : "write it again with the tool that made it (its hashes pin the old release)"}`,
    );
  const changed = report.behaviourChanges.filter((b) => !b.kept);
  if (changed.length) {
    lines.push("", pc.bold("v2 changed defaults the migrated calls now run with:"), ...changed.map((b) => `  ${b.option}: ${b.effect}`));
    if (changed.some((b) => DEFAULTS.some((row) => row.js === b.option && row.v1 !== null)))
      lines.push("  --keep-v1-defaults writes v1's values (maxAge: 0, ...) into each migrated scrape instead");
  }
  const changeCount = report.files.reduce((n, f) => n + f.changes.length, 0);
  const verb = report.mode === "dry" ? "Would migrate" : "Migrated";
  lines.push(
    "",
    [
      `${verb} ${summary.changed} of ${counted(summary.scanned, "file")}`,
      counted(changeCount, "change"),
      `${counted(summary.todos, "TODO")} ${agrees(summary.todos, "needs", "need")} a human`,
      counted(summary.errors, "error", "errors", "no"),
      ...(summary.skipped ? [`${summary.skipped} skipped`] : []),
    ].join(" · "),
  );
  // How clients were found matters to someone tracing a missed call, not to every run: --verbose says it.
  if (verbose) {
    const byTypes = report.files.reduce((n, f) => n + (f.foundByTypes?.length ?? 0), 0);
    lines.push(
      report.analysis.mode === "types"
        ? `Type-aware mode (${report.analysis.projects.join(", ")}): ${counted(byTypes, "client call", "client calls", "no")} found only through types`
        : "Syntactic mode: no tsconfig.json found (or --no-types); clients imported from other modules are followed, not those passed in as parameters",
    );
  }
  for (const [v, how] of [
    [report.verification, "type-checked"],
    [report.pythonVerification, "checked with pyright"],
  ] as const) {
    if (v?.error) {
      lines.push(pc.yellow(`Not verified against ${v.against}: ${v.error}; the migrated files were written unverified`));
    } else if (v && (v.files || how === "type-checked")) {
      const unmarked = v.newErrors - v.marked;
      const verdict = unmarked ? pc.yellow(`, ${unmarked} not marked (no statement to put a TODO above)`) : v.newErrors ? ", every one marked with a TODO" : "";
      lines.push(
        `Verified against ${v.against}: ${counted(v.files, "migrated file", "migrated files", "no")} ${how}, ${counted(v.newErrors, "new type error", "new type errors", "no")}${verdict}`,
      );
    }
  }
  // Prettier, Biome and ESLint format JavaScript and TypeScript; migrated Python files are not theirs, and a
  // document's blocks keep the layout they had (a formatter would rewrap the whole document).
  const scripts = report.files.filter((f) => f.status === "changed" && !mayHoldPython(languageOf(f.path))).map((f) => f.path);
  const format = report.mode === "run" ? formatCommand(cwd, scripts) : null;
  if (format) lines.push(`Format the changed files with: ${format}`);
  return lines.join("\n").replace(/^\n/, "");
}
