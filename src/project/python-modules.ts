/**
 * A Python module's project, as files: the folder whose modules may import it, and the Python files there.
 * The project is the repository the module is in; outside one, the nearest folder whose manifest, lockfile or
 * requirements make it a package; else the folder the run was asked for that holds it. A file named on its own
 * outside all three has no project anyone can see: who imports it cannot be told.
 */
import { existsSync, readdirSync, type Dirent } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { statIfAny } from "../core/stat.js";
import { foldersUp, PY_LOCKFILES, PY_MANIFESTS } from "./manifests.js";

/** Folders no module of the project is in: dependencies, virtual environments, caches, build output. */
const NOT_THE_PROJECTS = new Set(["node_modules", "__pycache__", "site-packages", "dist", "build"]);
/** Past this many Python files the project is too large to read for one question: whether it imports a name is not told. */
const MOST_FILES = 5000;

const PACKAGE_FILES = [...PY_MANIFESTS, ...PY_LOCKFILES];

/** Whether a folder says it is a Python package: a manifest, a lockfile, or requirements. */
function isPackageFolder(dir: string): boolean {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return false;
  }
  return names.some((n) => PACKAGE_FILES.includes(n) || /^requirements.*\.txt$/.test(n));
}

/** How long a project's files, as read, stand: a run is over in less, a long-lived process (the library's) sees new ones after. */
const ANSWER_LIFETIME_MS = 30_000;

/** Answers about the project's files, by what was asked, with when each was found. */
export type Answers<T> = Map<string, { readonly value: T; readonly at: number }>;

/** An answer about the project's files by its key, found again only once ANSWER_LIFETIME_MS has passed. */
export function remembered<T>(answers: Answers<T>, key: string, find: () => T): T {
  const known = answers.get(key);
  if (known && Date.now() - known.at < ANSWER_LIFETIME_MS) return known.value;
  const value = find();
  answers.set(key, { value, at: Date.now() });
  return value;
}

const packageFolders: Answers<boolean> = new Map();

/**
 * Whether a folder is a package's, asked once a run: outside a repository every file asked it of each folder up to the
 * file system's root, /tmp's thousands of entries among them (1.8 s of a 6.2 s run over the 264 Python fixture inputs).
 */
const isPackageFolderKnown = (dir: string): boolean => remembered(packageFolders, dir, () => isPackageFolder(dir));

/** The folder the project of `file` spans, or undefined where no repository, package or folder of the run holds it. */
export function pythonProjectRoot(file: string, runPaths: readonly string[] = []): string | undefined {
  const dir = dirname(resolve(file));
  const ups = [...foldersUp(dir)];
  const repository = ups.find((at) => existsSync(join(at, ".git")));
  if (repository) return repository;
  const pkg = ups.find(isPackageFolderKnown);
  if (pkg) return pkg;
  // The folder named: the run's own idea of the project. A file named outright has none.
  return runPaths
    .map((p) => resolve(p))
    .filter((p) => statIfAny(p)?.isDirectory() && (dir === p || dir.startsWith(p.endsWith(sep) ? p : p + sep)))
    .sort((a, b) => a.length - b.length)[0];
}

const filesOf: Answers<readonly string[] | undefined> = new Map();

/**
 * The Python files and notebooks under `root`, the folders of no module left out, links not followed; undefined
 * past MOST_FILES, or where a folder cannot be read (a module there may import anything).
 */
export const pythonFilesUnder = (root: string): readonly string[] | undefined => remembered(filesOf, root, () => filesUnder(root));

function filesUnder(root: string): readonly string[] | undefined {
  const found: string[] = [];
  const walk = (dir: string): boolean => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return false;
    }
    // A virtual environment's folder holds its pyvenv.cfg: the installed packages are no module of the project.
    if (dir !== root && entries.some((e) => e.name === "pyvenv.cfg")) return true;
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (entry.name.startsWith(".") || NOT_THE_PROJECTS.has(entry.name)) continue;
        if (!walk(join(dir, entry.name))) return false;
      } else if (entry.isFile() && /\.(py|ipynb)$/.test(entry.name)) {
        found.push(join(dir, entry.name));
        if (found.length > MOST_FILES) return false;
      }
    }
    return true;
  };
  return walk(root) ? found : undefined;
}
