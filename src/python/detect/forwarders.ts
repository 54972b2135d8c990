/**
 * Calls that run a function they are handed with the arguments that follow it: `asyncio.to_thread(app.scrape_url,
 * url)`, `loop.run_in_executor(None, app.crawl_url, url)`, `pool.submit(app.crawl_url, url)`,
 * `functools.partial(app.scrape_url, formats=[...])`, and the module's own wrappers that do the same
 * (`self._with_retry(self.app.scrape_url, url)`). The arguments after the function are the function's own, and so is
 * what the call gives back, once awaited, from the future, from the partial's calls, or as the wrapper returns it.
 */
import { allOf, calledName, type Node } from "../runtime/parser.js";
import { positional } from "./arguments.js";
import { calledDefinition } from "./callers.js";

/**
 * What a forwarding call gives back: the function's result once awaited, a future of it, a function to call for it,
 * or the result itself (a wrapper that runs it and returns what it returns).
 */
export type Gives = "awaitable" | "future" | "callable" | "result";

export interface Forwarder {
  /** the call's own arguments, the function among them (last): the function's own follow */
  readonly skipped: number;
  /** keyword arguments a wrapper of the module takes for itself (`max_retries=3` between `*args` and `**kwargs`) */
  readonly own?: readonly string[];
  /** whether the call passes keyword arguments on (run_in_executor takes positional ones only) */
  readonly keywords: boolean;
  readonly gives: Gives;
}

const FORWARDERS: Readonly<Record<string, Forwarder>> = {
  to_thread: { skipped: 1, keywords: true, gives: "awaitable" },
  run_in_executor: { skipped: 2, keywords: false, gives: "awaitable" },
  submit: { skipped: 1, keywords: true, gives: "future" },
  partial: { skipped: 1, keywords: true, gives: "callable" },
};

/** The forwarder a call is by the name it calls (`submit`, `partial`, ...): the standard library's, not a wrapper of the module's. */
export function byName(call: Node): Forwarder | undefined {
  const name = call.type === "call" ? calledName(call) : "";
  return Object.hasOwn(FORWARDERS, name) ? FORWARDERS[name] : undefined;
}

/** The forwarder a call is, by the name it calls, or the module's wrapper it calls. */
export function forwarderOf(call: Node): Forwarder | undefined {
  const known = byName(call);
  if (known) return known;
  // Only a call handed a function first (a method reference, or a function the module defines) can be a wrapper's:
  // most calls never ask for a definition.
  const first = call.type === "call" ? call.childForFieldName("arguments")?.namedChildren.find((a) => a?.type !== "comment") : null;
  if (first?.type !== "attribute" && !(first?.type === "identifier" && definedNames(call).has(first.text))) return undefined;
  const fn = calledDefinition(call);
  return fn ? wrapperOf(fn, call.childForFieldName("function")?.type === "attribute") : undefined;
}

/** Whether a call of a wrapper passes a keyword argument the wrapper takes for itself (`attempts=5`), not the function it runs. */
export function passesOwn(call: Node, forwarder: Forwarder): boolean {
  const args = call.childForFieldName("arguments")?.namedChildren ?? [];
  return !!forwarder.own && args.some((a) => a?.type === "keyword_argument" && forwarder.own!.includes(a.childForFieldName("name")!.text));
}

/** By tree: a tree's rootNode is a new object each time it is asked for. */
const defined = new WeakMap<object, Set<string>>();

/** The names of the functions a module defines, at any depth: the functions a call may hand a wrapper by name. */
function definedNames(at: Node): Set<string> {
  let names = defined.get(at.tree);
  if (!names) defined.set(at.tree, (names = new Set(allOf(at.tree.rootNode, "function_definition").map((fn) => fn.childForFieldName("name")!.text))));
  return names;
}

const wrappers = new WeakMap<object, Map<number, Forwarder | null>>();

/**
 * A function of the module that runs the function it is handed with the arguments after it, as a retry or timeout
 * wrapper does: `def with_retry(self, func, *args, **kwargs)` whose body calls `func(*args, **kwargs)`, or hands them
 * all to a forwarder (`self.executor.submit(func, *args, **kwargs)`), and returns only what that gives (its result, the
 * future's `.result(...)`, a name bound to either) or None. `method`: it is called on self, whose parameter comes first.
 */
function wrapperOf(fn: Node, method: boolean): Forwarder | undefined {
  let known = wrappers.get(fn.tree);
  if (!known) wrappers.set(fn.tree, (known = new Map()));
  if (!known.has(fn.id)) known.set(fn.id, wrapping(fn, method) ?? null);
  return known.get(fn.id) ?? undefined;
}

