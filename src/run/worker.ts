/** A worker thread of the pool: processes the batches of files it is sent, and answers with their reports. */
import { parentPort, workerData } from "node:worker_threads";
import { typeFactsOf } from "../js/checker/facts.js";
import { loadProcessing, type Job, type WorkerOptions } from "./pool.js";
import { readyFor } from "./preset.js";

const options = workerData as WorkerOptions;
let loaded: ReturnType<typeof loadProcessing> | null = null;

parentPort!.on("message", async (batch: Job[]) => {
  const { processFile, processOptions } = await (loaded ??= loadProcessing(options));
  await readyFor(batch.map((job) => job.path));
  parentPort!.postMessage(batch.map(({ path, types }) => processFile(path, processOptions, types && typeFactsOf(types))));
});
