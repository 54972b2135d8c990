/** A worker thread of the pool: processes the files it is sent, one at a time. */
import { parentPort, workerData } from "node:worker_threads";
import { stepsNamed } from "../../transforms/v1-to-v2.js";
import type { WorkerOptions } from "./pool.js";
import { processFile } from "./process-file.js";

const options = workerData as WorkerOptions;
const processOptions = { ...options, steps: stepsNamed(options.transforms) };
parentPort!.on("message", (path: string) => parentPort!.postMessage(processFile(path, processOptions)));
