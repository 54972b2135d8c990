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

/** The last index of a sorted list whose key is at most `limit` (-1: none), by binary search. */
function lastAtMost<T>(sorted: readonly T[], key: (item: T) => number, limit: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (key(sorted[middle]!) <= limit) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

/** Below this many edits, a scan per offset costs less than building the lookups. */
const FEW_EDITS = 16;

/**
 * mapOffset for many offsets through one set of edits that applyEdits accepted (no overlapping replacements):
 * the same answers, each by binary search instead of a scan of every edit. A file's changes were each
 * mapped through every edit, a cost that grew with the square of the changes in one file.
 */
export function offsetMapper(edits: readonly Edit[]): (offset: number) => number {
  if (edits.length < FEW_EDITS) return (offset) => mapOffset(offset, edits);
  const ends = edits.map((e) => ({ end: e.end, delta: e.text.length - (e.end - e.start) })).sort((a, b) => a.end - b.end);
  const shifted: number[] = [];
  ends.reduce((sum, e) => (shifted.push(sum + e.delta), sum + e.delta), 0);
  const inserted = new Map<number, number>();
  for (const e of edits) if (e.start === e.end) inserted.set(e.start, (inserted.get(e.start) ?? 0) + e.text.length);
  const replaced = edits.filter((e) => e.end > e.start).sort((a, b) => a.start - b.start);
  return (offset) => {
    // Inside a replacement (rare): the scan, which says where in it.
    const holder = replaced[lastAtMost(replaced, (e) => e.start, offset - 1)];
    if (holder && holder.end > offset) return mapOffset(offset, edits);
    const before = lastAtMost(ends, (e) => e.end, offset);
    return offset + (before < 0 ? 0 : shifted[before]!) - (inserted.get(offset) ?? 0);
  };
}

/**
 * unmapOffset and unmapEnd for many offsets through one set of edits: the same answers by binary search,
 * where the edits' new ranges follow one another (edits applyEdits accepted, none given twice); else the scan.
 */
export function offsetUnmapper(edits: readonly Edit[]): { offset(offset: number): number; end(offset: number): number } {
  const scan = { offset: (offset: number) => unmapOffset(offset, edits), end: (offset: number) => unmapEnd(offset, edits) };
  if (edits.length < FEW_EDITS) return scan;
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const placed: { edit: Edit; newStart: number; newEnd: number; shiftAfter: number }[] = [];
  let shift = 0;
  for (const edit of sorted) {
    const newStart = edit.start + shift;
    shift += edit.text.length - (edit.end - edit.start);
    placed.push({ edit, newStart, newEnd: newStart + edit.text.length, shiftAfter: shift });
  }
  if (placed.some((p, i) => i > 0 && p.newStart < placed[i - 1]!.newEnd)) return scan;
  const unmapped = (offset: number, isEnd: boolean) => {
    // The edits the scan passes before it stops: those starting (in the new text) before the offset, or at it for a start.
    const last = lastAtMost(placed, (p) => p.newStart, isEnd ? offset - 1 : offset);
    if (last < 0) return offset;
    const { edit, newEnd, shiftAfter } = placed[last]!;
    if (offset < newEnd) return edit.start;
    if (isEnd && offset === newEnd) return edit.end;
    return offset - shiftAfter;
  };
  return { offset: (offset) => unmapped(offset, false), end: (offset) => unmapped(offset, true) };
}
