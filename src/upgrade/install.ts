/**
 * `run --install`: the package manager's own command refreshes each lockfile the bump left behind (the
 * way `@next/codemod upgrade` installs what it bumped), so the repository installs as it did (`npm ci`,
 * `pnpm install --frozen-lockfile`, `yarn install --immutable`) on the new range.
 */
import { spawnSync } from "node:child_process";
import { dirname } from "node:path";
import type { LockRefresh } from "./bump.js";

export interface InstallOutcome {
  readonly lockfile: string;
  readonly command: string;
  readonly ok: boolean;
  /** why it failed: the manager's last words, or that it is not installed */
  readonly error?: string;
}

/** Runs each refresh command in its lockfile's folder, its output kept off stdout (a --json report goes there). */
export function refreshLockfiles(refreshes: readonly LockRefresh[]): InstallOutcome[] {
  return refreshes.flatMap(({ path, command }): InstallOutcome[] => {
    if (!command) return [];
    const [program, ...args] = command.split(" ");
    const result = spawnSync(program!, args, { cwd: dirname(path), encoding: "utf8", maxBuffer: 1 << 26 });
    if (result.error) return [{ lockfile: path, command, ok: false, error: `${program} could not be run: ${result.error.message}` }];
    if (result.status === 0) return [{ lockfile: path, command, ok: true }];
    const words = `${result.stderr ?? ""}${result.stdout ?? ""}`.trim().split("\n").slice(-5).join("\n");
    return [{ lockfile: path, command, ok: false, error: `exit code ${result.status}: ${words}` }];
  });
}
