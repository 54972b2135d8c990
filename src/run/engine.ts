/**
 * The engine: the files discovery found through the screen, the workers and the type-aware mode, then the
 * verification of what changed; the command (src/cli/main.ts) decides what to ask and prints what it answers.
 */
import { readFileSync, statSync } from "node:fs";
import { isPython, languageOf } from "../core/language.js";
import type { FileTypes } from "../js/checker/facts.js";
import type { TypeProcess } from "../js/checker/process.js";
import type { Verified } from "../core/verified.js";
import type { Discovery } from "./discover.js";
import { availableParallelism } from "node:os";
import { processInThread, processAll, workersFor } from "./pool.js";
import { hasFacts } from "../js/checker/file-types.js";
import type { FileReport } from "./file-report.js";
import { screen } from "./screen.js";
import { readyFor, wing } from "./preset.js";
import { findTsconfigs } from "./tsconfigs.js";

/** What a migration of the files found is asked to do: the command line's choices, read by the command. */
export interface EngineOptions {
  write: boolean;
  diff: boolean;
  print: boolean;
  transforms?: string[];
  keepV1Defaults: boolean;
  /** the v2 release a file's own pin of the SDK moves to (--sdk-version) */
  release?: string;
  /** type-check the migrated files against v2 before writing them, where a tsconfig is in play */
  verify?: boolean;
  /** the files and folders named (where the nearest tsconfigs are looked for) */
  paths: readonly string[];
  /** worker threads (0: as many as pay); the type-aware mode with the tsconfigs named (--project), or without types */
  jobs: number;
  types: boolean;
  projects: readonly string[];
}

/** What the migration shows of its way while it runs (the CLI's progress bar on stderr). */
export interface EngineProgress {
  tick(): void;
  phase(label: string): void;
  endPhase(): void;
  done(): void;
}

/** Migrates the files discovery found, in workers or not, with the type-aware mode and the verification where asked. */
export async function migrateFiles({ files, tsconfigs: found, skipped }: Discovery, engineOptions: EngineOptions, progress: EngineProgress) {
  const { jobs } = engineOptions;
  const reports: FileReport[] = [];
  // Type-aware mode: receivers the checker vouches for, in files that may not even mention the SDK.
  const tsconfigs = engineOptions.types ? findTsconfigs(engineOptions.paths, engineOptions.projects, found) : [];
  const types = tsconfigs.length ? (await import("../js/checker/process.js")).startTypeProcess(tsconfigs, files) : undefined;
  // The type process waits for questions until stopped: a run that ends early, by a failure, stops it too.
  try {
    if (types) progress.phase(`type-checking ${tsconfigs.length === 1 ? "the project" : `${tsconfigs.length} projects`}`);
    // Verified files are transformed with their new text held back, checked as one project, then written:
    // JavaScript where a tsconfig is in play, Python always (pyright ships with the tool).
    const verify = Boolean(engineOptions.verify && types);
    const verifyPython = Boolean(engineOptions.verify);
    const held = { ...engineOptions, write: false, diff: false, print: false };
    const options = verify ? { ...held, hold: true as const } : verifyPython ? { ...engineOptions, hold: "python" as const } : engineOptions;
    const onReport = (report: FileReport) => {
      reports.push(report);
      progress.tick();
    };
    const early = types ? await (await import("./speculation.js")).migrateEarly(files, options, types) : undefined;
    const facts = types ? await types.facts : new Map<string, FileTypes>();
    progress.endPhase();
    if (facts instanceof Error) throw facts;
    if (!verify) types?.close();
    let todo = files;
    if (early) {
      const { answeredAlike } = await import("./speculation.js");
      const { settleHeld } = await import("./settle.js");
      const settling = { ...options, steps: [], pythonSteps: [] };
      todo = files.filter((path) => {
        const result = early.get(path);
        if (!result || !answeredAlike(result, facts.get(path))) return true;
        onReport(verify ? result.report : settleHeld(result.report, undefined, settling));
        return false;
      });
    }
    // Worker threads started (0: the main thread did all), for the report.
    let workers = 0;
    if (jobs === 1 || (jobs === 0 && availableParallelism() < 2)) {
      await processInThread(todo, facts, options, onReport);
    } else {
      // Workers are worth starting only for enough candidates, so the screen runs first over every file.
      const typed = (f: string) => hasFacts(facts.get(f));
      const { candidates, bytes } = screen(
        todo.filter((f) => !typed(f)),
        onReport,
      );
      const toDo = [...todo.filter(typed), ...candidates];
      workers = await processAll(
        toDo.map((path) => ({ path, types: facts.get(path) })),
        options,
        workersFor(jobs, toDo.length, bytes),
        onReport,
      );
    }
    // Without types, a file that never names the SDK may still use a client another module of the project
    // exports (js/detect/linked.ts): once some file names the SDK, the screened files' imports are followed.
    // Only where there are some: following none still loaded the parser, a third of a second of the main
    // thread's CPU after the workers had done every file.
    const screened = reports.filter((r) => r.screened).map((r) => r.path);
    if (!types && screened.length && reports.some((r) => !r.screened && r.status !== "error" && r.status !== "skipped")) {
      const { filesImportingClients } = await import("../js/detect/linked.js");
      const importers = new Set(filesImportingClients(screened));
      if (importers.size) {
        reports.splice(0, reports.length, ...reports.filter((r) => !importers.has(r.path)));
        const more = await processAll(
          [...importers].map((path) => ({ path })),
          options,
          workersFor(jobs, importers.size, 0),
          (report) => reports.push(report),
        );
        workers = Math.max(workers, more);
      }
    }
    progress.done();
    // Paths discovery could not look at close the list: they hold no file of it.
    const unread: FileReport[] = skipped.map(({ path, reason }) => ({ path, status: "skipped", changes: [], todos: [], error: reason }));
    const sorted = [...inOrderOf(files, reports), ...unread];
    if (verify || verifyPython) progress.phase("verifying the migrated files against the v2 SDK");
    const {
      reports: settled,
      failure,
      python,
    } = verify || verifyPython ? await verified(sorted, verify ? types : undefined, engineOptions) : { reports: sorted, failure: undefined, python: undefined };
    progress.done();
    // What each verification checked against, for the report: TypeScript's where it ran, pyright's where Python was held.
    const typescript = verify ? { sdk: (await import("../js/checker/verification.js")).VERIFIED_AGAINST, error: failure } : null;
    return { reports: settled, tsconfigs, typescript, python, workers };
  } finally {
    types?.close();
  }
}

