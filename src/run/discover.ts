/**
 * Which files a run looks at: the files and folders named, minus what git leaves out of the repository,
 * minus the folders no one wants migrated (dependencies, build output), minus declaration files. Inside a
 * repository git's own list decides (its ignore rules, its tracked files, its submodule boundaries);
 * elsewhere, or where git will not answer, the folders are walked and `.gitignore` files read.
 * Symbolic links are never followed, so a link loop cannot trap the walk; one named outright is reported.
 * A folder that cannot be read, or a path too long for the system, is reported and the rest goes on.
 */
import { isDeclaration, JAVASCRIPT_EXTENSIONS, languageOf, PYTHON_EXTENSIONS, SHELL_EXTENSIONS, TYPESCRIPT_EXTENSIONS } from "../core/language.js";
import { existsSync, lstatSync, readdirSync, readFileSync, type Dirent, type Stats } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { createRequire } from "node:module";
import type { Ignore } from "ignore";
import { gitFiles } from "./git.js";
import { tempFileWriter } from "./write.js";

export const DEFAULT_EXTENSIONS = [...JAVASCRIPT_EXTENSIONS, ...TYPESCRIPT_EXTENSIONS, ...PYTHON_EXTENSIONS, ...SHELL_EXTENSIONS] as const;
const require = createRequire(import.meta.url);

/**
 * gitignore rules, loaded the first time a folder holds a .gitignore or --ignore is given: loading the
 * package took about 50 ms, a tenth of `check` over the bench's 10,000 files, whose folders hold none.
 */
const ignore = (): Ignore => (require("ignore") as () => Ignore)();
/**
 * Folders of installed dependencies and build output: Python's installed packages (a virtual environment's
 * site-packages, Debian's dist-packages, PEP 582's __pypackages__) are its node_modules, a library's code to upgrade,
 * not to migrate, even where a repository commits its virtual environment.
 */
const SKIPPED_DIRS = new Set(["node_modules", "dist", "build", "coverage", ".next", ".git", "site-packages", "dist-packages", "__pypackages__"]);

export interface DiscoverOptions {
  readonly extensions: readonly string[];
  /** gitignore-style patterns from --ignore, relative to each path given */
  readonly ignore: readonly string[];
  /** paths a glob pattern matched: unlike a path named outright, they answer to .gitignore files */
  readonly globbed?: ReadonlySet<string>;
  /** --docs: the Markdown and MDX documents in the folders too (one named outright is always taken) */
  readonly documents?: boolean;
  /** look for temp files left beside the files named outright (only a run that writes removes them) */
  readonly leftovers?: boolean;
}

export interface Discovery {
  readonly files: string[];
  /** tsconfig.json files met on the way (not ignored), for the type-aware mode */
  readonly tsconfigs: string[];
  /** paths given that do not exist */
  readonly missing: string[];
  /** paths that could not be looked at (unreadable folders, names too long, links named outright), and why */
  readonly skipped: { readonly path: string; readonly reason: string }[];
  /** temp files of earlier runs met on the way (write.ts decides which are leftovers) */
  readonly temps: string[];
}

interface Rules {
  readonly base: string;
  readonly rules: Ignore;
}

function gitignoreOf(dir: string): Rules | null {
  try {
    return { base: dir, rules: ignore().add(readFileSync(join(dir, ".gitignore"), "utf8")) };
  } catch {
    return null;
  }
}

function isIgnored(path: string, isDir: boolean, stack: readonly Rules[]): boolean {
  return (
    stack.length > 0 &&
    stack.some(({ base, rules }) => {
      const rel = relative(base, path).split(sep).join("/");
      return rel !== "" && !rel.startsWith("..") && rules.ignores(isDir ? `${rel}/` : rel);
    })
  );
}

