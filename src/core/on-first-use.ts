/**
 * A CommonJS package required the first time it is asked for, not when the module that uses it loads: the ESLint
 * plugin's rules look at every file of a project but need Babel, jscodeshift and the range parsers only for a file
 * that may reach the SDK, and the command line's start should not pay for them either (issue 27).
 */
import { createRequire } from "node:module";

export function onFirstUse<T>(from: string, id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= createRequire(from)(id) as T);
}
