/**
 * The cheap first look at every file, done before any transform is even loaded: a file whose bytes never
 * name Firecrawl in any case (core/mentions.ts) cannot reach the SDK or the API, so it is unchanged without being
 * decoded or parsed; one that does, but is too large to touch or is in an encoding the run would have to
 * re-encode (UTF-16 or UTF-32, told by its byte-order mark), is skipped and said so, so `check` cannot
 * pass over v1 code it never read.
 */
import { closeSync, fstatSync, openSync, readSync, type Stats } from "node:fs";
import { NAMES, PY_V1_METHOD_NAMES } from "../core/mentions.js";
import { languageOf } from "../core/language.js";
import type { FileReport } from "./file-report.js";

export const MAX_BYTES = 2 * 1024 * 1024;
/** A notebook is read whole up to this size (its outputs); MAX_BYTES applies to its cells' code. */
const MAX_NOTEBOOK_BYTES = 256 * 1024 * 1024;

/**
 * The names in one encoding, and their distinct last two characters ("wl", "WL"): one search for each tail
 * passes over nearly every file, and only where a tail shows are the bytes before it compared with the names.
 * Searching the three names in every file took a fifth of `check`'s time over the bench's 10,000 files
 * without Firecrawl (npm run bench). Buffer.indexOf runs fastest on a needle whose first byte is rare in
 * code: over those files "wl" and "WL" took 16 ms, "rawl" and "RAWL" 40 ms, the three names 100 ms.
 * "wl" is not that rare ("newline"): a twentieth of the files hold it, mostly large ones, and searching them
 * whole for the three names cost a fifth of the screen; the names ending at each tail cost a tenth of that.
 */
interface Needles {
  readonly names: readonly Buffer[];
  readonly tails: readonly Buffer[];
}

/** Each name in an encoding whose code units are `width` bytes, the character's byte at `at` of each. */
function spelled(width: number, at: number, names: readonly string[] = NAMES): Needles {
  const encode = (text: string) => Buffer.from([...text].flatMap((c) => Array.from({ length: width }, (_, i) => (i === at ? c.charCodeAt(0) : 0))));
  return { names: names.map(encode), tails: [...new Set(names.map((name) => name.slice(-2)))].map(encode) };
}

/** Encodings told by their byte-order mark; UTF-32LE's mark begins with UTF-16LE's, so it is tried first. */
const MARKED = [
  { encoding: "UTF-32LE", mark: Buffer.from([0xff, 0xfe, 0, 0]), needles: spelled(4, 0) },
  { encoding: "UTF-32BE", mark: Buffer.from([0, 0, 0xfe, 0xff]), needles: spelled(4, 3) },
  { encoding: "UTF-16LE", mark: Buffer.from([0xff, 0xfe]), needles: spelled(2, 0) },
  { encoding: "UTF-16BE", mark: Buffer.from([0xfe, 0xff]), needles: spelled(2, 1) },
] as const;
const UTF8_NEEDLES = spelled(1, 0);
/** A Python file's: the names, or a v1 client method's (PY_V1_METHOD_NAMES). */
const PY_NEEDLES = spelled(1, 0, [...NAMES, ...PY_V1_METHOD_NAMES]);
const pythonFile = (path: string) => path.endsWith(".py") || path.endsWith(".ipynb");

/** Whether `name` ends at `end` in `bytes`. */
function endsAt(bytes: Buffer, end: number, name: Buffer): boolean {
  const start = end - name.length;
  if (start < 0) return false;
  for (let k = 0; k < name.length; k++) if (bytes[start + k] !== name[k]) return false;
  return true;
}

/**
 * Whether a name ends at one of the places a tail shows. The screen's loops are indexed: they run cold, once a
 * file, and for...of in code V8 has not yet optimized allocates a result object each step (9% of the bytes
 * check allocated over the bench's 10,000 files without Firecrawl, with the walk's and the report order's).
 */
function mentions(bytes: Buffer, { tails, names }: Needles): boolean {
  for (let t = 0; t < tails.length; t++) {
    const tail = tails[t]!;
    for (let at = bytes.indexOf(tail); at !== -1; at = bytes.indexOf(tail, at + 1)) {
      const end = at + tail.length;
      for (let n = 0; n < names.length; n++) if (endsAt(bytes, end, names[n]!)) return true;
    }
  }
  return false;
}

/** One buffer for every read: no per-file allocation, and no fstat, since a read that fills it is too large. */
const buffer = Buffer.allocUnsafe(MAX_BYTES + 1);

/** A file the screen let through: its bytes and its state when read, so it need not be read again. */
export interface Contents {
  readonly bytes: Buffer;
  readonly stat: Stats;
}

/** Reads on into the buffer until a needle shows or the file ends; a needle may straddle two reads. */
function mentionedFurther(fd: number, needles: Needles, length: number): boolean {
  for (let filled = length; ;) {
    if (mentions(buffer.subarray(0, filled), needles)) return true;
    const keep = Math.max(...needles.names.map((n) => n.length)) - 1;
    buffer.copy(buffer, 0, filled - keep, filled);
    const n = readSync(fd, buffer, keep, buffer.length - keep, null);
    if (n === 0) return false;
    filled = keep + n;
  }
}

