/**
 * The type-aware mode in a thread of its own (type-worker.ts), so that a type check that exhausts its
 * memory cannot take the run down, and so that the programs the analysis builds serve the verification
 * too: parsing every file of a project twice cost more than either the analysis or the check.
 */
import { Worker } from "node:worker_threads";
import type { FileTypes } from "./types.js";
import type { Verified } from "./verification.js";

/** Heap for the type thread: a project whose type check needs more is abandoned, not the run. */
const HEAP_MB = 4096;

export interface TypeThread {
  /** what the checker found in each wanted file, or why it could not tell */
  readonly facts: Promise<Map<string, FileTypes> | Error>;
  /** hears each file's own facts as the checker finds them, before `facts` settles */
  onFacts(listener: (path: string, own: FileTypes) => void): void;
  /** the migrated texts (path -> text) verified against v2, or why they could not be; ends the thread */
  verify(outputs: ReadonlyMap<string, string>): Promise<Map<string, Verified> | Error>;
  /** ends the thread without a verification */
  close(): void;
}

export function startTypeThread(tsconfigs: readonly string[], wanted: readonly string[]): TypeThread {
  const worker = new Worker(new URL("./type-worker.js", import.meta.url), {
    workerData: { tsconfigs, wanted },
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
  });
  // One answer at a time: the analysis's, then the verification's. A thread that fails or stops settles
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
  worker.on("message", (answer) => {
    if (Array.isArray(answer)) settle?.(answer);
    else for (const listener of listeners) listener(answer.path, answer.own);
  });
  worker.on("error", end);
  worker.on("exit", (code) => end(new Error(`the type check stopped (exit code ${code})`)));
  const facts = next<FileTypes>();
  return {
    facts,
    onFacts: (listener) => void listeners.push(listener),
    async verify(outputs) {
      await facts;
      if (outputs.size === 0) {
        void worker.terminate();
        return new Map();
      }
      const verified = next<Verified>();
      worker.postMessage([...outputs]);
      const answer = await verified;
      void worker.terminate();
      return answer;
    },
    close: () => void worker.terminate(),
  };
}
