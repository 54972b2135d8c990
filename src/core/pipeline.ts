/**
 * The pipeline every language shares, after aws-sdk-js-codemod and the MCP SDK codemod: steps plan source
 * edits on a parse; steps whose edits do not collide are applied together, so a file is parsed again only
 * when a step has to see what an earlier one did; the whole run reports `{ changes, todos }` located in
 * the output and in the input, or throws and leaves the file to its caller untouched.
 */
import { described, reworded, type Message } from "../mapping/messages.js";
import { DOCS, type DocLink } from "../mapping/docs.js";
import type { ApiVersion } from "../mapping/imports.js";
import { joinTodo, todoEdit, type TodoLine } from "./todo.js";
import { applyEdits, offsetMapper, offsetUnmapper, type Edit, type Span } from "./edits.js";
import type { SourceLanguage } from "./language.js";
import { lineFinder, readSource, writeSource, type Source } from "./source.js";

export interface TransformOptions {
  /** write v1's defaults into migrated scrapes so they behave as before (mapping/defaults.ts) */
  readonly keepV1Defaults?: boolean;
  /**
   * the API the file's package depends on (its package.json range, lockfile or installed SDK), which
   * decides calls whose method name both versions share; undefined when no package says
   */
  readonly sdk?: ApiVersion;
  /** the files and folders the run was asked for: a Python module's project where no repository or package holds it */
  readonly paths?: readonly string[];
  /** the v2 release a migrated file's own pin of the SDK moves to (`npm:@mendable/firecrawl-js@1.29.3`): --sdk-version's */
  readonly release?: string;
}

/** In a notebook: the cell (counted from 1 over every cell, as the notebook shows them) and the line in it. */
export interface CellLine {
  readonly number: number;
  readonly line: number;
}

/** Something a transform did, located in the output (`line`) and in the input it came from. */
export interface Change {
  readonly transform: string;
  readonly line: number;
  /** what was done, as `run` reports it (a TODO's: its text) */
  readonly message: string;
  /** what is v1 there, as `check` and the ESLint rules report it (a TODO's: its text) */
  readonly finding: string;
  readonly source: { readonly line: number; readonly column: number; readonly cell?: CellLine };
  /** in a notebook, where `line` falls: line numbers of the JSON file mean little to a reader */
  readonly cell?: CellLine;
  /** what the report notes of the change, where nothing is asked of the user (Message.note) */
  readonly note?: string;
}

/** A TODO marker a transform wrote: `line` is the marker's own line in the output. */
export type Todo = Change;

export interface Result {
  /** the new file text, or null when there was nothing to migrate */
  readonly output: string | null;
  readonly changes: readonly Change[];
  readonly todos: readonly Todo[];
  /** what was left out of the migration on purpose and why (a notebook cell that is not Python) */
  readonly notes?: readonly string[];
  /**
   * Code that calls the SDK but could not be read, so nothing in it was checked (a document's block that
   * parses in no form): `line` is where it starts. check cannot call such a file clean.
   */
  readonly unchecked?: readonly { readonly line: number; readonly reason: string }[];
  /**
   * Parts of a document the tool failed on (a step threw on a block, or its output could not be mapped back):
   * left as they were while the rest was migrated. The run reports the file as an error that names them.
   */
  readonly failed?: readonly { readonly line: number; readonly reason: string }[];
}

export interface Named {
  readonly name: string;
  readonly description: string;
  /**
   * reads what earlier steps wrote: run it on a parse of their output, not beside them; a function says
   * whether it reads anything under these options (a step that does nothing asks for no new parse)
   */
  readonly fresh?: boolean | ((options: TransformOptions) => boolean);
}

/** One logical change: the edit that carried its message and the edits made after it without one. */
export interface PlannedChange {
  readonly message: Message;
  readonly edits: Edit[];
  /** the code the finding is about, where that is not where the first edit starts (a keyword a removal takes its comma with) */
  readonly subject?: Span;
}

/** A TODO line a step wants above a statement. */
export interface PlannedTodo {
  readonly message: string;
  readonly edit: Edit;
  readonly statement: Span;
  /** how many changes the step had planned when it asked for this line: it qualifies the one around there */
  readonly after: number;
}

/** What one step would do to one parse, in that parse's coordinates. */
export interface StepPlan {
  readonly step: Named;
  readonly edits: Edit[];
  readonly changes: PlannedChange[];
  readonly todos: PlannedTodo[];
}

