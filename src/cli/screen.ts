/**
 * The cheap first look at every file, done before any transform is even loaded: a file too large to
 * touch is skipped, and a file whose bytes never spell "firecrawl" cannot reach the SDK (every way in
 * names the package), so it is unchanged without being decoded or parsed.
 */
import { closeSync, openSync, readSync } from "node:fs";
import type { FileReport } from "./process-file.js";

export const MAX_BYTES = 2 * 1024 * 1024;
const NEEDLE = Buffer.from("firecrawl");
/** One buffer for every read: no per-file allocation, and no fstat, since a read that fills it is too large. */
const buffer = Buffer.allocUnsafe(MAX_BYTES + 1);

function readInto(path: string): number {
  const fd = openSync(path, "r");
  try {
    let length = 0;
    for (let n; length < buffer.length && (n = readSync(fd, buffer, length, buffer.length - length, null)) > 0; ) length += n;
    return length;
  } finally {
    closeSync(fd);
  }
}
/** A report when the file is settled here, or null when it needs the transforms. */
function screenOne(path: string): FileReport | null {
  const base = { path, changes: [], todos: [] };
  let length: number;
  try {
    // Synchronous on purpose: fs.promises.readFile makes several thread-pool round trips per file and
    // measured five times slower over a tree of small files.
    length = readInto(path);
  } catch (error) {
    return { ...base, status: "error", error: `cannot read: ${(error as Error).message}` };
  }
  if (length > MAX_BYTES) return { ...base, status: "skipped", error: `larger than ${MAX_BYTES / 1024 / 1024} MB` };
  return buffer.subarray(0, length).indexOf(NEEDLE) === -1 ? { ...base, status: "unchanged" } : null;
}

/** Screens every file; `settled` gets the ones decided here, and the rest are returned for the transforms. */
export function screen(files: readonly string[], settled: (report: FileReport) => void): string[] {
  const candidates: string[] = [];
  for (const path of files) {
    const report = screenOne(path);
    if (report) settled(report);
    else candidates.push(path);
  }
  return candidates;
}
