/**
 * Whether another module of the project imports a Python module's public name (src/python/detect/importers.ts),
 * and what the migration makes of a module-level setting by the answer: rewritten where no module imports it,
 * left as written with its TODO where one does or where no project says.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { importedElsewhere } from "../src/python/detect/importers.js";
import { loadPython, parsePython } from "../src/python/runtime/parser.js";

beforeAll(loadPython);

const CLI = resolve(import.meta.dirname, "../dist/src/cli/main.js");

/** A temporary folder holding `files` (paths with folders), removed after the suite; a git repository where asked. */
function tree(files: Record<string, string>, { git = false } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "fc-importers-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  if (git) execFileSync("git", ["init", "-q"], { cwd: dir });
  return dir;
}

const SETTINGS = 'STEPS = [{"type": "wait", "milliseconds": 500}]\nLIMIT = 10\n';

/** A notebook of these cells (type, source). */
const notebookOf = (...cells: [string, string][]) =>
  JSON.stringify({ cells: cells.map(([type, source]) => ({ cell_type: type, metadata: {}, source: [source] })), metadata: {}, nbformat: 4, nbformat_minor: 5 });

describe("whether another module imports a name", () => {
  const asked = (dir: string, module: string, name: string, paths: string[] = []) =>
    importedElsewhere(join(dir, module), parsePython(readFileSync(join(dir, module), "utf8")).rootNode, name, paths);

  test("from-imports, absolute and relative, and star imports name it; another name of the module is not imported", () => {
    const dir = tree(
      {
        "pkg/__init__.py": "",
        "pkg/settings.py": SETTINGS,
        "pkg/jobs.py": "from .settings import STEPS\n",
        "app/main.py": "from pkg.settings import LIMIT as limit\n",
        "other/settings.py": "STEPS = []\n",
      },
      { git: true },
    );
    expect(asked(dir, "pkg/settings.py", "STEPS")).toBe(true);
    expect(asked(dir, "pkg/settings.py", "LIMIT")).toBe(true);
    expect(asked(dir, "pkg/settings.py", "OTHER")).toBe(false);
    // `.settings` from pkg/jobs.py is pkg/settings.py, not other/settings.py.
    expect(asked(dir, "other/settings.py", "STEPS")).toBe(false);
  });

  test("a star import, the module imported whole and read by attribute, and a load by name count", () => {
    const star = tree({ "settings.py": SETTINGS, "run.py": "from settings import *\n" }, { git: true });
    expect(asked(star, "settings.py", "STEPS")).toBe(true);
    const whole = tree({ "pkg/settings.py": SETTINGS, "run.py": "import pkg.settings\nprint(pkg.settings.STEPS)\n" }, { git: true });
    expect(asked(whole, "pkg/settings.py", "STEPS")).toBe(true);
    expect(asked(whole, "pkg/settings.py", "LIMIT")).toBe(false);
    const submodule = tree({ "pkg/settings.py": SETTINGS, "run.py": "from pkg import settings\nprint(settings.LIMIT)\n" }, { git: true });
    expect(asked(submodule, "pkg/settings.py", "LIMIT")).toBe(true);
    const loaded = tree({ "settings.py": SETTINGS, "run.py": 'import importlib\nconf = importlib.import_module("settings")\n' }, { git: true });
    expect(asked(loaded, "settings.py", "LIMIT")).toBe(true);
    const notebook = tree({ "settings.py": SETTINGS, "explore.ipynb": notebookOf(["code", "from settings import STEPS"]) }, { git: true });
    expect(asked(notebook, "settings.py", "STEPS")).toBe(true);
  });

  test("a notebook imports a name only from its code cells, read as one program: not in a markdown cell, a comment or a shell line", () => {
    const only = (...cells: [string, string][]) =>
      asked(tree({ "settings.py": SETTINGS, "explore.ipynb": notebookOf(...cells) }, { git: true }), "settings.py", "STEPS");
    expect(only(["markdown", "from settings import STEPS"], ["code", "print(1)"])).toBe(false);
    expect(only(["code", "# from settings import STEPS\nprint(1)"])).toBe(false);
    expect(only(["code", "%pip install settings\n!python -c 'from settings import STEPS'"])).toBe(false);
    // The module imported in one cell, its name read in another.
    expect(only(["code", "import settings"], ["markdown", "Then:"], ["code", "print(settings.STEPS)"])).toBe(true);
    // A notebook that is no JSON cannot be read: it may import anything.
    const broken = tree({ "settings.py": SETTINGS, "broken.ipynb": '{"cells": [from settings import STEPS' }, { git: true });
    expect(asked(broken, "settings.py", "STEPS")).toBe(true);
  });

  test("a package's own modules import from its __init__ by dots alone, never spelling the package's name", () => {
    const dir = tree(
      { "crawler/__init__.py": SETTINGS, "crawler/report.py": "from . import STEPS\n", "crawler/jobs/run.py": "from .. import LIMIT\n" },
      { git: true },
    );
    expect(asked(dir, "crawler/__init__.py", "STEPS")).toBe(true);
    expect(asked(dir, "crawler/__init__.py", "LIMIT")).toBe(true);
    expect(asked(dir, "crawler/__init__.py", "OTHER")).toBe(false);
  });

  test("__all__ offers a name to other modules", () => {
    const dir = tree({ "settings.py": `__all__ = ["STEPS"]\n${SETTINGS}` }, { git: true });
    expect(asked(dir, "settings.py", "STEPS")).toBe(true);
    expect(asked(dir, "settings.py", "LIMIT")).toBe(false);
    const added = tree({ "settings.py": `__all__ = []\n__all__ += ["LIMIT"]\n${SETTINGS}` }, { git: true });
    expect(asked(added, "settings.py", "LIMIT")).toBe(true);
    expect(asked(added, "settings.py", "STEPS")).toBe(false);
    // One this codemod cannot read may name any.
    const unread = tree({ "base.py": "NAMES = []\n", "settings.py": `import base\n__all__ = base.NAMES + ["X"]\n${SETTINGS}` }, { git: true });
    expect(asked(unread, "settings.py", "STEPS")).toBe(true);
  });

  test("the project is the repository, else the package, else the folder the run was asked for; a file named alone has none", () => {
    const loose = tree({ "scripts/settings.py": SETTINGS });
    // Named alone, outside any repository or package: who imports it cannot be told.
    expect(asked(loose, "scripts/settings.py", "STEPS", [join(loose, "scripts/settings.py")])).toBe(true);
    expect(asked(loose, "scripts/settings.py", "STEPS", [loose])).toBe(false);
    const packaged = tree({ "requirements.txt": "firecrawl-py==1.15.0\n", "settings.py": SETTINGS });
    expect(asked(packaged, "settings.py", "STEPS")).toBe(false);
    // A module not on disk (the library given a text) has no project either.
    expect(importedElsewhere(join(loose, "missing.py"), parsePython(SETTINGS).rootNode, "STEPS", [loose])).toBe(true);
  });
});

