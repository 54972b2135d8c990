/**
 * The one way the CLI writes a file: a temp file beside the target (same file system, so the rename is
 * atomic), given the target's exact mode and, where the system permits, its owner, then renamed over it.
 *
 * A run killed between the two (SIGKILL, a power cut) leaves its temp file behind. The name carries the
 * writing process's id, so a later run can tell a leftover of a dead run from the file a live run is
 * writing, and removes it before it looks at the tree (see `removeLeftovers`).
 */
import { chmodSync, chownSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from "node:fs";
import { basename, dirname, join } from "node:path";

/** What is compared to tell a file changed since it was read, and what of it a rewrite keeps. */
export type FileStamp = Pick<Stats, "mtimeMs" | "size" | "mode" | "uid" | "gid">;

function sameFile(a: FileStamp, b: FileStamp): boolean {
  return a.mtimeMs === b.mtimeMs && a.size === b.size;
}

const TEMP_SUFFIX = ".firecrawl-codemod.tmp";
const TEMP_NAME = /^\..+\.(\d+)\.[0-9a-f]{8}\.firecrawl-codemod\.tmp$/;

/** Whether a file name is one of our temp files, and the id of the process that wrote it. */
export function tempFileWriter(name: string): number | null {
  const match = TEMP_NAME.exec(name);
  return match ? Number(match[1]) : null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists, it is someone else's.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Removes the temp files of runs that died mid-write; returns the ones removed. A live run's are left alone. */
export function removeLeftovers(paths: readonly string[]): string[] {
  return paths.filter((path) => {
    const pid = tempFileWriter(basename(path));
    if (pid === null || pid === process.pid || isAlive(pid)) return false;
    rmSync(path, { force: true });
    return true;
  });
}

/** The owner is kept where the system lets us; a user who may not give a file away keeps at least its group. */
function keepOwner(path: string, before: FileStamp): void {
  for (const [uid, gid] of [
    [before.uid, before.gid],
    [-1, before.gid],
  ] as const) {
    try {
      chownSync(path, uid, gid);
      return;
    } catch {
      // not permitted: the next, narrower attempt, else the running user's ownership stands
    }
  }
}

let random: Buffer | undefined;
let used = 0;

/**
 * 8 random hex digits, from a pool drawn 1 KB at a time: asking node:crypto for 4 bytes on each write was 1.3%
 * of a run's CPU. node:crypto is asked for here, not imported: every run loads this module (discovery names
 * temp files by it), and loading crypto was about 3 ms of a start that writes nothing.
 */
function randomHex(): string {
  if (!random || used === random.length) {
    random = process.getBuiltinModule("node:crypto").randomBytes(1024);
    used = 0;
  }
  return random.toString("hex", used, (used += 4));
}

/**
 * Temp file beside the target, then rename: a reader sees the old file or the new one, never half. A file
 * with several hard links is refused: the rename would give this name a new file and leave the other
 * names holding the v1 code, while writing in place would give up atomicity.
 */
export function writeAtomically(path: string, text: string | Buffer, before: FileStamp): void {
  const now = statSync(path);
  if (!sameFile(now, before)) throw new Error("the file changed on disk during the run; it was left as it is now");
  if (now.nlink > 1) throw new Error(`it has ${now.nlink} hard links, which a rewrite would split; it was left as it is (migrate a copy, then link it again)`);
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomHex()}${TEMP_SUFFIX}`);
  try {
    writeFileSync(temp, text, { mode: 0o600 });
    keepOwner(temp, before);
    // After the chown, which clears set-id bits, and not through writeFileSync's mode, which the umask trims.
    chmodSync(temp, before.mode & 0o7777);
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
