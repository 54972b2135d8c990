/** A worker thread of the pool: processes the batches of files it is sent, and answers with their reports. */
import { parentPort, workerData } from "node:worker_threads";
import { loadProcessing, type Job, type WorkerOptions } from "./pool.js";

const options = workerData as WorkerOptions;
let loaded: ReturnType<typeof loadProcessing> | null = null;

parentPort!.on("message", async (batch: Job[]) => {
  // The Python parser is loaded by the first batch that has a Python file.
  const python = batch.some((job) => /\.(py|ipynb)$/.test(job.path));
  const { processFile, processOptions } = await (python ? loadProcessing(options, batch.map((j) => j.path)) : (loaded ??= loadProcessing(options, [])));
  parentPort!.postMessage(batch.map(({ path, types }) => processFile(path, processOptions, types)));
});
