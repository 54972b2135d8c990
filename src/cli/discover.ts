/**
 * Which files a run looks at: the files and folders named, minus what `.gitignore` files at any level
 * ignore, minus the folders no one wants migrated (dependencies, build output), minus declaration files.
 * Symbolic links are never followed, so a link loop cannot trap the walk.
 */
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import ignore, { type Ignore } from "ignore";

export const DEFAULT_EXTENSIONS = ["js", "jsx", "mjs", "cjs", "ts", "tsx", "mts", "cts", "py", "ipynb"] as const;
const SKIPPED_DIRS = new Set(["node_modules", "dist", "build", "coverage", ".next", ".git"]);
const DECLARATION = /\.d\.[cm]?ts$/;

export interface DiscoverOptions {
  readonly extensions: readonly string[];
  /** gitignore-style patterns from --ignore, relative to each path given */
  readonly ignore: readonly string[];
}

export interface Discovery {
  readonly files: string[];
  /** tsconfig.json files met on the way (not ignored), for the type-aware mode */
  readonly tsconfigs: string[];
  /** paths given that do not exist */
  readonly missing: string[];
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
  return stack.length > 0 && stack.some(({ base, rules }) => {
    const rel = relative(base, path).split(sep).join("/");
    return rel !== "" && !rel.startsWith("..") && rules.ignores(isDir ? `${rel}/` : rel);
  });
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

export function discover(paths: readonly string[], options: DiscoverOptions): Discovery {
  const extensions = new Set(options.extensions.map((e) => e.replace(/^\./, "")));
  const wanted = (file: string) => extensions.has(file.slice(file.lastIndexOf(".") + 1)) && !DECLARATION.test(file);
  const files = new Set<string>();
  const tsconfigs: string[] = [];
  const missing: string[] = [];

  const walk = (dir: string, stack: readonly Rules[]) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    // Only a folder whose listing shows a .gitignore pays for reading one.
    const own = entries.some((e) => e.name === ".gitignore" && e.isFile()) ? gitignoreOf(dir) : null;
    const rules = own ? [...stack, own] : stack;
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isSymbolicLink()) continue;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name) && !isIgnored(path, true, rules)) walk(path, rules);
      } else if (entry.isFile() && wanted(entry.name) && !isIgnored(path, false, rules)) {
        files.add(path);
      } else if (entry.isFile() && entry.name === "tsconfig.json" && !isIgnored(path, false, rules)) {
        tsconfigs.push(path);
      }
    }
  };

  for (const given of paths) {
    const path = resolve(given);
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (!stat) {
      missing.push(given);
      continue;
    }
    const user: Rules[] = options.ignore.length ? [{ base: stat.isDirectory() ? path : resolve(path, ".."), rules: ignore().add([...options.ignore]) }] : [];
    if (stat.isDirectory()) walk(path, [...ancestorRules(path), ...user]);
    // A file named outright is taken unless the user's own --ignore says otherwise.
    else if (stat.isFile() && wanted(path) && !isIgnored(path, false, user)) files.add(path);
  }
  return { files: [...files], tsconfigs, missing };
}
