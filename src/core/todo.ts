/** The TODO(firecrawl-v2) markers: the line a step writes above a statement, and finding the ones a text holds. */
import type { Edit } from "./edits.js";
import type { Source } from "./source.js";
import { indentAt, lineStart } from "./text.js";
import { TODO_AND } from "../mapping/messages.js";

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
    // Back over the whole line break: from between \r and \n the line above would be taken for empty.
    const prevStart = lineStart(text, scan - (text.startsWith("\r\n", scan - 2) ? 2 : 1));
    const above = text.slice(prevStart, scan).trim();
    if (!above.startsWith(comment)) break;
    // A line that says this and goes on (TODO_AND) to say more about the statement says it already.
    if (above === line || above.startsWith(`${comment} ${TODO_TAG} ${message}${TODO_AND}`)) return null;
    scan = prevStart;
  }
  return { start, end: start, text: `${indentAt(text, at)}${line}${source.eol}` };
}

/** The comment lines right above the statement at `start`, nearest first, each with where it stands. */
function* commentLinesAbove(text: string, start: number, comment: string): Generator<{ start: number; end: number; trimmed: string }> {
  for (let end = text.lastIndexOf("\n", start - 1); end > 0;) {
    const begin = text.lastIndexOf("\n", end - 1) + 1;
    const line = text.slice(begin, end).replace(/\r$/, "");
    const trimmed = line.trim();
    if (!trimmed.startsWith(comment)) return;
    yield { start: begin, end: begin + line.length, trimmed };
    end = begin - 1;
  }
}

/** Where the comment lines right above the statement at `start` begin (`start` where there are none): a line put there stays out of them. */
export function commentsAboveStart(text: string, start: number, comment = "//"): number {
  let at = start;
  for (const line of commentLinesAbove(text, start, comment)) at = line.start;
  return at;
}

/** The TODO markers among the comment lines right above `start`. */
export function todosAbove(text: string, start: number, comment = "//"): string[] {
  return [...commentLinesAbove(text, start, comment)].filter((line) => line.trimmed.includes(TODO_TAG)).map((line) => line.trimmed);
}

/** A TODO marker line: where it stands in a text, and its message. */
export interface TodoLine {
  readonly start: number;
  readonly end: number;
  readonly message: string;
}

/** The TODO marker line nearest above the statement at `start`, among the comment lines right above it. */
export function nearestTodoAbove(text: string, start: number, comment = "//"): TodoLine | undefined {
  for (const line of commentLinesAbove(text, start, comment)) {
    const at = line.trimmed.indexOf(TODO_TAG);
    if (at !== -1) return { start: line.start, end: line.end, message: todoMessage(line.trimmed.slice(at + TODO_TAG.length)) };
  }
  return undefined;
}

/** The edit that adds `addition` to the message of the marker line `marker` (nearestTodoAbove), before its documentation link. */
export function joinTodo(text: string, marker: { start: number; end: number }, addition: string): Edit {
  const line = text.slice(marker.start, marker.end);
  const link = /\s+https?:\/\/\S+\s*$/.exec(line);
  const at = marker.start + (link ? link.index : line.trimEnd().length);
  return { start: at, end: at, text: addition };
}
