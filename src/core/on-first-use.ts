/**
 * A CommonJS package required the first time it is asked for, not when the module that uses it loads: the ESLint
 * plugin's rules look at every file of a project but need Babel, ast-types and the range parsers only for a file
 * that may reach the SDK, and the command line's start should not pay for them either (issue 27).
 */
import { createRequire } from "node:module";

export function onFirstUse<T>(from: string, id: string): () => T;
/** `otherwise`: what to use where the package does not load (a native build missing for this machine). */
export function onFirstUse<T, O>(from: string, id: string, otherwise: O): () => T | O;
export function onFirstUse<T, O>(from: string, id: string, ...otherwise: [O?]): () => T | O {
  let loaded: { value: T | O } | undefined;
  const load = (): T | O => {
    try {
      return createRequire(from)(id) as T;
    } catch (error) {
      if (otherwise.length === 0) throw error;
      return otherwise[0] as O;
    }
  };
  return () => (loaded ??= { value: load() }).value;
}
