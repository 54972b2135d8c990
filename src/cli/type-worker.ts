/**
 * The type thread's body (type-thread.ts): builds each tsconfig's program once, answers the analysis, and
 * keeps the programs for the verification of the migrated texts.
 */
import { parentPort, workerData } from "node:worker_threads";
import { projectProgram } from "./compiler.js";
import { typeFacts } from "./types.js";

const { tsconfigs, wanted } = workerData as { tsconfigs: string[]; wanted: string[] };
const programs = new Map(tsconfigs.map((tsconfig) => [tsconfig, projectProgram(tsconfig)]));
// Each file's own facts go out as found, so the main thread migrates with them while the walk goes on.
const facts = typeFacts([...programs.values()], new Set(wanted), (path, own) => parentPort!.postMessage({ path, own }));
parentPort!.postMessage([...facts]);
parentPort!.once("message", async (outputs: [string, string][]) => {
  // Loaded only when asked: a run without verification never needs it.
  const { verifyMigration } = await import("./verify.js");
  parentPort!.postMessage([...verifyMigration(programs, new Map(outputs))]);
});
