/**
 * JavaScript and TypeScript in the pipeline (core/pipeline.ts): each concern is a small named step that looks
 * at a Babel parse of the file and plans source edits.
 */
import type { File, Node } from "@babel/types";
import type { DocLink } from "../mapping/docs.js";
import { detectSdk, type SdkBindings, type TypeFacts } from "../detect/sdk.js";
import { linkedClients } from "../detect/linked.js";
import { findApiRequests, type ApiRequest } from "../detect/requests.js";
import { PathIndex, type Path } from "../detect/paths.js";
import type { Edit } from "../core/edits.js";
import type { Source } from "../core/source.js";
import { Planner, runPipeline, type Language, type Result, type StepPlan, type TransformOptions } from "../core/pipeline.js";
import { parse } from "./parse.js";

export type { Change, PlannedChange, PlannedTodo, Result, StepPlan, Todo, TransformOptions } from "../core/pipeline.js";

/** What one step sees and how it records what it does. */
export interface StepContext {
  readonly source: Source;
  readonly ast: File;
  readonly index: PathIndex;
  readonly sdk: SdkBindings;
  /** requests to the v1 API made over HTTP, without the SDK */
  readonly requests: readonly ApiRequest[];
  readonly options: TransformOptions;
  /** replaces a range; the change is recorded when it has a message (one message per logical change) */
  edit(start: number, end: number, text: string, message?: string): void;
  /** records an edit made with the helpers of js/code.ts and core/text.ts */
  apply(edit: Edit, message?: string): void;
  /** a TODO line above the statement holding `path` */
  todo(path: Path, message: string, link?: DocLink): void;
}

export interface Step {
  readonly name: string;
  readonly description: string;
  run(context: StepContext): void;
}

export interface Parsed {
  readonly ast: File;
  readonly index: PathIndex;
  readonly sdk: SdkBindings;
  readonly requests: readonly ApiRequest[];
}

/** Whether the steps have anything to look at: the SDK, or a request to the API made without it. */
export function reachesApi(parsed: Parsed): boolean {
  return parsed.sdk.found || parsed.requests.length > 0;
}

export function parseForSteps(source: Source, types?: TypeFacts): Parsed {
  const ast = parse(source);
  const index = new PathIndex(ast);
  return { ast, index, sdk: detectSdk(index, types, linkedClients(index, source.path)), requests: findApiRequests(index, source) };
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
  const planner = new Planner(step, source, "//");
  const context: StepContext = {
    source,
    ...parsed,
    options,
    edit(start, end, text, message) {
      planner.apply({ start, end, text }, message);
    },
    apply: (edit, message) => planner.apply(edit, message),
    todo: (at, message, link) => planner.todo(statementOf(at) as { start: number; end: number }, message, link),
  };
  try {
    step.run(context);
  } catch (error) {
    throw new Error(`${step.name}: ${(error as Error).message}`, { cause: error });
  }
  return planner.plan;
}

/** JavaScript for the pipeline; with type facts, what the checker vouches for counts too. */
function javascript(types?: TypeFacts): Language<Parsed, Step> {
  return { parse: (source) => parseForSteps(source, types), reachesSdk: reachesApi, plan: planStep };
}

export function runSteps(steps: readonly Step[], path: string, raw: string, options: TransformOptions = {}, types?: TypeFacts): Result {
  return runPipeline(javascript(types), steps, path, raw, options);
}
