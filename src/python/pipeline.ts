/**
 * Python in the pipeline: steps look at a tree-sitter parse and plan byte-range edits, exactly as the
 * JavaScript steps do on a Babel parse, with `#` TODO lines.
 */
import { planStepWith, runPipeline, type Context, type Language, type Named, type Result, type Syntax, type TransformOptions } from "../core/pipeline.js";
import { languageOf } from "../core/language.js";
import { spanOf } from "./writing.js";
import { clientCalls, detect, mockedMethods, type PyBindings, type PyCall, type PyMockedMethod } from "./detect/clients.js";
import { awaitedSyncClasses } from "./detect/awaited-clients.js";
import { parsePython, syntaxError, type Node, type Tree } from "./runtime/parser.js";
import { quotesReusedInFStrings } from "./runtime/python3-rules.js";
import { findPyRequests } from "./detect/requests.js";
import { attributeReadElsewhere, callsElsewhere, importedElsewhere, seenAttributeReadElsewhere, seenCallsElsewhere } from "./detect/importers.js";
import type { CallsElsewhere } from "./detect/callers.js";
import { localPackageShadows } from "./detect/local-package.js";
import { projectModules } from "./detect/imported-clients.js";

export interface PyParsed {
  readonly tree: Tree;
  /** the run's input as parsed before any step wrote into it: what the code had of its own */
  readonly input: Tree;
  readonly sdk: PyBindings;
  readonly calls: readonly PyCall[];
  readonly mocks: readonly PyMockedMethod[];
  /** the module calls the API over HTTP without the SDK */
  readonly requestsApi: boolean;
}

/** What a Python step sees: the parse, and the context every language's steps share (core/pipeline.ts). */
export interface PyContext extends Context<Node>, PyParsed {}

export interface PyStep extends Named {
  run(context: PyContext): void;
}

/** A parse error with the parser's position, as Babel reports its own (`loc`), so the CLI says where. */
class PythonSyntaxError extends SyntaxError {
  readonly loc: { line: number; column: number };
  constructor({ line, column, reason }: { line: number; column: number; reason?: string }) {
    super(`${reason ? `Python 3 refuses it: ${reason}` : "invalid Python syntax"} (${line}:${column})`);
    this.loc = { line, column };
  }
}

/**
 * Whether another module may import the file's module-level `name` (detect/importers.ts): a notebook's cells and a
 * document's code blocks are no module anything imports. They go through as Python, so their path says what they are.
 */
export function exportedName(context: PyContext): (name: string) => boolean {
  const holder = languageOf(context.source.path);
  if (holder === "notebook" || holder === "document") return () => false;
  return (name) => importedElsewhere(context.source.path, context.tree.rootNode, name, context.options.paths);
}

/**
 * The calls other modules of the project make of the file's module-level function `name` (detect/importers.ts), or
 * of the method `name` of its class `ofClass` (none where no module that imports the class reads that name off
 * anything): none from a notebook's cells or a document's code blocks, which no module imports, nor where no module is
 * seen to import it (a script outside any project); undefined where some module imports it and its calls cannot be told.
 */
export function callsFromOtherModules(context: PyContext): CallsElsewhere {
  const holder = languageOf(context.source.path);
  if (holder === "notebook" || holder === "document") return () => [];
  const { path } = context.source;
  const root = context.tree.rootNode;
  return (name, ofClass) => {
    if (!ofClass) return seenCallsElsewhere(path, root, name, context.options.paths);
    // a read of the name off anything there may be a call of the method: its calls are then out of sight
    return seenAttributeReadElsewhere(path, root, ofClass, name, context.options.paths) ? undefined : [];
  };
}

/** The statement a node belongs to: the ancestor whose parent is a block or the module. */
export function statementOf(node: Node): Node {
  let at = node;
  while (at.parent && at.parent.type !== "block" && at.parent.type !== "module") at = at.parent;
  return at;
}

/** `#` comments; a TODO goes above the statement a node belongs to. */
const syntax: Syntax<Node> = { comment: "#", statementOf: (node) => spanOf(statementOf(node)) };

/** The file read from its parse: the parse given where the text is the one it was made of, else a new one. */
const python = (runPaths: readonly string[] | undefined, given?: { text: string; tree: Tree }): Language<PyParsed, PyStep> => {
  // The pipeline parses the input first: later parses are of what the steps wrote.
  let input: Tree | undefined;
  /** the strings in f-string braces the input already has in the f-string's own quote (a 3.12 user's) */
  let reusedInInput = 0;
  // Other modules do not change while this one is migrated: their calls are read once a name.
  const elsewhere = new Map<string, readonly Node[] | undefined>();
  return {
    parse(source) {
      const tree = given?.text === source.text ? given.tree : parsePython(source.text);
      const error = syntaxError(tree);
      if (error) throw new PythonSyntaxError(error);
      if (input && input !== tree) {
        const reused = quotesReusedInFStrings(tree.rootNode);
        if (reused.length > reusedInInput) throw new PythonSyntaxError(reused[0]!);
      } else if (!input) reusedInInput = quotesReusedInFStrings(tree.rootNode).length;
      input ??= tree;
      const holder = languageOf(source.path);
      // A notebook's cells and a document's code blocks are no module another imports.
      const called = (name: string) => {
        if (holder === "notebook" || holder === "document") return [];
        if (!elsewhere.has(name)) elsewhere.set(name, callsElsewhere(source.path, input!.rootNode, name, runPaths));
        return elsewhere.get(name);
      };
      const shadowed = holder !== "document" && localPackageShadows(source.path, holder === "notebook");
      // A document's code blocks are no module of the project, so import none of its clients.
      const project = holder === "document" ? undefined : projectModules(source.path, runPaths);
      let sdk = detect(tree, called, shadowed, project);
      let calls = clientCalls(tree, sdk);
      // a client another module imports, or reads through an instance of the class holding it, may be called there without await
      const module = holder !== "notebook" && holder !== "document";
      const awaited = awaitedSyncClasses(tree, sdk, calls, {
        imported: (name) => module && importedElsewhere(source.path, input!.rootNode, name, runPaths),
        readsAttribute: (cls, attribute) => module && attributeReadElsewhere(source.path, input!.rootNode, cls, attribute, runPaths),
      });
      if (awaited.size) {
        sdk = detect(tree, called, shadowed, project, awaited);
        calls = clientCalls(tree, sdk);
      }
      return { tree, input, sdk, calls, mocks: mockedMethods(tree, sdk), requestsApi: findPyRequests(tree, source.text).length > 0 };
    },
    reachesSdk: (parsed) => parsed.sdk.found || parsed.requestsApi,
    plan: (step, source, parsed, options, migrating) => planStepWith(syntax, step, source, parsed, options, migrating),
  };
};

/** `tree`: the text's parse where the caller has one already (a notebook's cells, parsed together to tell which are Python). */
export function runPython(steps: readonly PyStep[], path: string, raw: string, options: TransformOptions = {}, tree?: Tree): Result {
  return runPipeline(python(options.paths, tree && { text: raw, tree }), steps, path, raw, options, "python");
}
