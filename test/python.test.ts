/**
 * The Python migration: every fixture byte for byte, idempotent, untouched when nothing applies, with its
 * TODOs counted and its output parsing without error nodes; the table's Python columns covered; and the
 * CLI on .py files and notebooks.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FORMATS, METHODS, OPTIONS } from "../src/mapping/index.js";
import { runPython } from "../src/python/language.js";
import { runNotebook } from "../src/python/notebook.js";
import { loadPython, parsePython } from "../src/python/parser.js";
import { pythonSteps } from "../src/python/preset.js";
import { loadFixtures, type Fixture } from "./support/fixtures.js";

beforeAll(loadPython);

const fixtures = loadFixtures({ language: "python" });
const migrate = (f: Fixture, text: string) => (f.ext === "ipynb" ? runNotebook(pythonSteps, f.inputPath, text) : runPython(pythonSteps, f.inputPath, text));
const programOf = (f: Fixture, text: string) =>
  f.ext === "ipynb"
    ? (JSON.parse(text) as { cells: { cell_type: string; source: string[] | string }[] }).cells
        .filter((c) => c.cell_type === "code")
        .map((c) => (Array.isArray(c.source) ? c.source.join("") : c.source))
        .join("\n")
    : text;

test("the Python corpus covers scripts, packages and notebooks", () => {
  expect(fixtures.length).toBeGreaterThanOrEqual(25);
  expect(new Set(fixtures.map((f) => f.ext))).toEqual(new Set(["py", "ipynb"]));
});

describe.each(fixtures)("$id", (fixture) => {
  test("migrates the input to the output byte for byte, and leaves the output as it is", () => {
    const result = migrate(fixture, fixture.input);
    expect(result.output ?? fixture.input).toBe(fixture.output);
    expect(migrate(fixture, fixture.output).output).toBeNull();
    if (fixture.input === fixture.output) expect(result.output).toBeNull();
    const markers = (text: string) => text.split("\n").filter((l) => l.includes("TODO(firecrawl-v2):")).length;
    expect(result.todos.length).toBe(markers(fixture.output) - markers(fixture.input));
  });

  test("the output parses with no error nodes", () => {
    expect(parsePython(programOf(fixture, fixture.output)).rootNode.hasError).toBe(false);
    if (fixture.ext === "ipynb") expect(() => JSON.parse(fixture.output)).not.toThrow();
  });
});

describe("the parse check", () => {
  test("a positional argument after a keyword one is the syntax error Python says it is", () => {
    const text = 'from firecrawl import FirecrawlApp\napp = FirecrawlApp(api_key="k")\napp.crawl_url("u", limit=2, "key")\n';
    expect(() => runPython(pythonSteps, "a.py", text)).toThrow(/invalid Python syntax \(3:/);
    expect(() => runPython(pythonSteps, "b.py", 'from firecrawl import FirecrawlApp\nprint(*args, sep="", **kw)\n')).not.toThrow();
  });
});

describe("the table's Python columns have fixtures", () => {
  const inputs = fixtures.map((f) => f.input).join("\n");
  test.each(METHODS.flatMap((row) => row.python.v1))("method %s", (name) => {
    expect(inputs).toMatch(new RegExp(`\\.${name}\\(`));
  });
  test.each(OPTIONS.filter((row) => row.python.v1 !== row.python.v2).map((row) => row.python.v1))("option %s", (name) => {
    expect(inputs).toMatch(new RegExp(`\\b${name}=|"${name}"`));
  });
  test.each(FORMATS.map((row) => row.python.v1))("format %s", (name) => {
    expect(inputs).toMatch(new RegExp(`["']${name.replace(/[@.]/g, "\\$&")}["']`));
  });
});

describe("the CLI on Python", () => {
  const CLI = resolve(import.meta.dirname, "../dist/src/cli/main.js");
  const dir = mkdtempSync(join(tmpdir(), "fc-python-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const notebook = fixtures.find((f) => f.ext === "ipynb" && f.input !== f.output)!;
  const script = fixtures.find((f) => f.id === "results/result-fields.py")!;
  writeFileSync(join(dir, "job.py"), script.input);
  writeFileSync(join(dir, "explore.ipynb"), notebook.input);
  writeFileSync(join(dir, "broken.py"), "from firecrawl import FirecrawlApp\ndef f(:\n");
  // The project's JavaScript side is on the v1 SDK too; migrating its Python files must not move that.
  const manifest = '{ "dependencies": { "@mendable/firecrawl-js": "^1.29.3" }, "devDependencies": { "prettier": "^3.0.0" } }\n';
  writeFileSync(join(dir, "package.json"), manifest);
  execFileSync("git", ["init", "-q"], { cwd: dir });
  const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: "utf8" });

  test("check reports Python and notebook findings, and the file that does not parse", () => {
    const { status, stdout, stderr } = cli("check", ".", "--format", "json");
    expect(status).toBe(2);
    const findings = (JSON.parse(stdout) as { findings: { file: string; rule: string; line: number }[] }).findings;
    expect(new Set(findings.filter((f) => f.rule !== "unprocessed-file").map((f) => f.file))).toEqual(new Set(["job.py", "explore.ipynb"]));
    // A file that could not be read is a finding too: check cannot vouch for it.
    expect(findings.filter((f) => f.rule === "unprocessed-file")).toMatchObject([{ file: "broken.py", line: 2 }]);
    expect(stderr).toMatch(/broken\.py: does not parse: .*line 2/);
  });

  test("run migrates them in place, byte for byte as the fixtures say", () => {
    const { status, stdout } = cli("run", ".", "--force");
    expect(status).toBe(1);
    // The project formats with Prettier, which does not format Python: no command is offered for these files.
    expect(stdout).not.toContain("Format the changed files");
    expect(readFileSync(join(dir, "job.py"), "utf8")).toBe(script.output);
    expect(readFileSync(join(dir, "explore.ipynb"), "utf8")).toBe(notebook.output);
    expect(readFileSync(join(dir, "broken.py"), "utf8")).toBe("from firecrawl import FirecrawlApp\ndef f(:\n");
    expect(readFileSync(join(dir, "package.json"), "utf8")).toBe(manifest);
  });
});

describe("the CLI on a module and the tests that mock it", () => {
  const CLI = resolve(import.meta.dirname, "../dist/src/cli/main.js");
  const dir = mkdtempSync(join(tmpdir(), "fc-python-mocks-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const module = fixtures.find((f) => f.id === "mocks/scraper.py")!;
  const tests = fixtures.find((f) => f.id === "mocks/test_scraper.py")!;
  writeFileSync(join(dir, "scraper.py"), module.input);
  writeFileSync(join(dir, "test_scraper.py"), tests.input);
  execFileSync("git", ["init", "-q"], { cwd: dir });
  const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: "utf8" });

  test("check reports the mocks as v1 usage, not only the module", () => {
    const { stdout } = cli("check", ".", "--format", "json");
    const findings = (JSON.parse(stdout) as { findings: { file: string; rule: string }[] }).findings;
    expect(findings.filter((f) => f.file === "test_scraper.py").map((f) => f.rule)).toEqual(expect.arrayContaining(["mocks", "params"]));
  });

  test("run migrates both together: patch targets, mocked method names, return values and asserted arguments", () => {
    expect(cli("run", ".", "--force").status).toBe(0);
    expect(readFileSync(join(dir, "scraper.py"), "utf8")).toBe(module.output);
    expect(readFileSync(join(dir, "test_scraper.py"), "utf8")).toBe(tests.output);
  });
});

describe("the CLI on a Python project already on v2 (fixtures/python/already-v2)", () => {
  const CLI = resolve(import.meta.dirname, "../dist/src/cli/main.js");
  const FIXTURES = resolve(import.meta.dirname, "../fixtures/python/already-v2");
  const dir = mkdtempSync(join(tmpdir(), "fc-python-v2-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const files = Object.fromEntries(readdirSync(FIXTURES).filter((f) => !f.includes(".output.")).map((f) => [f.replace(".input.", "."), readFileSync(join(FIXTURES, f), "utf8")]));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  execFileSync("git", ["init", "-q"], { cwd: dir });
  const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: "utf8" });

  test("check reports nothing and run changes nothing, mocks included", () => {
    expect(JSON.parse(cli("check", ".", "--format", "json").stdout).findings).toEqual([]);
    expect(JSON.parse(cli("run", ".", "--json", "--force").stdout).summary).toMatchObject({ changed: 0, errors: 0, todos: 0 });
    for (const [name, text] of Object.entries(files)) expect(readFileSync(join(dir, name), "utf8")).toBe(text);
  });
});
