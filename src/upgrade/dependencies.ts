/**
 * The dependency files after a run: the JavaScript SDK's range (package-json.ts), a Deno import map's pin
 * (import-map.ts), firecrawl-py's pins (python-dependencies.ts), the lockfiles they leave behind, and with --install their refresh (install.ts).
 * Loaded only when a run changed files: a tree with nothing to migrate never reads a manifest.
 */
import { isPython, languageOf } from "../core/language.js";
import { refreshLockfiles, type InstallOutcome } from "./install.js";
import { lockRefreshes, packageBumps, SDK_RELEASE, type DependencyNote } from "./package-json.js";
import type { LockRefresh, PackageBump } from "./bump.js";
import { pythonBumps } from "./python-dependencies.js";
import { importMapBumps } from "./import-map.js";
import { writeAtomically } from "../run/write.js";
import { encodeText } from "../core/text-encoding.js";

export interface DependencyUpdate {
  readonly bumps: readonly PackageBump[];
  readonly lockfiles: readonly LockRefresh[];
  readonly installs: readonly InstallOutcome[];
  /** bumps that could not be written, and why */
  readonly failures: readonly { readonly path: string; readonly error: string }[];
  /** dependency files passed over, and why (not valid JSON, an SDK from a git URL or a tarball) */
  readonly notes: readonly DependencyNote[];
}

export function updateDependencies(
  changed: readonly string[],
  { release = SDK_RELEASE, write, install, paths }: { release?: string; write: boolean; install: boolean; paths: readonly string[] },
): DependencyUpdate {
  // package.json speaks for the JavaScript SDK, requirements and pyproject for the Python one. A document's
  // snippets run nowhere: showing v2 code asks nothing of the package's dependency.
  const code = changed.filter((path) => languageOf(path) !== "document");
  const python = pythonBumps(code.filter((path) => isPython(languageOf(path))));
  const javascript = code.filter((path) => !isPython(languageOf(path)));
  const { bumps: scripts, notes } = packageBumps(javascript, release, paths);
  const bumps = [...scripts, ...importMapBumps(javascript, release), ...python.bumps];
  const failures: { path: string; error: string }[] = [];
  if (write) {
    for (const bump of bumps) {
      try {
        writeAtomically(bump.path, bump.encoding ? encodeText(bump.after, bump.encoding) : bump.after, bump.stat);
      } catch (error) {
        failures.push({ path: bump.path, error: (error as Error).message });
      }
    }
  }
  const refreshes = lockRefreshes(scripts);
  // Only JavaScript's managers: a Python lock's tool (uv, poetry, pipenv) resolves against an index we do not vouch for.
  const installs = install && write ? refreshLockfiles(refreshes) : [];
  return { bumps, lockfiles: [...refreshes, ...python.lockfiles], installs, failures, notes };
}
