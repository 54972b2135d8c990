/**
 * The Python project's dependency files after `run`: firecrawl-py moved from a v1 pin to the v2 release in
 * the user's own style, only in the project whose code was migrated, byte for byte elsewhere, with the
 * lockfile to refresh named; CLI end to end on temporary repositories, as a user meets it.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { PY_V2_RELEASE } from "../src/mapping/imports.js";

const CLI = resolve(import.meta.dirname, "../dist/src/cli/main.js");
const roots: string[] = [];
afterAll(() => roots.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A script any firecrawl-py 1.x/2.x user could have written: it is migrated, so its project moves too. */
const SCRIPT =
  'from firecrawl import FirecrawlApp\n\napp = FirecrawlApp(api_key="fc-test")\npage = app.scrape_url("https://example.com", formats=["markdown"])\nprint(page.markdown)\n';

interface Report {
  files: { path: string; status: string }[];
  packages: { path: string; dependency: string; from: string; to: string }[];
  lockfiles: { path: string; command: string | null }[];
}

function repo(files: Record<string, string>): { dir: string; run: (...args: string[]) => Report; read: (name: string) => string } {
  const dir = mkdtempSync(join(tmpdir(), "fc-pydeps-"));
  roots.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  execFileSync("git", ["init", "-q"], { cwd: dir });
  // The pins are this suite's subject: pyright's check of the migrated script (python-verify's) would only add its time.
  const run = (...args: string[]) => {
    const { stdout, stderr } = spawnSync(process.execPath, [CLI, "run", ".", "--force", "--json", "--no-verify", ...args], { cwd: dir, encoding: "utf8" });
    if (!stdout) throw new Error(stderr);
    return JSON.parse(stdout) as Report;
  };
  return { dir, run, read: (name) => readFileSync(join(dir, name), "utf8") };
}

