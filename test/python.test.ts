/**
 * The Python migration: every fixture byte for byte, idempotent, untouched when nothing applies, with its
 * TODOs counted and its output parsing without error nodes; the table's Python columns covered; and the
 * CLI on .py files and notebooks.
 */
import { execFileSync, spawnSync, type SpawnSyncReturns } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FORMATS, METHODS, OPTIONS } from "../src/mapping/index.js";
import { runPython } from "../src/python/pipeline.js";
import { maskCell } from "../src/python/runtime/ipython.js";
import { runNotebook } from "../src/python/notebook.js";
import { loadPython, parsePython, syntaxError } from "../src/python/runtime/parser.js";
import { pythonSteps } from "../src/python/steps/index.js";
import { loadFixtures, type Fixture } from "./support/fixtures.js";

beforeAll(loadPython);

const fixtures = loadFixtures({ language: "python" });
const migrate = (f: Fixture, text: string) =>
  f.ext === "ipynb" ? runNotebook(pythonSteps, f.inputPath, text, f.options) : runPython(pythonSteps, f.inputPath, text, f.options);
const codeCells = (text: string) =>
  (JSON.parse(text) as { cells: { cell_type: string; source: string[] | string }[] }).cells
    .filter((c) => c.cell_type === "code")
    .map((c) => (Array.isArray(c.source) ? c.source.join("") : c.source));
/** A notebook's program is its cells that are Python once IPython lines are masked; the others must stay as they were. */
const programOf = (f: Fixture, text: string) => {
  if (f.ext !== "ipynb") return text;
  const python = codeCells(f.input).map((cell) => maskCell(cell).python);
  const cells = codeCells(text);
  cells.forEach((cell, i) => expect(maskCell(cell).python).toBe(python[i]));
  return cells
    .flatMap((cell) => {
      const masked = maskCell(cell);
      return masked.python ? [masked.masked] : [];
    })
    .join("\n");
};

test("a result tested where its call is made (`isinstance(app.map_url(url, **params), dict)`) is matched as text, not read as a pattern: the file migrates", () => {
  const text = [
    "from firecrawl import FirecrawlApp",
    "",
    'app = FirecrawlApp(api_key="fc-test")',
    "",
    "def answered(url, **params):",
    "    return isinstance(app.map_url(url, **params), dict)",
    "",
  ].join("\n");
  expect(runPython(pythonSteps, "smoke.py", text).output).toContain("app.map(url, **params)");
});

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

  // As for JavaScript (fixtures.test.ts): a concern's fixture is something its own step finds, but for the
  // module the mock fixtures patch, which is there to be patched.
  const own = pythonSteps.findIndex((step) => step.name === fixture.concern);
  const patched = fixture.id === "mocks/scraper.py";
  test.runIf(own !== -1 && fixture.input !== fixture.output && !patched)(`its own step (${fixture.concern}) finds what the fixture is about`, () => {
    const steps = pythonSteps.slice(0, own + 1);
    const upTo =
      fixture.ext === "ipynb"
        ? runNotebook(steps, fixture.inputPath, fixture.input, fixture.options)
        : runPython(steps, fixture.inputPath, fixture.input, fixture.options);
    expect([...upTo.changes, ...upTo.todos].some((c) => c.transform === fixture.concern)).toBe(true);
  });

  test("the output parses with no syntax error", () => {
    expect(syntaxError(parsePython(programOf(fixture, fixture.output)))).toBeNull();
    if (fixture.ext === "ipynb") expect(() => JSON.parse(fixture.output)).not.toThrow();
  });
});