/**
 * What a removal is about: the code it deletes, without the indentation, separators and line break it takes
 * along (a whole line goes from its start, a list item with its comma), so a finding stands where the code does.
 */
function removed(text: string, edit: Edit): Span | undefined {
  if (edit.text !== "") return undefined;
  const cut = text.slice(edit.start, edit.end);
  const lead = /^[\s,;]*/.exec(cut)![0].length;
  const trail = /[\s,;]*$/.exec(cut.slice(lead))![0].length;
  return lead < cut.length ? { start: edit.start + lead, end: edit.end - trail } : undefined;
}

/** Whether an edit deletes the whole of a statement. */
function deletes(edit: Edit, statement: Span): boolean {
  return edit.text === "" && edit.start <= statement.start && statement.end <= edit.end && edit.end > edit.start;
}

/** Records what a step plans: edits grouped into logical changes, and TODO lines above statements. */
export class Planner {
  readonly plan: StepPlan;

  constructor(
    step: Named,
    private readonly source: Source,
    /** how a line comment starts in this language */
    private readonly comment: string,
  ) {
    this.plan = { step, edits: [], changes: [], todos: [] };
  }

  apply(edit: Edit, message?: Message, subject?: Span): void {
    // A TODO about a statement this step deletes is about nothing left: it goes with the statement.
    const moot = this.plan.todos.filter((todo) => deletes(edit, todo.statement));
    for (const todo of moot) {
      this.plan.todos.splice(this.plan.todos.indexOf(todo), 1);
      this.plan.edits.splice(this.plan.edits.indexOf(todo.edit), 1);
    }
    this.plan.edits.push(edit);
    const current = this.plan.changes.at(-1);
    if (message || !current)
      this.plan.changes.push({ message: message ?? described(this.plan.step.description), edits: [edit], subject: subject ?? removed(this.source.text, edit) });
    else current.edits.push(edit);
  }

  /** Blocks this step moves out by `depth` characters of indentation: the TODO lines above their statements follow. */
  private readonly dedented: { span: Span; depth: number }[] = [];

  dedent(span: Span, depth: number): void {
    this.dedented.push({ span, depth });
    this.plan.todos.forEach((todo, i) => {
      if (todo.statement.start < span.start || todo.statement.start >= span.end) return;
      const edit = outdented(todo.edit, depth);
      this.plan.edits[this.plan.edits.indexOf(todo.edit)] = edit;
      this.plan.todos[i] = { ...todo, edit };
    });
  }

  todo(statement: Span, message: string, link: DocLink = "migrate"): void {
    const planned = todoEdit(this.source, statement.start, message, DOCS[link], this.comment);
    // a block moved out inside another one moved out: the depths add up
    const depth = this.dedented.reduce((sum, { span, depth }) => (statement.start >= span.start && statement.start < span.end ? sum + depth : sum), 0);
    const edit = planned && depth ? outdented(planned, depth) : planned;
    if (!edit || this.plan.edits.some((e) => (e.start === edit.start && e.text === edit.text) || deletes(e, statement))) return;
    this.plan.edits.push(edit);
    this.plan.todos.push({ message, edit, statement: { start: statement.start, end: statement.end }, after: this.plan.changes.length });
  }

  /** Goes on with the TODO line `marker` (nearestTodoAbove) above `statement`, written for another reason, to say `addition` too. */
  todoGoesOn(statement: Span, marker: TodoLine, addition: string): void {
    const edit = joinTodo(this.source.text, marker, addition);
    this.plan.edits.push(edit);
    this.plan.todos.push({
      message: `${marker.message}${addition}`,
      edit,
      statement: { start: statement.start, end: statement.end },
      after: this.plan.changes.length,
    });
  }
}

/** A TODO line's edit, `depth` characters of its indentation fewer. */
function outdented(edit: Edit, depth: number): Edit {
  const indent = /^[ \t]*/.exec(edit.text)![0].length;
  return { ...edit, text: edit.text.slice(Math.min(depth, indent)) };
}

