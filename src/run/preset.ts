/**
 * Which steps a migration takes and which parsers and wings they need, decided here alone for the command
 * (engine.ts, pool.ts and its workers) and the library (src/index.ts). Everything is loaded on demand: a run
 * whose files all pass the screen untouched loads no step, one over JavaScript alone neither the Python wing
 * (its parser, pipeline and steps) nor the documents' or the shell's (issue 27: a third of the modules a
 * one-file JavaScript run loaded, about 50 ms of each thread's start), and one over Python alone no
 * JavaScript step.
 */
import { isJavaScript, languageOf, mayHoldMarkdown, mayHoldPython, type SourceLanguage } from "../core/language.js";

/** Each language's migration, loaded by readyFor with the first file that needs it. */
interface Wings {
  javascript?: {
    readonly pipeline: typeof import("../js/pipeline.js");
    readonly steps: typeof import("../js/steps/index.js");
    /** what the type checker found, read (the version ranges' parsers come with it) */
    readonly facts: typeof import("../js/checker/facts.js");
    readonly foundByTypes: typeof import("./found-by-types.js");
  };
  python?: {
    readonly pipeline: typeof import("../python/pipeline.js");
    readonly notebook: typeof import("../python/notebook.js");
    readonly steps: typeof import("../python/steps/index.js");
  };
  documents?: typeof import("../docs/document.js");
  shell?: typeof import("../shell/requests.js");
}

const wings: Wings = {};

/** A wing readyFor loaded: asking for one it did not is a bug of ours, and says so. */
export function wing<K extends keyof Wings>(name: K): NonNullable<Wings[K]> {
  const loaded = wings[name];
  if (!loaded) throw new Error(`the ${name} migration was asked for before readyFor loaded it`);
  return loaded;
}

async function loadPythonWing(): Promise<void> {
  const [parser, pipeline, notebook, steps] = await Promise.all([
    import("../python/runtime/parser.js"),
    import("../python/pipeline.js"),
    import("../python/notebook.js"),
    import("../python/steps/index.js"),
  ]);
  await parser.loadPython();
  wings.python = { pipeline, notebook, steps };
}

async function loadDocuments(): Promise<void> {
  const [blocks, documents] = await Promise.all([import("../docs/blocks.js"), import("../docs/document.js")]);
  await blocks.loadMarkdown();
  wings.documents = documents;
}

async function loadShell(): Promise<void> {
  wings.shell = await import("../shell/requests.js");
}

async function loadJavaScript(): Promise<void> {
  const [pipeline, steps, facts, foundByTypes] = await Promise.all([
    import("../js/pipeline.js"),
    import("../js/steps/index.js"),
    import("../js/checker/facts.js"),
    import("./found-by-types.js"),
  ]);
  wings.javascript = { pipeline, steps, facts, foundByTypes };
}

/** Markdown's code blocks (a document's, a notebook's markdown cells') are migrated in their own languages. */
const mayHoldShell = (language: SourceLanguage) => language === "shell" || mayHoldMarkdown(language);
/** The shell's steps are JavaScript's, run on the requests' bodies. */
const mayHoldJavaScript = (language: SourceLanguage) => isJavaScript(language) || mayHoldShell(language);

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

/** The parsers and wings files at these paths need, loaded the first time one does (loading again is a no-op). */
export async function readyFor(paths: readonly string[]): Promise<void> {
  const languages = paths.map(languageOf);
  await Promise.all([
    !wings.javascript && languages.some(mayHoldJavaScript) && loadJavaScript(),
    !wings.python && languages.some(mayHoldPython) && loadPythonWing(),
    !wings.documents && languages.some(mayHoldMarkdown) && loadDocuments(),
    !wings.shell && languages.some(mayHoldShell) && loadShell(),
  ]);
}
