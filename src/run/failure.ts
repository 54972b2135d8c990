/** How a file that failed is described in the report: a parser error with its position, or the step that threw. */
import { ParseError } from "../js/runtime/parse.js";

export function failureText(error: unknown): string {
  const err = error as Error & { loc?: { line: number; column: number } };
  // A parser error carries its position; a transform error names its step. Either way the file is untouched.
  const where = err.loc ? ` (line ${err.loc.line}, column ${err.loc.column + 1})` : "";
  const parsing = err.loc || error instanceof ParseError;
  return `${parsing ? "does not parse" : "transform failed"}: ${err.message.replace(/ \(\d+:\d+\)$/, "")}${where}`;
}
