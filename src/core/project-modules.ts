/**
 * Whether an import names a module of the project itself, relatively (`./payloads` in JS, `.payloads` in
 * Python), rather than a library: the project's modules are where its request bodies are made.
 */
export const isProjectModule = (specifier: string): boolean => specifier.startsWith(".");
