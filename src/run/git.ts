/**
 * What git says of the paths a run is given: which repository holds each, which files belong to it (git's
 * own view: .gitignore at every level, .git/info/exclude, the user's excludes, tracked files even when an
 * ignore pattern matches them, no descent into submodules), and which are uncommitted (the clean-tree guard,
 * as Next.js codemods have it: never rewrite changes a user has not committed).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { statIfAny } from "../core/stat.js";
import { basename, dirname, join, posix, relative, resolve, sep } from "node:path";
import { DEPENDENCY_FIELDS, LOCKFILES } from "../project/manifests.js";

/** git's answer with its warnings, or the reason it gave none: its own message, or "not a repository". */
type Answer =
  { readonly ok: true; readonly out: string; readonly warnings: string } | { readonly ok: false; readonly noRepository: boolean; readonly message: string };

/**
 * Whether git could find a repository from `cwd`: a `.git` there or in a folder above, or one GIT_DIR names.
 * Asking git costs a process (a tenth of a look over 10,000 files that no repository holds); where it cannot
 * find one, the answer is known. A `.git` that cannot be looked at is left for git to judge.
 */
function mayFindRepository(cwd: string): boolean {
  if (process.env.GIT_DIR) return true;
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    try {
      if (statSync(join(dir, ".git"), { throwIfNoEntry: false })) return true;
    } catch {
      return true;
    }
    if (dirname(dir) === dir) return false;
  }
}

function git(args: readonly string[], cwd: string): Answer {
  if (!mayFindRepository(cwd)) return { ok: false, noRepository: true, message: "not a git repository" };
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
  return statIfAny(target)?.isDirectory() ? target : dirname(target);
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
  // git is asked once per repository, for its root and for its status: a run given 20,000 file names (a
  // glob) asked twice per name, for minutes. The folders are walked up to the one holding `.git` (a folder,
  // or a worktree's or submodule's file), and git is asked from there.
  const roots = new Map<string, { root: string | null } | { refusal: string }>();
  const tops = new Map<string, string | null>();
  const byRoot = new Map<string, { given: string; path: string }[]>();
  const unguarded: string[] = [];
  for (const path of paths) {
    const folder = folderOf(path);
    // With GIT_DIR set, git's answer does not depend on the folders: asked as it always was.
    const top = process.env.GIT_DIR ? folder : holdingGit(folder, tops);
    if (top === null) {
      unguarded.push(path);
      continue;
    }
    if (!roots.has(top)) roots.set(top, repositoryRoot(top));
    const found = roots.get(top)!;
    if ("refusal" in found) return { refusal: `${path}: git cannot tell whether it has uncommitted changes:\n${found.refusal}` };
    if (found.root === null) {
      unguarded.push(path);
      continue;
    }
    const list = byRoot.get(found.root) ?? [];
    if (!list.length) byRoot.set(found.root, list);
    list.push({ given: path, path: resolve(path) });
  }
  for (const [root, given] of byRoot) {
    // -z: names as they are, not quoted (a quoted name would match no given path).
    const status = git(["status", "--porcelain", "-z", "--", ...pathspecs(given.map((g) => g.path))], root);
    if (!status.ok) return { refusal: `${given[0]!.given}: git cannot tell whether it has uncommitted changes:\n${status.message}` };
    const covered = coverage(
      root,
      given.map((g) => g.path),
    );
    const changed = entries(status.out).filter((c) => covered(c.file));
    const found = { root };
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

/** The nearest folder at or above `folder` that holds a `.git`, or null; each folder is looked at once. */
function holdingGit(folder: string, known: Map<string, string | null>): string | null {
  const seen: string[] = [];
  let found: string | null = null;
  for (let at = folder; ; at = dirname(at)) {
    const cached = known.get(at);
    if (cached !== undefined) {
      found = cached;
      break;
    }
    seen.push(at);
    if (existsSync(join(at, ".git"))) {
      found = at;
      break;
    }
    if (dirname(at) === at) break;
  }
  for (const at of seen) known.set(at, found);
  return found;
}

/** `git status --porcelain -z`'s entries; a rename's or copy's source follows it as a field of its own. */
function entries(out: string): { state: string; file: string }[] {
  const fields = out.split("\0");
  const found: { state: string; file: string }[] = [];
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    if (!field) continue;
    const state = field.slice(0, 2);
    found.push({ state, file: field.slice(3) });
    if (/[RC]/.test(state)) found.push({ state, file: fields[++i] ?? "" });
  }
  return found.filter((e) => e.file);
}

/** How many pathspecs one git command is given: beyond it, their folders, or else the whole repository (then filtered). */
const PATHSPECS = 200;

function pathspecs(paths: readonly string[]): string[] {
  if (paths.length <= PATHSPECS) return [...paths];
  const folders = [...new Set(paths.map(folderOf))];
  return folders.length <= PATHSPECS ? folders : [];
}

/**
 * Whether a path git's status names (relative to the root; a folder of untracked files ends in `/`) is one of
 * the given paths, is under one, or holds one.
 */
function coverage(root: string, paths: readonly string[]): (file: string) => boolean {
  // git names the root by its real path; a given path may reach it through a link. Asked once per folder.
  const folders = new Map<string, string>();
  const realFolder = (dir: string) => {
    if (!folders.has(dir)) {
      try {
        folders.set(dir, realpathSync(dir));
      } catch {
        folders.set(dir, dir);
      }
    }
    return folders.get(dir)!;
  };
  const real = (path: string) => join(realFolder(dirname(path)), basename(path));
  const given = new Set(paths.map((p) => relative(root, real(p)).split(sep).join("/")));
  if (given.has("")) return () => true;
  return (file) => {
    const path = file.replace(/\/$/, "");
    for (let at = path; at !== "."; at = posix.dirname(at)) if (given.has(at)) return true;
    return file.endsWith("/") && [...given].some((g) => g.startsWith(file));
  };
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
