/**
 * Where a report may go: never onto a file the run reads or may write. `run . --report a.ts` would migrate
 * a.ts and then replace it with JSON; `check . -o a.ts` would replace a source with the text report. Asked
 * after discovery and before anything is written, so a refusal leaves the tree as it was.
 */
import { realpathSync } from "node:fs";
import { statIfAny } from "../core/stat.js";
import { basename, dirname, resolve } from "node:path";
import { LOCKFILES, PY_LOCKFILES, PY_MANIFESTS, upToRepositoryRoot } from "../project/manifests.js";

/** Files a run may write beside the code it migrates: the SDK's ranges, pnpm's catalog, the lockfiles --install refreshes, Python's pins. */
const DEPENDENCY_FILES: ReadonlySet<string> = new Set([
  "package.json",
  "pnpm-workspace.yaml",
  ...LOCKFILES.map((l) => l.name),
  ...PY_MANIFESTS,
  ...PY_LOCKFILES,
  "Pipfile.lock",
]);

const isDependencyFile = (name: string) => DEPENDENCY_FILES.has(name) || /^requirements.*\.(?:txt|in)$/.test(name);

/** The path with its links resolved as far as it exists (a report file is often new). */
function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    try {
      return resolve(realpathSync(dirname(path)), basename(path));
    } catch {
      return resolve(path);
    }
  }
}

/** The same file by identity: a hard link or a link's target is the file itself. */
function sameFile(a: string, b: string): boolean {
  const [x, y] = [statIfAny(a), statIfAny(b)];
  return Boolean(x && y && x.dev === y.dev && x.ino === y.ino);
}

/**
 * Why the report cannot go to `path`, or undefined when it may: it is one of the inputs, or a package.json,
 * lockfile or Python manifest in a folder the inputs' package could be declared in (a run may update it, and
 * even a --dry run or check must not replace it).
 */
export function reportClash(path: string, inputs: readonly string[]): string | undefined {
  const target = real(path);
  const links = statIfAny(target)?.nlink ?? 0;
  // Only a file of the same name can be the same path; a hard link may have any name, so then every input is asked.
  const named = inputs.filter((input) => links > 1 || basename(input) === basename(target));
  if (named.some((input) => real(input) === target || sameFile(input, target))) return "it is one of the files the run reads";
  if (!isDependencyFile(basename(target))) return undefined;
  const folders = new Set<string>();
  for (const dir of new Set(inputs.map((input) => dirname(real(input))))) {
    for (const at of upToRepositoryRoot(dir)) {
      if (folders.has(at)) break;
      folders.add(at);
    }
  }
  return folders.has(dirname(target)) ? "it is a dependency file of the project the run may update" : undefined;
}