const [major, minor] = PY_V2_RELEASE.split(".");
const cases: { name: string; file: string; before: string; after: string; lock?: [string, string]; command?: string; dependency?: string }[] = [
  {
    name: "requirements.txt, ==",
    file: "requirements.txt",
    before: "requests>=2.31\nfirecrawl-py==1.11.0\n",
    after: `requests>=2.31\nfirecrawl-py==${PY_V2_RELEASE}\n`,
  },
  {
    name: "requirements, a commented-out line is no pin",
    file: "requirements.txt",
    before: "# firecrawl-py>=4 once the client is moved\nfirecrawl-py==2.16.5\n",
    after: `# firecrawl-py>=4 once the client is moved\nfirecrawl-py==${PY_V2_RELEASE}\n`,
  },
  {
    name: "requirements, a range with a comment and CRLF",
    file: "requirements-prod.txt",
    before: "firecrawl-py >= 1.5, < 2  # scraping\r\n",
    after: `firecrawl-py >= ${major}.${minor}, < ${Number(major) + 1}  # scraping\r\n`,
  },
  {
    name: "PEP 621 with uv.lock",
    file: "pyproject.toml",
    before: '[project]\nname = "site-notes"\ndependencies = [\n    "httpx",\n    "firecrawl-py~=1.15",\n]\n',
    after: `[project]\nname = "site-notes"\ndependencies = [\n    "httpx",\n    "firecrawl-py~=${major}.${minor}",\n]\n`,
    lock: ["uv.lock", 'version = 1\n\n[[package]]\nname = "firecrawl-py"\nversion = "1.17.0"\n'],
    command: "uv lock",
  },
  {
    name: "Poetry, ^ and a table",
    file: "pyproject.toml",
    before: '[tool.poetry.dependencies]\npython = "^3.10"\nfirecrawl-py = { version = "^2.16", optional = true }\n',
    after: `[tool.poetry.dependencies]\npython = "^3.10"\nfirecrawl-py = { version = "^${major}.${minor}", optional = true }\n`,
    lock: ["poetry.lock", '[[package]]\nname = "firecrawl-py"\nversion = "2.16.5"\n'],
    command: "poetry lock",
  },
  {
    name: "Pipfile",
    file: "Pipfile",
    before: '[packages]\nfirecrawl-py = "==2.16.5"\nrich = "*"\n',
    after: `[packages]\nfirecrawl-py = "==${PY_V2_RELEASE}"\nrich = "*"\n`,
    lock: ["Pipfile.lock", '{ "default": { "firecrawl-py": { "version": "==2.16.5" } } }\n'],
    command: "pipenv lock",
  },
  {
    name: "setup.py",
    file: "setup.py",
    before: 'from setuptools import setup\n\nsetup(name="notes", install_requires=["firecrawl-py>=1.0.0,<3.0.0", "rich"])\n',
    after: `from setuptools import setup\n\nsetup(name="notes", install_requires=["firecrawl-py>=${PY_V2_RELEASE},<${Number(major) + 1}.0.0", "rich"])\n`,
  },
  {
    name: "setup.cfg, a lone upper bound",
    file: "setup.cfg",
    before: "[options]\ninstall_requires =\n    rich\n    firecrawl-py<3\n",
    after: `[options]\ninstall_requires =\n    rich\n    firecrawl-py>=${PY_V2_RELEASE},<${Number(major) + 1}\n`,
  },
  {
    name: "requirements.txt, the SDK under its import name (PyPI's firecrawl)",
    file: "requirements.txt",
    before: "firecrawl==1.15.0\nlangchain-firecrawl==0.2.1\n",
    after: `firecrawl==${PY_V2_RELEASE}\nlangchain-firecrawl==0.2.1\n`,
    dependency: "firecrawl",
  },
  {
    name: "Poetry, the SDK under its import name, with its lock",
    file: "pyproject.toml",
    before: '[tool.poetry.dependencies]\npython = "^3.10"\nfirecrawl = "^1.15.0"\n',
    after: `[tool.poetry.dependencies]\npython = "^3.10"\nfirecrawl = "^${PY_V2_RELEASE}"\n`,
    lock: ["poetry.lock", '[[package]]\nname = "firecrawl"\nversion = "1.15.0"\n'],
    command: "poetry lock",
    dependency: "firecrawl",
  },
  {
    name: "pip-compile: the .in moves, the compiled file is refreshed by its own command",
    file: "requirements.in",
    before: "firecrawl-py~=1.17.0\n",
    after: `firecrawl-py~=${PY_V2_RELEASE}\n`,
    lock: [
      "requirements.txt",
      "#\n# This file is autogenerated by pip-compile with Python 3.11\n# by the following command:\n#\n#    pip-compile requirements.in\n#\nfirecrawl-py==1.17.0\n    # via -r requirements.in\n",
    ],
    command: "pip-compile requirements.in",
  },
];

describe.each(cases)("$name", ({ file, before, after, lock, command, dependency = "firecrawl-py" }) => {
  test("the pin moves to v2 in its own style, the rest of the file stays, and a second run changes nothing", () => {
    const project = repo({ "notes/scrape.py": SCRIPT, [`notes/${file}`]: before, ...(lock ? { [`notes/${lock[0]}`]: lock[1] } : {}) });
    const report = project.run();
    expect(report.files.find((f) => f.path === "notes/scrape.py")?.status).toBe("changed");
    expect(project.read(`notes/${file}`)).toBe(after);
    expect(report.packages).toMatchObject([{ path: `notes/${file}`, dependency }]);
    expect(report.lockfiles).toEqual(lock ? [{ path: `notes/${lock[0]}`, command }] : []);
    if (lock) expect(project.read(`notes/${lock[0]}`)).toBe(lock[1]);
    const again = project.run();
    expect(again.packages).toEqual([]);
    expect(project.read(`notes/${file}`)).toBe(after);
  });
});

