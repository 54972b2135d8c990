/** The TODO(firecrawl-v2) markers: the line a step writes above a statement, and finding the ones a text holds. */
import type { Edit } from "./edits.js";
import type { Source } from "./source.js";
import { indentAt, lineStart } from "./text.js";

export const TODO_TAG = "TODO(firecrawl-v2):";

/** A marker's message: what follows the tag, without the documentation link the codemod puts at its end. */
export function todoMessage(afterTag: string): string {
  return afterTag.trim().replace(/\s+https?:\/\/\S+$/, "");
}

/** A comment opener, then the tag: `// TODO(firecrawl-v2): ...`, `# ...` in Python, `/* ... *\/` in JSX, `<!-- ... -->` in Markdown. */
const MARKER = /(?:\/\/|\/\*|#|<!--)\s*TODO\(firecrawl-v2\):(.*?)(?:\*\/\}?|-->)?\s*$/;

/** The TODO(firecrawl-v2) markers in a text (JavaScript or Python comments), by 1-based line. */
export function todoMarkers(text: string): { line: number; message: string }[] {
  if (!text.includes(TODO_TAG)) return [];
  return text.split("\n").flatMap((line, i) => {
    const marker = MARKER.exec(line);
    return marker ? [{ line: i + 1, message: todoMessage(marker[1]!) }] : [];
  });
}

/**
 * A `// TODO(firecrawl-v2): ...` line (`#` in Python) above the statement that starts at `at`, unless the
 * comment lines right above it already say the same.
 */
export function todoEdit(source: Source, at: number, message: string, link: string, comment = "//"): Edit | null {
  const text = source.text;
  const start = lineStart(text, at);
  const line = `${comment} ${TODO_TAG} ${message} ${link}`;
  let scan = start;
  while (scan > 0) {
    const prevStart = lineStart(text, scan - 1);
    const above = text.slice(prevStart, scan).trim();
    if (!above.startsWith(comment)) break;
    if (above === line) return null;
    scan = prevStart;
  }
  return { start, end: start, text: `${indentAt(text, at)}${line}${source.eol}` };
}

/** Whether the comment lines right above the statement at `start` hold a TODO(firecrawl-v2) marker. */
export function underTodo(text: string, start: number, comment = "//"): boolean {
  return todosAbove(text, start, comment).length > 0;
}

/** The TODO markers among the comment lines right above `start`. */
export function todosAbove(text: string, start: number, comment = "//"): string[] {
  const lines = text.slice(0, text.lastIndexOf("\n", start - 1) + 1).split("\n");
  lines.pop();
  const found: string[] = [];
  for (let line = lines.pop(); line !== undefined; line = lines.pop()) {
    const trimmed = line.trim();
    if (!trimmed.startsWith(comment)) break;
    if (trimmed.includes(TODO_TAG)) found.push(trimmed);
  }
  return found;
}
