/**
 * Text-level helpers every language's steps share: where lines start, how the file indents, and removing a
 * statement with its line. They work on offsets of the source text, never on a parser's nodes.
 */
import type { Edit } from "./edits.js";
import type { Source } from "./source.js";

/** Where the line holding an offset starts, after \n, \r\n or a lone \r. */
export function lineStart(text: string, offset: number): number {
  return Math.max(text.lastIndexOf("\n", offset - 1), text.lastIndexOf("\r", offset - 1)) + 1;
}

export function indentAt(text: string, offset: number): string {
  const start = lineStart(text, offset);
  return /^[ \t]*/.exec(text.slice(start))![0];
}

/** One indentation step as the file uses it. */
export function indentUnit(text: string): string {
  const m = /\n([ \t]+)\S/.exec(text);
  if (!m) return "  ";
  return m[1]!.startsWith("\t") ? "\t" : m[1]!.length >= 4 && !/\n {2}\S/.test(text) ? "    " : "  ";
}

/** Removes a statement: with its whole line when it stands alone on it, else just its own text. */
export function removeStatement(source: Source, start: number, end: number): Edit {
  const text = source.text;
  const lineBegin = lineStart(text, start);
  const lineEnd = text.indexOf("\n", end);
  const alone = text.slice(lineBegin, start).trim() === "" && (lineEnd === -1 ? text.slice(end) : text.slice(end, lineEnd)).trim() === "";
  if (!alone) return { start, end, text: "" };
  return { start: lineBegin, end: lineEnd === -1 ? text.length : lineEnd + 1, text: "" };
}