describe("the CLI on a project whose modules import each other's settings", () => {
  const scraper = [
    "from firecrawl import FirecrawlApp",
    "",
    "app = FirecrawlApp(api_key='fc-test')",
    "",
    'SHARED_STEPS = [{"type": "wait", "milliseconds": 500}]',
    'OWN_STEPS = [{"type": "scroll", "direction": "down"}]',
    "",
    "",
    "def shared(url):",
    '    return app.scrape_url(url, params={"formats": ["markdown"], "actions": SHARED_STEPS})',
    "",
    "",
    "def own(url):",
    '    return app.scrape_url(url, params={"formats": ["markdown"], "actions": OWN_STEPS})',
    "",
  ].join("\n");
  const importer = "from crawler.scraper import SHARED_STEPS\n\nprint(len(SHARED_STEPS))\n";

  test("a list another module imports stays as written; the module's own becomes v2's action models", () => {
    const dir = tree({ "crawler/__init__.py": "", "crawler/scraper.py": scraper, "report.py": importer }, { git: true });
    const { status, stderr } = spawnSync(process.execPath, [CLI, "run", ".", "--force", "--no-verify"], { cwd: dir, encoding: "utf8" });
    expect([status, stderr]).toEqual([0, ""]);
    const out = readFileSync(join(dir, "crawler/scraper.py"), "utf8");
    expect(out).toContain('SHARED_STEPS = [{"type": "wait", "milliseconds": 500}]');
    expect(out).toContain('OWN_STEPS = [ScrollAction(direction="down")]');
    expect(readFileSync(join(dir, "report.py"), "utf8")).toBe(importer);
  });

  test("a public builder of a request body moves to v2 with its request where no other module imports it", () => {
    const jobs = [
      "import requests",
      "",
      "",
      "def build_batch_payload(urls):",
      '    payload = {"urls": urls, "formats": ["markdown"]}',
      '    payload["ignoreInvalidURLs"] = True',
      "    return payload",
      "",
      "",
      "def start_batch(urls):",
      '    return requests.post("https://api.firecrawl.dev/v1/batch/scrape", json=build_batch_payload(urls)).json()',
      "",
    ].join("\n");
    const alone = tree({ "jobs.py": jobs, "main.py": "from jobs import start_batch\n" }, { git: true });
    const shared = tree({ "jobs.py": jobs, "main.py": "from jobs import build_batch_payload\n" }, { git: true });
    for (const dir of [alone, shared]) spawnSync(process.execPath, [CLI, "run", ".", "--force", "--no-verify"], { cwd: dir, encoding: "utf8" });
    expect(readFileSync(join(alone, "jobs.py"), "utf8")).toContain("https://api.firecrawl.dev/v2/batch/scrape");
    const kept = readFileSync(join(shared, "jobs.py"), "utf8");
    expect(kept).toContain("https://api.firecrawl.dev/v1/batch/scrape");
    expect(kept).toMatch(/TODO\(firecrawl-v2\): this request stays on \/v1: its body comes from `build_batch_payload\(urls\)`/);
  });

  test("a file named alone outside any project keeps both as written", () => {
    const dir = tree({ "scraper.py": scraper });
    spawnSync(process.execPath, [CLI, "run", "scraper.py", "--force", "--no-verify"], { cwd: dir, encoding: "utf8" });
    const out = readFileSync(join(dir, "scraper.py"), "utf8");
    expect(out).toContain('OWN_STEPS = [{"type": "scroll", "direction": "down"}]');
  });
});