/** What a step sees besides its language's parse, and how it records what it does: the same in every language. */
export interface Context<At> {
  readonly source: Source;
  readonly options: TransformOptions;
  /** earlier steps of this run changed the file: it is being migrated */
  readonly migrating: boolean;
  /**
   * replaces a range; the change is recorded when it has a message (one message per logical change), and its
   * finding is about `subject` where given (else about the edited range)
   */
  edit(start: number, end: number, text: string, message?: Message, subject?: Span): void;
  /** records an edit made with the text helpers (core/text.ts, js/writing.ts, python/writing.ts) */
  apply(edit: Edit, message?: Message, subject?: Span): void;
  /** a TODO line above the statement holding `at` */
  todo(at: At, message: string, link?: DocLink): void;
  /** a TODO line above the line `span` starts on: a part of a long statement (an item of a list) that is its own subject */
  todoAbove(span: Span, message: string, link?: DocLink): void;
  /** one TODO line a statement: the line `marker` above the statement holding `at` goes on to say `addition` too */
  todoGoesOn(at: At, marker: TodoLine, addition: string): void;
  /** tells that the step moves the lines of `span` out by `depth` characters: TODO lines above its statements follow */
  dedent(span: Span, depth: number): void;
}

/** A language's syntax as planning needs it: how a line comment starts, and the statement a node belongs to. */
export interface Syntax<At> {
  readonly comment: string;
  statementOf(at: At): Span;
}

/**
 * Runs one step on a parse without applying anything: the codemod applies the plan, the linter reports it.
 * The step sees the parse's fields beside the shared context; an error it throws names the step.
 */
export function planStepWith<Parsed extends object, At>(
  syntax: Syntax<At>,
  step: Named & { run(context: Context<At> & Parsed): void },
  source: Source,
  parsed: Parsed,
  options: TransformOptions,
  migrating: boolean,
): StepPlan {
  const planner = new Planner(step, source, syntax.comment);
  const context: Context<At> & Parsed = {
    source,
    ...parsed,
    options,
    migrating,
    edit: (start, end, text, message, subject) => planner.apply({ start, end, text }, message, subject),
    apply: (edit, message, subject) => planner.apply(edit, message, subject),
    todo: (at, message, link) => planner.todo(syntax.statementOf(at), message, link),
    todoAbove: (span, message, link) => planner.todo(span, message, link),
    todoGoesOn: (at, marker, addition) => planner.todoGoesOn(syntax.statementOf(at), marker, addition),
    dedent: (span, depth) => planner.dedent(span, depth),
  };
  try {
    step.run(context);
  } catch (error) {
    throw new Error(`${step.name}: ${(error as Error).message}`, { cause: error });
  }
  return planner.plan;
}

/** What the pipeline needs of a language: parse a text, say whether it reaches the SDK, plan one step. */
export interface Language<Parse, S extends Named> {
  parse(source: Source): Parse;
  /** throws where the text does not parse, without what steps need beside the parse (the output's last check); else parse */
  validate?(source: Source): void;
  reachesSdk(parsed: Parse): boolean;
  /** `migrating`: earlier steps of this run changed the file (a step that only rides along may act) */
  plan(step: S, source: Source, parsed: Parse, options: TransformOptions, migrating: boolean): StepPlan;
}

interface Pending {
  /** where it is in the current text */
  offset: number;
  /** where it was in the input */
  origin: number;
  transform: string;
  message: Message;
  /** the text the finding is about as the step saw it, and the input's range it came from */
  said?: { readonly text: string; readonly start: number; readonly end: number };
}

/**
 * Whether two sets of edits of one text can be applied together: no overlap, no insertion inside a replacement.
 * Swept in order of start: an edit collides with one of the other set that started before it and ends past
 * its start, or that starts where it does when both replace something. Comparing every pair grew with the
 * square of a file's edits.
 */
function collide(a: readonly Edit[], b: readonly Edit[]): boolean {
  const all = [...a.map((edit) => ({ edit, side: 0 })), ...b.map((edit) => ({ edit, side: 1 }))].sort((x, y) => x.edit.start - y.edit.start);
  const reached = [-Infinity, -Infinity];
  for (let i = 0; i < all.length;) {
    const start = all[i]!.edit.start;
    const replacing = [false, false];
    for (; i < all.length && all[i]!.edit.start === start; i++) {
      const { edit, side } = all[i]!;
      if (reached[1 - side]! > start) return true;
      if (edit.end > start) replacing[side] = true;
    }
    if (replacing[0] && replacing[1]) return true;
    for (let k = i - 1; k >= 0 && all[k]!.edit.start === start; k--) reached[all[k]!.side] = Math.max(reached[all[k]!.side]!, all[k]!.edit.end);
  }
  return false;
}

/** `written`: the language of the text when the language knows it whatever the path says (else the path says). */
/**
 * A finding names the code as the user wrote it: a step that worked on what an earlier step wrote (a
 * keyword argument made from a params dict's `"parsePDF": True`) quotes that text, which is not in the file.
 */