describe("the parse check", () => {
  test("a positional argument after a keyword one is the syntax error Python says it is", () => {
    const text = 'from firecrawl import FirecrawlApp\napp = FirecrawlApp(api_key="k")\napp.crawl_url("u", limit=2, "key")\n';
    expect(() => runPython(pythonSteps, "a.py", text)).toThrow(/invalid Python syntax \(3:/);
    expect(() => runPython(pythonSteps, "b.py", 'from firecrawl import FirecrawlApp\nprint(*args, sep="", **kw)\n')).not.toThrow();
  });

  test("a keyword given twice, and a statement indented unlike its block, are the syntax errors Python says they are", () => {
    const at = (text: string) => syntaxError(parsePython(text));
    expect(at('app.map("u", sitemap="skip", sitemap="only")\n')).toEqual({ line: 1, column: 29 });
    // an import written at the margin inside a function: tree-sitter reads the rest of the body as the module's
    expect(at("def f():\n    import os\nimport sys\n    return os\n")).toEqual({ line: 4, column: 4, reason: "an unexpected indent" });
    expect(at("  x = 1\n")).toEqual({ line: 1, column: 2, reason: "an unexpected indent" });
    expect(at("if ready: go(); stop()\nclass A:\n    a = 1; b = 2\n# a note\n    # an indented note\n    def g(self):\n        pass\n")).toBeNull();
  });
});

describe("the table's Python columns have fixtures", () => {
  const inputs = fixtures.map((f) => f.input).join("\n");
  test.each(METHODS.flatMap((row) => row.python.v1))("method %s", (name) => {
    expect(inputs).toMatch(new RegExp(`\\.${name}\\(`));
  });
  // as a keyword, a snake_case key, or the camelCase key of a 1.x params dict (which spelled options as the API does)
  test.each(OPTIONS.filter((row) => row.python.v1 !== row.python.v2).map((row) => [row.python.v1, row.js.v1]))("option %s", (name, key) => {
    expect(inputs).toMatch(new RegExp(`\\b${name}=|"${name}"|"${key}"`));
  });
  test.each(FORMATS.map((row) => row.python.v1))("format %s", (name) => {
    expect(inputs).toMatch(new RegExp(`["']${name.replace(/[@.]/g, "\\$&")}["']`));
  });
});

const CLI = resolve(import.meta.dirname, "../dist/src/cli/main.js");

/** A git repository in a temporary folder holding `files` (removed after the suite), and the CLI run in it. */
function repoWith(files: Record<string, string>): { dir: string; cli: (...args: string[]) => SpawnSyncReturns<string> } {
  const dir = mkdtempSync(join(tmpdir(), "fc-python-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  execFileSync("git", ["init", "-q"], { cwd: dir });
  return { dir, cli: (...args) => spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: "utf8" }) };
}

describe("the CLI on Python", () => {
  const notebook = fixtures.find((f) => f.id === "notebooks/scrape.ipynb")!;
  const script = fixtures.find((f) => f.id === "results/result-fields.py")!;
  // The project's JavaScript side is on the v1 SDK too; migrating its Python files must not move that.
  const manifest = '{ "dependencies": { "@mendable/firecrawl-js": "^1.29.3" }, "devDependencies": { "prettier": "^3.0.0" } }\n';
  const { dir, cli } = repoWith({
    "job.py": script.input,
    "explore.ipynb": notebook.input,
    "broken.py": "from firecrawl import FirecrawlApp\ndef f(:\n",
    "package.json": manifest,
  });

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

describe("IPython lines in notebook cells", () => {
  const roundTrip = (cell: string) => {
    const masked = maskCell(cell);
    if (!masked.python) throw new Error(masked.reason);
    expect(parsePython(masked.masked).rootNode.hasError).toBe(false);
    expect(masked.restore(masked.masked)).toBe(cell);
    return masked.masked;
  };

  test("magics, shell escapes and help are masked one line for one line, and put back byte for byte", () => {
    const cell = "%pip install -q firecrawl-py\n!ls \\\n  data\nfiles = !ls\nif files:\n    !echo $files\ndisplay?\n??display\r\nx = 1\n";
    const masked = roundTrip(cell);
    expect(masked.split("\n")).toHaveLength(cell.split("\n").length);
    expect(masked).toContain("x = 1");
  });

  test("Python that only looks like IPython is left as Python", () => {
    const cell = 'total = (a\n    % b)\nstyle = """\n!important\n%d\n"""\nflag = x != y\nrate = 5 \\\n    % 3\n';
    expect(roundTrip(cell)).toBe(cell);
  });

  test("the statement after %time is migrated and the magic put back where the statement now starts", () => {
    const masked = maskCell("for u in urls:\n    %time r = app.scrape_url(u)\n");
    if (!masked.python) throw new Error(masked.reason);
    const migrated = masked.masked.replace("r = app.scrape_url(u)", "# TODO(firecrawl-v2): check\n    r = app.scrape(\n        u\n    )");
    expect(masked.restore(migrated)).toBe("for u in urls:\n    # TODO(firecrawl-v2): check\n    %time r = app.scrape(\n        u\n    )\n");
  });

  test("automagic (pip install without %) is masked only where the line is not Python", () => {
    expect(roundTrip("pip install -q firecrawl-py\nx = 1\n")).toMatch(/^pass {2}#/);
    const python = "env = {}\ncd = 3\npip(1)\n";
    expect(roundTrip(python)).toBe(python);
  });

  test("cells in another language, or not code at all, say so", () => {
    expect(maskCell("%%bash\nls\n")).toEqual({ python: false, reason: "a %%bash cell, not Python" });
    expect(maskCell("$ pip show firecrawl-py\nName: firecrawl-py\n")).toMatchObject({ python: false, reason: expect.stringMatching(/^not Python \(line 1/) });
    expect(maskCell("%%time\nx = 1\n").python).toBe(true);
  });
});

test("a notebook with a byte-order mark is migrated and keeps it", () => {
  const notebook = fixtures.find((f) => f.id === "notebooks/scrape.ipynb")!;
  expect(runNotebook(pythonSteps, notebook.inputPath, `\uFEFF${notebook.input}`).output).toBe(`\uFEFF${notebook.output}`);
});

describe("the CLI on notebooks", () => {
  const magics = fixtures.find((f) => f.id === "notebooks/magics.ipynb")!;
  // A notebook cut short (a full disk, an interrupted sync): jsonc-parser would forgive it, Jupyter does not.
  const truncated = magics.input.slice(0, magics.input.indexOf('"nbformat"'));
  const { dir, cli } = repoWith({ "magics.ipynb": magics.input, "truncated.ipynb": truncated });

  test("check locates findings by cell, says which cells it left out, and refuses a notebook that is not JSON", () => {
    const { status, stdout, stderr } = cli("check", ".", "--format", "json");
    expect(status).toBe(2);
    const findings = (JSON.parse(stdout) as { findings: { file: string; rule: string; line: number; cell?: number; cellLine?: number }[] }).findings;
    expect(findings.find((f) => f.rule === "client-methods" && f.cell === 5)).toMatchObject({ file: "magics.ipynb", cellLine: 3 });
    expect(findings.filter((f) => f.rule === "unprocessed-file")).toMatchObject([{ file: "truncated.ipynb" }]);
    expect(stderr).toMatch(/truncated\.ipynb: does not parse: not valid JSON/);
    expect(stderr).toContain("note: magics.ipynb: cell 6: a %%bash cell, not Python; left as it is");
    expect(stderr).toMatch(/note: magics\.ipynb: cell 7: not Python \(line 1, column 1\)/);
  });

  test("run migrates the Python cells, keeps every IPython line, and never writes the broken notebook", () => {
    const { status, stdout } = cli("run", ".", "--force", "--json");
    expect(status).toBe(1);
    const report = JSON.parse(stdout) as {
      files: {
        path: string;
        status: string;
        error?: string;
        notes?: string[];
        changes: { cell?: number; cellLine?: number; message: string }[];
        todos: { cell?: number; cellLine?: number }[];
      }[];
    };
    const byPath = new Map(report.files.map((f) => [f.path, f]));
    // The crawl in cell 8, on the cell's third line, now raises on a failed job as v1's waiter did: said where it is.
    expect(byPath.get("magics.ipynb")).toMatchObject({ status: "changed", todos: [] });
    expect(byPath.get("magics.ipynb")!.changes).toContainEqual(
      expect.objectContaining({ cell: 8, cellLine: 3, message: expect.stringMatching(/^raises on a failed/) }),
    );
    expect(byPath.get("magics.ipynb")!.notes).toHaveLength(2);
    expect(byPath.get("truncated.ipynb")).toMatchObject({ status: "error", error: expect.stringMatching(/^does not parse: not valid JSON/) });
    expect(readFileSync(join(dir, "magics.ipynb"), "utf8")).toBe(magics.output);
    expect(readFileSync(join(dir, "truncated.ipynb"), "utf8")).toBe(truncated);
  });
});

describe("which notebooks are Firecrawl code", () => {
  const notebook = (...cells: [string, string][]) =>
    JSON.stringify({
      cells: cells.map(([type, source]) => ({ cell_type: type, metadata: {}, source: [source] })),
      metadata: {},
      nbformat: 4,
      nbformat_minor: 5,
    });
  // A look-alike of the client's, so a v1 method name is called in each.
  const site = "class Site:\n    def scrape_url(self, url, params=None):\n        return {'markdown': url}\n\napp = Site()\n";
  const use = "print(app.scrape_url('https://example.com', params={'formats': ['markdown']})['markdown'])";
  const { cli } = repoWith({
    "markdown.ipynb": notebook(["markdown", "from firecrawl import FirecrawlApp\napp = FirecrawlApp()"], ["code", site], ["code", use]),
    "comment.ipynb": notebook(["code", `# from firecrawl import FirecrawlApp\n${site}`], ["code", use]),
    "pip.ipynb": notebook(["code", "%pip install firecrawl-py==1.15.0"], ["code", site], ["code", use]),
    "cells.ipynb": notebook(
      ["code", "from firecrawl import FirecrawlApp"],
      ["markdown", "Then:"],
      ["code", "app = FirecrawlApp(api_key='fc-test')"],
      ["code", use],
    ),
  });

  test("an import in a markdown cell, a comment or %pip install is none; one in a cell reaches the cells after it", () => {
    const { stdout } = cli("check", ".", "--format", "json");
    const findings = (JSON.parse(stdout) as { findings: { file: string; rule: string; cell?: number }[] }).findings;
    expect([...new Set(findings.map((f) => f.file))]).toEqual(["cells.ipynb"]);
    expect(findings).toContainEqual(expect.objectContaining({ rule: "client-methods", cell: 4 }));
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
  const files = Object.fromEntries(
    readdirSync(FIXTURES)
      .filter((f) => !f.includes(".output."))
      .map((f) => [f.replace(".input.", "."), readFileSync(join(FIXTURES, f), "utf8")]),
  );
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  execFileSync("git", ["init", "-q"], { cwd: dir });
  const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: "utf8" });

  test("check reports nothing and run changes nothing, mocks included", () => {
    expect(JSON.parse(cli("check", ".", "--format", "json").stdout).findings).toEqual([]);
    expect(JSON.parse(cli("run", ".", "--json", "--force").stdout).summary).toMatchObject({ changed: 0, errors: 0, todos: 0 });
    for (const [name, text] of Object.entries(files)) expect(readFileSync(join(dir, name), "utf8")).toBe(text);
  });
});

describe("the CLI on Python that calls the API over HTTP (fixtures/python/api-requests)", () => {
  const CLI = resolve(import.meta.dirname, "../dist/src/cli/main.js");
  const FIXTURES = resolve(import.meta.dirname, "../fixtures/python/api-requests");
  const dir = mkdtempSync(join(tmpdir(), "fc-python-http-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const names = readdirSync(FIXTURES).filter((f) => f.includes(".input."));
  for (const name of names) writeFileSync(join(dir, name.replace(".input.", ".")), readFileSync(join(FIXTURES, name), "utf8"));
  const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: "utf8" });

  test("list runs api-requests for Python too", () => {
    expect(cli("list").stdout).toMatch(/^api-requests +js,py,sh /m);
  });

  test("check reports the requests under api-requests, and nothing in the files with no v1 request", () => {
    const { status, stdout } = cli("check", ".", "--format", "json");
    expect(status).toBe(1);
    const findings = (JSON.parse(stdout) as { findings: { file: string; rule: string }[] }).findings;
    expect(new Set(findings.map((f) => f.rule))).toEqual(new Set(["api-requests"]));
    expect(new Set(findings.map((f) => f.file))).toEqual(
      new Set([
        "clients.py",
        "base-constant.py",
        "client-class.py",
        "payload-per-function.py",
        "responses.py",
        "bodies.py",
        "unseen-bodies.py",
        "usage.py",
        "attributes.py",
        "self-hosted.py",
        "unseen-formats.py",
        "base-fallback.py",
        "builder-functions.py",
        "weak-bases.py",
        "version-replace.py",
        "allow-lists.py",
        "v2-client-beside-raw-request.py",
      ]),
    );
  });

  test("run writes the fixtures' outputs", () => {
    expect(cli("run", ".", "--force").status).toBe(0);
    for (const name of names)
      expect(readFileSync(join(dir, name.replace(".input.", ".")), "utf8")).toBe(readFileSync(join(FIXTURES, name.replace(".input.", ".output.")), "utf8"));
  });
});

test("a crawl's v0 option group in a scrape's params is dropped and the report says so, without a TODO", () => {
  const code =
    'from firecrawl import FirecrawlApp\n\napp = FirecrawlApp(api_key="k")\npage = app.scrape_url("https://example.com", params={"crawlOptions": {"maxDepth": 2}, "onlyMainContent": True})\n';
  const result = runPython(pythonSteps, "scrape.py", code);
  expect(result.output).toContain('page = app.scrape("https://example.com", only_main_content=True)\n');
  expect(result.todos).toEqual([]);
  expect(result.changes.map((c) => c.note).filter(Boolean)).toEqual([
    "crawlOptions dropped from scrape(): v0 option group of crawl, which scrape() never took",
  ]);
});

describe("results that leave their function", () => {
  const run = (code: string) => runPython(pythonSteps, "helper.py", code).output ?? code;

  test("a map result returned where a dict is promised is marked: its dump's links are objects, not 1.x's strings", () => {
    const code = 'from firecrawl import FirecrawlApp\n\napp = FirecrawlApp(api_key="k")\n\n\ndef links(url) -> dict:\n    return app.map_url(url)\n';
    const out = run(code);
    expect(out).toContain("    # TODO(firecrawl-v2): v2 results are pydantic models, not dicts");
    expect(out).toContain("    return app.map(url)\n");
    expect(out).not.toContain(").model_dump()");
  });

  test("a cancel's bool is returned as it is", () => {
    const code = 'from firecrawl import FirecrawlApp\n\napp = FirecrawlApp(api_key="k")\n\n\ndef stop(job) -> dict:\n    return app.cancel_crawl(job)\n';
    expect(run(code)).not.toContain(").model_dump()");
  });
});

describe("a result a public function hands to other modules", () => {
  const helper = 'from firecrawl import FirecrawlApp\n\napp = FirecrawlApp(api_key="k")\n\n\ndef fetch(url):\n    return app.scrape_url(url)\n';
  const marked = "    # TODO(firecrawl-v2): fetch() hands this result to other modules of the project, which read it as v1's dict";

  test("is marked where another module reads it as v1's dict, which the run does not migrate with it", () => {
    const caller = 'from fc import fetch\n\n\ndef title(url):\n    page = fetch(url)\n    return page["metadata"]["title"]\n';
    const { dir, cli } = repoWith({ "fc.py": helper, "main.py": caller });
    expect(cli("run", ".", "--force", "--no-verify").status).toBe(0);
    expect(readFileSync(join(dir, "fc.py"), "utf8")).toContain(`${marked} (r["markdown"])`);
    expect(readFileSync(join(dir, "main.py"), "utf8")).toBe(caller);
  });

  test("is left alone where the other modules read it as a model, or none imports it", () => {
    const { dir, cli } = repoWith({ "fc.py": helper, "main.py": "from fc import fetch\n\nprint(fetch('https://example.com').markdown)\n" });
    expect(cli("run", ".", "--force", "--no-verify").status).toBe(0);
    expect(readFileSync(join(dir, "fc.py"), "utf8")).not.toContain("TODO");
    expect(runPython(pythonSteps, "fc.py", helper).output).not.toContain("TODO");
  });

  test("a public method's result is marked where another module reads it as v1's dict off an instance it makes", () => {
    const wrapper =
      "from firecrawl import FirecrawlApp\n\n\nclass Scraper:\n    def __init__(self, key):\n        self.app = FirecrawlApp(api_key=key)\n\n    def fetch(self, url):\n        return self.app.scrape_url(url)\n";
    const read = (caller: string) => {
      const { dir, cli } = repoWith({ "fc.py": wrapper, "main.py": caller });
      expect(cli("run", ".", "--force", "--no-verify").status).toBe(0);
      return readFileSync(join(dir, "fc.py"), "utf8");
    };
    const todo = "        # TODO(firecrawl-v2): Scraper.fetch() hands this result to other modules of the project, which read it as v1's dict";
    expect(read('from fc import Scraper\n\nscraper = Scraper("k")\npage = scraper.fetch("https://example.com")\nprint(page["markdown"])\n')).toContain(todo);
    expect(read('from fc import Scraper\n\nscraper = Scraper("k")\nprint(scraper.fetch("https://example.com").markdown)\n')).not.toContain("TODO");
    expect(runPython(pythonSteps, "fc.py", wrapper).output).not.toContain("TODO");
  });

  test("a job's documents returned whole are marked where another module reads each as v1's dict", () => {
    const pages =
      'from firecrawl import FirecrawlApp\n\napp = FirecrawlApp(api_key="k")\n\n\ndef crawl_pages(url):\n    job = app.crawl_url(url, params={"limit": 5})\n    return job.get("data", [])\n';
    const asDicts = 'from fc import crawl_pages\n\nfor page in crawl_pages("https://example.com"):\n    print(page["markdown"])\n';
    const asModels = 'from fc import crawl_pages\n\nfor page in crawl_pages("https://example.com"):\n    print(page.markdown)\n';
    const todo = "    # TODO(firecrawl-v2): crawl_pages() hands these documents to other modules of the project, which read each as v1's dict";
    const read = (caller: string) => {
      const { dir, cli } = repoWith({ "fc.py": pages, "main.py": caller });
      expect(cli("run", ".", "--force", "--no-verify").status).toBe(0);
      return readFileSync(join(dir, "fc.py"), "utf8");
    };
    expect(read(asDicts)).toContain(`${todo} (page["markdown"])`);
    expect(read(asModels)).not.toContain("TODO");
  });

  test("its dump, returned where a dict is promised, is marked where another module reads it by 1.x's camelCase keys", () => {
    const wrapper =
      'from firecrawl import FirecrawlApp\n\napp = FirecrawlApp(api_key="k")\n\n\ndef scrape_page(url: str) -> dict:\n    return app.scrape_url(url, params={"formats": ["markdown", "rawHtml"]})\n';
    const read = (caller: string) => {
      const { dir, cli } = repoWith({ "fc.py": wrapper, "main.py": caller });
      expect(cli("run", ".", "--force", "--no-verify").status).toBe(0);
      expect(readFileSync(join(dir, "main.py"), "utf8")).toBe(caller);
      return readFileSync(join(dir, "fc.py"), "utf8");
    };
    const todo = "    # TODO(firecrawl-v2): scrape_page() returns v2's dump to other modules of the project, and its keys are snake_case";
    const camel = read('from fc import scrape_page\n\npage = scrape_page("https://example.com")\nprint(page["metadata"]["sourceURL"], len(page["rawHtml"]))\n');
    expect(camel).toContain(todo);
    expect(camel).toContain(".model_dump(exclude_none=True)");
    // keys the dump spells as 1.x did: nothing to rename
    expect(read('from fc import scrape_page\n\nprint(scrape_page("https://example.com")["markdown"])\n')).not.toContain("TODO");
    expect(runPython(pythonSteps, "fc.py", wrapper).output).not.toContain("TODO");
  });
});

test("a field v2's model has none of, read on a 1.x result, is marked where the read is", () => {
  const code =
    'from firecrawl import FirecrawlApp\n\napp = FirecrawlApp(api_key="k")\nfound = app.map_url("https://example.com")\nif found.get("status") == "success":\n    print(found["links"])\npage = app.scrape_url("https://example.com")\nprint(page["text"])\n';
  const out = runPython(pythonSteps, "map.py", code).output!;
  expect(out).toContain('# TODO(firecrawl-v2): v2\'s MapData has no "status" field');
  expect(out).toContain('# TODO(firecrawl-v2): v2\'s Document has no "text" field');
  expect(out).toContain("print([link.url for link in found.links])");
});

test("a success test on a value that never carried the flag keeps its TODO: a crawl's items, a value of an annotated type", () => {
  // 2.x's crawl items (FirecrawlDocument) had no success: the test never passed, and dropping it would run what never ran
  const code =
    'from firecrawl import FirecrawlApp\nfrom firecrawl.firecrawl import ScrapeResponse\n\napp = FirecrawlApp(api_key="k")\n\n\ndef pages(url: str):\n    job = app.crawl_url(url, limit=5)\n    return [doc.markdown for doc in job.data if doc.success and doc.markdown]\n\n\ndef text(doc: ScrapeResponse) -> str:\n    if doc.success and doc.markdown:\n        return doc.markdown\n    return ""\n';
  const out = runPython(pythonSteps, "items.py", code).output!;
  expect(out).toContain("if doc.success and doc.markdown]");
  expect(out).toContain("    if doc.success and doc.markdown:\n");
  expect(out.match(/TODO\(firecrawl-v2\): v2 results have no success flag/g)).toHaveLength(2);
});

test("a test that patches the client class's search by name is marked where the project pins 1.x/2.x, and left alone without a pin", () => {
  // 4.x's Firecrawl sets search() on each instance: patch.object on the class raises as the test starts
  const code =
    'from unittest.mock import patch\n\nfrom firecrawl import FirecrawlApp\n\nfrom tools import search_tool\n\n\n@patch.object(FirecrawlApp, "search")\ndef test_search(mock_search):\n    mock_search.return_value = {"success": True, "data": []}\n    assert search_tool("docs") == []\n';
  const pinned = runPython(pythonSteps, "test_tools.py", code, { sdk: "v1" }).output!;
  expect(pinned).toContain("# TODO(firecrawl-v2): v2's Firecrawl sets search() on each instance, so a patch on the class misses it");
  expect(runPython(pythonSteps, "test_tools.py", code).output).toBeNull();
});

test("a statement removed from a CRLF file goes with its whole line, its CR too", () => {
  const lines = [
    "from firecrawl import FirecrawlApp",
    "",
    'app = FirecrawlApp(api_key="k")',
    "",
    "",
    "def page(url):",
    "    # what to ask for",
    '    params = {"formats": ["markdown"], "blockAds": True}',
    "    ",
    "    return app.scrape_url(url, params=params)",
    "",
  ];
  const out = runPython(pythonSteps, "crlf.py", lines.join("\r\n")).output!;
  expect(out).not.toMatch(/\r(?!\n)/);
  expect(out).toContain('    # what to ask for\r\n    \r\n    return app.scrape(url, formats=["markdown"], block_ads=True)\r\n');
});

test("a read of a key no release held keeps its TODO unless it is another read's default", () => {
  const code =
    'from firecrawl import FirecrawlApp\n\napp = FirecrawlApp(api_key="k")\n\n\ndef progress(job_id):\n    status = app.check_batch_scrape_status(job_id)\n    return status.get("progress", 0)\n\n\ndef snippets(query):\n    hits = app.search(query, {"limit": 5})["data"]\n    return [hit.get("description", hit.get("markdown", "")) for hit in hits]\n';
  const out = runPython(pythonSteps, "reads.py", code).output!;
  expect(out).toContain('# TODO(firecrawl-v2): v2\'s BatchScrapeJob has no "progress" field');
  expect(out).toContain('return status.get("progress", 0)');
  expect(out).toContain('(hit.description if hit.description is not None else "")');
});

test("a statement removed first in its block takes the blank line after it, so the block does not open on one", () => {
  const code =
    'from firecrawl import FirecrawlApp\n\napp = FirecrawlApp(api_key="k")\n\n\ndef page(url):\n    try:\n        params = {"formats": ["markdown"]}\n\n        return app.scrape_url(url, params=params)\n    except Exception:\n        return None\n';
  expect(runPython(pythonSteps, "first.py", code).output).toContain('    try:\n        return app.scrape(url, formats=["markdown"])\n');
});