/** The .gitignore files from the repository root (the nearest folder with .git) down to `dir`. */
function ancestorRules(dir: string): Rules[] {
  const chain: string[] = [];
  for (let at = dir; ; at = resolve(at, "..")) {
    chain.unshift(at);
    if (lstatSync(join(at, ".git"), { throwIfNoEntry: false })) break;
    if (resolve(at, "..") === at) return [];
  }
  return chain.slice(0, -1).flatMap((d) => gitignoreOf(d) ?? []);
}

/** Why a path could not be looked at, in the system's words. */
function reasonOf(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  return code === "ENAMETOOLONG" ? "the path is longer than the system allows" : code === "EACCES" || code === "EPERM" ? "permission denied" : message;
}

/** Relative paths in the walk's order (a folder's entries by name, depth first): "/" sorts before any character of a name. */
function inWalkOrder(paths: readonly string[]): string[] {
  return paths
    .map((path) => [path.replaceAll("/", "\0"), path] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, path]) => path);
}

export function discover(paths: readonly string[], options: DiscoverOptions): Discovery {
  const extensions = new Set(options.extensions.map((e) => e.replace(/^\./, "")));
  // Makefiles and Dockerfiles have no extension to name: they come with the shell scripts.
  const wanted = (file: string) =>
    (extensions.has(file.slice(file.lastIndexOf(".") + 1)) ||
      (extensions.has("sh") && languageOf(file) === "shell") ||
      (options.documents && languageOf(file) === "document")) &&
    !isDeclaration(file);
  const files = new Set<string>();
  const tsconfigs: string[] = [];
  const missing: string[] = [];
  const skipped: { path: string; reason: string }[] = [];
  const temps: string[] = [];

  /** A path's own state (a link is not followed): undefined when it does not exist, null when it cannot be asked (it is then skipped, with why). */
  const lstat = (path: string): Stats | undefined | null => {
    try {
      return lstatSync(path, { throwIfNoEntry: false });
    } catch (error) {
      skipped.push({ path, reason: reasonOf(error) });
      return null;
    }
  };

  /** A regular file met under a folder given: taken, noted as a tsconfig or a temp file, or passed over. */
  const meet = (path: string, name: string, rules: readonly Rules[]) => {
    if (tempFileWriter(name) !== null) temps.push(path);
    else if (wanted(name) && !isIgnored(path, false, rules)) files.add(path);
    else if (name === "tsconfig.json" && !isIgnored(path, false, rules)) tsconfigs.push(path);
  };

  const walk = (dir: string, stack: readonly Rules[]) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch (error) {
      skipped.push({ path: dir, reason: reasonOf(error) });
      return;
    }
    // Only a folder whose listing shows a .gitignore pays for reading one.
    const own = entries.some((e) => e.name === ".gitignore" && e.isFile()) ? gitignoreOf(dir) : null;
    const rules = own ? [...stack, own] : stack;
    // `dir` is resolved, so joining needs no normalizing: path.join cost a fifth of the walk over the bench's 10,000 files.
    const prefix = dir.endsWith(sep) ? dir : dir + sep;
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i]!;
      const path = prefix + entry.name;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name) && !isIgnored(path, true, rules)) walk(path, rules);
      } else if (entry.isFile()) meet(path, entry.name, rules);
    }
  };

  /** The files git lists under a folder of its repository; false when git gives no list. */
  const listed = (dir: string, user: readonly Rules[]): boolean => {
    const found = gitFiles(dir);
    if (!found) return false;
    const candidates = found.files.filter((rel) => {
      const parts = rel.split("/");
      const name = parts.pop()!;
      return (wanted(name) || name === "tsconfig.json" || tempFileWriter(name) !== null) && !parts.some((part) => SKIPPED_DIRS.has(part));
    });
    for (const rel of inWalkOrder(candidates)) {
      const path = join(dir, rel);
      // Links are not followed; a submodule is a folder here, and a deleted tracked file is gone.
      if (lstat(path)?.isFile()) meet(path, basename(rel), user);
    }
    skipped.push(...found.unreadable.map((u) => ({ path: join(dir, u.path), reason: u.reason })));
    return true;
  };

  // Thousands of files named outright (a glob the shell or we expanded) share a few folders: each folder's
  // .gitignore chain and temp files are looked up once, not once per file.
  const rulesAbove = memo(ancestorRules);
  const tempsIn = memo(tempFilesIn);
  for (const given of paths) {
    const matched = options.globbed?.has(given) ?? false;
    const path = resolve(given);
    const stat = lstat(path);
    if (stat === null) continue;
    if (!stat) {
      missing.push(given);
      continue;
    }
    if (stat.isSymbolicLink()) {
      skipped.push({ path, reason: "a symbolic link, and links are not followed; name what it points to instead" });
      continue;
    }
    const user: Rules[] = options.ignore.length ? [{ base: stat.isDirectory() ? path : resolve(path, ".."), rules: ignore().add([...options.ignore]) }] : [];
    if (!stat.isDirectory() && !stat.isFile()) {
      // Reading a FIFO waits for a writer, a device never ends: named outright, it is said why it was not read.
      skipped.push({ path, reason: `not a regular file (${kindOf(stat)}); left alone` });
      continue;
    }
    if (stat.isDirectory()) {
      if (!listed(path, user)) walk(path, [...ancestorRules(path), ...user]);
    } else if (
      stat.isFile() &&
      (wanted(path) || languageOf(path) === "document") &&
      !isIgnored(path, false, matched ? [...rulesAbove(dirname(path)), ...user] : user)
    ) {
      // A file named outright is taken unless the user's own --ignore says otherwise; one a pattern matched
      // also answers to the .gitignore files, as a file met in a folder does.
      files.add(path);
      if (options.leftovers) {
        const prefix = `.${basename(path)}.`;
        temps.push(...tempsIn(dirname(path)).filter((temp) => basename(temp).startsWith(prefix)));
      }
    }
  }
  return { files: [...files], tsconfigs, missing, skipped, temps };
}

