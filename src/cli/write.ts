/** The one way the CLI writes a file. */
import { randomBytes } from "node:crypto";
import { renameSync, rmSync, statSync, writeFileSync, type Stats } from "node:fs";
import { basename, dirname, join } from "node:path";

/** What is compared to tell a file changed since it was read, and the mode it keeps. */
export type FileStamp = Pick<Stats, "mtimeMs" | "size" | "mode">;

function sameFile(a: FileStamp, b: FileStamp): boolean {
  return a.mtimeMs === b.mtimeMs && a.size === b.size;
}

/** Temp file beside the target, then rename: a reader sees the old file or the new one, never half. */
export function writeAtomically(path: string, text: string, before: FileStamp): void {
  const now = statSync(path);
  if (!sameFile(now, before)) throw new Error("the file changed on disk during the run; it was left as it is now");
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(4).toString("hex")}.firecrawl-codemod.tmp`);
  try {
    writeFileSync(temp, text, { mode: before.mode & 0o7777 });
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
