/** In the type-aware mode: the client calls the type checker adds to what syntax alone finds in a file. */
import { findClientCalls } from "../detect/calls.js";
import { detectSdk, type TypeFacts } from "../detect/sdk.js";
import { lineAt, readSource } from "../core/source.js";
import { parseForSteps } from "../js/steps.js";

/** Those calls, each with its line in the input and its method. */
export function foundByTypes(path: string, text: string, types: TypeFacts): { readonly line: number; readonly method: string }[] {
  const source = readSource(path, text);
  const { index, sdk } = parseForSteps(source);
  const known = new Set(findClientCalls(index, sdk).map((c) => c.node.start));
  return findClientCalls(index, detectSdk(index, types, sdk.linked))
    .filter((c) => !known.has(c.node.start))
    .map((c) => ({ line: lineAt(source.text, c.node.start!), method: c.method }));
}
