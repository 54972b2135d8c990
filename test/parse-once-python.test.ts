/**
 * A Python file is parsed once per language pass, as test/parse-once.test.ts holds JavaScript to: the run
 * parses the input once and each text the steps make once (a step that reads what an earlier one wrote sees a
 * parse of it, src/core/pipeline.ts; one with nothing to do asks for none), and a notebook costs no more parses than the program its code cells make;
 * the run's verification with pyright parses a notebook's program as it was and as it came out, once each.
 * tree-sitter's parse is counted through a wrapper around the built parser module, since the verification
 * runs from dist/ (it finds its stubs from there, as the CLI does).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, expect, test, vi } from "vitest";

const parsed = vi.hoisted(() => ({ texts: [] as string[] }));
vi.mock("../dist/src/python/runtime/parser.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../src/python/runtime/parser.js")>();
  return {
    ...original,
    parsePython: (text: string) => {
      parsed.texts.push(text);
      return original.parsePython(text);
    },
  };
});

// The built modules, as the CLI runs them: the parser counted is theirs.
const { processFile } = (await import("../dist/src/run/process-file.js")) as unknown as typeof import("../src/run/process-file.js");
const { pythonSteps } = (await import("../dist/src/python/steps/index.js")) as unknown as typeof import("../src/python/steps/index.js");
const { verifyPython } = (await import("../dist/src/python/checker/verify.js")) as typeof import("../src/python/checker/verify.js");
const { notebookProgram } = (await import("../dist/src/python/notebook.js")) as typeof import("../src/python/notebook.js");
const { readyFor } = (await import("../dist/src/run/preset.js")) as typeof import("../src/run/preset.js");

const root = resolve(import.meta.dirname, "..");
const notebook = readFileSync(join(root, "fixtures/python/notebooks/scrape.input.ipynb"), "utf8");
const dir = mkdtempSync(join(tmpdir(), "fc-parse-once-py-"));
const TIMEOUT = 120_000;

beforeAll(() => readyFor(["a.py", "a.ipynb"]));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The texts tree-sitter parsed while `work` ran. */
async function parses(work: () => unknown): Promise<string[]> {
  parsed.texts = [];
  await work();
  return parsed.texts;
}

/** A run of one file as `run` makes it: migrated with its output held back, then verified with pyright. */
async function run(name: string, text: string) {
  const path = join(dir, name);
  writeFileSync(path, text);
  let output = "";
  const migration = await parses(() => {
    const report = processFile(path, { steps: [], pythonSteps, write: false, hold: "python" });
    expect(report.status).toBe("changed");
    output = report.held!.output;
  });
  let newErrors = -1;
  const verification = await parses(async () => {
    const verified = await verifyPython([{ path, input: text, output }]);
    if (verified instanceof Error) throw verified;
    newErrors = verified.verified.get(path)!.newErrors;
  });
  return { migration, verification, newErrors };
}

test(
  "a Python file: no text is parsed twice, and the verification parses none when pyright finds nothing to mark",
  async () => {
    const { migration, verification, newErrors } = await run("scrape.py", notebookProgram(notebook));
    expect(migration.length).toBeGreaterThan(1);
    expect(new Set(migration).size).toBe(migration.length);
    expect(newErrors).toBe(0);
    expect(verification).toEqual([]);
  },
  TIMEOUT,
);

test(
  "a notebook: the run parses what its cells' program parses as a Python file, and the verification that program as it was and as it came out, once each",
  async () => {
    const program = notebookProgram(notebook);
    const asFile = await run("program.py", program);
    const { migration, verification, newErrors } = await run("scrape.ipynb", notebook);
    expect(migration).toEqual(asFile.migration);
    expect(newErrors).toBe(0);
    expect(verification).toEqual([program, asFile.migration.at(-1)]);
  },
  TIMEOUT,
);

test("a step with nothing to do under the options asks for no parse of what came before it: v1-defaults without keepV1Defaults", async () => {
  const path = join(dir, "formats.py");
  writeFileSync(path, readFileSync(join(root, "fixtures/python/formats/extract-and-screenshot.input.py"), "utf8"));
  const migrated = (steps: typeof pythonSteps) => parses(() => processFile(path, { steps: [], pythonSteps: steps, write: false, sdk: "v1" }));
  const withDefaults = await migrated(pythonSteps);
  expect(pythonSteps.map((step) => step.name)).toContain("v1-defaults");
  expect(withDefaults).toEqual(await migrated(pythonSteps.filter((step) => step.name !== "v1-defaults")));
});
