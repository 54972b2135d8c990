/**
 * One text through the steps of the language it is written in: Python files, notebooks, shell text,
 * documents and JavaScript/TypeScript, each through its own steps (Python's parser loaded). The CLI runs
 * files through it, and the library's `migrate` runs text.
 */
import { languageOf, type SourceLanguage } from "../core/language.js";
import type { Result } from "../core/pipeline.js";
import { packageSdk, pythonPackageSdk } from "../project/package-sdk.js";
import type { TypeFacts } from "../js/detect/sdk.js";
import { runSteps, type Parsed, type Step, type TransformOptions } from "../js/pipeline.js";
import type { PyStep } from "../python/pipeline.js";
import { runPython } from "../python/pipeline.js";
import { runNotebook } from "../python/notebook.js";
import { runDocument } from "../docs/document.js";
import { runShell, shellSteps, type BodyFiles } from "../shell/requests.js";

/** The steps of each language, and the options every step gets. */
export interface MigrateOptions extends TransformOptions {
  readonly steps: readonly Step[];
  readonly pythonSteps: readonly PyStep[];
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
  options: Pick<MigrateOptions, "steps" | "pythonSteps" | "keepV1Defaults" | "sdk" | "paths" | "release">,
  { types, language = languageOf(path), files, input }: TextContext = {},
): Result {
  const blocks = (body: string) => runDocument(path, body, (written, code, sent) => migrateText(path, code, options, { language: written, files: sent }));
  if (language === "document") return blocks(text);
  if (language === "shell")
    return runShell(
      shellSteps.filter((step) => options.steps.some((s) => s.name === step.name)),
      path,
      text,
      options,
      files,
    );
  if (language === "notebook") return runNotebook(options.pythonSteps, path, text, { ...options, sdk: options.sdk ?? pythonPackageSdk(path) }, blocks);
  if (language === "python") return runPython(options.pythonSteps, path, text, { ...options, sdk: options.sdk ?? pythonPackageSdk(path) });
  return runSteps(options.steps, path, text, { ...options, sdk: options.sdk ?? packageSdk(path) }, types, language, input);
}
