/**
 * Files spread over worker threads. Each worker reads, transforms and writes its own files and sends back
 * only the report. The transforms (preset.ts) are loaded only when some file passed the screen.
 *
 * The default is one worker per core beyond the main thread's: a single-threaded run already keeps about
 * 1.3 cores busy (V8's collector and the I/O threads), and on 2 cores two workers measured slower than
 * none (npm run bench). `--jobs N` sets the count outright.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { ProcessOptions } from "./process-file.js";
import type { FileReport } from "./file-report.js";
import type { FileTypes } from "../js/checker/facts.js";
import { readyFor, stepsNamed } from "./preset.js";

/** Below this many files per worker, a worker's start-up (loading the parser) costs more than it saves. */
const PER_WORKER = 64;
/** Files sent to a worker at once: one message per file made the round trips cost more than the work. */
const BATCH = 16;

export interface WorkerOptions extends Omit<ProcessOptions, "steps" | "pythonSteps"> {
  /** names of the steps to run, in preset order; all of them when absent */
  readonly transforms?: readonly string[];
}

/** The transforms, loaded once per thread, on demand (with the reading of type facts, which brings the version ranges' parsers). */
export async function loadProcessing(options: WorkerOptions) {
  const [{ processFile }, named, { typeFactsOf }] = await Promise.all([
    import("./process-file.js"),
    stepsNamed(options.transforms),
    import("../js/checker/facts.js"),
  ]);
  return { processFile, typeFactsOf, processOptions: { ...options, ...named } };
}

/** A file to process, with what the type checker found in it (type-aware mode). */
export interface Job {
  readonly path: string;
  readonly types?: FileTypes;
}

/** Whether the type checker found anything in a file: then it is transformed even if it never names the SDK. */
export function hasFacts(types: FileTypes | undefined): types is FileTypes {
  return Boolean(types && (types.receivers.length || types.results.length || types.options.length));
}

/** Worker threads asked for: --jobs, else one per core beyond the main thread's. */
export function plannedWorkers(jobs: number): number {
  return jobs || availableParallelism() - 1;
}

/**
 * The main thread alone, in one pass: each file is read once, screened, and transformed on the spot when
 * it needs it, so nothing waits in memory. Files the type checker knows of skip the screen.
 */
export async function processInThread(
  files: readonly string[],
  facts: ReadonlyMap<string, FileTypes>,
  options: WorkerOptions,
  onReport: (report: FileReport) => void,
): Promise<void> {
  const { screenFile, isSettled } = await import("./screen.js");
  let processing: Awaited<ReturnType<typeof loadProcessing>> | null = null;
  for (const path of files) {
    const types = facts.get(path);
    const outcome = hasFacts(types) ? undefined : screenFile(path);
    if (outcome && isSettled(outcome)) {
      onReport(outcome);
      continue;
    }
    processing ??= await loadProcessing(options);
    await readyFor([path]);
    onReport(processing.processFile(path, processing.processOptions, types && processing.typeFactsOf(types), outcome));
  }
}

/** Processes the jobs, in worker threads where enough files need them; says how many workers it started (0: none). */
export async function processAll(jobsToDo: readonly Job[], options: WorkerOptions, jobs: number, onReport: (report: FileReport) => void): Promise<number> {
  const files = jobsToDo.map((j) => j.path);
  if (files.length === 0) return 0;
  const workers = Math.min(plannedWorkers(jobs), Math.floor(files.length / PER_WORKER));
  if (workers <= 1) {
    const { processFile, processOptions, typeFactsOf } = await loadProcessing(options);
    await readyFor(files);
    for (const job of jobsToDo) onReport(processFile(job.path, processOptions, job.types && typeFactsOf(job.types)));
    return 0;
  }
  let next = 0;
  await Promise.all(
    Array.from(
      { length: workers },
      () =>
        new Promise<void>((done, fail) => {
          const worker = new Worker(new URL("./worker.js", import.meta.url), { workerData: options });
          const feed = () => {
            if (next < jobsToDo.length) {
              worker.postMessage(jobsToDo.slice(next, next + BATCH));
              next += BATCH;
            } else void worker.terminate().then(() => done());
          };
          worker.on("message", (reports: FileReport[]) => {
            reports.forEach(onReport);
            feed();
          });
          worker.on("error", fail);
          feed();
        }),
    ),
  );
  return workers;
}