describe("the CLI on a function whose client is a parameter's default, called from other modules", () => {
  const lib = [
    "from firecrawl import FirecrawlApp",
    "",
    'default = FirecrawlApp(api_key="fc-test")',
    "",
    "",
    "def fetch(url, client=default):",
    '    return client.scrape_url(url)["markdown"]',
    "",
  ].join("\n");
  const fake = ["class Fake:", "    def scrape_url(self, url):", '        return {"markdown": "x"}', "", ""].join("\n");
  const migrated = (files: Record<string, string>) => {
    const dir = tree({ "lib.py": lib, ...files }, { git: true });
    const { status, stderr } = spawnSync(process.execPath, [CLI, "run", ".", "--force", "--no-verify"], { cwd: dir, encoding: "utf8" });
    expect(status, stderr).toBe(0);
    return readFileSync(join(dir, "lib.py"), "utf8");
  };

  test("a caller elsewhere that passes something else leaves the parameter mixed, with its TODO", { timeout: 60_000 }, () => {
    const out = migrated({ "test_lib.py": `from lib import fetch\n\n\n${fake}def test_fetch():\n    assert fetch("https://a", client=Fake()) == "x"\n` });
    expect(out).toContain("client.scrape_url(url)");
    expect(out).toMatch(/TODO\(firecrawl-v2\): client is a Firecrawl client where a call passes default, and not one where a call passes Fake\(\)/);
  });

  test("callers elsewhere that pass nothing, or no module that imports it, leave the default the client it is", { timeout: 60_000 }, () => {
    expect(migrated({ "main.py": 'from lib import fetch\n\nprint(fetch("https://a"))\n' })).toContain("client.scrape(url).markdown");
    expect(migrated({})).toContain("client.scrape(url).markdown");
  });

  test("a default on v2, or kept on v1, is left as written and unreported whatever other modules pass", { timeout: 60_000 }, () => {
    const caller = `from lib import fetch\n\n\n${fake}def test_fetch():\n    assert fetch("https://a", client=Fake()) == "x"\n`;
    for (const code of [
      [
        "from firecrawl import Firecrawl",
        "",
        'default = Firecrawl(api_key="fc-test")',
        "",
        "",
        "def fetch(url, client=default):",
        "    return client.scrape(url).markdown",
        "",
      ],
      [
        "from firecrawl import V1FirecrawlApp",
        "",
        'default = V1FirecrawlApp(api_key="fc-test")',
        "",
        "",
        "def fetch(url, client=default):",
        "    return client.scrape_url(url).markdown",
        "",
      ],
    ].map((lines) => lines.join("\n"))) {
      const dir = tree({ "lib.py": code, "test_lib.py": caller }, { git: true });
      const { stdout } = spawnSync(process.execPath, [CLI, "run", ".", "--force", "--no-verify"], { cwd: dir, encoding: "utf8" });
      expect(readFileSync(join(dir, "lib.py"), "utf8")).toBe(code);
      expect(stdout).toContain("0 TODOs");
    }
  });

  test("an importer that hands the function on, whose calls cannot be read, leaves it as written", { timeout: 60_000 }, () => {
    const out = migrated({ "main.py": 'from lib import fetch\n\nprint(list(map(fetch, ["https://a"])))\n' });
    expect(out).toContain("client.scrape_url(url)");
  });
});

