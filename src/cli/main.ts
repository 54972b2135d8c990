#!/usr/bin/env node
/**
 * firecrawl-codemod run | check | list. Exit codes: `run` 0 when every file was processed, 1 when some
 * could not be (parse errors, skipped files); `check` 0 when clean, 1 when v1 usage remains; 2 for usage
 * errors and unreadable input, everywhere.
 */
import { writeFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { relative } from "node:path";
import pc from "picocolors";
import { helpText, parse, UsageError, type Parsed } from "./args.js";
import { DEFAULT_EXTENSIONS, discover } from "./discover.js";
import { findingsOf, formatFindings, type FindingFormat } from "./findings.js";
import { dirtyFiles } from "./git.js";
import { packageBumps } from "./package-json.js";
import { pythonBumps } from "./python-dependencies.js";
import { hasFacts, plannedWorkers, processAll, processInThread } from "./pool.js";
import type { FileReport } from "./process-file.js";
import { Progress } from "./progress.js";
import { screen } from "./screen.js";
import { findTsconfigs } from "./tsconfigs.js";
import type { FileTypes } from "./types.js";
import type { Verified } from "./verify.js";
import { displayPath, runReport, summaryText } from "./report.js";
import { VERSION } from "../version.js";
import { writeAtomically } from "./write.js";

function out(text: string): void {
  if (text) process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
}

function err(text: string): void {
  process.stderr.write(`${text}\n`);
}

function list(value: unknown): string[] {
  return typeof value === "string" ? value.split(",").map((s) => s.trim()).filter(Boolean) : [];
}

/** Colour a unified diff for a terminal; plain when stdout is not one. */
function colourDiff(patch: string): string {
  if (!process.stdout.isTTY) return patch;
  return patch
    .split("\n")
    .map((line) => (line.startsWith("+") && !line.startsWith("+++") ? pc.green(line) : line.startsWith("-") && !line.startsWith("---") ? pc.red(line) : line.startsWith("@@") ? pc.cyan(line) : line))
    .join("\n");
}

/** The presets, loaded only when a file needs them (or a flag names their transforms). */
const preset = () => import("../../transforms/v1-to-v2.js");

/** Every transform by name, with the languages it runs for, in preset order (JavaScript's, then Python-only ones). */
async function catalog(): Promise<{ name: string; description: string; languages: string[] }[]> {
  const [{ steps }, { pythonSteps }] = await Promise.all([preset(), import("../python/preset.js")]);
  const all = new Map<string, { name: string; description: string; languages: string[] }>();
  for (const step of steps) all.set(step.name, { name: step.name, description: step.description, languages: ["js"] });
  for (const step of pythonSteps) {
    const known = all.get(step.name);
    if (known) known.languages.push("py");
    else all.set(step.name, { name: step.name, description: step.description, languages: ["py"] });
  }
  return [...all.values()];
}

interface CollectOptions {
  write: boolean;
  diff: boolean;
  print: boolean;
  transforms?: string[];
  keepV1Defaults: boolean;
  /** type-check the migrated files against v2 before writing them, where a tsconfig is in play */
  verify?: boolean;
}

async function collect(parsed: Parsed, collectOptions: CollectOptions) {
  const { values, positionals } = parsed;
  if (positionals.length === 0) throw new UsageError(`name at least one file or folder (see firecrawl-codemod ${parsed.command} --help)`);
  const jobs = values.jobs === undefined ? 0 : Number(values.jobs);
  if (!Number.isInteger(jobs) || jobs < 0) throw new UsageError(`--jobs takes a whole number, not '${values.jobs}'`);
  if (collectOptions.transforms) {
    const known = new Set((await catalog()).map((t) => t.name));
    const unknown = collectOptions.transforms.filter((name) => !known.has(name));
    if (unknown.length) throw new UsageError(`unknown transform ${unknown.join(", ")}; \`firecrawl-codemod list\` shows them`);
  }
  const extensions = values.extensions ? list(values.extensions) : [...DEFAULT_EXTENSIONS];
  const { files, tsconfigs: found, missing } = discover(positionals, { extensions, ignore: (values.ignore as string[] | undefined) ?? [] });
  if (missing.length) throw new UsageError(`no such file or folder: ${missing.join(", ")}`);
  const progress = new Progress(files.length, !values["no-progress"] && !values.json && values.format === undefined);
  const reports: FileReport[] = [];
  // Type-aware mode: receivers the checker vouches for, in files that may not even mention the SDK.
  const tsconfigs = values["no-types"] ? [] : findTsconfigs(positionals, (values.project as string[] | undefined) ?? [], found);
  const facts = tsconfigs.length ? (await import("./types.js")).typeFacts(tsconfigs, new Set(files)) : new Map<string, FileTypes>();
  // Verified files are transformed with their new text held back, checked as one project, then written.
  const verify = Boolean(collectOptions.verify && tsconfigs.length);
  const options = verify ? { ...collectOptions, write: false, diff: false, print: false, hold: true } : collectOptions;
  const onReport = (report: FileReport) => {
    reports.push(report);
    progress.tick();
  };
  if (plannedWorkers(jobs) <= 1) {
    await processInThread(files, facts, options, onReport);
  } else {
    // Workers are worth starting only for enough candidates, so the screen runs first over every file.
    const typed = (f: string) => hasFacts(facts.get(f));
    const candidates = screen(files.filter((f) => !typed(f)), onReport);
    await processAll([...files.filter(typed), ...candidates].map((path) => ({ path, types: facts.get(path) })), options, jobs, onReport);
  }
  progress.done();
  const order = new Map(files.map((f, i) => [f, i]));
  const sorted = reports.sort((a, b) => order.get(a.path)! - order.get(b.path)!);
  const { reports: settled, failure } = verify ? await verified(sorted, tsconfigs, collectOptions) : { reports: sorted, failure: undefined };
  return { reports: settled, tsconfigs, verify, verifyFailure: failure };
}

/** Heap for the verification thread: a project's type check that needs more is abandoned, not the run. */
const VERIFY_HEAP_MB = 4096;

/** Runs verify.ts in a worker thread; resolves to its answer, or to the reason it has none. */
function verifyInWorker(tsconfigs: readonly string[], outputs: ReadonlyMap<string, string>): Promise<Map<string, Verified> | Error> {
  return new Promise((settle) => {
    const worker = new Worker(new URL("./verify-worker.js", import.meta.url), {
      workerData: { tsconfigs, outputs: [...outputs] },
      resourceLimits: { maxOldGenerationSizeMb: VERIFY_HEAP_MB },
    });
    worker.once("message", (answer: [string, Verified][]) => settle(new Map(answer)));
    worker.once("error", (error) => settle(error));
    worker.once("exit", (code) => settle(new Error(`the type check stopped (exit code ${code})`)));
  });
}

/**
 * Type-checks the held files against v2, marks what the migration broke, and only then writes them. A
 * verification that fails (a project too large for its heap) is reported, and the files are written as
 * migrated, unverified.
 */
async function verified(reports: readonly FileReport[], tsconfigs: readonly string[], options: CollectOptions): Promise<{ reports: FileReport[]; failure?: string }> {
  const { settleHeld } = await import("./settle.js");
  const outputs = new Map(reports.flatMap((r) => (r.held ? [[r.path, r.held.output] as const] : [])));
  const checked = outputs.size ? await verifyInWorker(tsconfigs, outputs) : new Map<string, Verified>();
  const settled = (r: FileReport) => settleHeld(r, checked instanceof Error ? undefined : checked.get(r.path), { ...options, steps: [], pythonSteps: [] });
  return { reports: reports.map(settled), failure: checked instanceof Error ? checked.message : undefined };
}

async function run(parsed: Parsed): Promise<number> {
  const { values, positionals } = parsed;
  const dry = Boolean(values.dry);
  if (!dry && !values.force) {
    const dirty = dirtyFiles(positionals);
    if (dirty?.length) {
      err(`The git tree has uncommitted changes, which the migration could mix with its own:\n${dirty.map((f) => `  ${f}`).join("\n")}\nCommit or stash them first, or pass --force (or --dry to only look).`);
      return 2;
    }
  }
  const transforms = values.transforms ? list(values.transforms) : undefined;
  const { reports, tsconfigs, verify, verifyFailure } = await collect(parsed, {
    write: !dry,
    diff: dry,
    print: Boolean(values.print),
    transforms,
    keepV1Defaults: Boolean(values["keep-v1-defaults"]),
    verify: !values["no-verify"],
  });
  const changed = reports.filter((r) => r.status === "changed").map((r) => r.path);
  // package.json speaks for the JavaScript SDK, requirements and pyproject for the Python one.
  const python = pythonBumps(changed.filter((path) => /\.(py|ipynb)$/.test(path)));
  const bumps = [...packageBumps(changed.filter((path) => !/\.(py|ipynb)$/.test(path))), ...python.bumps];
  if (!dry) {
    for (const bump of bumps) {
      try {
        writeAtomically(bump.path, bump.after, bump.stat);
      } catch (error) {
        err(`${relative(process.cwd(), bump.path)}: the SDK range was not updated: ${(error as Error).message}`);
      }
    }
  }
  const cwd = process.cwd();
  const against = verify ? { sdk: (await import("./verify.js")).VERIFIED_AGAINST, error: verifyFailure } : null;
  const report = runReport(reports, bumps, cwd, dry, tsconfigs, Boolean(values.json || values.report), against, python.lockfiles);
  if (values.report) writeFileSync(String(values.report), `${JSON.stringify(report, null, 2)}\n`);
  if (values.json) out(JSON.stringify(report, null, 2));
  else {
    for (const r of reports) {
      if (r.diff) out(colourDiff(r.diff));
      if (r.printed !== undefined) out(r.printed);
    }
    if (dry) {
      const { createTwoFilesPatch } = await import("diff");
      for (const bump of bumps) {
        const name = relative(process.cwd(), bump.path);
        out(colourDiff(createTwoFilesPatch(name, name, bump.before, bump.after, "", "", { context: 3 })));
      }
    }
    (values.print ? err : out)(summaryText(report, cwd));
  }
  return report.summary.errors + report.summary.skipped > 0 ? 1 : 0;
}

async function check(parsed: Parsed): Promise<number> {
  const format = (parsed.values.format ?? "text") as FindingFormat;
  if (!["text", "json", "sarif", "github"].includes(format)) throw new UsageError(`--format is text, json, sarif or github, not '${format}'`);
  const { reports } = await collect(parsed, { write: false, diff: false, print: false, keepV1Defaults: false });
  const unreadable = reports.filter((r) => r.status === "error" || r.status === "skipped");
  for (const r of unreadable) err(`${r.status}: ${r.path}: ${r.error}`);
  // A notebook cell left out is not a finding (a %%bash cell stays what it is), but check does not vouch for it.
  for (const r of reports) for (const note of r.notes ?? []) err(`note: ${displayPath(process.cwd(), r.path)}: ${note}`);
  const findings = findingsOf(reports, process.cwd());
  const rules = format === "sarif" ? await catalog() : [];
  out(formatFindings(findings, reports.length, format, VERSION, rules));
  if (unreadable.some((r) => r.status === "error")) return 2;
  return findings.length ? 1 : 0;
}

async function listTransforms(): Promise<number> {
  const transforms = await catalog();
  const width = Math.max(...transforms.map((t) => t.name.length)) + 2;
  out(transforms.map((t) => `${t.name.padEnd(width)}${`[${t.languages.join(", ")}]`.padEnd(10)}${t.description}`).join("\n"));
  return 0;
}

async function main(argv: readonly string[]): Promise<number> {
  try {
    const parsed = parse(argv);
    if (parsed.values.version) {
      out(VERSION);
      return 0;
    }
    if (parsed.values.help || !parsed.command) {
      out(helpText(parsed.command ?? undefined));
      return parsed.command || parsed.values.help ? 0 : 2;
    }
    if (parsed.command === "list") return await listTransforms();
    return parsed.command === "run" ? await run(parsed) : await check(parsed);
  } catch (error) {
    if (error instanceof UsageError) {
      err(`firecrawl-codemod: ${(error as Error).message}`);
      return 2;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
