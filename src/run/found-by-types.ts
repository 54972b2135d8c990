/** In the type-aware mode: the client calls the type checker adds to what syntax alone finds in a file. */
import { findClientCalls } from "../js/detect/calls.js";
import { detectSdk, type TypeFacts } from "../js/detect/sdk.js";
import { lineFinder, readSource } from "../core/source.js";
import { parseForSteps, type Parsed } from "../js/pipeline.js";

/**
 * Those calls, each with its line in the input and its method. `parsed`: the input's parse with the types
 * (the steps' first), which is reused; without it the input is parsed here.
 */
export function foundByTypes(path: string, text: string, types: TypeFacts, parsed?: Parsed): { readonly line: number; readonly method: string }[] {
  const source = readSource(path, text);
  const { index, sdk: typed } = parsed ?? parseForSteps(source, types);
  const known = new Set(findClientCalls(index, detectSdk(index, undefined, typed.linked, path)).map((c) => c.node.start));
  const found = findClientCalls(index, typed).filter((c) => !known.has(c.node.start));
  // One line index for the file, and only where types found something: counting from the top for each call grew with their number times the file's size.
  const lines = found.length ? lineFinder(source.text) : undefined;
  return found.map((c) => ({ line: lines!.line(c.node.start!), method: c.method }));
}
