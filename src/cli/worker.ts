/** A worker thread of the pool: processes the files it is sent, one at a time. */
import { parentPort, workerData } from "node:worker_threads";
import { loadProcessing, type Job, type WorkerOptions } from "./pool.js";

const options = workerData as WorkerOptions;
let loaded: ReturnType<typeof loadProcessing> | null = null;
let python: ReturnType<typeof loadProcessing> | null = null;

parentPort!.on("message", async ({ path, types }: Job) => {
  // The Python parser is loaded by the first Python file this worker is given.
  const isPython = /\.(py|ipynb)$/.test(path);
  const ready = isPython ? (python ??= loadProcessing(options, [path])) : (loaded ??= loadProcessing(options, []));
  const { processFile, processOptions } = await ready;
  parentPort!.postMessage(processFile(path, processOptions, types));
});
