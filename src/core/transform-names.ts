/** Transform names as users give them (`--transforms`, the library's `transforms` option): one word for a name no step has. */

/** The error for names no step has, worded alike wherever the names came from; undefined when every name is known. */
export function unknownTransforms(names: readonly string[], steps: Iterable<{ readonly name: string }>): string | undefined {
  const known = new Set([...steps].map((step) => step.name));
  const unknown = names.filter((name) => !known.has(name));
  return unknown.length ? `unknown transform ${unknown.join(", ")}; \`firecrawl-codemod list\` shows them` : undefined;
}
