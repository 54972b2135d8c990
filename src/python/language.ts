/**
 * Python in the pipeline: steps look at a tree-sitter parse and plan byte-range edits, exactly as the
 * JavaScript steps do on a Babel parse, with `#` TODO lines.
 */
import type { DocLink } from "../mapping/docs.js";
import type { Edit } from "../core/edits.js";
import { Planner, runPipeline, type Language, type Named, type Result, type StepPlan, type TransformOptions } from "../core/pipeline.js";
import type { Source } from "../core/source.js";
import { clientCalls, detect, mockedMethods, type PyBindings, type PyCall, type PyMockedMethod } from "./detect.js";
import { parsePython, syntaxError, type Node, type Tree } from "./parser.js";
import { findPyRequests } from "./requests.js";

export interface PyParsed {
  readonly tree: Tree;
  readonly sdk: PyBindings;
  readonly calls: readonly PyCall[];
  readonly mocks: readonly PyMockedMethod[];
  /** the module calls the API over HTTP without the SDK */
  readonly requestsApi: boolean;
}

export interface PyContext {
  readonly source: Source;
  readonly tree: Tree;
  readonly sdk: PyBindings;
  readonly calls: readonly PyCall[];
  /** tests' mocks of client methods, named without a call */
  readonly mocks: readonly PyMockedMethod[];
  readonly options: TransformOptions;
  /** earlier steps of this run changed the file: it is being migrated */
  readonly migrating: boolean;
  edit(start: number, end: number, text: string, message?: string): void;
  apply(edit: Edit, message?: string): void;
  /** a `# TODO(firecrawl-v2): ...` line above the statement holding `node` */
  todo(node: Node, message: string, link?: DocLink): void;
}

export interface PyStep extends Named {
  run(context: PyContext): void;
}

/** A parse error with the parser's position, as Babel reports its own (`loc`), so the CLI says where. */
class PythonSyntaxError extends SyntaxError {
  constructor(readonly loc: { line: number; column: number }) {
    super(`invalid Python syntax (${loc.line}:${loc.column})`);
  }
}

/** The statement a node belongs to: the ancestor whose parent is a block or the module. */
export function statementOf(node: Node): Node {
  let at = node;
  while (at.parent && at.parent.type !== "block" && at.parent.type !== "module") at = at.parent;
  return at;
}

const python: Language<PyParsed, PyStep> = {
  parse(source) {
    const tree = parsePython(source.text);
    const error = syntaxError(tree);
    if (error) throw new PythonSyntaxError(error);
    const sdk = detect(tree);
    return { tree, sdk, calls: clientCalls(tree, sdk), mocks: mockedMethods(tree, sdk), requestsApi: findPyRequests(tree, source.text).length > 0 };
  },
  reachesSdk: (parsed) => parsed.sdk.found || parsed.requestsApi,
  plan(step, source, parsed, options, migrating): StepPlan {
    const planner = new Planner(step, source, "#");
    const context: PyContext = {
      source,
      ...parsed,
      options,
      migrating,
      edit: (start, end, text, message) => planner.apply({ start, end, text }, message),
      apply: (edit, message) => planner.apply(edit, message),
      todo(node, message, link) {
        const statement = statementOf(node);
        planner.todo({ start: statement.startIndex, end: statement.endIndex }, message, link);
      },
    };
    try {
      step.run(context);
    } catch (error) {
      throw new Error(`${step.name}: ${(error as Error).message}`, { cause: error });
    }
    return planner.plan;
  },
};

export function runPython(steps: readonly PyStep[], path: string, raw: string, options: TransformOptions = {}): Result {
  return runPipeline(python, steps, path, raw, options);
}
