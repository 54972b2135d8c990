#!/usr/bin/env node
/**
 * firecrawl-codemod run | check | list. Exit codes: `run` 0 when every file was processed, 1 when some
 * could not be (parse errors, skipped files); `check` 0 when clean, 1 when v1 usage remains; 2 for usage
 * errors, unreadable input, a refusal to run and a failure of the tool itself, everywhere. A run asked for
 * a machine-readable report gets one even then, carrying the error.
 */
import { closeSync, existsSync, openSync, rmSync, writeFileSync } from "node:fs";
import { basename, relative } from "node:path";
import pc from "picocolors";
import { helpUri } from "../mapping/concerns.js";
import { V2_RELEASES } from "../mapping/imports.js";
import { machineOutput, parse, UsageError, type MachineOutput, type Parsed } from "./args.js";
import { DEFAULT_EXTENSIONS, discover, type Discovery } from "../run/discover.js";
import { findingsOf, markersOf } from "./findings.js";
import { formatFindings, FORMATS, type FindingFormat } from "./check-output.js";
import { guard, repositoryRootOf, type Guarded } from "../run/git.js";
import { reportToRunner } from "./github.js";
import { Progress } from "./progress.js";
import { displayPath, runReport, summaryText } from "./report.js";
import { VERSION } from "../version.js";
import { removeLeftovers } from "../run/write.js";
import { reportClash } from "./report-target.js";
import { printable } from "../run/printable.js";
import { statIfAny } from "../core/stat.js";
import { unknownTransforms } from "../core/transform-names.js";
import { counted } from "./words.js";
import { migrateFiles } from "../run/engine.js";
import { catalog } from "../run/preset.js";

function out(text: string): void {
  if (text) process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
}

function err(text: string): void {
  process.stderr.write(`${text}\n`);
}

// A reader that stops reading (`run --dry | head -1`, quitting less) ends the output, quietly: what it asked
// for it has. Any other write error (a full disk, /dev/full) means the output is lost: the tool failed.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(typeof process.exitCode === "number" ? process.exitCode : 0);
  err(`firecrawl-codemod: the output could not be written: ${error.message}`);
  process.exit(2);
});

/** Writes a report file asked for; false (with why, on stderr) when the system refused it at write time. */
function writeReport(path: string, text: string, flag: string): boolean {
  try {
    writeFileSync(path, text);
    return true;
  } catch (error) {
    err(`firecrawl-codemod: ${flag} ${printable(path)} could not be written: ${(error as Error).message}`);
    return false;
  }
}

function list(value: unknown): string[] {
  return typeof value === "string"
    ? value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
}

/** Colour a unified diff where colours are on (a terminal, --color, FORCE_COLOR; not NO_COLOR, --no-color). */
function colourDiff(patch: string): string {
  if (!pc.isColorSupported) return patch;
  return patch
    .split("\n")
    .map((line) =>
      line.startsWith("+") && !line.startsWith("+++")
        ? pc.green(line)
        : line.startsWith("-") && !line.startsWith("---")
          ? pc.red(line)
          : line.startsWith("@@")
            ? pc.cyan(line)
            : line,
    )
    .join("\n");
}

/** The files the paths given hold; a usage error when a path does not exist or a flag is wrong. */
async function discovered(parsed: Parsed, transforms?: readonly string[]): Promise<Discovery> {
  const { values, positionals } = parsed;
  if (positionals.length === 0) throw new UsageError(`name at least one file or folder (see firecrawl-codemod ${parsed.command} --help)`);
  if (!Number.isInteger(jobsOf(parsed)) || jobsOf(parsed) < 0) throw new UsageError(`--jobs takes a whole number, not '${values.jobs}'`);
  if (transforms) {
    const unknown = unknownTransforms(transforms, await catalog());
    if (unknown) throw new UsageError(unknown);
  }
  for (const project of (values.project as string[] | undefined) ?? [])
    if (!statIfAny(project)) throw new UsageError(`--project ${project}: no such tsconfig file`);
  const extensions = values.extensions ? list(values.extensions) : [...DEFAULT_EXTENSIONS];
  const found = discover(positionals, {
    extensions,
    ignore: (values.ignore as string[] | undefined) ?? [],
    globbed: parsed.globbed,
    documents: Boolean(values.docs),
    leftovers: parsed.command === "run" && !values.dry,
  });
  if (found.missing.length) throw new UsageError(`no such file or folder: ${found.missing.join(", ")}`);
  return found;
}

