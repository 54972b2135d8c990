/**
 * A package's own files as every part of the tool reads them: package.json's dependency fields, the
 * lockfiles of each JavaScript package manager, and the walk up the folders where they are looked for.
 * Kept free of heavy imports: the clean-tree guard reads it at every start.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

export const DEPENDENCY_FIELDS = ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"] as const;

export type Manifest = Partial<Record<(typeof DEPENDENCY_FIELDS)[number], Record<string, string>>> & { name?: string; version?: string; workspaces?: unknown };

/** A JSON file's content, or undefined when it cannot be read or parsed. */
export function readJson(path: string): Manifest | undefined {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as Manifest;
  } catch {
    return undefined;
  }
}

/** `dir` and every folder above it, nearest first. */
export function* foldersUp(dir: string): Generator<string> {
  for (let at = dir; ; at = dirname(at)) {
    yield at;
    if (dirname(at) === at) return;
  }
}

/** `dir` and the folders above it up to the root of its repository: a package.json above belongs to someone else. */
export function* upToRepositoryRoot(dir: string): Generator<string> {
  for (const at of foldersUp(dir)) {
    yield at;
    if (existsSync(join(at, ".git"))) return;
  }
}

/** Lockfiles by package manager, in the order a folder holding several is read. */
export const LOCKFILES = [
  { name: "pnpm-lock.yaml", manager: "pnpm" },
  { name: "yarn.lock", manager: "yarn" },
  { name: "bun.lock", manager: "bun" },
  { name: "bun.lockb", manager: "bun" },
  { name: "package-lock.json", manager: "npm" },
  { name: "npm-shrinkwrap.json", manager: "npm" },
] as const;

/**
 * The Python files that may pin firecrawl-py (project/package-sdk.ts reads them), nearest first: lockfiles
 * give the version installed, the rest a specifier. Kept here, beside the lockfiles, so naming them does not
 * load the version parsers.
 */
export const PY_LOCKFILES = ["uv.lock", "poetry.lock"];
export const PY_MANIFESTS = ["pyproject.toml", "Pipfile", "setup.cfg", "setup.py"];
