/** Which tsconfig.json files the type-aware mode uses: kept apart from types.ts so finding none loads no compiler. */
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

const SKIPPED_DIRS = new Set(["node_modules", "dist", "build", "coverage", ".next", ".git"]);

/** The tsconfig.json files for these paths: the ones given, or those found in and above them. */
export function findTsconfigs(paths: readonly string[], given: readonly string[]): string[] {
  if (given.length) return given.map((p) => resolve(p));
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && !SKIPPED_DIRS.has(entry.name) && !entry.isSymbolicLink()) walk(join(dir, entry.name));
      else if (entry.isFile() && entry.name === "tsconfig.json") found.add(join(dir, entry.name));
    }
  };
  for (const path of paths) {
    const abs = resolve(path);
    const dir = statSync(abs).isDirectory() ? abs : dirname(abs);
    walk(dir);
    for (let up = dir; dirname(up) !== up; up = dirname(up)) {
      if (existsSync(join(up, "tsconfig.json"))) {
        found.add(join(up, "tsconfig.json"));
        break;
      }
    }
  }
  return [...found].sort();
}