const jobsOf = (parsed: Parsed) => (parsed.values.jobs === undefined ? 0 : Number(parsed.values.jobs));

/** The engine's part of the command line: where to look, how many workers, whether with types; and the progress bar. */
function engineOf(parsed: Parsed, files: number) {
  const { values, positionals } = parsed;
  const options = { paths: positionals, jobs: jobsOf(parsed), types: !values["no-types"], projects: (values.project as string[] | undefined) ?? [] };
  return { options, progress: new Progress(files, !values["no-progress"] && !values.json && values.format === undefined) };
}

/** The release --sdk-version names: a published v2 release the tool knows, or a usage error. */
async function sdkRelease(value: string): Promise<string> {
  const { default: semver } = await import("semver");
  const release = semver.valid(value);
  if (!release || !V2_RELEASES.includes(release))
    throw new UsageError(`--sdk-version takes a published v2 release (${V2_RELEASES[0]} to ${V2_RELEASES.at(-1)}), not '${value}'`);
  return release;
}

/** A refusal to run: the message for stderr, and for the JSON report. */
class Refusal extends Error {}

/**
 * Why a dirty tree stops the run, and the ways on. A rerun after an interrupted one meets its own edits
 * here, so the message says that they may be, and how to look.
 */
function dirtyTree({ dirty, states }: Guarded): string {
  const width = Math.max(...dirty.map((f) => states.get(f)!.length));
  return [
    "The git tree has uncommitted changes, which the migration could mix with its own:",
    ...dirty.map((f) => `  ${states.get(f)!.padEnd(width)}  ${printable(f)}`),
    "If an earlier run was stopped part way, these may be its own edits: `git diff` shows them.",
    "Commit or stash them first, or pass --force to run over them (or --dry to only look).",
  ].join("\n");
}

/** A run outside any repository has no clean tree to fall back on, which a user should hear before it writes. */
function unguardedPaths(paths: readonly string[]): string {
  const named = paths.map((p) => (p === "." ? `${basename(process.cwd())} (this folder)` : printable(p))).join(", ");
  return `Not in a git repository: ${named}. Nothing guards these files: the run rewrites them in place, and only a copy of your own can undo it (--dry shows the changes first).`;
}

/** Whether the report file can be written, asked before any source file is: a run must not end unable to say what it did. */
function checkWritable(path: string, flag: string): void {
  const existed = existsSync(path);
  try {
    closeSync(openSync(path, "a"));
  } catch (error) {
    throw new UsageError(`${flag} ${path} cannot be written: ${(error as Error).message}`);
  }
  if (!existed) rmSync(path);
}

/** Paths that hold no file to look at (an --ignore that matches everything, a folder of other languages). */
const lookedAtNothing = ({ files, skipped }: Discovery) => files.length === 0 && skipped.length === 0;
const NOTHING_LOOKED_AT = "firecrawl-codemod: no file was looked at: the paths given hold no file of the languages looked at, or --ignore left none";

/** A report path that is an input, or a file the run may write, is refused before anything is written. */
function refuseClash(path: string, flag: string, { files }: Discovery): void {
  const clash = reportClash(path, files);
  if (clash) throw new ReportRefused(`${flag} ${path} would overwrite a file of the project: ${clash}`);
}

/** A report path refused: the error goes everywhere but there. */
class ReportRefused extends UsageError {}

