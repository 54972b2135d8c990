/** A path's state, for the questions that only want a yes or no. */
import { statSync, type Stats } from "node:fs";

/**
 * What the system says of a path (links followed), or undefined where it says nothing: missing, a file where
 * a folder was expected on the way (`logo.svg/index.ts`: ENOTDIR), a link loop, no permission, too long.
 */
export function statIfAny(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}