describe("the CLI on modules whose client another module of the project makes", () => {
  const clients = [
    "import os",
    "",
    "from firecrawl import AsyncFirecrawlApp, FirecrawlApp",
    "from firecrawl.v1 import V1FirecrawlApp",
    "",
    'firecrawl = FirecrawlApp(api_key=os.environ["FIRECRAWL_API_KEY"])',
    'async_firecrawl = AsyncFirecrawlApp(api_key=os.environ["FIRECRAWL_API_KEY"])',
    'legacy = V1FirecrawlApp(api_key=os.environ["FIRECRAWL_API_KEY"])',
    "",
  ].join("\n");
  const pages = [
    "from .clients import firecrawl as client, legacy",
    "",
    "",
    "def page_markdown(url: str) -> str:",
    '    page = client.scrape_url(url, formats=["markdown"])',
    '    return page.markdown or ""',
    "",
    "",
    "def page_links(url: str) -> list:",
    "    return legacy.map_url(url).links or []",
    "",
  ].join("\n");
  const jobs = [
    "from app.services.clients import async_firecrawl",
    "",
    "",
    "async def crawl_titles(url: str) -> list:",
    "    job = await async_firecrawl.crawl_url(url, limit=5)",
    '    return [page.metadata.get("title") for page in job.data]',
    "",
  ].join("\n");
  // A module that mentions Firecrawl and imports an `app` and a `scrape_url` of its own, no client's.
  const site = [
    "from flask import Flask",
    "",
    "app = Flask(__name__)",
    "",
    "",
    "class Scraper:",
    "    def scrape_url(self, url):",
    "        return url",
    "",
  ].join("\n");
  const views = [
    '"""Views that show what Firecrawl found."""',
    "from app.web.site import app, Scraper",
    "",
    "scraper = Scraper()",
    "",
    "",
    '@app.route("/")',
    "def index():",
    '    return scraper.scrape_url("https://example.com")',
    "",
  ].join("\n");
  const project = {
    "app/__init__.py": "",
    "app/services/__init__.py": "",
    "app/services/clients.py": clients,
    "app/services/pages.py": pages,
    "app/web/__init__.py": "",
    "app/web/jobs.py": jobs,
    "app/web/site.py": site,
    "app/web/views.py": views,
    // models and typing's names the migration writes, in a module that imports nothing of the SDK's
    "app/web/search.py": [
      '"""Search with the project\'s Firecrawl client."""',
      "from app.services.clients import firecrawl",
      "",
      "",
      "def search_urls(query: str) -> list:",
      '    found = firecrawl.search(query, params={"limit": 3, "scrapeOptions": {"formats": ["markdown"]}})',
      '    return [hit["url"] for hit in found["data"]]',
      "",
    ].join("\n"),
  };

  test(
    "a module's calls on a client it imports, relatively, absolutely or under another name, are migrated; the module making it is left as 4.x takes it",
    { timeout: 60_000 },
    () => {
      const dir = tree(project, { git: true });
      const { status, stderr } = spawnSync(process.execPath, [CLI, "run", ".", "--force", "--no-verify"], { cwd: dir, encoding: "utf8" });
      expect(status, stderr).toBe(0);
      const read = (path: string) => readFileSync(join(dir, path), "utf8");
      expect(read("app/services/pages.py")).toBe(pages.replace("client.scrape_url(url,", "client.scrape(url,"));
      expect(read("app/web/jobs.py")).toBe(
        [
          "from app.services.clients import async_firecrawl",
          "",
          "",
          "async def crawl_titles(url: str) -> list:",
          "    job = await async_firecrawl.crawl(url=url, limit=5)",
          '    if job.status != "completed":',
          '        raise Exception(f"Job failed or was stopped. Status: {job.status}")',
          "    return [page.metadata_typed.title for page in job.data]",
          "",
        ].join("\n"),
      );
      expect(read("app/web/search.py")).toBe(
        [
          '"""Search with the project\'s Firecrawl client."""',
          "from app.services.clients import firecrawl",
          "from firecrawl.types import ScrapeOptions, Document",
          "",
          "",
          "def search_urls(query: str) -> list:",
          '    found = firecrawl.search(query, limit=3, scrape_options=ScrapeOptions(formats=["markdown"]))',
          "    return [hit.metadata_typed.source_url if isinstance(hit, Document) else hit.url for hit in found.web or []]",
          "",
        ].join("\n"),
      );
      // FirecrawlApp is 4.x's alias of Firecrawl: the module that only makes the clients runs as written.
      expect(read("app/services/clients.py")).toBe(clients);
      expect(read("app/web/views.py")).toBe(views);
      expect(read("app/web/site.py")).toBe(site);
    },
  );

  test("a client read off a module imported whole, and one a function of another module gives, are migrated as the client's", { timeout: 60_000 }, () => {
    const factory = [
      "import os",
      "from functools import lru_cache",
      "",
      "from firecrawl import FirecrawlApp",
      "",
      "",
      "@lru_cache",
      "def get_client() -> FirecrawlApp:",
      '    return FirecrawlApp(api_key=os.getenv("FIRECRAWL_API_KEY"))',
      "",
      "",
      "def make_other():",
      "    return object()",
      "",
    ].join("\n");
    const scraper = [
      "from .firecrawl_client import get_client, make_other",
      "",
      "",
      "class Scraper:",
      "    def __init__(self):",
      "        self.client = get_client()",
      "        self.other = make_other()",
      "",
      "    def fetch(self, url: str) -> str:",
      '        doc = self.client.scrape_url(url, formats=["markdown"])',
      '        return doc.markdown or ""',
      "",
      "    def check(self, url: str):",
      "        return self.other.scrape_url(url)",
      "",
    ].join("\n");
    // a module that never names the SDK: the screen passes it by the v1 method it calls
    const nameless = ["from app.services.shared import scraper", "", "", "def text(url: str):", "    return scraper.scrape_url(url).markdown", ""].join("\n");
    const whole = [
      "from app.services import clients",
      "import app.services.clients as c",
      "",
      "",
      "def links(url: str) -> list:",
      "    return clients.firecrawl.map_url(url).links + c.firecrawl.map_url(url).links",
      "",
    ].join("\n");
    const dir = tree(
      {
        ...project,
        "app/services/firecrawl_client.py": factory,
        "app/services/scraper.py": scraper,
        "app/web/links.py": whole,
        "app/web/nameless.py": nameless,
        "app/services/shared.py": 'from firecrawl import FirecrawlApp\n\nscraper = FirecrawlApp(api_key="fc-test")\n',
      },
      { git: true },
    );
    const { status, stderr } = spawnSync(process.execPath, [CLI, "run", ".", "--force", "--no-verify"], { cwd: dir, encoding: "utf8" });
    expect(status, stderr).toBe(0);
    expect(readFileSync(join(dir, "app/services/scraper.py"), "utf8")).toBe(scraper.replace("self.client.scrape_url(url,", "self.client.scrape(url,"));
    expect(readFileSync(join(dir, "app/web/links.py"), "utf8")).toBe(
      whole.replace(
        "return clients.firecrawl.map_url(url).links + c.firecrawl.map_url(url).links",
        "return [link.url for link in clients.firecrawl.map(url).links] + [link.url for link in c.firecrawl.map(url).links]",
      ),
    );
    expect(readFileSync(join(dir, "app/services/firecrawl_client.py"), "utf8")).toBe(factory);
    expect(readFileSync(join(dir, "app/web/nameless.py"), "utf8")).toBe(nameless.replace("scraper.scrape_url(url)", "scraper.scrape(url)"));
  });

  test("a client imported and held by a class, set in its __init__ or in its body, is migrated where its methods call it", { timeout: 60_000 }, () => {
    const held = (holding: string) =>
      [
        "from .clients import firecrawl",
        "",
        "",
        "class Pages:",
        holding,
        "",
        "    def text(self, url):",
        '        return self.app.scrape_url(url, params={"formats": ["markdown"]})["markdown"]',
        "",
      ].join("\n");
    const inInit = held("    def __init__(self):\n        self.app = firecrawl");
    const inBody = held("    app = firecrawl");
    const dir = tree({ ...project, "app/services/in_init.py": inInit, "app/services/in_body.py": inBody }, { git: true });
    const { status, stderr } = spawnSync(process.execPath, [CLI, "run", ".", "--force", "--no-verify"], { cwd: dir, encoding: "utf8" });
    expect(status, stderr).toBe(0);
    const migrated = (code: string) =>
      code.replace('self.app.scrape_url(url, params={"formats": ["markdown"]})["markdown"]', 'self.app.scrape(url, formats=["markdown"]).markdown');
    expect(readFileSync(join(dir, "app/services/in_init.py"), "utf8")).toBe(migrated(inInit));
    expect(readFileSync(join(dir, "app/services/in_body.py"), "utf8")).toBe(migrated(inBody));
  });

  test("where the import names two modules of the project, or none, the calls are not taken for a client's", { timeout: 60_000 }, () => {
    const caller = 'from settings import fc\n\nprint(fc.scrape_url("https://a.dev", formats=["markdown"]).markdown)\n';
    const maker = 'from firecrawl import FirecrawlApp\n\nfc = FirecrawlApp(api_key="fc-test")\n';
    const dir = tree({ "a/settings.py": maker, "b/settings.py": maker, "main.py": caller, "c/main.py": caller.replace("settings", "missing") }, { git: true });
    const { stdout } = spawnSync(process.execPath, [CLI, "run", ".", "--force", "--no-verify"], { cwd: dir, encoding: "utf8" });
    expect(readFileSync(join(dir, "main.py"), "utf8")).toBe(caller);
    expect(readFileSync(join(dir, "c/main.py"), "utf8")).toBe(caller.replace("settings", "missing"));
    expect(stdout).toContain("Migrated 0 of");
  });

  test("a client every call of which the module awaits is the async one, but where another module imports it", { timeout: 60_000 }, () => {
    const maker = [
      "from firecrawl import FirecrawlApp",
      "",
      'fc = FirecrawlApp(api_key="fc-test")',
      "",
      "",
      "async def page(url):",
      '    return (await fc.scrape_url(url, formats=["markdown"])).markdown',
      "",
    ].join("\n");
    const caller = 'from shared import fc\n\nprint(fc.scrape_url("https://a.dev", formats=["markdown"]).markdown)\n';
    const dir = tree({ "alone/clients.py": maker, "shared.py": maker, "main.py": caller }, { git: true });
    const { status, stderr } = spawnSync(process.execPath, [CLI, "run", ".", "--force", "--no-verify"], { cwd: dir, encoding: "utf8" });
    expect(status, stderr).toBe(0);
    const migrated = (client: string) =>
      maker.replace(/FirecrawlApp/g, client).replace('fc.scrape_url(url, formats=["markdown"])', 'fc.scrape(url, formats=["markdown"])');
    expect(readFileSync(join(dir, "alone/clients.py"), "utf8")).toBe(migrated("AsyncFirecrawl"));
    // main.py calls it as the sync client it is: it stays one
    expect(readFileSync(join(dir, "shared.py"), "utf8")).toBe(migrated("Firecrawl"));
    expect(readFileSync(join(dir, "main.py"), "utf8")).toBe(caller.replace("fc.scrape_url(", "fc.scrape("));
  });

  test("a client a class keeps and awaits is the async one, but where code outside the class reads it", { timeout: 60_000 }, () => {
    const service = (tail: string) =>
      [
        "from firecrawl import FirecrawlApp",
        "",
        "",
        "class Pages:",
        "    def __init__(self, key):",
        "        self.app = FirecrawlApp(api_key=key)",
        "",
        "    async def markdown(self, url):",
        '        return (await self.app.scrape_url(url, formats=["markdown"])).markdown',
        tail,
      ].join("\n");
    const reader = 'from pages import Pages\n\npages = Pages("fc-test")\nprint(pages.app.scrape_url("https://a.dev", formats=["markdown"]).markdown)\n';
    const dir = tree(
      {
        "alone/sites.py": service(""),
        // the same module reads the client of an instance, without await
        "inside/own.py": service('\n\nprint(Pages("fc-test").app.scrape_url("https://a.dev", formats=["markdown"]).markdown)\n'),
        "pages.py": service(""),
        "main.py": reader,
      },
      { git: true },
    );
    const { status, stderr } = spawnSync(process.execPath, [CLI, "run", ".", "--force", "--no-verify"], { cwd: dir, encoding: "utf8" });
    expect(status, stderr).toBe(0);
    const migrated = (tail: string, client: string) =>
      service("")
        .replace(/FirecrawlApp/g, client)
        .replace("self.app.scrape_url(", "self.app.scrape(") + tail;
    expect(readFileSync(join(dir, "alone/sites.py"), "utf8")).toBe(migrated("", "AsyncFirecrawl"));
    const inside = '\n\nprint(Pages("fc-test").app.scrape_url("https://a.dev", formats=["markdown"]).markdown)\n';
    expect(readFileSync(join(dir, "inside/own.py"), "utf8")).toBe(migrated(inside, "Firecrawl"));
    // main.py reads the class's client and calls it as the sync one it is: it stays one
    expect(readFileSync(join(dir, "pages.py"), "utf8")).toBe(migrated("", "Firecrawl"));
  });
});
