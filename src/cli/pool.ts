/**
 * Files spread over worker threads, one per core by default. Each worker reads, transforms and writes its
 * own files and sends back only the report, so memory stays flat however large the repository is.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { FileReport, ProcessOptions } from "./process-file.js";
import { processFile } from "./process-file.js";

/** Below this many files a worker's start-up costs more than it saves. */
const PARALLEL_FROM = 64;

export interface WorkerOptions extends Omit<ProcessOptions, "steps"> {
  /** names of the steps to run, in preset order */
  readonly transforms: readonly string[];
}

export type StepResolver = (names: readonly string[]) => ProcessOptions["steps"];

export async function processAll(
  files: readonly string[],
  options: WorkerOptions,
  jobs: number,
  resolveSteps: StepResolver,
  onReport: (report: FileReport) => void,
): Promise<void> {
  const workers = Math.min(jobs || availableParallelism(), Math.ceil(files.length / PARALLEL_FROM));
  if (workers <= 1) {
    const processOptions = { ...options, steps: resolveSteps(options.transforms) };
    for (const file of files) onReport(processFile(file, processOptions));
    return;
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, () =>
      new Promise<void>((done, fail) => {
        const worker = new Worker(new URL("./worker.js", import.meta.url), { workerData: options });
        const feed = () => {
          if (next < files.length) worker.postMessage(files[next++]);
          else void worker.terminate().then(() => done());
        };
        worker.on("message", (report: FileReport) => {
          onReport(report);
          feed();
        });
        worker.on("error", fail);
        feed();
      }),
    ),
  );
}