/**
 * The paths given, with each glob pattern (`"src/**\/*.ts"`, quoted so the shell leaves it) that names no
 * existing path replaced by what it matches, as tinyglobby reads it; a pattern that matches nothing stays,
 * to be reported missing.
 */
export function expandGlobs(paths: readonly string[]): { given: string; matched: boolean }[] {
  // Loaded only for a pattern: most runs name folders, and every run pays for what start-up loads.
  const pattern = /[*?[\]{}!]/;
  return paths.flatMap((given): { given: string; matched: boolean }[] => {
    if (!pattern.test(given) || existsSync(given)) return [{ given, matched: false }];
    const { globSync, isDynamicPattern } = require("tinyglobby") as typeof import("tinyglobby");
    if (!isDynamicPattern(given)) return [{ given, matched: false }];
    const found = globSync(given, { onlyFiles: false, ignore: [...SKIPPED_DIRS].map((dir) => `**/${dir}/**`), expandDirectories: false }).sort();
    return found.length ? found.map((path) => ({ given: path, matched: true })) : [{ given, matched: false }];
  });
}

/** What a path that is neither a file nor a folder is. */
function kindOf(stat: Stats): string {
  return stat.isFIFO()
    ? "a named pipe"
    : stat.isCharacterDevice()
      ? "a character device"
      : stat.isBlockDevice()
        ? "a block device"
        : stat.isSocket()
          ? "a socket"
          : "not a file";
}

/** Temp files runs left in a folder while writing its files. */
function tempFilesIn(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => tempFileWriter(name) !== null)
      .map((name) => join(dir, name));
  } catch {
    return [];
  }
}

/** A function of a folder, asked once per folder. */
function memo<T>(of: (dir: string) => T): (dir: string) => T {
  const known = new Map<string, T>();
  return (dir) => {
    if (!known.has(dir)) known.set(dir, of(dir));
    return known.get(dir)!;
  };
}
