/** What an upgrade changes: a manifest's SDK range or pins (package-json.ts, python-dependencies.ts) and the lockfiles to refresh. */
import type { Stats } from "node:fs";
import type { TextEncoding } from "../core/text-encoding.js";

export interface PackageBump {
  readonly path: string;
  readonly ranges: readonly { readonly dependency: string; readonly from: string; readonly to: string }[];
  readonly before: string;
  readonly after: string;
  /** as it was when read, so a write can tell whether it changed since */
  readonly stat: Stats;
  /** where the file is not UTF-8 (a UTF-16 requirements file): `after` is written back in it */
  readonly encoding?: TextEncoding;
}

/** A lockfile that needs its tool run again, and the command that does it (null: the tool that wrote it is unknown). */
export interface LockRefresh {
  readonly path: string;
  readonly command: string | null;
}