describe("which projects move", () => {
  test("only the project whose code was migrated; open specifiers and bare names stay; --dry writes nothing", () => {
    const files = {
      "migrated/scrape.py": SCRIPT,
      "migrated/requirements.txt": "firecrawl-py==2.16.5\n",
      // Its only file does not parse, so nothing of it is migrated and its pin is not the run's to move.
      "broken/job.py": "from firecrawl import FirecrawlApp\ndef f(:\n",
      "broken/requirements.txt": "firecrawl-py==2.16.5\n",
      "bare/scrape.py": SCRIPT,
      "bare/requirements.txt": "firecrawl-py\n",
    };
    const project = repo(files);
    const dry = project.run("--dry");
    expect(dry.packages).toEqual([{ path: "migrated/requirements.txt", dependency: "firecrawl-py", from: "==2.16.5", to: `==${PY_V2_RELEASE}` }]);
    for (const [name, text] of Object.entries(files)) expect(project.read(name)).toBe(text);
    project.run();
    expect(project.read("migrated/requirements.txt")).toBe(`firecrawl-py==${PY_V2_RELEASE}\n`);
    expect(project.read("broken/requirements.txt")).toBe(files["broken/requirements.txt"]);
    expect(project.read("bare/requirements.txt")).toBe(files["bare/requirements.txt"]);
  });

  test("a UTF-16 requirements file, as PowerShell's pip freeze writes it, has its pin moved and keeps its encoding, mark and line ends", () => {
    const utf16 = (text: string, swap: boolean) => {
      const body = Buffer.from(text, "utf16le");
      if (swap) body.swap16();
      return Buffer.concat([Buffer.from(swap ? [0xfe, 0xff] : [0xff, 0xfe]), body]);
    };
    for (const swap of [false, true]) {
      const project = repo({ "scrape.py": SCRIPT });
      writeFileSync(join(project.dir, "requirements.txt"), utf16("flask==3.0.0\r\nfirecrawl==1.15.0\r\n", swap));
      const report = project.run();
      expect(report.packages).toEqual([{ path: "requirements.txt", dependency: "firecrawl", from: "==1.15.0", to: `==${PY_V2_RELEASE}` }]);
      expect(readFileSync(join(project.dir, "requirements.txt"))).toEqual(utf16(`flask==3.0.0\r\nfirecrawl==${PY_V2_RELEASE}\r\n`, swap));
    }
  });

  test("a v1 pin under the SDK's import name decides a call both APIs name; a package that only mentions it decides nothing", () => {
    // search() is in both APIs: the project's pin says which this is (1.x answers a dict with data); a result read
    // as only v1's was (res["data"]) says so itself, so the unpinned copy reads nothing of it
    const client = 'from firecrawl import FirecrawlApp\n\napp = FirecrawlApp(api_key="fc-test")\nres = app.search("firecrawl")\n';
    const search = `${client}for hit in res["data"]:\n    print(hit["url"])\n`;
    const project = repo({
      "pinned/find.py": search,
      "pinned/requirements.txt": "firecrawl==1.15.0\n",
      "others/find.py": `${client}print(res)\n`,
      "others/requirements.txt": "firecrawl-mcp==1.15.0\nlangchain-firecrawl==1.0.0\nfirecrawl_tools==1.2\n",
    });
    const report = project.run();
    expect(report.files.find((f) => f.path === "pinned/find.py")?.status).toBe("changed");
    expect(project.read("pinned/find.py")).toContain("res.web or []");
    expect(report.files.find((f) => f.path === "others/find.py")?.status).toBe("unchanged");
    expect(report.packages).toEqual([{ path: "pinned/requirements.txt", dependency: "firecrawl", from: "==1.15.0", to: `==${PY_V2_RELEASE}` }]);
  });

  test("a v2 pin does not keep a call in v1's shape (params=, which 4.x refuses) on v1: the call and its result's reads migrate together (here, extract's result dumped for its dict reads)", () => {
    const code = [
      "from firecrawl import Firecrawl",
      "",
      'app = Firecrawl(api_key="fc-test")',
      'result = app.extract(["https://example.com"], params={"prompt": "the page title"})',
      'print(result["data"])',
      "",
    ].join("\n");
    const project = repo({ "extract.py": code, "requirements.txt": "firecrawl-py==4.3.7\n" });
    project.run();
    // the module makes its client as 4.x's: its extract was written for 4.x's, which returns a failed job
    expect(project.read("extract.py")).toBe(code.replace('params={"prompt": "the page title"})', 'prompt="the page title").model_dump()'));
  });

  test("a specifier that already allows v2 stays, and the lock that holds v1 is named with the upgrade command", () => {
    const project = repo({
      "scrape.py": SCRIPT,
      "pyproject.toml": '[project]\ndependencies = ["firecrawl-py>=1.5"]\n',
      "uv.lock": '[[package]]\nname = "firecrawl-py"\nversion = "1.17.0"\n',
    });
    const report = project.run();
    expect(report.packages).toEqual([]);
    expect(project.read("pyproject.toml")).toBe('[project]\ndependencies = ["firecrawl-py>=1.5"]\n');
    expect(report.lockfiles).toEqual([{ path: "uv.lock", command: "uv lock --upgrade-package firecrawl-py" }]);
  });

  test("an export from a lock, or any requirements file that pins hashes, is refreshed by its tool and never edited", () => {
    const exported =
      "# This file was autogenerated by uv via the following command:\n#    uv export --format requirements-txt\nfirecrawl-py==2.5.3 \\\n    --hash=sha256:0a1b\n";
    const uv = repo({
      "scrape.py": SCRIPT,
      "pyproject.toml": '[project]\ndependencies = ["firecrawl-py>=2.5.3"]\n',
      "uv.lock": '[[package]]\nname = "firecrawl-py"\nversion = "2.5.3"\n',
      "requirements.txt": exported,
    });
    expect(uv.run().lockfiles).toEqual([
      { path: "uv.lock", command: "uv lock --upgrade-package firecrawl-py" },
      { path: "requirements.txt", command: "uv export --format requirements-txt" },
    ]);
    expect(uv.read("requirements.txt")).toBe(exported);

    const hashed = 'firecrawl-py==1.10.2 ; python_version >= "3.10" \\\n    --hash=sha256:2c3d\n';
    const poetry = repo({
      "scrape.py": SCRIPT,
      "pyproject.toml": '[tool.poetry.dependencies]\nfirecrawl-py = "^1.10.2"\n',
      "poetry.lock": '[[package]]\nname = "firecrawl-py"\nversion = "1.10.2"\n',
      "requirements.txt": hashed,
    });
    const report = poetry.run();
    expect(report.packages).toMatchObject([{ path: "pyproject.toml", to: `^${PY_V2_RELEASE}` }]);
    expect(report.lockfiles).toEqual([
      { path: "poetry.lock", command: "poetry lock" },
      { path: "requirements.txt", command: "poetry export --format requirements.txt --output requirements.txt" },
    ]);
    expect(poetry.read("requirements.txt")).toBe(hashed);

    const alone = repo({ "scrape.py": SCRIPT, "requirements.txt": hashed });
    expect(alone.run()).toMatchObject({ packages: [], lockfiles: [{ path: "requirements.txt", command: null }] });
    expect(alone.read("requirements.txt")).toBe(hashed);
  });

  test("the summary says which lockfile to refresh and how", () => {
    const project = repo({
      "scrape.py": SCRIPT,
      "pyproject.toml": '[tool.poetry.dependencies]\nfirecrawl-py = "^1.5"\n',
      "poetry.lock": '[[package]]\nname = "firecrawl-py"\nversion = "1.17.0"\n',
    });
    const { stdout } = spawnSync(process.execPath, [CLI, "run", ".", "--force", "--no-verify"], { cwd: project.dir, encoding: "utf8" });
    expect(stdout).toContain(`pyproject.toml: firecrawl-py ^1.5 -> ^${major}.${minor}`);
    expect(stdout).toContain(`poetry.lock: still locks the v1 SDK; refresh it with \`poetry lock\` in ${basename(project.dir)}/ (this folder)`);
  });
});
