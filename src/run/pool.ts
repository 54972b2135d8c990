/**
 * Files spread over worker threads. Each worker reads, transforms and writes its own files and sends back
 * only the report. The transforms (preset.ts) are loaded only when some file passed the screen.
 *
 * `--jobs N` sets the count outright (a worker for each 64 files at most). The default starts workers only
 * where they pay (workersThatPay): each loads the parser and warms up on its own, about a third of a second
 * of CPU, so they pay on many files, and only on cores no one else keeps busy.
 */
import { availableParallelism, loadavg } from "node:os";
import type { ProcessOptions } from "./process-file.js";
import type { FileReport } from "./file-report.js";
import { hasFacts, type FileTypes } from "../js/checker/file-types.js";
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

/**
 * On the default, a worker for each FILES_PER_WORKER files that need the transforms, or each BYTES_PER_WORKER
 * of them, whichever gives more. Measured with npm run bench on 2 cores: 2,000 files (1.2 MB) ran 1.25x
 * faster on two workers than on the main thread at a load of 0.5, and slower at a load of 12.
 */
const FILES_PER_WORKER = 1000;
const BYTES_PER_WORKER = 1024 * 1024;

/** The cores, and how many of them others keep busy (the load average of the last minute). */
export interface Machine {
  readonly cores: number;
  readonly load: number;
}

export const thisMachine = (): Machine => ({ cores: availableParallelism(), load: loadavg()[0]! });

/**
 * The workers the default starts for `files` files of `bytes` bytes that need the transforms: as many as the
 * work pays for, on the cores left idle; fewer than two is none, since one worker only moves the main
 * thread's work elsewhere. A file is never split, so never more workers than files.
 */
export function workersThatPay(files: number, bytes: number, { cores, load }: Machine): number {
  const idle = Math.min(cores, Math.round(cores - load));
  const worth = Math.min(files, Math.max(Math.floor(files / FILES_PER_WORKER), Math.floor(bytes / BYTES_PER_WORKER)));
  const workers = Math.min(idle, worth);
  return workers >= 2 ? workers : 0;
}

/** The workers to start for these files: --jobs's count (one per PER_WORKER files at most), else the ones that pay. */
export function workersFor(jobs: number, files: number, bytes: number, machine: Machine = thisMachine()): number {
  return jobs ? Math.min(jobs, Math.floor(files / PER_WORKER)) : workersThatPay(files, bytes, machine);
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

/** Processes the jobs, in `workers` worker threads (fewer than two: in this one); says how many it started (0: none). */
export async function processAll(jobsToDo: readonly Job[], options: WorkerOptions, workers: number, onReport: (report: FileReport) => void): Promise<number> {
  const files = jobsToDo.map((j) => j.path);
  if (files.length === 0) return 0;
  if (workers <= 1) {
    const { processFile, processOptions, typeFactsOf } = await loadProcessing(options);
    await readyFor(files);
    for (const job of jobsToDo) onReport(processFile(job.path, processOptions, job.types && typeFactsOf(job.types)));
    return 0;
  }
  // Asked for here, not imported: node:worker_threads costs about 2 ms to load, and most runs start no worker.
  const { Worker } = process.getBuiltinModule("node:worker_threads");
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
