/**
 * The type thread's body (type-thread.ts): builds each tsconfig's program once, answers the analysis, and
 * keeps the programs for the verification of the migrated texts.
 */
import { parentPort, workerData } from "node:worker_threads";
import { projectProgram, typeFacts } from "./types.js";

const { tsconfigs, wanted } = workerData as { tsconfigs: string[]; wanted: string[] };
const programs = new Map(tsconfigs.map((tsconfig) => [tsconfig, projectProgram(tsconfig)]));
parentPort!.postMessage([...typeFacts([...programs.values()], new Set(wanted))]);
parentPort!.once("message", async (outputs: [string, string][]) => {
  // Loaded only when asked: a run without verification never needs it.
  const { verifyMigration } = await import("./verify.js");
  parentPort!.postMessage([...verifyMigration(programs, new Map(outputs))]);
});
