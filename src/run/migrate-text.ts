/**
 * One text through the steps of the language it is written in: Python files, notebooks, shell text,
 * documents and JavaScript/TypeScript, each through its own steps (the wing of a language other than
 * JavaScript loaded by preset.ts's readyFor). The CLI runs files through it, and the library's `migrate` runs text.
 */
import { isPython, languageOf, type SourceLanguage } from "../core/language.js";
import type { Result } from "../core/pipeline.js";
import { packageSdk, pythonPackageSdk } from "../project/package-sdk.js";
import type { TypeFacts } from "../js/detect/sdk.js";
import type { Parsed, Step, TransformOptions } from "../js/pipeline.js";
import type { PyStep } from "../python/pipeline.js";
import type { BodyFiles } from "../shell/requests.js";
import { wing } from "./preset.js";

/** The steps of each language, and the options every step gets. */
export interface MigrateOptions extends TransformOptions {
  /** the names of the steps to run, in each language's preset order; all of them without it */
  readonly transforms?: readonly string[];
  /** JavaScript's steps, where the caller gives its own (by default the preset's with those names); the shell's are those of them it has */
  readonly steps?: readonly Step[];
  /** Python's steps, likewise */
  readonly pythonSteps?: readonly PyStep[];
}

/** What a caller knows of a text beyond its path. */
export interface TextContext {
  /** what the type checker found in it (the type-aware mode) */
  readonly types?: TypeFacts;
  /**
   * what the text is written in where the path does not say it: a document's code block is migrated in its
   * own language under the document's path, a shell block with the JSON blocks it sends (`files`)
   */
  readonly language?: SourceLanguage;
  readonly files?: BodyFiles;
  /** told the parse of JavaScript and TypeScript input (runSteps) */
  readonly input?: (parsed: Parsed) => void;
}

export function migrateText(
  path: string,
  text: string,
  options: Pick<MigrateOptions, "steps" | "pythonSteps" | "transforms" | "keepV1Defaults" | "sdk" | "paths" | "release">,
  { types, language = languageOf(path), files, input }: TextContext = {},
): Result {
  const blocks = (body: string) =>
    wing("documents").runDocument(path, body, (written, code, sent) => migrateText(path, code, options, { language: written, files: sent }));
  if (language === "document") return blocks(text);
  const steps = () => options.steps ?? wing("javascript").steps.stepsNamed(options.transforms);
  if (language === "shell") {
    const { runShell, shellSteps } = wing("shell");
    const named = steps();
    return runShell(
      shellSteps.filter((step) => named.some((s) => s.name === step.name)),
      path,
      text,
      options,
      files,
    );
  }
  if (isPython(language)) {
    const { pipeline, notebook, steps } = wing("python");
    const pythonSteps = options.pythonSteps ?? steps.pythonStepsNamed(options.transforms);
    const pythonOptions = { ...options, sdk: options.sdk ?? pythonPackageSdk(path) };
    if (language === "notebook") return notebook.runNotebook(pythonSteps, path, text, pythonOptions, blocks);
    return pipeline.runPython(pythonSteps, path, text, pythonOptions);
  }
  return wing("javascript").pipeline.runSteps(steps(), path, text, { ...options, sdk: options.sdk ?? packageSdk(path) }, types, language, input);
}
