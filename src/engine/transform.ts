/**
 * The transform pipeline, after aws-sdk-js-codemod and the MCP SDK codemod: each concern is a small named
 * step that looks at a parsed file and plans source edits; steps run in order, each on the text the
 * previous one produced, and the whole run reports `{ changes, todos }` or rolls the file back whole.
 */
import type { File, Node } from "@babel/types";
import { DOCS, type DocLink } from "../mapping/docs.js";
import { detectSdk, type ClientOracle, type SdkBindings } from "../detect/sdk.js";
import { PathIndex, type Path } from "../detect/paths.js";
import { applyEdits, mapOffset, unmapOffset, type Edit } from "./edits.js";
import { lineAt, parse, readSource, writeSource, type Source } from "./source.js";
import { todoEdit } from "./code.js";

export interface TransformOptions {
  /** write v1's defaults into migrated scrapes so they behave as before (mapping/defaults.ts) */
  readonly keepV1Defaults?: boolean;
}

/** Something a transform did, located in the output (`line`) and in the input it came from. */
export interface Change {
  readonly transform: string;
  readonly line: number;
  readonly message: string;
  readonly source: { readonly line: number; readonly column: number };
}

/** A TODO marker a transform wrote: `line` is the marker's own line in the output. */
export type Todo = Change;

/** What one step sees and how it records what it does. */
export interface StepContext {
  readonly source: Source;
  readonly ast: File;
  readonly index: PathIndex;
  readonly sdk: SdkBindings;
  readonly options: TransformOptions;
  /** replaces a range; the change is recorded when it has a message (one message per logical change) */
  edit(start: number, end: number, text: string, message?: string): void;
  /** records an edit made with the helpers of engine/code.ts */
  apply(edit: Edit, message?: string): void;
  /** a TODO line above the statement holding `path` */
  todo(path: Path, message: string, link?: DocLink): void;
}

export interface Step {
  readonly name: string;
  readonly description: string;
  run(context: StepContext): void;
}

export interface Result {
  /** the new file text, or null when there was nothing to migrate */
  readonly output: string | null;
  readonly changes: readonly Change[];
  readonly todos: readonly Todo[];
}

interface Pending {
  /** where it is in the current text */
  offset: number;
  /** where it was in the input */
  origin: number;
  transform: string;
  message: string;
}


/** Whether two sets of edits of one text can be applied together: no overlap, no insertion inside a replacement. */
function collide(a: readonly Edit[], b: readonly Edit[]): boolean {
  const inside = (point: number, e: Edit) => e.start < point && point < e.end;
  return a.some((x) =>
    b.some((y) => (x.start < y.end && y.start < x.end) || (x.start === x.end && inside(x.start, y)) || (y.start === y.end && inside(y.start, x))),
  );
}

/** One logical change: the edit that carried its message and the edits made after it without one. */
export interface PlannedChange {
  readonly message: string;
  readonly edits: Edit[];
}

/** A TODO line a step wants above a statement. */
export interface PlannedTodo {
  readonly message: string;
  readonly edit: Edit;
  readonly statement: { readonly start: number; readonly end: number };
}

/** What one step would do to one parse, in that parse's coordinates. */
export interface StepPlan {
  readonly step: Step;
  readonly edits: Edit[];
  readonly changes: PlannedChange[];
  readonly todos: PlannedTodo[];
}

export interface Parsed {
  readonly ast: File;
  readonly index: PathIndex;
  readonly sdk: SdkBindings;
}

export function parseForSteps(source: Source, oracle?: ClientOracle): Parsed {
  const ast = parse(source);
  const index = new PathIndex(ast);
  return { ast, index, sdk: detectSdk(index, oracle) };
}

/** The statement a TODO goes above: climb until the parent holds a list of statements or members. */
function statementOf(path: Path): Node {
  let at = path;
  while (at.parent && !Array.isArray((at.parent.node as { body?: unknown }).body) && at.parent.node.type !== "SwitchCase") {
    at = at.parent;
  }
  return at.node as Node;
}

