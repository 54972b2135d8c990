/**
 * Files spread over threads: the main thread and, where they pay, worker threads beside it. Each worker reads,
 * transforms and writes its own files and sends back only the report. The transforms (preset.ts) are loaded
 * only when some file passed the screen.
 *
 * `--jobs N` sets how many threads do the work, the main thread one of them (a thread for each 64 files at
 * most). The default starts workers only where they pay (threadsThatPay): each loads the parser and warms up
 * on its own, about a third of a second of CPU, so they pay on many files, and only on cores no one else
 * keeps busy. The main thread works beside them rather than waiting: it has loaded and warmed up already.
 */
import { availableParallelism, loadavg } from "node:os";
import type { ProcessOptions } from "./process-file.js";
import type { FileReport } from "./file-report.js";
import { hasFacts, type FileTypes } from "../js/checker/file-types.js";
import { readyFor, wing } from "./preset.js";

/** Below this many files per thread, a worker's start-up (loading the parser) costs more than it saves. */
const PER_WORKER = 64;
/** Files sent to a worker at once: one message per file made the round trips cost more than the work. */
const BATCH = 16;

/** The steps are the presets' with the names in `transforms` (preset.ts loads them for the files at hand). */
export type WorkerOptions = Omit<ProcessOptions, "steps" | "pythonSteps">;

/**
 * What processes a file, loaded once per thread, on demand; each language's steps come with readyFor, and so
 * does the reading of type facts (JavaScript's, with the version ranges' parsers).
 */
export async function loadProcessing(options: WorkerOptions) {
  const { processFile } = await import("./process-file.js");
  const typeFactsOf = (types: FileTypes) => wing("javascript").facts.typeFactsOf(types);
  return { processFile, typeFactsOf, processOptions: options };
}

/** A file to process, with what the type checker found in it (type-aware mode). */
export interface Job {
  readonly path: string;
  readonly types?: FileTypes;
}

/**
 * On the default, a thread for each FILES_PER_WORKER files that need the transforms, or each BYTES_PER_WORKER
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
 * The threads the default puts to work on `files` files of `bytes` bytes that need the transforms, the main
 * thread among them: as many as the work pays for, on the cores left idle, and at least the main thread.
 * A file is never split, so never more threads than files.
 */
export function threadsThatPay(files: number, bytes: number, { cores, load }: Machine): number {
  const idle = Math.min(cores, Math.round(cores - load));
  const worth = Math.min(files, Math.max(Math.floor(files / FILES_PER_WORKER), Math.floor(bytes / BYTES_PER_WORKER)));
  return Math.max(1, Math.min(idle, worth));
}

/** The worker threads to start beside the main thread for these files: --jobs's count (one thread per PER_WORKER files at most), else as many as pay. */
export function workersFor(jobs: number, files: number, bytes: number, machine: Machine = thisMachine()): number {
  const threads = jobs ? Math.min(jobs, Math.floor(files / PER_WORKER)) : threadsThatPay(files, bytes, machine);
  return Math.max(0, threads - 1);
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

/**
 * Files handed to a worker at once: BATCH while many wait, fewer as the queue drains, so that when it runs
 * dry no worker still holds a long batch while the main thread idles. Batches of 16 to the end left the main
 * thread waiting for a worker's last two: 300 ms of the main thread's 7.6 s in a CPU profile of --jobs 2 over
 * the bench's 2,000 files (4%); the wait is now under 10 ms.
 */
export function batchSize(waiting: number, threads: number): number {
  return Math.max(1, Math.min(BATCH, Math.floor(waiting / (2 * threads))));
}

/**
 * Processes the jobs in this thread and `workers` worker threads beside it; says how many workers it started.
 * The workers start first, so that their loading runs on other cores while this thread loads its own.
 */
export async function processAll(jobsToDo: readonly Job[], options: WorkerOptions, workers: number, onReport: (report: FileReport) => void): Promise<number> {
  if (jobsToDo.length === 0) return 0;
  let next = 0;
  const take = (count: number) => jobsToDo.slice(next, (next += count));
  const started = workers ? startWorkers(workers, options, () => take(batchSize(jobsToDo.length - next, workers + 1)), onReport) : undefined;
  try {
    const { processFile, processOptions, typeFactsOf } = await loadProcessing(options);
    await readyFor(jobsToDo.map((job) => job.path));
    // One file at a time, so that the workers' reports, and the batches they ask for next, wait at most a file.
    for (let job = take(1)[0]; job; job = take(1)[0]) {
      onReport(processFile(job.path, processOptions, job.types && typeFactsOf(job.types)));
      if (started) await new Promise(setImmediate);
    }
    await started?.done;
  } finally {
    await started?.stop();
  }
  return workers;
}

/**
 * Worker threads that take their batches from `take` until it runs dry. Each has two batches at a time: it
 * works on the second while its report of the first waits for the main thread to finish a file.
 */
function startWorkers(count: number, options: WorkerOptions, take: () => Job[], onReport: (report: FileReport) => void) {
  // Asked for here, not imported: node:worker_threads costs about 2 ms to load, and most runs start no worker.
  const { Worker } = process.getBuiltinModule("node:worker_threads");
  const threads = Array.from({ length: count }, () => new Worker(new URL("./worker.js", import.meta.url), { workerData: options }));
  const done = Promise.all(
    threads.map(
      (worker) =>
        new Promise<void>((finished, fail) => {
          let sent = 0;
          const feed = () => {
            const batch = take();
            if (batch.length) {
              worker.postMessage(batch);
              sent++;
            } else if (sent === 0) finished();
          };
          worker.on("message", (reports: FileReport[]) => {
            sent--;
            reports.forEach(onReport);
            feed();
          });
          worker.on("error", fail);
          feed();
          feed();
        }),
    ),
  );
  // Awaited once the main thread's share is done; a worker's failure before then waits there, handled.
  done.catch(() => undefined);
  return { done, stop: () => Promise.all(threads.map((worker) => worker.terminate())) };
}