/**
 * No change and no TODO: one frozen array for the reports the screen settles, nearly every file of a large
 * tree. Two arrays, a base object and its spread for each took 6% of check's time over 100,000 files.
 */
const NONE: readonly never[] = Object.freeze([]);
const screened = (path: string): FileReport => ({ path, status: "unchanged", changes: NONE, todos: NONE, screened: true });

/**
 * Reads a file into the shared buffer; a file that mentions the SDK is copied out with its stat, the rest
 * (nearly every file of a large tree) cost no allocation and no fstat. `mentionNeeded` false is for files
 * the type checker found client calls in: they are read whether or not they name the SDK, under the same
 * limits.
 */
export function screenFile(path: string, mentionNeeded = true): FileReport | Contents {
  const base = { path, changes: NONE, todos: NONE };
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    return { ...base, status: "error", error: `cannot read: ${(error as Error).message}` };
  }
  try {
    // Synchronous on purpose: fs.promises.readFile makes several thread-pool round trips per file and
    // measured five times slower over a tree of small files. One read: a regular file's read comes back short
    // only at its end, so asking again for the end's zero bytes cost a system call per file for nothing (a
    // tenth of check's CPU over a tree of 10,000 files). A file let through is read to its size (letThrough).
    const length = readSync(fd, buffer, 0, buffer.length, null);
    // Every mark begins with 0xFF, 0xFE or 0: nearly every file is told apart by its first byte.
    const first = length > 1 ? buffer[0] : undefined;
    const marked =
      first === 0xff || first === 0xfe || first === 0 ? MARKED.find((m) => buffer.subarray(0, Math.min(length, m.mark.length)).equals(m.mark)) : undefined;
    const needles = marked?.needles ?? (pythonFile(path) ? PY_NEEDLES : UTF8_NEEDLES);
    if (length > MAX_BYTES && languageOf(path) === "notebook" && !marked) {
      // A notebook's bytes are mostly outputs: the limit is on its code (processFile asks), so it is read whole.
      const whole = readWhole(fd, length);
      if (!whole) return { ...base, status: "skipped", error: `larger than ${MAX_NOTEBOOK_BYTES / 1024 / 1024} MB` };
      if (mentionNeeded && !mentions(whole, needles)) return screened(path);
      return { bytes: whole, stat: fstatSync(fd) };
    }
    if (length > MAX_BYTES) {
      if (mentionNeeded && !mentionedFurther(fd, needles, length)) return { ...base, status: "unchanged" };
      return { ...base, status: "skipped", error: `larger than ${MAX_BYTES / 1024 / 1024} MB` };
    }
    const bytes = buffer.subarray(0, length);
    if (mentionNeeded && !mentions(bytes, needles)) return screened(path);
    if (marked) return { ...base, status: "skipped", error: `${marked.encoding} text; left as it is rather than re-encoded` };
    return letThrough(fd, path, length);
  } catch (error) {
    return { ...base, status: "error", error: `cannot read: ${(error as Error).message}` };
  } finally {
    closeSync(fd);
  }
}

/**
 * A file the screen let through, its bytes copied out of the buffer. Read on to its size should the one read
 * have come back short of its end (a network or FUSE file system may), since these are the bytes a run
 * writes back changed.
 */
function letThrough(fd: number, path: string, length: number): FileReport | Contents {
  const stat = fstatSync(fd);
  for (let n; length < stat.size && length < buffer.length && (n = readSync(fd, buffer, length, buffer.length - length, null)) > 0;) length += n;
  if (length > MAX_BYTES) return { path, changes: NONE, todos: NONE, status: "skipped", error: `larger than ${MAX_BYTES / 1024 / 1024} MB` };
  return { bytes: Buffer.from(buffer.subarray(0, length)), stat };
}

/** A notebook's whole bytes, the buffer's first `length` and the rest of the file; null past MAX_NOTEBOOK_BYTES. */
function readWhole(fd: number, length: number): Buffer | null {
  const size = fstatSync(fd).size;
  if (size > MAX_NOTEBOOK_BYTES) return null;
  const whole = Buffer.allocUnsafe(Math.max(size, length));
  buffer.copy(whole, 0, 0, length);
  let filled = length;
  for (let n; filled < whole.length && (n = readSync(fd, whole, filled, whole.length - filled, null)) > 0;) filled += n;
  return whole.subarray(0, filled);
}

export function isSettled(outcome: FileReport | Contents): outcome is FileReport {
  return "status" in outcome;
}

/**
 * Screens every file; `settled` gets the ones decided here, and the rest are returned for the transforms,
 * with their bytes in all (what the default count of workers weighs).
 */
export function screen(files: readonly string[], settled: (report: FileReport) => void): { candidates: string[]; bytes: number } {
  const candidates: string[] = [];
  let bytes = 0;
  for (let i = 0; i < files.length; i++) {
    const path = files[i]!;
    const outcome = screenFile(path);
    if (isSettled(outcome)) settled(outcome);
    else {
      candidates.push(path);
      bytes += outcome.bytes.length;
    }
  }
  return { candidates, bytes };
}
