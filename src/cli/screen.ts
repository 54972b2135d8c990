/**
 * The cheap first look at every file, done before any transform is even loaded: a file too large to
 * touch is skipped, and a file whose bytes never spell "firecrawl" cannot reach the SDK (every way in
 * names the package), so it is unchanged without being decoded or parsed.
 */
import { closeSync, fstatSync, openSync, readSync, type Stats } from "node:fs";
import type { FileReport } from "./process-file.js";

export const MAX_BYTES = 2 * 1024 * 1024;
const NEEDLE = Buffer.from("firecrawl");
/** One buffer for every read: no per-file allocation, and no fstat, since a read that fills it is too large. */
const buffer = Buffer.allocUnsafe(MAX_BYTES + 1);

/** A file the screen let through: its bytes and its state when read, so it need not be read again. */
export interface Contents {
  readonly bytes: Buffer;
  readonly stat: Stats;
}

/**
 * Reads a file into the shared buffer; a file that mentions the SDK is copied out with its stat, the rest
 * (nearly every file of a large tree) cost no allocation and no fstat.
 */
export function screenFile(path: string): FileReport | Contents {
  const base = { path, changes: [], todos: [] };
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    return { ...base, status: "error", error: `cannot read: ${(error as Error).message}` };
  }
  try {
    // Synchronous on purpose: fs.promises.readFile makes several thread-pool round trips per file and
    // measured five times slower over a tree of small files.
    let length = 0;
    for (let n; length < buffer.length && (n = readSync(fd, buffer, length, buffer.length - length, null)) > 0; ) length += n;
    if (length > MAX_BYTES) return { ...base, status: "skipped", error: `larger than ${MAX_BYTES / 1024 / 1024} MB` };
    const bytes = buffer.subarray(0, length);
    if (bytes.indexOf(NEEDLE) === -1) return { ...base, status: "unchanged", screened: true };
    return { bytes: Buffer.from(bytes), stat: fstatSync(fd) };
  } catch (error) {
    return { ...base, status: "error", error: `cannot read: ${(error as Error).message}` };
  } finally {
    closeSync(fd);
  }
}

export function isSettled(outcome: FileReport | Contents): outcome is FileReport {
  return "status" in outcome;
}

/** Screens every file; `settled` gets the ones decided here, and the rest are returned for the transforms. */
export function screen(files: readonly string[], settled: (report: FileReport) => void): string[] {
  const candidates: string[] = [];
  for (const path of files) {
    const outcome = screenFile(path);
    if (isSettled(outcome)) settled(outcome);
    else candidates.push(path);
  }
  return candidates;
}
