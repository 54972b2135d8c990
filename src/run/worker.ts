/** A worker thread of the pool: processes the batches of files it is sent, and answers with their reports. */
import { parentPort, workerData } from "node:worker_threads";
import { loadProcessing, type Job, type WorkerOptions } from "./pool.js";
import { readyFor } from "./preset.js";

const options = workerData as WorkerOptions;
// Loaded as the thread starts, while the main thread still screens or loads its own: the first batch finds it ready.
const loaded = loadProcessing(options);

parentPort!.on("message", async (batch: Job[]) => {
  const { processFile, processOptions, typeFactsOf } = await loaded;
  await readyFor(batch.map((job) => job.path));
  parentPort!.postMessage(batch.map(({ path, types }) => processFile(path, processOptions, types && typeFactsOf(types))));
});