function wrapping(fn: Node, method: boolean): Forwarder | undefined {
  const parameters = fn.childForFieldName("parameters")!.namedChildren.filter((p): p is Node => p !== null && p.type !== "comment");
  const [func, rest, ...after] = parameters.slice(method ? 1 : 0);
  if (func?.type !== "identifier" || rest?.type !== "list_splat_pattern") return undefined;
  // keyword-only parameters with defaults may stand between `*args` and `**kwargs`: the wrapper's own (`max_retries=3`)
  const named = after.at(-1)?.type === "dictionary_splat_pattern" ? after.at(-1) : undefined;
  const own = (named ? after.slice(0, -1) : after).map((p) =>
    p.type === "default_parameter" || p.type === "typed_default_parameter" ? p.childForFieldName("name")?.text : undefined,
  );
  if (own.some((name) => name === undefined)) return undefined;
  const spread = [`*${rest.namedChildren[0]?.text}`, ...(named ? [`**${named.namedChildren[0]?.text}`] : [])];
  const runs = (call: Node) => {
    const args =
      call
        .childForFieldName("arguments")
        ?.namedChildren.filter((a) => a?.type !== "comment")
        .map((a) => a!.text) ?? [];
    const forwarder = byName(call);
    if (call.childForFieldName("function")?.text === func.text) return args.join() === spread.join();
    return !!forwarder && forwarder.skipped === 1 && args.join() === [func.text, ...spread].join();
  };
  const body = fn.childForFieldName("body")!;
  const run = allOf(body, "call").find(runs);
  const through = run ? (byName(run)?.gives ?? null) : null;
  if (!run || through === "callable") return undefined;
  // What holds the run's future or awaitable, and what holds its result: the run itself, `.result(...)` of a future,
  // an await of an awaitable, and names bound to these. The wrapper returns only a result, or None.
  const handles = new Set<string>(through ? [run.text] : []);
  const results = new Set<string>(through ? [] : [run.text]);
  const result = (value: Node | null | undefined): boolean => {
    if (!value) return false;
    if (results.has(value.text) || (value.type === "await" && results.has(value.namedChildren[0]?.text ?? ""))) return true;
    if (through === "awaitable") return value.type === "await" && handles.has(value.namedChildren[0]?.text ?? "");
    const callee = value.type === "call" ? value.childForFieldName("function") : null;
    return (
      through === "future" &&
      callee?.type === "attribute" &&
      callee.childForFieldName("attribute")?.text === "result" &&
      handles.has(callee.childForFieldName("object")!.text)
    );
  };
  for (const assignment of allOf(body, "assignment")) {
    const left = assignment.childForFieldName("left");
    const right = assignment.childForFieldName("right");
    if (left?.type !== "identifier" || !right) continue;
    if (handles.has(right.text)) handles.add(left.text);
    else if (result(right)) results.add(left.text);
  }
  const returns = allOf(body, "return_statement").map((r) => r.namedChildren[0]);
  if (!returns.every((value) => !value || value.type === "none" || result(value))) return undefined;
  const async = fn.children[0]?.type === "async";
  return { skipped: 1, keywords: !!named, gives: async ? "awaitable" : "result", ...(own.length ? { own: own as string[] } : {}) };
}

/** The call that runs `reference` with the arguments after it, where it is the function a forwarder is handed. */
export function forwardedBy(reference: Node): { call: Node; forwarder: Forwarder } | null {
  const args = reference.parent?.type === "argument_list" ? reference.parent : null;
  const call = args?.parent;
  const forwarder = call ? forwarderOf(call) : undefined;
  if (!forwarder) return null;
  const before = args!.namedChildren.filter((c) => c !== null && c.type !== "comment");
  const at = before.findIndex((c) => c!.id === reference.id);
  // only positionally, at its place: `submit(fn=...)` or an argument past the function is not what is run
  if (at !== forwarder.skipped - 1 || before.slice(0, at).some((c) => c!.type.endsWith("splat") || c!.type === "keyword_argument")) return null;
  return { call: call!, forwarder };
}

/** The arguments a call gives the method it makes or forwards, past a forwarder's own. */
export function methodArguments(call: { readonly args: Node; readonly passed?: Forwarder; readonly invokes?: Node }): Node[] {
  // a partial's call runs the method with the partial's arguments first
  const first = call.invokes ? positional(call.invokes.childForFieldName("arguments")!).slice(FORWARDERS.partial!.skipped) : [];
  return [...first, ...positional(call.args).slice(call.passed?.skipped ?? 0)];
}
