/**
 * What git says of the paths a run is given: which repository holds each, which files belong to it (git's
 * own view: .gitignore at every level, .git/info/exclude, the user's excludes, tracked files even when an
 * ignore pattern matches them, no descent into submodules), and which are uncommitted (the clean-tree guard,
 * as Next.js codemods have it: never rewrite changes a user has not committed).
 */
import { spawnSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { DEPENDENCY_FIELDS, LOCKFILES } from "../detect/manifests.js";

/** git's answer with its warnings, or the reason it gave none: its own message, or "not a repository". */
type Answer =
  { readonly ok: true; readonly out: string; readonly warnings: string } | { readonly ok: false; readonly noRepository: boolean; readonly message: string };

function git(args: readonly string[], cwd: string): Answer {
  // A listing of a large tree runs to megabytes: no cap on what git may say.
  const run = spawnSync("git", args, { cwd, encoding: "utf8", maxBuffer: Infinity });
  // No git on the machine: no path can be in a repository it could speak for.
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT") return { ok: false, noRepository: true, message: "git is not installed" };
  if (run.status === 0) return { ok: true, out: run.stdout, warnings: run.stderr };
  const message = (run.stderr || run.error?.message || `git ${args[0]} failed`).trim();
  return { ok: false, noRepository: /not a git repository/i.test(message), message };
}

/** The folder git is asked from for a path: the path itself when it is a folder, else the folder holding it. */
function folderOf(path: string): string {
  const target = resolve(path);
  return statSync(target, { throwIfNoEntry: false })?.isDirectory() ? target : dirname(target);
}

/** The root of the repository holding a path; null when none does; git's refusal ("dubious ownership") as an error. */
function repositoryRoot(path: string): { root: string | null } | { refusal: string } {
  const answer = git(["rev-parse", "--show-toplevel"], folderOf(path));
  if (answer.ok) return { root: answer.out.trim() };
  return answer.noRepository ? { root: null } : { refusal: answer.message };
}

/** The root of the repository holding a path, or null where none does (or git will not say). */
export function repositoryRootOf(path: string): string | null {
  const found = repositoryRoot(path);
  return "root" in found ? found.root : null;
}

/**
 * Uncommitted files under the given paths, checked in every path's own repository (a path outside any
 * repository says nothing of the others). When git cannot answer for a path it is in (another user's
 * repository, an unsupported format), the guard cannot vouch for it: that is a refusal, with git's words.
 */
export function guard(paths: readonly string[]): Guarded | { refusal: string } {
  const dirty = new Map<string, string>();
  const installing = new Set<string>();
  const unguarded: string[] = [];
  for (const path of paths) {
    const found = repositoryRoot(path);
    if ("refusal" in found) return { refusal: `${path}: git cannot tell whether it has uncommitted changes:\n${found.refusal}` };
    if (found.root === null) {
      unguarded.push(path);
      continue;
    }
    const status = git(["status", "--porcelain", "--", resolve(path)], found.root);
    if (!status.ok) return { refusal: `${path}: git cannot tell whether it has uncommitted changes:\n${status.message}` };
    const changed = status.out
      .split("\n")
      .filter(Boolean)
      .map((line) => ({ state: line.slice(0, 2), file: line.slice(3) }));
    // Installing the tool itself (npm i -D firecrawl-codemod) leaves package.json and its lockfile dirty:
    // that change cannot mix with the migration's, so it is let through and named.
    const manifests = changed
      .filter((c) => c.state.trim() === "M" && basename(c.file) === "package.json" && onlyAddsTool(found.root!, c.file))
      .map((c) => c.file);
    const folders = new Set(manifests.map((m) => dirname(m)));
    for (const { state, file } of changed) {
      const isLock = state.trim() === "M" && LOCKFILE_NAMES.has(basename(file)) && folders.has(dirname(file));
      if (manifests.includes(file) || isLock) installing.add(file);
      else dirty.set(file, stateOf(state));
    }
  }
  return { dirty: [...dirty.keys()], states: dirty, installing: [...installing], unguarded };
}

export interface Guarded {
  /** uncommitted files, as git names them from the repository's root */
  readonly dirty: string[];
  /** what git says of each dirty file, in words: modified, untracked, deleted, ... */
  readonly states: ReadonlyMap<string, string>;
  /** uncommitted, but only installing this tool (let through) */
  readonly installing: string[];
  /** the paths no repository holds: nothing guards them */
  readonly unguarded: string[];
}

/** `git status --porcelain`'s two letters as a word a user reads. */
function stateOf(xy: string): string {
  if (xy === "??") return "untracked";
  const letter = xy.trim()[0] ?? "M";
  return { M: "modified", A: "added", D: "deleted", R: "renamed", C: "copied", U: "conflicted", T: "type changed" }[letter] ?? "changed";
}

const TOOL = "firecrawl-codemod";
const LOCKFILE_NAMES: ReadonlySet<string> = new Set(LOCKFILES.map((l) => l.name));

/** Whether a package.json's uncommitted change does nothing but add this tool as a dependency. */
function onlyAddsTool(root: string, file: string): boolean {
  const committed = git(["show", `HEAD:${file}`], root);
  if (!committed.ok) return false;
  const withoutTool = (text: string) => {
    const manifest = JSON.parse(text) as Record<string, unknown>;
    for (const field of DEPENDENCY_FIELDS) {
      const deps = manifest[field] as Record<string, string> | undefined;
      if (!deps) continue;
      delete deps[TOOL];
      if (Object.keys(deps).length === 0) delete manifest[field];
    }
    return JSON.stringify(manifest);
  };
  try {
    const now = readFileSync(join(root, file), "utf8");
    return now.includes(`"${TOOL}"`) && withoutTool(now) === withoutTool(committed.out);
  } catch {
    return false;
  }
}

/**
 * A folder's files as git sees them (relative to it), and the folders git said it could not open; null
 * when no repository holds the folder or git will not answer for it (then the caller walks the folder).
 */
export function gitFiles(dir: string): { files: string[]; unreadable: { path: string; reason: string }[] } | null {
  const listed = git(["ls-files", "--cached", "--others", "--exclude-standard", "-z"], dir);
  if (!listed.ok) return null;
  // "could not open directory 'x/': Permission denied"; past PATH_MAX git cuts the line short, reason and all.
  const unreadable = [...listed.warnings.matchAll(/^warning: could not open directory '(.*)$/gm)].map((m) => {
    const [, path, reason] = /^(.*)': (.*)$/.exec(m[1]!) ?? [m[1]!, m[1]!, "git could not open it (its path is longer than git can show)"];
    return { path: path!.replace(/\/$/, ""), reason: /denied/i.test(reason!) ? "permission denied" : reason! };
  });
  return { files: listed.out.split("\0").filter(Boolean), unreadable };
}
