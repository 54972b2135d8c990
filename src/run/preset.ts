/**
 * Which steps a migration takes and which parsers they need, decided here alone for the command (engine.ts,
 * pool.ts and its workers) and the library (src/index.ts). The presets and the Python parser are loaded on
 * demand: a run whose files all pass the screen untouched loads neither.
 */
import { languageOf, mayHoldMarkdown, mayHoldPython } from "../core/language.js";
import type { Step } from "../js/pipeline.js";
import type { PyStep } from "../python/pipeline.js";

/** Each language's preset, in order: the JavaScript wing's, the Python wing's and the shell's. */
async function presets() {
  const [{ steps }, { pythonSteps }, { shellSteps }] = await Promise.all([
    import("../js/steps/index.js"),
    import("../python/steps/index.js"),
    import("../shell/requests.js"),
  ]);
  return { steps, pythonSteps, shellSteps };
}

/** Every transform by name, with the languages it runs for, in preset order (JavaScript's, then the others' own). */
export async function catalog(): Promise<{ name: string; description: string; languages: string[] }[]> {
  const { steps, pythonSteps, shellSteps } = await presets();
  const all = new Map<string, { name: string; description: string; languages: string[] }>();
  for (const [language, list] of [
    ["js", steps],
    ["py", pythonSteps],
    ["sh", shellSteps],
  ] as const) {
    for (const step of list) {
      const known = all.get(step.name);
      if (known) known.languages.push(language);
      else all.set(step.name, { name: step.name, description: step.description, languages: [language] });
    }
  }
  return [...all.values()];
}

/** The steps of each language's preset with these names, in preset order; all of them when no names are given. */
export async function stepsNamed(names?: readonly string[]): Promise<{ steps: Step[]; pythonSteps: PyStep[] }> {
  const [js, python] = await Promise.all([import("../js/steps/index.js"), import("../python/steps/index.js")]);
  return { steps: js.stepsNamed(names), pythonSteps: python.pythonStepsNamed(names) };
}

/** The parsers files at these paths need, loaded the first time one does (loading again is a no-op). */
export async function readyFor(paths: readonly string[]): Promise<void> {
  const languages = paths.map(languageOf);
  if (languages.some(mayHoldPython)) await (await import("../python/runtime/parser.js")).loadPython();
  if (languages.some(mayHoldMarkdown)) await (await import("../docs/blocks.js")).loadMarkdown();
}