async function run(parsed: Parsed): Promise<number> {
  const { values, positionals } = parsed;
  const dry = Boolean(values.dry);
  if (values.report) checkWritable(String(values.report), "--report");
  const release = values["sdk-version"] === undefined ? undefined : await sdkRelease(String(values["sdk-version"]));
  const transforms = values.transforms ? list(values.transforms) : undefined;
  const found = await discovered(parsed, transforms);
  if (values.report) refuseClash(String(values.report), "--report", found);
  if (!dry) {
    // Before the guard: a leftover of a killed run would otherwise make the tree dirty, for good.
    const removed = removeLeftovers(found.temps);
    if (removed.length)
      err(
        `Removed ${counted(removed.length, "temp file")} an interrupted run left behind:\n${removed.map((f) => `  ${printable(relative(process.cwd(), f))}`).join("\n")}`,
      );
  }
  if (!dry && !values.force) {
    const answer = guard(positionals);
    if ("refusal" in answer)
      throw new Refusal(`${answer.refusal}\nThe migration cannot tell your changes from its own there. Fix that, or pass --force (or --dry to only look).`);
    if (answer.installing.length) err(`Uncommitted, but only adding firecrawl-codemod itself, so let through: ${answer.installing.map(printable).join(", ")}`);
    if (answer.dirty.length) throw new Refusal(dirtyTree(answer));
    if (answer.unguarded.length) err(unguardedPaths(answer.unguarded));
  }
  if (lookedAtNothing(found)) err(NOTHING_LOOKED_AT);
  const engine = engineOf(parsed, found.files.length);
  const { reports, tsconfigs, typescript, python, workers } = await migrateFiles(
    found,
    {
      ...engine.options,
      write: !dry,
      diff: dry,
      print: Boolean(values.print),
      transforms,
      keepV1Defaults: Boolean(values["keep-v1-defaults"]),
      release,
      verify: !values["no-verify"],
    },
    engine.progress,
  );
  const changed = reports.filter((r) => r.status === "changed").map((r) => r.path);
  const update = changed.length
    ? (await import("../upgrade/dependencies.js")).updateDependencies(changed, {
        release,
        write: !dry,
        install: Boolean(values.install),
        paths: parsed.positionals,
      })
    : undefined;
  for (const failure of update?.failures ?? [])
    err(`${printable(relative(process.cwd(), failure.path))}: the SDK range was not updated: ${printable(failure.error)}`);
  const { bumps = [], lockfiles = [], installs = [], notes: dependencyNotes = [] } = update ?? {};
  const cwd = process.cwd();
  const report = runReport(reports, bumps, cwd, dry, tsconfigs, Boolean(values.json || values.report || values.verbose), typescript, {
    lockfiles,
    installs,
    keepV1Defaults: Boolean(values["keep-v1-defaults"]),
    python: python ?? null,
    dependencyNotes,
    workers,
  });
  // Checked writable before the run, a report can still fail at write time (a full disk): the run's files are
  // written by then, so the summary still says what was done, and the exit code that the report is missing.
  const reported = values.report ? writeReport(String(values.report), `${JSON.stringify(report, null, 2)}\n`, "--report") : true;
  if (values.json) out(JSON.stringify(report, null, 2));
  else {
    for (const r of reports) {
      if (r.diff) out(colourDiff(r.diff));
      if (r.printed !== undefined) out(r.printed);
    }
    if (dry) {
      const { unifiedDiff } = await import("../run/unified-diff.js");
      for (const bump of bumps) out(colourDiff(unifiedDiff(bump.path, bump.before, bump.after)));
    }
    (values.print ? err : out)(summaryText(report, cwd, { verbose: Boolean(values.verbose) }));
  }
  if (!reported) return 2;
  return report.summary.errors + report.summary.skipped > 0 || installs.some((i) => !i.ok) ? 1 : 0;
}

