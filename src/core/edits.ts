/** A range text[start, end) of a source text, whichever parser (or none) found it. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** Whether a span lies within another (or is it). */
export function within(outer: Span, inner: Span): boolean {
  return inner.start >= outer.start && inner.end <= outer.end;
}

/** A replacement of text[start, end) by `text`; an insertion has start === end. */
export interface Edit extends Span {
  readonly text: string;
}

/**
 * Applies edits made against one text. Insertions at the same offset keep the order they were made in;
 * identical edits count once, and overlapping replacements are a bug in a transform, not something to guess about.
 */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  const sorted = edits.map((edit, order) => ({ edit, order })).sort((a, b) => a.edit.start - b.edit.start || a.edit.end - b.edit.end || a.order - b.order);
  let out = "";
  let at = 0;
  let previous: Edit | null = null;
  for (const { edit } of sorted) {
    // Two steps of one transform may reach the same node; the same edit twice is one edit.
    if (previous && previous.start === edit.start && previous.end === edit.end && previous.text === edit.text) continue;
    if (edit.start < at) {
      throw new Error(`overlapping edits at offset ${edit.start}: ${JSON.stringify(text.slice(previous!.start, at))} and ${JSON.stringify(edit.text)}`);
    }
    previous = edit;
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + text.slice(at);
}

/** Where an offset of the old text lands once the edits are applied. */
export function mapOffset(offset: number, edits: readonly Edit[]): number {
  let shift = 0;
  for (const edit of edits) {
    if (edit.end <= offset && !(edit.start === edit.end && edit.start === offset)) {
      shift += edit.text.length - (edit.end - edit.start);
    } else if (edit.start < offset && offset < edit.end) {
      return edit.start + shift;
    }
  }
  return offset + shift;
}

/** Where an offset of the new text came from in the old one (inserted text maps to its insertion point). */
export function unmapOffset(offset: number, edits: readonly Edit[]): number {
  return unmap(offset, edits, false);
}

/**
 * Where the end of a range of the new text came from in the old one: as unmapOffset, except that an end
 * where an edit starts stays before that edit, and the end of an edit's new text maps to the end of what it replaced.
 */
export function unmapEnd(offset: number, edits: readonly Edit[]): number {
  return unmap(offset, edits, true);
}

function unmap(offset: number, edits: readonly Edit[], isEnd: boolean): number {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let shift = 0;
  for (const edit of sorted) {
    const newStart = edit.start + shift;
    const newEnd = newStart + edit.text.length;
    if (offset < newStart || (isEnd && offset === newStart)) break;
    if (offset < newEnd) return edit.start;
    if (isEnd && offset === newEnd) return edit.end;
    shift += edit.text.length - (edit.end - edit.start);
  }
  return offset - shift;
}
