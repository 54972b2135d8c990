/**
 * The unified diff `--dry` prints, in time near-linear in the file. Myers' algorithm (jsdiff's) costs the
 * file's length times the number of changed lines: one file with 20,000 migrated calls took minutes. Here
 * lines that occur once in each text anchor the alignment (patience diff, as git's --patience); only the
 * stretches between anchors, a few lines each in a migration, go to Myers, and a stretch that would need
 * more than MAX_EDITS edits is shown as replaced whole rather than searched for long. jsdiff still lays
 * the patch out, so it reads as before.
 */
import { relative } from "node:path";
import { printable } from "./printable.js";
import type { StructuredPatchHunk } from "diff";
import { diff } from "../core/diff-package.js";

interface Op {
  readonly kind: " " | "-" | "+";
  readonly line: string;
}

const CONTEXT = 3;
const MAX_EDITS = 1000;

/** Lines with their line ends; no empty last line for a text that ends with one. */
function linesOf(text: string): string[] {
  return text === "" ? [] : text.split(/(?<=\n)/).filter((line) => line !== "");
}

/**
 * Pairs of indexes [in a, in b] of the lines that occur exactly once in each, kept in an order both texts
 * agree on: the longest increasing run of b-indexes over the a-order, found by patience sorting.
 */
function anchors(a: readonly string[], b: readonly string[]): [number, number][] {
  const seen = new Map<string, { inA: number; atA: number; inB: number; atB: number }>();
  a.forEach((line, i) => {
    const entry = seen.get(line) ?? { inA: 0, atA: i, inB: 0, atB: -1 };
    entry.inA++;
    entry.atA = i;
    seen.set(line, entry);
  });
  b.forEach((line, j) => {
    const entry = seen.get(line);
    if (!entry) return;
    entry.inB++;
    entry.atB = j;
  });
  const pairs = [...seen.values()]
    .filter((e) => e.inA === 1 && e.inB === 1)
    .map((e) => [e.atA, e.atB] as [number, number])
    .sort((x, y) => x[0] - y[0]);
  // tops[k]: the pair ending the best run of length k + 1 found so far (smallest b-index); back: its predecessor.
  const tops: number[] = [];
  const back: number[] = [];
  pairs.forEach(([, atB], p) => {
    let low = 0;
    let high = tops.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (pairs[tops[middle]!]![1] < atB) low = middle + 1;
      else high = middle;
    }
    back[p] = low > 0 ? tops[low - 1]! : -1;
    tops[low] = p;
  });
  const chain: [number, number][] = [];
  for (let p = tops.length ? tops[tops.length - 1]! : -1; p !== -1; p = back[p]!) chain.push(pairs[p]!);
  return chain.reverse();
}

/** The ops turning a into b for a stretch with no anchors: Myers, bounded. */
function stretch(a: readonly string[], b: readonly string[], out: Op[]): void {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) out.push({ kind: " ", line: a[start++]! });
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const oldPart = a.slice(start, a.length - end);
  const newPart = b.slice(start, b.length - end);
  const changes = oldPart.length && newPart.length ? diff().diffArrays(oldPart, newPart, { maxEditLength: MAX_EDITS }) : undefined;
  if (changes) {
    for (const change of changes) for (const line of change.value) out.push({ kind: change.added ? "+" : change.removed ? "-" : " ", line });
  } else {
    for (const line of oldPart) out.push({ kind: "-", line });
    for (const line of newPart) out.push({ kind: "+", line });
  }
  for (const line of a.slice(a.length - end)) out.push({ kind: " ", line });
}

function align(a: readonly string[], b: readonly string[]): Op[] {
  const out: Op[] = [];
  let i = 0;
  let j = 0;
  for (const [x, y] of anchors(a, b)) {
    stretch(a.slice(i, x), b.slice(j, y), out);
    out.push({ kind: " ", line: a[x]! });
    i = x + 1;
    j = y + 1;
  }
  stretch(a.slice(i), b.slice(j), out);
  return out;
}

/** Hunks as jsdiff's structuredPatch makes them: changes less than two contexts apart share one. */
function hunksOf(ops: readonly Op[]): StructuredPatchHunk[] {
  const hunks: StructuredPatchHunk[] = [];
  // line numbers (1-based) in each text of the op at an index
  const oldAt: number[] = [];
  const newAt: number[] = [];
  for (let k = 0, o = 1, n = 1; k <= ops.length; k++) {
    oldAt.push(o);
    newAt.push(n);
    if (ops[k]?.kind !== "+") o++;
    if (ops[k]?.kind !== "-") n++;
  }
  for (let k = 0; k < ops.length;) {
    if (ops[k]!.kind === " ") {
      k++;
      continue;
    }
    const start = Math.max(k - CONTEXT, 0);
    let end = k;
    for (;;) {
      while (end < ops.length && ops[end]!.kind !== " ") end++;
      let run = 0;
      while (end + run < ops.length && ops[end + run]!.kind === " ") run++;
      if (end + run < ops.length && run <= 2 * CONTEXT) end += run;
      else {
        end += Math.min(run, CONTEXT);
        break;
      }
    }
    const lines: string[] = [];
    for (const op of ops.slice(start, end)) {
      if (op.line.endsWith("\n")) lines.push(op.kind + op.line.slice(0, -1));
      else lines.push(op.kind + op.line, "\\ No newline at end of file");
    }
    hunks.push({ oldStart: oldAt[start]!, oldLines: oldAt[end]! - oldAt[start]!, newStart: newAt[start]!, newLines: newAt[end]! - newAt[start]!, lines });
    k = end;
  }
  return hunks;
}

export function unifiedDiff(path: string, before: string, after: string): string {
  const name = relative(process.cwd(), path);
  const patch = diff().formatPatch({
    oldFileName: name,
    newFileName: name,
    oldHeader: "",
    newHeader: "",
    hunks: hunksOf(align(linesOf(before), linesOf(after))),
  });
  // jsdiff quotes an odd name in the ---/+++ lines as git does, but writes the Index line as it is.
  const index = `Index: ${name}`;
  return patch.startsWith(index) ? `Index: ${printable(name)}${patch.slice(index.length)}` : patch;
}