function asWritten({ message, said }: Pending, input: string): string {
  if (!said || said.end <= said.start || !said.text) return message.finding;
  const written = input.slice(said.start, said.end);
  return written === said.text || !message.finding.includes(said.text) ? message.finding : message.finding.replace(said.text, written);
}

export function runPipeline<Parse, S extends Named>(
  language: Language<Parse, S>,
  steps: readonly S[],
  path: string,
  raw: string,
  options: TransformOptions = {},
  written?: SourceLanguage,
): Result {
  let source = readSource(path, raw, written);
  const input = source.text;
  const changes: Pending[] = [];
  const todos: Pending[] = [];
  const history: ReturnType<typeof offsetUnmapper>[] = [];
  const origin = (offset: number) => history.reduceRight((at, edits) => edits.offset(at), offset);
  const originOfEnd = (offset: number) => history.reduceRight((at, edits) => edits.end(at), offset);
  let parsed: Parse | null = null;
  /**
   * Steps that ran on the current parse and whose edits do not collide wait here and are applied together,
   * so a file is parsed again only when a step has to see what an earlier one did.
   */
  let batch: StepPlan[] = [];
  /** the steps whose edits made the current text (none yet: ""), the ones to name when it does not parse */
  let appliedNames = "";

  const applyBatch = () => {
    if (batch.length === 0) return;
    const edits = batch.flatMap((p) => p.edits);
    let text: string;
    try {
      text = applyEdits(source.text, edits);
    } catch (error) {
      throw new Error(`${batch.map((p) => p.step.name).join(", ")}: ${(error as Error).message}`, { cause: error });
    }
    const mapped = offsetMapper(edits);
    for (const pending of [...changes, ...todos]) pending.offset = mapped(pending.offset);
    for (const { step, changes: planned, todos: marks } of batch) {
      for (const change of planned) {
        const at = change.edits[0]!.start;
        const about = change.subject ?? change.edits[0]!;
        const said = { text: source.text.slice(about.start, about.end), start: origin(about.start), end: originOfEnd(about.end) };
        changes.push({ offset: mapped(at), origin: change.subject ? said.start : origin(at), transform: step.name, message: change.message, said });
      }
      for (const todo of marks) {
        // A TODO's offset is where its line was inserted, which is where that line now starts: insertions
        // there (the TODO's own among them) are not before it, and mapOffset counts none of them.
        const offset = mapped(todo.edit.start);
        todos.push({ offset, origin: origin(todo.statement.start), transform: step.name, message: reworded(todo.message, todo.message) });
      }
    }
    history.push(offsetUnmapper(edits));
    appliedNames = batch.map((p) => p.step.name).join(", ");
    batch = [];
    parsed = null;
    source = { ...source, text };
  };

  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    if (batch.length && (typeof step.fresh === "function" ? step.fresh(options) : step.fresh)) applyBatch();
    if (!parsed) {
      try {
        parsed = language.parse(source);
      } catch (error) {
        // The input parsed, so a step broke it: that is our bug, and the file must stay untouched.
        if (!appliedNames) throw error;
        throw new Error(`${appliedNames}: produced code that does not parse: ${(error as Error).message}`, { cause: error });
      }
    }
    if (!language.reachesSdk(parsed)) break;
    const planned = language.plan(step, source, parsed, options, history.length > 0 || batch.length > 0);
    if (planned.edits.length === 0) continue;
    if (batch.some((p) => collide(p.edits, planned.edits))) {
      // This step has to see the batch's result: apply it, parse again, and run the step once more.
      applyBatch();
      i--;
      continue;
    }
    batch.push(planned);
  }
  applyBatch();
  if (appliedNames && !parsed) {
    // The last batch's output has not been parsed yet: a file is written only when it parses.
    try {
      if (language.validate) language.validate(source);
      else language.parse(source);
    } catch (error) {
      throw new Error(`${appliedNames}: produced code that does not parse: ${(error as Error).message}`, { cause: error });
    }
  }
  const inInput = lineFinder(input);
  const inOutput = lineFinder(source.text);
  const located = (p: Pending): Change => ({
    transform: p.transform,
    line: inOutput.line(p.offset),
    message: p.message.action,
    finding: asWritten(p, input),
    source: { line: inInput.line(p.origin), column: inInput.column(p.origin) },
    ...(p.message.note ? { note: p.message.note } : {}),
  });
  const output = changes.length || todos.length ? writeSource(source, source.text) : null;
  return {
    output: output === raw ? null : output,
    changes: changes.map(located),
    todos: todos.map(located),
  };
}
