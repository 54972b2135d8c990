/**
 * Migrating while the type checker still works. Building a project's program takes the type thread
 * longer than migrating its files takes the main thread, which would otherwise wait. A migration depends on
 * the type facts only through the questions it asks of them (TypeFacts), so the main thread migrates the
 * files that name the SDK early, answering every question "nothing known" and keeping the questions. Once
 * the facts arrive, an early result stands for every file whose facts answer those questions the same; the
 * rest are migrated again with the facts.
 */
import type { TypeFacts } from "../detect/sdk.js";
import { loadProcessing, PYTHON, type WorkerOptions } from "./pool.js";
import type { FileReport } from "./process-file.js";
import { isSettled, screenFile } from "./screen.js";
import type { FileTypes } from "./types.js";

/** The questions one migration asked of the type facts, each answered "nothing known". */
interface Questions {
  readonly clients: Set<string>;
  readonly results: Set<number>;
  readonly options: Set<number>;
}

export interface Early {
  /** the report of a run with its new text held, not yet written, diffed or printed */
  readonly report: FileReport;
  readonly asked: Questions;
}

function unanswered(): { facts: TypeFacts; asked: Questions } {
  const asked: Questions = { clients: new Set(), results: new Set(), options: new Set() };
  const facts: TypeFacts = {
    isClient: (start, end) => (asked.clients.add(`${start}:${end}`), false),
    resultAt: (start) => (asked.results.add(start), undefined),
    optionsAt: (start) => (asked.options.add(start), undefined),
  };
  return { facts, asked };
}

/** Whether the facts the checker found in a file answer its early migration's questions as it was answered. */
export function answeredAlike({ asked }: Early, found: FileTypes | undefined): boolean {
  // With no facts at all the file is migrated syntactically, which the early run, having facts, was not.
  if (!found) return false;
  return (
    !found.receivers.some((r) => asked.clients.has(r)) &&
    !found.results.some(([at]) => asked.results.has(at)) &&
    !found.options.some(([at]) => asked.options.has(at))
  );
}

/**
 * Migrates, one by one and with their new texts held, the files that name the SDK (not Python's: the type
 * facts are about scripts), until `facts`
 * settles. Between files it lets the event loop run, so that it stops as soon as the answer is in.
 */
export async function migrateEarly(files: readonly string[], options: WorkerOptions, facts: Promise<unknown>): Promise<Map<string, Early>> {
  let answered = false;
  void facts.then(() => (answered = true));
  const early = new Map<string, Early>();
  let processing: Awaited<ReturnType<typeof loadProcessing>> | undefined;
  for (const path of files) {
    await new Promise(setImmediate);
    if (answered) break;
    if (PYTHON.test(path)) continue;
    const outcome = screenFile(path);
    if (isSettled(outcome)) continue;
    processing ??= await loadProcessing({ ...options, write: false, diff: false, print: false, hold: true });
    const { facts, asked } = unanswered();
    early.set(path, { report: processing.processFile(path, processing.processOptions, facts, outcome), asked });
  }
  return early;
}
