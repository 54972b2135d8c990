/** The steps as jscodeshift transforms, so `jscodeshift -t` and codemod runners can use them as they are. */
import { packageSdk } from "../project/package-sdk.js";
import { runSteps, type Step, type TransformOptions } from "./pipeline.js";

export interface JscodeshiftFile {
  path: string;
  source: string;
}

/**
 * A step or a preset as a jscodeshift transform module's default export: `(file, api, options)` returning
 * the new source, or undefined when nothing changed so jscodeshift counts the file as unmodified.
 */
export function toJscodeshift(steps: readonly Step[]) {
  return function transformer(file: JscodeshiftFile, _api: unknown, options: TransformOptions = {}) {
    return runSteps(steps, file.path, file.source, { ...options, sdk: options.sdk ?? packageSdk(file.path) }).output ?? undefined;
  };
}
