/**
 * A module of the project's own named `firecrawl` beside a script (src/python/detect/local-package.ts): the
 * script's `from firecrawl import FirecrawlApp` imports that module, not firecrawl-py, and is left as it is.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, expect, test } from "vitest";

const CLI = resolve(import.meta.dirname, "../dist/src/cli/main.js");

const SCRIPT = 'from firecrawl import FirecrawlApp\n\napp = FirecrawlApp(api_key="fc-test")\nprint(app.scrape_url("https://example.com"))\n';
/** A client of the project's own, as repositories vendor one: the SDK's 1.x names, its own code, a usage line in its docstring. */
const OWN_CLIENT =
  '"""A client for the Firecrawl API.\n\nUsage:\n    from firecrawl import FirecrawlApp\n"""\n' +
  'class FirecrawlApp:\n    def __init__(self, api_key=None):\n        self.api_key = api_key\n\n    def scrape_url(self, url):\n        return {"url": url}\n';
const NOTEBOOK = JSON.stringify({ cells: [{ cell_type: "code", metadata: {}, source: [SCRIPT] }], metadata: {}, nbformat: 4, nbformat_minor: 5 });

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "fc-local-package-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const run = (dir: string) => {
  const { status, stdout, stderr } = spawnSync(process.execPath, [CLI, "run", ".", "--force", "--no-verify", "--json"], { cwd: dir, encoding: "utf8" });
  expect(stderr).toBe("");
  expect(status).toBe(0);
  return JSON.parse(stdout) as { files: { path: string; status: string; changes: unknown[]; todos: unknown[] }[] };
};

test("a script or notebook beside firecrawl.py or a firecrawl/ package of the project's own is left as it is, and not reported", () => {
  const dir = tree({
    "agent/firecrawl.py": OWN_CLIENT,
    "agent/main.py": SCRIPT,
    "notes/firecrawl/__init__.py": OWN_CLIENT,
    "notes/explore.ipynb": NOTEBOOK,
  });
  const report = run(dir);
  expect(readFileSync(join(dir, "agent/main.py"), "utf8")).toBe(SCRIPT);
  expect(readFileSync(join(dir, "notes/explore.ipynb"), "utf8")).toBe(NOTEBOOK);
  const scripts = report.files.filter((f) => f.path.endsWith("main.py") || f.path.endsWith(".ipynb"));
  expect(scripts.map(({ status, changes, todos }) => ({ status, changes, todos }))).toEqual([
    { status: "unchanged", changes: [], todos: [] },
    { status: "unchanged", changes: [], todos: [] },
  ]);
});

test("without a module of that name beside it, in a package whose import is absolute, or beside a wrapper that imports the SDK itself, the script is the SDK's and migrates", () => {
  const dir = tree({
    "agent/main.py": SCRIPT,
    "pkg/__init__.py": "",
    "pkg/firecrawl.py": OWN_CLIENT,
    "pkg/scraper.py": SCRIPT,
    // A wrapper its author named after the SDK, and a script beside it: both take `firecrawl` for the SDK.
    "tools/firecrawl.py": SCRIPT,
    "tools/crawl.py": SCRIPT,
  });
  run(dir);
  for (const file of ["agent/main.py", "pkg/scraper.py", "tools/firecrawl.py", "tools/crawl.py"]) {
    const text = readFileSync(join(dir, file), "utf8");
    expect(text).toContain("from firecrawl import Firecrawl\n");
    expect(text).toContain("app.scrape(");
  }
});