async function check(parsed: Parsed): Promise<number> {
  const format = (parsed.values.format ?? "text") as FindingFormat;
  if (!FORMATS.includes(format)) throw new UsageError(`--format is text, json, sarif or github, not '${format}'`);
  if (parsed.values["output-file"]) checkWritable(String(parsed.values["output-file"]), "--output-file");
  const maxTodos = parsed.values["max-todos"] === undefined ? Infinity : Number(parsed.values["max-todos"]);
  if (!(Number.isInteger(maxTodos) && maxTodos >= 0) && maxTodos !== Infinity)
    throw new UsageError(`--max-todos takes a whole number, not '${parsed.values["max-todos"]}'`);
  const found = await discovered(parsed);
  // Not "no v1 usage left": nothing was checked. Exit 1, as a check that does not pass.
  const nothing = lookedAtNothing(found);
  if (nothing) err(NOTHING_LOOKED_AT);
  if (parsed.values["output-file"]) refuseClash(String(parsed.values["output-file"]), "--output-file", found);
  const engine = engineOf(parsed, found.files.length);
  const { reports } = await migrateFiles(found, { ...engine.options, write: false, diff: false, print: false, keepV1Defaults: false }, engine.progress);
  // Only reports the screen did not settle can hold a finding, a marker or a note: over 100,000 files without
  // Firecrawl, looking through every report for them took a tenth of check's time.
  const told = reports.filter((r) => !r.screened);
  // A skipped file mentions the SDK (the screen lets the rest pass as unchanged): it was not checked.
  const unreadable = told.filter((r) => r.status === "error" || r.status === "skipped" || r.unchecked?.length);
  for (const r of unreadable) {
    if (r.error) err(`${r.status}: ${printable(r.path)}: ${printable(r.error)}`);
    for (const u of r.unchecked ?? []) err(`not checked: ${printable(r.path)}: ${printable(u.reason)}`);
  }
  // A notebook cell left out is not a finding (a %%bash cell stays what it is), but check does not vouch for it.
  const notes = told.flatMap((r) => (r.notes ?? []).map((note) => `${displayPath(process.cwd(), r.path)}: ${note}`));
  for (const note of notes) err(`note: ${printable(note)}`);
  const findings = findingsOf(told, process.cwd());
  const rules = format === "sarif" ? await catalog() : [];
  const markers = markersOf(told, process.cwd());
  // Like a build that refuses a codemod's leftover markers: past the budget the migration is not done.
  const exitCode = unreadable.length ? 2 : nothing || findings.length || markers.length > maxTodos ? 1 : 0;
  const text = formatFindings(findings, reports.length, format, VERSION, rules, {
    markers,
    listMarkers: Boolean(parsed.values.todos),
    maxTodos,
    // Only SARIF and GitHub's annotations place paths from the repository's root: asking git costs a process,
    // about 2% of check over the bench's 10,000 files without Firecrawl, run inside a repository as the bench is.
    root: format === "sarif" || format === "github" ? (repositoryRootOf(process.cwd()) ?? process.cwd()) : undefined,
    exitCode,
    notes,
  });
  if (parsed.values["output-file"]) {
    if (!writeReport(String(parsed.values["output-file"]), `${text}\n`, "--output-file")) return 2;
  } else out(text);
  if (format === "github") reportToRunner({ findings, markers, maxTodos, files: reports.length });
  if (!unreadable.length && markers.length > maxTodos)
    err(`${counted(markers.length, "TODO(firecrawl-v2) marker")} ${markers.length === 1 ? "is" : "are"} left, more than --max-todos ${maxTodos} allows`);
  return exitCode;
}

async function listTransforms(parsed: Parsed): Promise<number> {
  const transforms = (await catalog()).map((t) => ({ ...t, docs: helpUri(t.name) }));
  if (parsed.values.json) {
    out(JSON.stringify(transforms, null, 2));
    return 0;
  }
  const rows = transforms.map((t) => [t.name, t.languages.join(","), t.description, t.docs]);
  // One line a transform, so `list | grep py` still works: columns padded to their widest cell.
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  out(rows.map((row) => row.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : pc.dim(cell))).join("  ")).join("\n"));
  return 0;
}

/** The report a run or check asked for, carrying only the error that stopped it. */
async function failureReport(wanted: MachineOutput, message: string, { toFile = true } = {}): Promise<void> {
  if (wanted.command === "run") {
    const report = { ...runReport([], [], process.cwd(), wanted.dry, []), error: message };
    if (wanted.report && toFile) {
      try {
        writeFileSync(wanted.report, `${JSON.stringify(report, null, 2)}\n`);
      } catch {
        // the report file was the problem, or cannot be written: stdout and stderr still say it
      }
    }
    if (wanted.json) out(JSON.stringify(report, null, 2));
  } else if (wanted.command === "check" && wanted.format !== "text") {
    out(formatFindings([], 0, wanted.format, VERSION, wanted.format === "sarif" ? await catalog().catch(() => []) : [], { error: message, exitCode: 2 }));
    if (wanted.format === "github") reportToRunner({ findings: [], markers: [], maxTodos: Infinity, files: 0, error: message });
  }
}

async function main(argv: readonly string[]): Promise<number> {
  try {
    const parsed = parse(argv);
    if (parsed.shown) {
      (parsed.shown.code ? err : out)(parsed.shown.text);
      return parsed.shown.code;
    }
    if (parsed.command === "list") return await listTransforms(parsed);
    return parsed.command === "run" ? await run(parsed) : await check(parsed);
  } catch (error) {
    const known = error instanceof UsageError || error instanceof Refusal;
    // A failure of the tool itself keeps its stack for the bug report.
    err(
      error instanceof UsageError
        ? `firecrawl-codemod: ${printable(error.message)}`
        : known
          ? (error as Error).message
          : `firecrawl-codemod failed: ${(error as Error).stack ?? error}`,
    );
    await failureReport(machineOutput(argv), known ? (error as Error).message : `firecrawl-codemod failed: ${(error as Error).message}`, {
      toFile: !(error instanceof ReportRefused),
    });
    return 2;
  }
}

process.exitCode = await main(process.argv.slice(2));
