/**
 * JSON blocks a document shows without sending them (an API guide's "Example body:"): no route says which
 * table their keys follow, so nothing is migrated; one that holds v1 request names gets a TODO above its
 * fence, in the document's own comment syntax, so the body is not left on v1 unsaid.
 */
import { parseTree, type Node as JsonNode } from "jsonc-parser";
import { V1_BODY_NAMES, V1_FORMAT_VALUES, V1_SETTINGS_NAMES } from "../mapping/api-requests.js";
import { DOCS } from "../mapping/docs.js";
import { shownBody } from "../mapping/messages.js";
import { TODO_TAG } from "../core/todo.js";
import type { Block } from "./blocks.js";

/** Where a body's scrape options stand besides its top level (a crawl's, a search's). */
const NESTED = ["scrapeOptions"];

/** The v1 request names an object holds, at its top level and in its scrape options. */
function v1Names(object: JsonNode | undefined, nested = true): string[] {
  if (object?.type !== "object") return [];
  const names: string[] = [];
  for (const property of object.children ?? []) {
    const [key, value] = property.children ?? [];
    const name = key?.value as string | undefined;
    if (!name) continue;
    if (V1_BODY_NAMES.has(name) || (V1_SETTINGS_NAMES.has(name) && value?.type === "object")) names.push(name);
    if (name === "formats" && value?.type === "array")
      for (const format of value.children ?? []) if (format.type === "string" && V1_FORMAT_VALUES.has(format.value)) names.push(JSON.stringify(format.value));
    if (nested && NESTED.includes(name)) names.push(...v1Names(value, false));
  }
  return [...new Set(names)];
}

/** The TODO line to put above a shown JSON block's fence, or null when it holds no v1 request name or has one. */
export function shownBodyTodo(path: string, text: string, block: Block): { start: number; line: string; message: string } | null {
  if (!/^jsonc?$/i.test(block.lang) || !block.lines.length) return null;
  const names = v1Names(parseTree(block.code, [], { allowTrailingComma: true, disallowComments: false }));
  if (!names.length) return null;
  // The fence's line: from the line end before the first line of code back to the line end before it.
  const first = block.lines[0]!.start;
  const eol = text.startsWith("\r\n", first - 2) ? "\r\n" : text[first - 1]!;
  const fenceEnd = first - eol.length;
  const start = Math.max(text.lastIndexOf("\n", fenceEnd - 1), text.lastIndexOf("\r", fenceEnd - 1)) + 1;
  const above =
    text
      .slice(Math.max(0, start - 2000), start)
      .split(/\r\n|\n|\r/)
      .at(-2) ?? "";
  if (above.includes(TODO_TAG)) return null;
  const indent = /^[ \t>]*/.exec(text.slice(start, fenceEnd))![0];
  const message = shownBody(names);
  const said = `${TODO_TAG} ${message} ${DOCS.migrate}`;
  // MDX has no HTML comments: a JSX expression holding a comment is its way of saying nothing.
  const comment = /\.mdx$/i.test(path) ? `{/* ${said} */}` : `<!-- ${said} -->`;
  return { start, line: `${indent}${comment}${eol}`, message };
}
