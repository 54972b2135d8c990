/**
 * Text-level helpers every language's steps share: where lines start, how the file indents, removing an item
 * from a list and a statement with its line. They work on offsets and {start, end} spans of the source text,
 * never on a parser's nodes.
 */
import type { Edit, Span } from "./edits.js";
import type { Source } from "./source.js";

/** Where the line holding an offset starts, after \n, \r\n or a lone \r. */
export function lineStart(text: string, offset: number): number {
  // Scans back only to the line break: lastIndexOf("\r") ran to the file's start in every file without one,
  // a cost per statement removed that grew with the file. From 0 as lastIndexOf counted (-1 looks at 0).
  for (let at = Math.max(offset - 1, 0); at >= 0; at--) {
    const code = text.charCodeAt(at);
    if (code === 10 || code === 13) return at + 1;
  }
  return 0;
}

export function indentAt(text: string, offset: number): string {
  const start = lineStart(text, offset);
  return /^[ \t]*/.exec(text.slice(start))![0];
}

/** One indentation step as the file uses it; `fallback` where no line of it is indented (the language's own habit). */
export function indentUnit(text: string, fallback = "  "): string {
  const m = /\n([ \t]+)\S/.exec(text);
  if (!m) return fallback;
  return m[1]!.startsWith("\t") ? "\t" : m[1]!.length >= 4 && !/\n {2}\S/.test(text) ? "    " : "  ";
}

/**
 * Removes one property (or element) from an object or array literal, with its separator and, when it
 * stands on lines of its own, those whole lines, so no blank line or dangling comma is left behind. The
 * container, its items and the item are spans of the text, from whichever parser found them (null: a hole in
 * a JavaScript array, `[a, , b]`).
 */
export function removeListItem(source: Source, container: Span, list: readonly (Span | null)[], item: Span): Edit {
  const text = source.text;
  const close = container.end - 1;
  if (list.length === 1) return { start: container.start + 1, end: close, text: "" };
  const index = list.findIndex((i) => i?.start === item.start);
  const next = list[index + 1];
  const prev = list[index - 1]!;
  const startLine = lineStart(text, item.start);
  const ownLine = text.slice(startLine, item.start).trim() === "" && (index === 0 || prev.end < startLine);
  const followedByNewline = text.slice(item.end, next ? next.start : close).includes("\n");
  if (ownLine && followedByNewline) {
    // Its own line, with a comment trailing on it; comment lines below it belong to the next item.
    const until = next ? text.indexOf("\n", item.end) + 1 : lineStart(text, close);
    if (!next && !/^\s*,/.test(text.slice(item.end, close))) {
      // The last item had no trailing comma, so the comma after the one before it goes too.
      const eol = until - (text[until - 2] === "\r" ? 2 : 1);
      return { start: text.indexOf(",", prev.end), end: eol, text: "" };
    }
    return { start: startLine, end: until, text: "" };
  }
  if (next) return { start: item.start, end: next.start, text: "" };
  return { start: prev.end, end: item.end, text: "" };
}

/** Removes a statement: with its whole line when it stands alone on it, else just its own text. */
export function removeStatement(source: Source, start: number, end: number): Edit {
  const text = source.text;
  const lineBegin = lineStart(text, start);
  const lineEnd = text.indexOf("\n", end);
  const alone = text.slice(lineBegin, start).trim() === "" && (lineEnd === -1 ? text.slice(end) : text.slice(end, lineEnd)).trim() === "";
  if (!alone) return { start, end, text: "" };
  const after = lineEnd === -1 ? text.length : lineEnd + 1;
  // Between two blank lines (or a blank line and the block's end), its lines go with one of them: no double
  // blank line, and no blank line left alone at the top or bottom of a block.
  // The line before starts before its line break, both characters of a CRLF: lineStart takes either for a break.
  const breakAt = text.startsWith("\r\n", lineBegin - 2) ? lineBegin - 2 : lineBegin - 1;
  const previous = lineStart(text, Math.max(breakAt, 0));
  const before = text.slice(previous, lineBegin);
  const next = /^[ \t]*\r?\n/.exec(text.slice(after));
  const closes = /^[ \t]*[}\]]/.test(text.slice(after));
  if (lineBegin > 0 && before.trim() === "" && (next || closes)) return { start: previous, end: after, text: "" };
  // First in its block (`try:`, `{`) with a blank line after: that line goes with it, or the block would open on it.
  if (next && /[:{][ \t]*\r?\n$/.test(before)) return { start: lineBegin, end: after + next[0].length, text: "" };
  return { start: lineBegin, end: after, text: "" };
}

/** `text` as a regular expression that matches it literally. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether `name` stands in `text` as a whole identifier, not inside a longer one (`$` and `_` count as letters). */
export function namesIdentifier(text: string, name: string): boolean {
  return new RegExp(`(?<![\\w$])${escapeRegExp(name)}(?![\\w$])`).test(text);
}