/**
 * The reports in the order of their files. They come in that order when no file needed the transforms
 * (the screen settles them one by one), which one pass tells; sorting them by a lookup of each path's
 * place took 80 ms over the bench's 100,000 files without Firecrawl (4% of check).
 */
function inOrderOf(files: readonly string[], reports: FileReport[]): FileReport[] {
  let at = 0;
  for (let i = 0; i < reports.length; i++) while (at < files.length && files[at] !== reports[i]!.path) at++;
  if (at < files.length) return reports;
  const place = new Map(files.map((f, i) => [f, i]));
  return reports.sort((a, b) => place.get(a.path)! - place.get(b.path)!);
}

/**
 * Type-checks the held files against v2, marks what the migration broke, and only then writes them. A
 * verification that fails (a project too large for its heap) is reported, and the files are written as
 * migrated, unverified.
 */
async function verified(
  reports: readonly FileReport[],
  types: TypeProcess | undefined,
  options: EngineOptions,
): Promise<{ reports: FileReport[]; failure?: string; python?: { sdk: string; error?: string } }> {
  const held = reports.filter((r) => r.held);
  // Settling loads the diff package (19 modules): a run where no file changed holds none.
  const settleHeld = held.length ? (await import("./settle.js")).settleHeld : undefined;
  const python = held.filter((r) => isPython(languageOf(r.path)));
  const outputs = new Map(held.flatMap((r) => (isPython(languageOf(r.path)) ? [] : [[r.path, r.held!.output] as const])));
  const checked = types ? await types.verify(outputs) : new Map<string, Verified>();
  // Python files are checked with pyright against the text they had, which is still what is on disk; the imports step
  // finishes the repairs, as it does the migration (a cast's names).
  if (python.length) await readyFor(python.map((r) => r.path));
  const proven = python.length
    ? await (
        await import("../python/checker/verify.js")
      ).verifyPython(
        python.map((r) => ({ path: r.path, input: readFileSync(r.path, "utf8"), output: r.held!.output })),
        wing("python").steps.pythonStepsNamed(["imports"]),
      )
    : undefined;
  const answer = (r: FileReport) => {
    if (isPython(languageOf(r.path))) return proven instanceof Error ? undefined : proven?.verified.get(r.path);
    return checked instanceof Error ? undefined : checked.get(r.path);
  };
  // Nearly every report of a large tree holds nothing: only the held ones are asked about and settled.
  const settling = { ...options, steps: [], pythonSteps: [] };
  // An unchanged file the TypeScript verification marked (it imports a changed one, and breaks with it) is settled as
  // changed, its own text held. Not one with a byte-order mark, which the compiler read without: the text would lose it.
  const dependent = (r: FileReport): FileReport => {
    const marked = r.status === "unchanged" && !(checked instanceof Error) ? checked.get(r.path) : undefined;
    if (!marked || !settleHeld) return r;
    const text = readFileSync(r.path, "utf8");
    const { screened: _, ...report } = r;
    return text.charCodeAt(0) === 0xfeff ? r : settleHeld({ ...report, status: "changed", held: { output: text, stat: statSync(r.path) } }, marked, settling);
  };
  return {
    reports: reports.map((r) => (r.held ? settleHeld!(r, answer(r), settling) : dependent(r))),
    failure: checked instanceof Error ? checked.message : undefined,
    python: proven === undefined ? undefined : proven instanceof Error ? { sdk: "firecrawl-py 4.x", error: proven.message } : { sdk: proven.against },
  };
}
