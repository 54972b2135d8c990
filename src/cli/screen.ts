/**
 * The cheap first look at every file, done before any transform is even loaded: a file whose bytes never
 * spell "firecrawl" cannot reach the SDK (every way in names the package), so it is unchanged without being
 * decoded or parsed; one that does, but is too large to touch or is in an encoding the run would have to
 * re-encode (UTF-16 or UTF-32, told by its byte-order mark), is skipped and said so, so `check` cannot
 * pass over v1 code it never read.
 */
import { closeSync, fstatSync, openSync, readSync, type Stats } from "node:fs";
import type { FileReport } from "./process-file.js";

export const MAX_BYTES = 2 * 1024 * 1024;
const NAME = "firecrawl";

/** "firecrawl" in an encoding whose code units are `width` bytes, the character's byte at `at` of each. */
const spelled = (width: number, at: number) => Buffer.from([...NAME].flatMap((c) => Array.from({ length: width }, (_, i) => (i === at ? c.charCodeAt(0) : 0))));

/** Encodings told by their byte-order mark; UTF-32LE's mark begins with UTF-16LE's, so it is tried first. */
const MARKED = [
  { encoding: "UTF-32LE", mark: Buffer.from([0xff, 0xfe, 0, 0]), needle: spelled(4, 0) },
  { encoding: "UTF-32BE", mark: Buffer.from([0, 0, 0xfe, 0xff]), needle: spelled(4, 3) },
  { encoding: "UTF-16LE", mark: Buffer.from([0xff, 0xfe]), needle: spelled(2, 0) },
  { encoding: "UTF-16BE", mark: Buffer.from([0xfe, 0xff]), needle: spelled(2, 1) },
] as const;
const UTF8_NEEDLE = Buffer.from(NAME);

/** One buffer for every read: no per-file allocation, and no fstat, since a read that fills it is too large. */
const buffer = Buffer.allocUnsafe(MAX_BYTES + 1);

/** A file the screen let through: its bytes and its state when read, so it need not be read again. */
export interface Contents {
  readonly bytes: Buffer;
  readonly stat: Stats;
}

/** Reads on into the buffer until the needle shows or the file ends; the needle may straddle two reads. */
function mentionedFurther(fd: number, needle: Buffer, length: number): boolean {
  for (let filled = length; ; ) {
    if (buffer.subarray(0, filled).indexOf(needle) !== -1) return true;
    const keep = needle.length - 1;
    buffer.copy(buffer, 0, filled - keep, filled);
    const n = readSync(fd, buffer, keep, buffer.length - keep, null);
    if (n === 0) return false;
    filled = keep + n;
  }
}

/**
 * Reads a file into the shared buffer; a file that mentions the SDK is copied out with its stat, the rest
 * (nearly every file of a large tree) cost no allocation and no fstat. `mentionNeeded` false is for files
 * the type checker found client calls in: they are read whether or not they name the SDK, under the same
 * limits.
 */
export function screenFile(path: string, mentionNeeded = true): FileReport | Contents {
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
    const marked = MARKED.find((m) => buffer.subarray(0, Math.min(length, m.mark.length)).equals(m.mark));
    const needle = marked?.needle ?? UTF8_NEEDLE;
    if (length > MAX_BYTES) {
      if (mentionNeeded && !mentionedFurther(fd, needle, length)) return { ...base, status: "unchanged" };
      return { ...base, status: "skipped", error: `larger than ${MAX_BYTES / 1024 / 1024} MB` };
    }
    const bytes = buffer.subarray(0, length);
    if (mentionNeeded && bytes.indexOf(needle) === -1) return { ...base, status: "unchanged", screened: true };
    if (marked) return { ...base, status: "skipped", error: `${marked.encoding} text; left as it is rather than re-encoded` };
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
