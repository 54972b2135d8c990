import { allowList, importedBody } from "../mapping/messages.js";

/**
 * Whether an import names a module of the project itself, relatively (`./payloads` in JS, `.payloads` in
 * Python), rather than a library: the project's modules are where its request bodies are made.
 */
export const isProjectModule = (specifier: string): boolean => specifier.startsWith(".");

/** An allow-list of this module that picks a body's keys, with the v1 option names it holds. */
export interface ListedNames {
  readonly list: string;
  readonly names: readonly string[];
}

/**
 * What a TODO says of a body this module does not show, in either language: its text, the allow-lists that pick
 * its keys, and the module its names are imported from (the project's own before a library's), if any.
 */
export function bodySource(text: string, modules: readonly string[], listed: readonly ListedNames[]): { said: string; imported: boolean } {
  const said = listed.length ? `${text} ${allowList(listed)}` : text;
  const module = modules.find(isProjectModule) ?? modules[0];
  return module === undefined ? { said, imported: false } : { said: importedBody(said, module), imported: true };
}
