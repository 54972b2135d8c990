/**
 * The type-aware mode in a process of its own (worker.ts), so that a type check that exhausts its
 * memory cannot take the run down, and so that the programs the analysis builds serve the verification
 * too: parsing every file of a project twice cost more than either the analysis or the check.
 */
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { FileTypes } from "./facts.js";
import type { Verified } from "../../core/verified.js";

/**
 * The type process's V8 flags. Its heap: a project whose type check needs more is abandoned, not the run.
 * One V8 helper thread: the compiler allocates without pause, and V8's default four helpers (concurrent
 * marking, compilation) took the core the checker runs on; on two cores the whole run took a sixth
 * longer, and a worker thread cannot have a pool of its own.
 */
const FLAGS = ["--max-old-space-size=4096", "--v8-pool-size=1"];

export interface TypeProcess {
  /** what the checker found in each wanted file, or why it could not tell */
  readonly facts: Promise<Map<string, FileTypes> | Error>;
  /** hears each file's own facts as the checker finds them, before `facts` settles */
  onFacts(listener: (path: string, own: FileTypes) => void): void;
  /** the migrated texts (path -> text) verified against v2, or why they could not be; ends the process */
  verify(outputs: ReadonlyMap<string, string>): Promise<Map<string, Verified> | Error>;
  /** ends the process without a verification */
  close(): void;
}

/** node's profiling flags that take a value, which may come as the next argument (`--cpu-prof-interval 500`). */
const PROFILE_VALUES = new Set(["--cpu-prof-dir", "--cpu-prof-name", "--cpu-prof-interval"]);

/**
 * The profiling flags among node's own arguments, each with its value: handed `--cpu-prof-interval` without
 * its `500`, the type process took its script for the value and the run failed ("the type check stopped").
 */
function profiling(execArgv: readonly string[]): string[] {
  return execArgv.flatMap((flag, i) => (!flag.startsWith("--cpu-prof") ? [] : PROFILE_VALUES.has(flag) ? [flag, execArgv[i + 1]!] : [flag]));
}

export function startTypeProcess(tsconfigs: readonly string[], wanted: readonly string[]): TypeProcess {
  const child = fork(fileURLToPath(new URL("./worker.js", import.meta.url)), {
    // A run profiled with `node --cpu-prof` profiles its type process too (worker.ts then exits cleanly).
    execArgv: [...FLAGS, ...profiling(process.execArgv)],
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  child.send({ tsconfigs, wanted });
  // One answer at a time: the analysis's, then the verification's. A process that fails or stops settles
  // the answer awaited, and any asked for later, with the reason.
  let settle: ((answer: unknown) => void) | undefined;
  let ended: Error | undefined;
  const next = <T>() =>
    new Promise<Map<string, T> | Error>((resolve) => {
      settle = (answer) => resolve(answer instanceof Error ? answer : new Map(answer as [string, T][]));
      if (ended) settle(ended);
    });
  const end = (reason: Error) => {
    ended ??= reason;
    settle?.(ended);
  };
  const listeners: ((path: string, own: FileTypes) => void)[] = [];
  // A list answers what was asked; a file's own facts come one by one before the first answer.
  child.on("message", (answer: unknown[] | { path: string; own: FileTypes }) => {
    if (Array.isArray(answer)) settle?.(answer);
    else for (const listener of listeners) listener(answer.path, answer.own);
  });
  child.on("error", end);
  child.on("exit", (code, signal) => end(new Error(`the type check stopped (${signal ?? `exit code ${code}`})`)));
  // Once: a run stops it after the verification and again as it ends, and a second signal would cut short
  // a profiled process's exit (worker.ts).
  const stop = () => void (child.killed || child.kill());
  const facts = next<FileTypes>();
  return {
    facts,
    onFacts: (listener) => void listeners.push(listener),
    async verify(outputs) {
      await facts;
      if (outputs.size === 0) {
        stop();
        return new Map();
      }
      const verified = next<Verified>();
      child.send([...outputs]);
      const answer = await verified;
      stop();
      return answer;
    },
    close: stop,
  };
}
