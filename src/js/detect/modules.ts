/**
 * Where a project's own import leads, found without the type checker: a relative specifier, or one that the
 * nearest tsconfig's `paths`/`baseUrl` maps (read with get-tsconfig, which follows `extends`), tried with
 * the extensions and index files TypeScript's resolution tries, including the ESM habit of importing
 * `./x.js` for `./x.ts`. A package from node_modules is never resolved: the SDK's own imports are known by
 * name, and other packages cannot hold the project's clients. Answers are remembered for the process, as a
 * run or a lint pass asks about the same modules from many files.
 */
import { dirname, extname, join, resolve } from "node:path";
import { createPathsMatcher, getTsconfig, type Cache } from "get-tsconfig";
import { statIfAny } from "../../core/stat.js";
import { isDeclaration, JAVASCRIPT_EXTENSIONS, TYPESCRIPT_EXTENSIONS } from "../../core/language.js";

const EXTENSIONS = [...TYPESCRIPT_EXTENSIONS, ...JAVASCRIPT_EXTENSIONS].map((e) => `.${e}`);
/** The source an emitted extension stands for, as TypeScript maps it. */
const SOURCE_OF: Record<string, readonly string[]> = { ".js": [".ts", ".tsx"], ".jsx": [".tsx"], ".mjs": [".mts"], ".cjs": [".cts"] };

const tsconfigCache: Cache = new Map();
const matchers = new Map<string, ((specifier: string) => string[]) | null>();
const files = new Map<string, boolean>();

function isFile(path: string): boolean {
  let known = files.get(path);
  if (known === undefined) {
    known = statIfAny(path)?.isFile() ?? false;
    files.set(path, known);
  }
  return known;
}

/** The file a path names, as TypeScript would complete it. */
function completed(path: string): string | undefined {
  const extension = extname(path);
  const candidates = [
    ...(EXTENSIONS.includes(extension) ? [path, ...(SOURCE_OF[extension] ?? []).map((e) => path.slice(0, -extension.length) + e)] : []),
    ...EXTENSIONS.map((e) => path + e),
    ...EXTENSIONS.map((e) => join(path, `index${e}`)),
  ];
  return candidates.find(isFile);
}

/** The nearest tsconfig's (or jsconfig's) paths mapping for files in `dir`, when it has one. */
function pathsMatcher(dir: string): ((specifier: string) => string[]) | null {
  let matcher = matchers.get(dir);
  if (matcher === undefined) {
    let config = null;
    try {
      config = getTsconfig(dir, "tsconfig.json", tsconfigCache) ?? getTsconfig(dir, "jsconfig.json", tsconfigCache);
    } catch {
      // An unreadable tsconfig maps nothing; relative imports still resolve.
    }
    matcher = config && createPathsMatcher(config);
    matchers.set(dir, matcher);
  }
  return matcher;
}

/** Declarations and installed packages hold no client instances of the project. */
const isProjectSource = (path: string) => !path.includes("/node_modules/") && !isDeclaration(path);

/**
 * The project source file an import specifier in `from` resolves to, or undefined (a package, a
 * declaration file, or nothing there).
 */
export function resolveImport(from: string, specifier: string): string | undefined {
  // Every file of a folder asks for the same few modules: completing a specifier builds a score of candidate paths.
  const key = `${dirname(from)}\0${specifier}`;
  if (resolved.has(key)) return resolved.get(key);
  const found = resolveFrom(from, specifier);
  resolved.set(key, found);
  return found;
}

/** Answers by folder and specifier, for the process, as `files` keeps what exists. */
const resolved = new Map<string, string | undefined>();

function resolveFrom(from: string, specifier: string): string | undefined {
  const relative = specifier.startsWith("./") || specifier.startsWith("../") || specifier === "." || specifier === "..";
  const candidates = relative ? [resolve(dirname(from), specifier)] : (pathsMatcher(dirname(resolve(from)))?.(specifier) ?? []);
  for (const candidate of candidates) {
    const found = completed(candidate);
    if (found && isProjectSource(found)) return found;
  }
  return undefined;
}
