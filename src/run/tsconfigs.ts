/** Which tsconfig.json files the type-aware mode uses: kept apart from the type checker (js/checker/) so finding none loads no compiler. */
import { existsSync } from "node:fs";
import { statIfAny } from "../core/stat.js";
import { dirname, join, resolve } from "node:path";

/**
 * The ones given with --project; else those discovery met under the paths, plus the nearest one above
 * each path within its package (a tsconfig beyond the nearest package.json belongs to another package).
 */
export function findTsconfigs(paths: readonly string[], given: readonly string[], found: readonly string[]): string[] {
  if (given.length) return given.map((p) => resolve(p));
  const all = new Set(found);
  // Thousands of named files share a few folders: each folder's search is done once.
  const searched = new Set<string>();
  for (const path of paths) {
    const abs = resolve(path);
    // A path the system will not describe (a link loop, an ancestor the user cannot traverse) was reported
    // as skipped by discovery: it holds no file of the run, so it has no tsconfig to look for.
    const stat = statIfAny(abs);
    if (!stat) continue;
    const start = stat.isDirectory() ? abs : dirname(abs);
    if (searched.has(start)) continue;
    searched.add(start);
    for (let dir = start; dirname(dir) !== dir; dir = dirname(dir)) {
      if (existsSync(join(dir, "tsconfig.json"))) {
        all.add(join(dir, "tsconfig.json"));
        break;
      }
      if (existsSync(join(dir, "package.json"))) break;
    }
  }
  return [...all].sort();
}
