/** verify.ts in a thread of its own, so a type check that exhausts its memory cannot take the run down. */
import { parentPort, workerData } from "node:worker_threads";
import { verifyMigration } from "./verify.js";

const { tsconfigs, outputs } = workerData as { tsconfigs: string[]; outputs: [string, string][] };
parentPort!.postMessage([...verifyMigration(tsconfigs, new Map(outputs))]);