/** Runs one step on a parse without applying anything: the codemod applies the plan, the linter reports it. */
export function planStep(step: Step, source: Source, parsed: Parsed, options: TransformOptions): StepPlan {
  const planned: StepPlan = { step, edits: [], changes: [], todos: [] };
  const context: StepContext = {
    source,
    ...parsed,
    options,
    edit(start, end, text, message) {
      this.apply({ start, end, text }, message);
    },
    apply(edit, message) {
      planned.edits.push(edit);
      const current = planned.changes.at(-1);
      if (message || !current) planned.changes.push({ message: message ?? step.description, edits: [edit] });
      else current.edits.push(edit);
    },
    todo(at, message, link = "migrate") {
      const { start, end } = statementOf(at);
      const edit = todoEdit(source, start!, message, DOCS[link]);
      if (!edit || planned.edits.some((e) => e.start === edit.start && e.text === edit.text)) return;
      planned.edits.push(edit);
      planned.todos.push({ message, edit, statement: { start: start!, end: end! } });
    },
  };
  try {
    step.run(context);
  } catch (error) {
    throw new Error(`${step.name}: ${(error as Error).message}`, { cause: error });
  }
  return planned;
}

export function runSteps(steps: readonly Step[], path: string, raw: string, options: TransformOptions = {}): Result {
  let source = readSource(path, raw);
  const input = source.text;
  const changes: Pending[] = [];
  const todos: Pending[] = [];
  const history: Edit[][] = [];
  const origin = (offset: number) => history.reduceRight((at, edits) => unmapOffset(at, edits), offset);
  let parsed: Parsed | null = null;
  /**
   * Steps that ran on the current parse and whose edits do not collide wait here and are applied together,
   * so a file is parsed again only when a step has to see what an earlier one did.
   */
  let batch: StepPlan[] = [];
  let applied = null as Step | null;

  const applyBatch = () => {
    if (batch.length === 0) return;
    const edits = batch.flatMap((p) => p.edits);
    let text: string;
    try {
      text = applyEdits(source.text, edits);
    } catch (error) {
      throw new Error(`${batch.map((p) => p.step.name).join(", ")}: ${(error as Error).message}`, { cause: error });
    }
    for (const pending of [...changes, ...todos]) pending.offset = mapOffset(pending.offset, edits);
    for (const { step, changes: planned, todos: marks } of batch) {
      for (const change of planned) {
        const at = change.edits[0]!.start;
        changes.push({ offset: mapOffset(at, edits), origin: origin(at), transform: step.name, message: change.message });
      }
      for (const todo of marks) {
        // A TODO's offset is where its line was inserted, which is where that line now starts.
        const at = todo.edit.start;
        const offset = mapOffset(at, edits.filter((e) => e !== todo.edit && (e.start !== at || e.end !== at)));
        todos.push({ offset, origin: origin(todo.statement.start), transform: step.name, message: todo.message });
      }
    }
    history.push(edits);
    applied = batch.at(-1)!.step;
    batch = [];
    parsed = null;
    source = { ...source, text };
  };

  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    if (!parsed) {
      try {
        parsed = parseForSteps(source);
      } catch (error) {
        // The input parsed, so a step broke it: that is our bug, and the file must stay untouched.
        if (!applied) throw error;
        throw new Error(`${applied.name}: produced code that does not parse: ${(error as Error).message}`, { cause: error });
      }
    }
    if (!parsed.sdk.found) break;
    const planned = planStep(step, source, parsed, options);
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
  const finalText = source.text;
  const located = (p: Pending): Change => {
    const line = lineAt(input, p.origin);
    const column = p.origin - input.lastIndexOf("\n", p.origin - 1);
    return { transform: p.transform, line: lineAt(finalText, p.offset), message: p.message, source: { line, column } };
  };
  const output = changes.length || todos.length ? writeSource(source, finalText) : null;
  return {
    output: output === raw ? null : output,
    changes: changes.map(located),
    todos: todos.map(located),
  };
}

export interface JscodeshiftFile {
  path: string;
  source: string;
}

/**
 * A step or a preset as a jscodeshift transform module's default export: `(file, api, options)` returning
 * the new source, or undefined when nothing changed so jscodeshift counts the file as unmodified.
 */
export function toJscodeshift(steps: readonly Step[]) {
  return function transformer(file: JscodeshiftFile, _api: unknown, options: TransformOptions = {}) {
    return runSteps(steps, file.path, file.source, options).output ?? undefined;
  };
}
