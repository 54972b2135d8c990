/**
 * Migrating while the type checker still works. Building a project's program and walking it takes the
 * type process longer than migrating its files takes the main thread, which would otherwise wait. A
 * migration depends on the type facts only through the questions it asks of them (TypeFacts), so the main
 * thread migrates ahead, recording each question with the answer it got: first the files that name the
 * SDK, answered "nothing known"; then each file as the checker's facts for it come in, answered from them.
 * Once all the facts are in (a file may learn late that another module's call takes its options), an early
 * result stands for every file whose final facts answer its questions the same; the rest are migrated again.
 */
import type { TypeFacts } from "../js/detect/sdk.js";
import type { OptionsKind, ResultKind } from "../mapping/client-methods.js";
import { typeFactsOf } from "../js/checker/facts.js";
import { loadProcessing, type WorkerOptions } from "./pool.js";
import { readyFor } from "./preset.js";
import { hasFacts } from "../js/checker/file-types.js";
import { languageOf, mayHoldPython } from "../core/language.js";
import type { FileReport } from "./file-report.js";
import { isSettled, screenFile } from "./screen.js";
import type { FileTypes } from "../js/checker/facts.js";

/** The questions one migration asked of the type facts, with the answers it got. */
interface Answers {
  readonly clients: Map<string, boolean>;
  readonly results: Map<number, ResultKind | undefined>;
  readonly ownAnswers: Map<number, boolean>;
  readonly options: Map<number, OptionsKind | undefined>;
}

export interface Early {
  /** the report of a run with its new text held, not yet written, diffed or printed */
  readonly report: FileReport;
  readonly asked: Answers;
}

/** The facts the type process sends: each file's own as the checker finds them, then all of them at once. */
export interface FactsFeed {
  /** settles with every file's final facts (or why there are none) */
  readonly facts: Promise<unknown>;
  /** hears each file's own facts as they are found, before `facts` settles */
  onFacts?(listener: (path: string, found: FileTypes) => void): void;
  /** told each time migrating ahead has caught up with the facts so far and waits for more: an event to wait on, not a clock */
  idle?(): void;
}

/** Facts that answer from `found` (nothing known without it) and record every question with its answer. */
function recording(found: FileTypes | undefined): { facts: TypeFacts; asked: Answers } {
  const known = found && typeFactsOf(found);
  const asked: Answers = { clients: new Map(), results: new Map(), ownAnswers: new Map(), options: new Map() };
  const answer = <K, V>(answers: Map<K, V>, question: K, value: V) => (answers.set(question, value), value);
  const facts: TypeFacts = {
    isClient: (start, end) => answer(asked.clients, `${start}:${end}`, known?.isClient(start, end) ?? false),
    resultAt: (start) => answer(asked.results, start, known?.resultAt?.(start)),
    ownAnswerAt: (start) => answer(asked.ownAnswers, start, known?.ownAnswerAt?.(start) ?? false),
    optionsAt: (start) => answer(asked.options, start, known?.optionsAt?.(start)),
  };
  return { facts, asked };
}

/** Whether the facts the checker found in a file answer its early migration's questions as it was answered. */
export function answeredAlike({ asked }: Early, found: FileTypes | undefined): boolean {
  // With no facts at all the file is migrated syntactically, which the early run, having facts, was not.
  if (!found) return false;
  const facts = typeFactsOf(found);
  return (
    [...asked.clients].every(([at, answer]) => facts.isClient(...(at.split(":").map(Number) as [number, number])) === answer) &&
    [...asked.results].every(([at, answer]) => facts.resultAt!(at) === answer) &&
    [...asked.ownAnswers].every(([at, answer]) => facts.ownAnswerAt!(at) === answer) &&
    [...asked.options].every(([at, answer]) => facts.optionsAt!(at) === answer)
  );
}

/**
 * Migrates, one by one and with their new texts held, the files that name the SDK (not Python's: the type
 * facts are about scripts) and each file whose facts come in, until `feed.facts` settles. Between files it
 * lets the event loop run, so that it hears the facts as they come and stops as soon as all are in.
 */
export async function migrateEarly(files: readonly string[], options: WorkerOptions, feed: FactsFeed): Promise<Map<string, Early>> {
  let answered = false;
  let wake: (() => void) | undefined;
  const found = new Map<string, FileTypes>();
  const arrived: string[] = [];
  feed.onFacts?.((path, facts) => {
    found.set(path, facts);
    arrived.push(path);
    wake?.();
  });
  void feed.facts.then(() => {
    answered = true;
    wake?.();
  });
  const early = new Map<string, Early>();
  const naming = files.filter((path) => !mayHoldPython(languageOf(path))).values();
  let processing: Awaited<ReturnType<typeof loadProcessing>> | undefined;
  const migrate = async (path: string, facts: FileTypes | undefined) => {
    const outcome = screenFile(path, !hasFacts(facts));
    if (isSettled(outcome)) return;
    processing ??= await loadProcessing({ ...options, write: false, diff: false, print: false, hold: true });
    await readyFor([path]);
    const { facts: answering, asked } = recording(facts);
    early.set(path, { report: processing.processFile(path, processing.processOptions, answering, outcome), asked });
  };
  for (;;) {
    await new Promise(setImmediate);
    if (answered) break;
    const path = arrived.shift();
    if (path !== undefined) {
      const before = early.get(path);
      if (!mayHoldPython(languageOf(path)) && !(before && answeredAlike(before, found.get(path)))) await migrate(path, found.get(path));
      continue;
    }
    const next = naming.next();
    if (!next.done) {
      if (!found.has(next.value)) await migrate(next.value, undefined);
    } else if (!feed.onFacts) break;
    else
      await new Promise<void>((resolve) => {
        wake = resolve;
        feed.idle?.();
      });
  }
  return early;
}
