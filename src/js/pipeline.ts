/**
 * JavaScript and TypeScript in the pipeline (core/pipeline.ts): each concern is a small named step that looks
 * at a Babel parse of the file and plans source edits.
 */
import type { SourceLanguage } from "../core/language.js";
import type { File, Node } from "@babel/types";
import { detectSdk, type SdkBindings, type TypeFacts } from "./detect/sdk.js";
import { linkedClients } from "./detect/linked.js";
import { findApiRequests, type ApiRequest } from "./detect/requests.js";
import { PathIndex, type Path } from "./detect/paths.js";
import type { Source } from "../core/source.js";
import { planStepWith, runPipeline, type Context, type Language, type Result, type StepPlan, type Syntax, type TransformOptions } from "../core/pipeline.js";
import { spanOf } from "./writing.js";
import { parse, validate } from "./runtime/parse.js";
import { expectedV1Urls, n8nV1Options, n8nV1Urls, type ExpectedUrl, type N8nOptions, type N8nUrl } from "./detect/expected-urls.js";
import { mentionsFirecrawl } from "../core/mentions.js";

export type { Change, PlannedChange, PlannedTodo, Result, StepPlan, Todo, TransformOptions } from "../core/pipeline.js";

/** What a JavaScript step sees: the Babel parse, and the context every language's steps share (core/pipeline.ts). */
export interface StepContext extends Context<Path>, Parsed {}

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
  /** v1 URLs of the API that are no request but are marked or moved: the URLs a test expects, n8n expressions' */
  readonly expectedUrls: readonly ExpectedUrl[];
  readonly n8nUrls: readonly N8nUrl[];
  /** what an n8n node's properties offer of v1's API (format values, option names), marked with the node */
  readonly n8nOptions: readonly N8nOptions[];
}

/** Whether the steps have anything to look at: the SDK, a request to the API made without it, a v1 URL to mark. */
export function reachesApi(parsed: Parsed): boolean {
  return parsed.sdk.found || parsed.requests.length > 0 || parsed.expectedUrls.length > 0 || parsed.n8nUrls.length > 0 || parsed.n8nOptions.length > 0;
}

export function parseForSteps(source: Source, types?: TypeFacts): Parsed {
  const ast = parse(source);
  const index = new PathIndex(ast);
  const requests = findApiRequests(index, source);
  // Read once here for the api-requests step too: each is a walk over every string of the file.
  const mentioned = mentionsFirecrawl(source.text);
  const expectedUrls = mentioned ? expectedV1Urls(index) : [];
  const n8nUrls = mentioned ? n8nV1Urls(index) : [];
  const n8nOptions = mentioned ? n8nV1Options(index) : [];
  return { ast, index, sdk: detectSdk(index, types, linkedClients(index, source.path), source.path), requests, expectedUrls, n8nUrls, n8nOptions };
}

/** The statement a TODO goes above: climb until the parent holds a list of statements or members. */
export function statementOf(path: Path): Node {
  let at = path;
  while (at.parent && !Array.isArray((at.parent.node as { body?: unknown }).body) && at.parent.node.type !== "SwitchCase") {
    at = at.parent;
  }
  return at.node as Node;
}

/** `//` comments; a TODO goes above the statement (or class member) holding a path. */
const syntax: Syntax<Path> = { comment: "//", statementOf: (path) => spanOf(statementOf(path)) };

/** Runs one step on a parse without applying anything: the codemod applies the plan, the linter reports it. */
export function planStep(step: Step, source: Source, parsed: Parsed, options: TransformOptions, migrating = false): StepPlan {
  // A specifier that names a release pins what the file runs on, whatever its package.json says.
  const pinned = parsed.sdk.pinned;
  return planStepWith(syntax, step, source, parsed, pinned && pinned !== options.sdk ? { ...options, sdk: pinned } : options, migrating);
}

/**
 * JavaScript for the pipeline; with type facts, what the checker vouches for counts too. `input` is told the
 * parse of the input, the pipeline's first, for whoever reads the input too (the calls only types found).
 */
function javascript(types?: TypeFacts, input?: (parsed: Parsed) => void): Language<Parsed, Step> {
  let first = true;
  const parseAll = (source: Source) => {
    const parsed = parseForSteps(source, types);
    if (first) input?.(parsed);
    first = false;
    return parsed;
  };
  return { parse: parseAll, validate, reachesSdk: reachesApi, plan: planStep };
}

/**
 * `written`: the dialect, where the path does not say it (a document's code block); by default what the path
 * says. `input`: told the input's parse, so a caller that reads the input too need not parse it again.
 */
export function runSteps(
  steps: readonly Step[],
  path: string,
  raw: string,
  options: TransformOptions = {},
  types?: TypeFacts,
  written?: SourceLanguage,
  input?: (parsed: Parsed) => void,
): Result {
  return runPipeline(javascript(types, input), steps, path, raw, options, written);
}
