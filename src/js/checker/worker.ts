/**
 * The type process's body (process.ts): builds each tsconfig's program once, answers the analysis, and
 * keeps the programs for the verification of the migrated texts.
 */
import { projectProgram, typeFacts } from "./programs.js";

const send = (message: unknown) => void (process.connected && process.send!(message));
// The run ends this process with SIGTERM, which leaves no CPU profile behind: profiled (the run's own
// --cpu-prof, passed on by process.ts), it exits on its own instead, and node writes the profile.
// The run may also end first, closing the channel: a send then would throw and end the process unprofiled.
if (process.execArgv.some((flag) => flag.startsWith("--cpu-prof"))) for (const end of ["SIGTERM", "disconnect"]) process.on(end, () => process.exit(0));
const { tsconfigs, wanted } = await new Promise<{ tsconfigs: string[]; wanted: string[] }>((resolve) => process.once("message", resolve));
const programs = new Map(tsconfigs.map((tsconfig) => [tsconfig, projectProgram(tsconfig)]));
// Each file's own facts go out as found, so the main thread migrates with them while the walk goes on.
const facts = typeFacts([...programs.values()], new Set(wanted), (path, own) => send({ path, own }));
send([...facts]);
process.once("message", async (outputs: [string, string][]) => {
  // Loaded only when asked: a run without verification never needs it.
  const { verifyMigration } = await import("./verify.js");
  send([...verifyMigration(programs, new Map(outputs))]);
});
