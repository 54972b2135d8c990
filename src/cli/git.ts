/** The clean-tree guard, as Next.js codemods have it: never rewrite changes a user has not committed. */
import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import { dirname, resolve } from "node:path";

function git(args: readonly string[], cwd: string): string {
  return execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
}

/** Uncommitted files under the given paths, or null when they are not inside a git repository. */
export function dirtyFiles(paths: readonly string[]): string[] | null {
  const dirty = new Set<string>();
  for (const path of paths) {
    const target = resolve(path);
    const cwd = statSync(target, { throwIfNoEntry: false })?.isDirectory() ? target : dirname(target);
    let top: string;
    try {
      top = git(["rev-parse", "--show-toplevel"], cwd).trim();
    } catch {
      return null;
    }
    for (const line of git(["status", "--porcelain", "--", target], top).split("\n")) {
      if (line) dirty.add(line.slice(3));
    }
  }
  return [...dirty];
}
