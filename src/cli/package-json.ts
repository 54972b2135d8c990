/**
 * The dependency range: a changed file's nearest package.json that still asks for a v1 SDK (below 3) is
 * moved to the current v2 major, editing only the version string so the file keeps its layout. The search
 * stops at the root of the file's repository: a package.json above it belongs to someone else's tree.
 */
import { existsSync, readFileSync, statSync, type Stats } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { SDK_MODULES, V2_RANGE } from "../mapping/imports.js";

export interface PackageBump {
  readonly path: string;
  readonly ranges: readonly { readonly dependency: string; readonly from: string; readonly to: string }[];
  readonly before: string;
  readonly after: string;
  /** as it was when read, so a write can tell whether it changed since */
  readonly stat: Stats;
}

/** The package.json nearest above a folder, within its repository; `known` remembers the answer per folder, as files share them. */
function nearestPackageJson(dir: string, known: Map<string, string | null>): string | null {
  let found = known.get(dir);
  if (found === undefined) {
    const candidate = join(dir, "package.json");
    const top = dirname(dir) === dir || existsSync(join(dir, ".git"));
    found = existsSync(candidate) ? candidate : top ? null : nearestPackageJson(dirname(dir), known);
    known.set(dir, found);
  }
  return found;
}

/** A range whose major is 0-2, so it cannot resolve to a v2 SDK; open ranges (>=1) are left to the user. */
const V1_RANGE = /^[\^~=v]*\s*[0-2](?:\.|$)/;

export function packageBumps(changedFiles: readonly string[]): PackageBump[] {
  const known = new Map<string, string | null>();
  const paths = new Set(changedFiles.map((file) => nearestPackageJson(dirname(resolve(file)), known)).filter((p): p is string => p !== null));
  const bumps: PackageBump[] = [];
  for (const path of paths) {
    const stat = statSync(path);
    const before = readFileSync(path, "utf8");
    const ranges: PackageBump["ranges"][number][] = [];
    let after = before;
    for (const dependency of SDK_MODULES) {
      const pattern = new RegExp(`("${dependency.replace(/[/@.-]/g, "\\$&")}"\\s*:\\s*")([^"]+)(")`, "g");
      after = after.replace(pattern, (whole, open: string, range: string, close: string) => {
        if (!V1_RANGE.test(range.trim())) return whole;
        ranges.push({ dependency, from: range, to: V2_RANGE });
        return `${open}${V2_RANGE}${close}`;
      });
    }
    if (ranges.length) bumps.push({ path, ranges, before, after, stat });
  }
  return bumps;
}
