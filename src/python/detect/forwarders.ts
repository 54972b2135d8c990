/**
 * Calls that run a function they are handed with the arguments that follow it: `asyncio.to_thread(app.scrape_url,
 * url)`, `loop.run_in_executor(None, app.crawl_url, url)`, `pool.submit(app.crawl_url, url)`,
 * `functools.partial(app.scrape_url, formats=[...])`. The arguments after the function are the function's own,
 * and so is what the call gives back, once awaited, from the future, or from the partial's calls.
 */
import { calledName, type Node } from "../runtime/parser.js";
import { positional } from "./arguments.js";

/** What a forwarding call gives back: the function's result once awaited, a future of it, or a function to call for it. */
export type Gives = "awaitable" | "future" | "callable";

export interface Forwarder {
  /** the call's own arguments, the function among them (last): the function's own follow */
  readonly skipped: number;
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

/** The forwarder a call is, by the name it calls. */
export function forwarderOf(call: Node): Forwarder | undefined {
  const name = call.type === "call" ? calledName(call) : "";
  return Object.hasOwn(FORWARDERS, name) ? FORWARDERS[name] : undefined;
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
