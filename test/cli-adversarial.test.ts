/**
 * The CLI against the second adversarial trial (issues 26 and 28): reports aimed at the project's own files,
 * hostile names and params, paths the system refuses, write errors of stdout and reports, code that its
 * language refuses, and runs that looked at nothing. Each case runs the built CLI on a temporary tree.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, linkSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { SDK_RELEASE } from "../src/upgrade/package-json.js";
import { V2_RELEASES } from "../src/mapping/imports.js";
import { CLI, cli, cliVia, read, repo, tempDir, V1_CRAWL, V1_SCRAPE } from "./support/cli.js";

const hasRunuser = process.getuid?.() === 0 && spawnSync("runuser", ["--help"]).status === 0;

const V1_PACKAGE = '{ "dependencies": { "@mendable/firecrawl-js": "^1.29.3" } }\n';

describe("a report never replaces a file of the project", () => {
  test("run --report naming an input, a package.json or lockfile the run may write, is refused before anything is written", () => {
    for (const target of ["a.ts", "package.json", "./src/../a.ts", "src/package-lock.json"]) {
      const dir = repo({ "a.ts": V1_SCRAPE, "package.json": V1_PACKAGE, "src/b.ts": "export const b = 1;\n" });
      const { code, stderr } = cli(dir, "run", ".", "--force", "--report", target);
      expect(code, target).toBe(2);
      expect(stderr, target).toContain(`--report ${target} would overwrite a file of the project`);
      expect(read(dir, "a.ts")).toBe(V1_SCRAPE);
      expect(read(dir, "package.json")).toBe(V1_PACKAGE);
      expect(existsSync(join(dir, "src/package-lock.json"))).toBe(false);
    }
  });

  test("a report path that is a hard link to an input is the input", () => {
    const dir = repo({ "a.ts": V1_SCRAPE });
    linkSync(join(dir, "a.ts"), join(dir, "report.json"));
    const { code, stderr } = cli(dir, "check", ".", "-o", "report.json");
    expect(code).toBe(2);
    expect(stderr).toContain("it is one of the files the run reads");
    expect(read(dir, "a.ts")).toBe(V1_SCRAPE);
  });

  test("check -o naming a source is refused, and the source is kept", () => {
    const dir = repo({ "a.ts": V1_SCRAPE });
    const { code, stderr } = cli(dir, "check", ".", "-o", "a.ts");
    expect(code).toBe(2);
    expect(stderr).toContain("--output-file a.ts would overwrite a file of the project: it is one of the files the run reads");
    expect(read(dir, "a.ts")).toBe(V1_SCRAPE);
  });

  test("a report beside the sources, under its own name, is still written", () => {
    const dir = repo({ "a.ts": V1_SCRAPE, "package.json": V1_PACKAGE });
    expect(cli(dir, "run", ".", "--force", "--report", "report.json").code).toBe(0);
    expect(JSON.parse(read(dir, "report.json")).summary.changed).toBe(1);
    expect(cli(dir, "check", ".", "-o", "findings.txt").code).toBe(0);
    expect(read(dir, "findings.txt")).toContain("No v1 usage left");
  });
});

describe("names that are terminal or CI commands", () => {
  // A newline then a GitHub Actions workflow command; an OSC title sequence; a CSI colour; a C1 control.
  const names = ["a\n::error file=x::pwned.ts", "b\u001b]0;owned\u0007.ts", "c\u001b[31mred.ts", "d\u009b2J.ts"];
  const hostile = (text: string) => ["\u001b", "\u0007", "\u009b"].some((c) => text.includes(c)) || /^::/m.test(text);

  test("check's text output, on stdout and stderr, escapes the control characters of file names", () => {
    const dir = repo({ ...Object.fromEntries(names.map((n) => [n, V1_CRAWL])), "e\n::warning::x.ts": Buffer.from(`\uFEFF${V1_SCRAPE}`, "utf16le") });
    const { code, stdout, stderr } = cli(dir, "check", ".", "--todos");
    expect(code).toBe(2);
    expect(hostile(stdout) || hostile(stderr)).toBe(false);
    expect(stdout).toContain("a\\n::error file=x::pwned.ts:6:");
    expect(stdout).toContain("b\\x1b]0;owned\\x07.ts:");
    expect(stderr).toContain("e\\n::warning::x.ts: UTF-16LE text");
  });

  test("run's summary, its diff headers and the formatter command escape them too, and the command still names each file", () => {
    const dir = repo({ "package.json": '{ "devDependencies": { "prettier": "^3" } }\n', ...Object.fromEntries(names.map((n) => [n, V1_CRAWL])) });
    const dry = cli(dir, "run", ".", "--dry");
    expect(hostile(dry.stdout) || hostile(dry.stderr)).toBe(false);
    expect(dry.stdout).toContain("Index: a\\n::error file=x::pwned.ts\n");
    const ran = cli(dir, "run", ".");
    expect(ran.code).toBe(0);
    expect(hostile(ran.stdout) || hostile(ran.stderr)).toBe(false);
    expect(ran.stdout).toContain("a\\n::error file=x::pwned.ts:6  ");
    const command = /^Format the changed files with: npx prettier --write -- (.*)$/m.exec(ran.stdout)?.[1];
    const words = execFileSync("bash", ["-c", `printf '%s\\0' ${command}`], { cwd: dir, encoding: "utf8" })
      .split("\0")
      .slice(0, -1);
    expect(words.sort()).toEqual([...names].sort());
  });
});

describe("paths the system will not describe", () => {
  test("a symbolic-link loop named on the command line is skipped, and the rest migrated", () => {
    const dir = repo({ "a.ts": V1_SCRAPE, "tsconfig.json": "{}\n" });
    symlinkSync("loop-b", join(dir, "loop-a"));
    symlinkSync("loop-a", join(dir, "loop-b"));
    const { code, stdout, stderr } = cli(dir, "run", "loop-a", "a.ts", "--json", "--force");
    expect(stderr).not.toContain("    at ");
    expect(code).toBe(1);
    const files = JSON.parse(stdout).files;
    expect(files).toContainEqual(expect.objectContaining({ path: "loop-a", status: "skipped" }));
    expect(files).toContainEqual(expect.objectContaining({ path: "a.ts", status: "changed" }));
  });

  // Only root can stage a folder another user cannot traverse and then run as that user.
  test.runIf(hasRunuser)(
    "a working folder under an ancestor the user cannot traverse (a root-owned 0700 temp folder) is reported as skipped, no stack trace",
    () => {
      const top = tempDir();
      const dir = repo({ "a.ts": V1_SCRAPE }, { git: false, at: join(top, "work") });
      chmodSync(top, 0o700);
      chmodSync(dir, 0o777);
      const { code, stdout, stderr } = cliVia(["runuser", "-u", "nobody", "--"], dir, "run", ".", "--json", "--force");
      expect(stderr).not.toContain("    at ");
      expect(code).toBe(1);
      expect(JSON.parse(stdout).files).toEqual([expect.objectContaining({ path: ".", status: "skipped", error: "permission denied" })]);
    },
  );
});

describe("imports that lead to no module", () => {
  test("assets, JSON, CSS modules and missing paths reached through tsconfig paths are no modules of ours, never a failed file", () => {
    const layout = `import logo from "@/public/biglogo.svg";
import data from "@/data/site.json";
import styles from "@/app/page.module.css";
import gone from "@/lib/missing";
import { app } from "@/lib/firecrawl";

export async function page() {
  const res = await app.scrapeUrl(data.url, { formats: ["markdown"] });
  return [logo, styles.main, gone, res];
}
`;
    const dir = repo({
      "tsconfig.json": '{ "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["./*"] }, "resolveJsonModule": true } }\n',
      "public/biglogo.svg": "<svg/>\n",
      "data/site.json": '{ "url": "https://example.com" }\n',
      "app/page.module.css": ".main {}\n",
      "lib/firecrawl.ts": 'import FirecrawlApp from "@mendable/firecrawl-js";\n\nexport const app = new FirecrawlApp({ apiKey: "fc-test" });\n',
      "app/layout.tsx": layout,
    });
    const { code, stdout } = cli(dir, "run", ".", "--no-types", "--json");
    const files = JSON.parse(stdout).files;
    expect(files.find((f: { path: string }) => f.path === "app/layout.tsx")).toMatchObject({ status: "changed" });
    expect(code).toBe(0);
    expect(read(dir, "app/layout.tsx")).toContain("app.scrape(data.url");
  });
});

describe("output the system refuses", () => {
  /** The CLI through bash, for redirections and pipes; the CLI's own exit code is echoed last on stderr. */
  const viaBash = (dir: string, line: string) => {
    const result = spawnSync("bash", ["-c", `${line}; echo "exit=\${PIPESTATUS[0]}" >&2`], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1", CLI: CLI },
      maxBuffer: Infinity,
    });
    const [, code] = /exit=(\d+)\s*$/.exec(result.stderr) ?? [];
    return { stdout: result.stdout, stderr: result.stderr.replace(/exit=\d+\s*$/, ""), code: Number(code) };
  };

  test("--report that fails at write time (/dev/full): the files are migrated, the summary says so, one line says the report is missing, exit 2", () => {
    const dir = repo({ "a.ts": V1_SCRAPE });
    const { code, stdout, stderr } = cli(dir, "run", ".", "--report", "/dev/full");
    expect(stderr).not.toContain("    at ");
    expect(stderr.trim()).toMatch(/^firecrawl-codemod: --report \/dev\/full could not be written: ENOSPC[^\n]*$/);
    expect(stdout).toContain("Migrated 1 of 1 file");
    expect(code).toBe(2);
    expect(read(dir, "a.ts")).toContain("app.scrape(");
  });

  test("check -o /dev/full and check > /dev/full are failures of the tool (exit 2, one line), not 'v1 usage left'", () => {
    const dir = repo({ "a.ts": V1_SCRAPE });
    const file = cli(dir, "check", ".", "-o", "/dev/full");
    expect([file.code, file.stderr.trim().split("\n").length]).toEqual([2, 1]);
    const redirected = viaBash(dir, `node "$CLI" check . --format json > /dev/full`);
    expect(redirected.stderr).not.toContain("    at ");
    expect(redirected.stderr.trim()).toMatch(/^firecrawl-codemod: the output could not be written: ENOSPC/);
    expect(redirected.code).toBe(2);
  });

  test("run --dry | head -1 stops quietly when the reader has read enough", () => {
    const calls = Array.from({ length: 3_000 }, (_, i) => `  await app.scrapeUrl(url + "${i}");\n`).join("");
    const dir = repo({
      "many.ts": `import FirecrawlApp from "@mendable/firecrawl-js";\nconst app = new FirecrawlApp({ apiKey: "x" });\nexport async function all(url: string) {\n${calls}}\n`,
    });
    const { code, stdout, stderr } = viaBash(dir, `node "$CLI" run . --dry --no-types | head -1`);
    expect(stdout).toBe("Index: many.ts\n");
    expect(stderr).toBe("");
    expect(code).toBe(0);
  });
});

describe("no false clean", () => {
  test("check does not call a document clean when a block that calls the v1 SDK cannot be parsed (an unterminated fence): exit 2, as for a .ts", () => {
    const doc = [
      "# Scraping",
      "",
      "```ts",
      'import FirecrawlApp from "@mendable/firecrawl-js";',
      "",
      'const app = new FirecrawlApp({ apiKey: "fc-test" });',
      'const page = await app.scrapeUrl("https://example.com");',
      "",
      "That is all there is to it.",
      "",
    ].join("\n");
    const dir = repo({ "README.md": doc, "broken.ts": 'import FirecrawlApp from "@mendable/firecrawl-js";\nexport const x = ;\n' });
    const md = cli(dir, "check", "README.md", "--format", "json");
    expect(md.code).toBe(2);
    expect(JSON.parse(md.stdout).findings).toEqual([
      expect.objectContaining({
        file: "README.md",
        line: 3,
        rule: "unprocessed-file",
        message: expect.stringContaining("calls the SDK but it does not parse"),
      }),
    ]);
    const text = cli(dir, "check", "README.md");
    expect(text.stdout).toContain("1 file could not be checked");
    expect(text.stderr).toContain("not checked: ");
    expect(cli(dir, "check", "broken.ts").code).toBe(2);
  });
});

describe("dependency files the run cannot move", () => {
  test.each([
    ["not valid JSON", '{ "dependencies": { "@mendable/firecrawl-js": "^1.29.3", } \n', "not valid JSON"],
    [
      "an SDK from a git URL",
      '{ "dependencies": { "@mendable/firecrawl-js": "git+https://github.com/mendableai/firecrawl.git#v1.29.3" } }\n',
      'comes from "git+https://',
    ],
    [
      "an SDK from a file: tarball",
      '{ "dependencies": { "@mendable/firecrawl-js": "file:vendor/mendable-firecrawl-js-1.29.3.tgz" } }\n',
      'comes from "file:vendor/',
    ],
  ])("a package.json with %s is left alone and said so, in the summary and --json", (_, manifest, said) => {
    const dir = repo({ "a.ts": V1_SCRAPE, "package.json": manifest });
    const json = cli(dir, "run", ".", "--dry", "--json");
    expect(json.stderr).not.toContain("    at ");
    const report = JSON.parse(json.stdout);
    expect(report.packages).toEqual([]);
    expect(report.dependencyNotes).toEqual([{ path: "package.json", message: expect.stringContaining(said) }]);
    const { code, stdout } = cli(dir, "run", ".");
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^note  package\\.json: .*${said.replace(/[.+"]/g, "\\$&")}`, "m"));
    expect(read(dir, "a.ts")).toContain("app.scrape(");
    expect(read(dir, "package.json")).toBe(manifest);
  });
});

describe("Python that Python 3 refuses", () => {
  const header = 'from firecrawl import FirecrawlApp\n\napp = FirecrawlApp(api_key="fc-test")\n';
  test("a Python 2 print statement and a TabError are reported as not parsing, and the files are left as they are", () => {
    const files = {
      "py2.py": `${header}result = app.scrape_url("https://example.com")\nprint result\n`,
      "tabs.py": `${header}\ndef page(url):\n        result = app.scrape_url(url)\n\treturn result\n`,
      "ok.py": `${header}result = app.scrape_url("https://example.com")\nprint(result)\n`,
    };
    const dir = repo(files);
    // what parses is this test's subject, not what pyright says of ok.py's output
    const { code, stdout } = cli(dir, "run", ".", "--json", "--no-verify");
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    const entry = (path: string) => report.files.find((f: { path: string }) => f.path === path);
    expect(entry("py2.py")).toMatchObject({ status: "error", error: "does not parse: Python 3 refuses it: a Python 2 print statement (line 5, column 1)" });
    expect(entry("tabs.py")).toMatchObject({
      status: "error",
      error: expect.stringContaining("inconsistent use of tabs and spaces in indentation (TabError) (line 7"),
    });
    expect(entry("ok.py")).toMatchObject({ status: "changed" });
    expect(read(dir, "py2.py")).toBe(files["py2.py"]);
    expect(read(dir, "tabs.py")).toBe(files["tabs.py"]);
  });

  test("a docstring left open is reported where the code it swallowed went wrong, not at the file's first line", () => {
    // The first docstring has lost its closing quotes: the next one's opening closes it, and its text is read as code.
    const broken = [
      "import os",
      "",
      "from firecrawl import FirecrawlApp",
      "",
      "",
      "class Client:",
      "    def __init__(self, api_key=None):",
      '        """',
      "        Make the client from the key given, or the environment's.",
      '        self.app = FirecrawlApp(api_key=api_key or os.environ["FIRECRAWL_API_KEY"])',
      "",
      "    def crawl(self, url):",
      '        """',
      "        Crawl a site and wait for its pages.",
      "",
      "        Returns:",
      "            the crawl's pages, as a list of documents",
      '        """',
      '        return self.app.crawl_url(url)["data"]',
      "",
    ].join("\n");
    const dir = repo({ "client.py": broken });
    const { code, stdout } = cli(dir, "run", ".", "--json");
    expect(code).toBe(1);
    const entry = JSON.parse(stdout).files.find((f: { path: string }) => f.path === "client.py");
    // tree-sitter's recovery wraps the whole module in one error node from line 1; the line is where it first failed inside.
    expect(entry).toMatchObject({ status: "error", error: "does not parse: invalid Python syntax (line 14, column 15)" });
    expect(read(dir, "client.py")).toBe(broken);
  });
});

describe("many paths", () => {
  test("run given hundreds of file names asks git for its repository and its status once, and still finds a dirty one", () => {
    const names = Array.from({ length: 300 }, (_, i) => `src/f${i}.ts`);
    const dir = repo({ ...Object.fromEntries(names.map((n) => [n, `export const x = 1;\n`])), "lib/a.ts": V1_SCRAPE });
    // git, counted: each call is logged before the real git answers it.
    const bin = tempDir();
    const real = execFileSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).trim();
    writeFileSync(join(bin, "git"), `#!/bin/sh\necho "$1" >> "${join(bin, "calls")}"\nexec "${real}" "$@"\n`, { mode: 0o755 });
    const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, NO_COLOR: "1" };
    const calls = () => readFileSync(join(bin, "calls"), "utf8").trim().split("\n");
    const ran = spawnSync(process.execPath, [CLI, "run", ...names, "lib/a.ts", "--no-progress"], { cwd: dir, env, encoding: "utf8" });
    expect(ran.status).toBe(0);
    expect(read(dir, "lib/a.ts")).toContain("app.scrape(");
    expect(calls().filter((c) => c === "status")).toHaveLength(1);
    expect(calls().filter((c) => c === "rev-parse")).toHaveLength(1);
    // And the guard still sees an uncommitted file among them.
    execFileSync("git", ["checkout", "-q", "."], { cwd: dir });
    writeFileSync(join(dir, "src/f123.ts"), "export const x = 2;\n");
    const refused = spawnSync(process.execPath, [CLI, "run", ...names, "--no-progress"], { cwd: dir, env, encoding: "utf8" });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain("  src/f123.ts\n");
  });
});

describe("usage errors", () => {
  test("--sdk-version takes only a published v2 release the tool knows: 99.0.0 and the never-published 4.36.0 are usage errors", () => {
    for (const version of ["99.0.0", "4.36.0"]) {
      const dir = repo({ "a.ts": V1_SCRAPE, "package.json": V1_PACKAGE });
      const { code, stderr } = cli(dir, "run", ".", "--sdk-version", version);
      expect(code, version).toBe(2);
      expect(stderr).toBe(`firecrawl-codemod: --sdk-version takes a published v2 release (3.0.2 to ${SDK_RELEASE}), not '${version}'\n`);
      expect(read(dir, "package.json")).toBe(V1_PACKAGE);
      expect(read(dir, "a.ts")).toBe(V1_SCRAPE);
    }
    // The release a run moves to by default is one of them.
    expect(V2_RELEASES).toContain(SDK_RELEASE);
  });

  test("--project naming no file is a one-line usage error, exit 2", () => {
    const dir = repo({ "a.ts": V1_SCRAPE });
    const { code, stdout, stderr } = cli(dir, "run", ".", "--project", "missing.json", "--json");
    expect(code).toBe(2);
    expect(stderr).toBe("firecrawl-codemod: --project missing.json: no such tsconfig file\n");
    expect(JSON.parse(stdout).error).toBe("--project missing.json: no such tsconfig file");
    expect(read(dir, "a.ts")).toBe(V1_SCRAPE);
  });
});

describe("files with odd modes and kinds", () => {
  test("a named pipe or a device named outright is reported as skipped, exit 1, and nothing waits on it", () => {
    const dir = repo({ "a.ts": V1_SCRAPE });
    execFileSync("mkfifo", [join(dir, "pipe.ts")]);
    const { code, stdout } = cli(dir, "run", "pipe.ts", "/dev/zero", "a.ts", "--json", "--force");
    expect(code).toBe(1);
    const files = JSON.parse(stdout).files;
    expect(files).toContainEqual(expect.objectContaining({ path: "pipe.ts", status: "skipped", error: "not a regular file (a named pipe); left alone" }));
    expect(files).toContainEqual(expect.objectContaining({ status: "skipped", error: "not a regular file (a character device); left alone" }));
    expect(files).toContainEqual(expect.objectContaining({ path: "a.ts", status: "changed" }));
  });

  test("a run that looked at no file says so; check exits 1 instead of calling it clean", () => {
    const dir = repo({ "a.ts": V1_SCRAPE });
    const checked = cli(dir, "check", ".", "--ignore", "*");
    expect(checked.stderr).toContain("no file was looked at");
    expect(checked.stdout).not.toContain("No v1 usage left");
    expect(checked.code).toBe(1);
    const ran = cli(dir, "run", ".", "--ignore", "*");
    expect(ran.stderr).toContain("no file was looked at");
    expect(read(dir, "a.ts")).toBe(V1_SCRAPE);
  });

  test("a read-only file is migrated, keeps its mode, and the summary and report say so", () => {
    const dir = repo({ "a.ts": V1_SCRAPE, "b.ts": V1_SCRAPE });
    chmodSync(join(dir, "a.ts"), 0o444);
    const { code, stdout } = cli(dir, "run", ".");
    expect(code).toBe(0);
    expect(stdout).toContain("note  a.ts: read-only (mode 0444): migrated like the others, and left read-only");
    expect(stdout).not.toContain("note  b.ts");
    expect(read(dir, "a.ts")).toContain("app.scrape(");
    expect(statSync(join(dir, "a.ts")).mode & 0o7777).toBe(0o444);
  });
});

describe("the library", () => {
  test("migrate with a transform name no step has throws the CLI's own error, instead of doing nothing", async () => {
    const library = (await import(join(CLI, "../../index.js"))) as typeof import("../src/index.js");
    const dir = repo({ "a.ts": V1_SCRAPE });
    const said = cli(dir, "run", ".", "--transforms", "nope,imports");
    expect(said.code).toBe(2);
    const message = said.stderr.trim().replace(/^firecrawl-codemod: /, "");
    await expect(library.migrate("a.ts", V1_SCRAPE, { transforms: ["nope", "imports"] })).rejects.toThrow(message);
    await expect(library.migrate("a.py", "x = 1\n", { transforms: ["nope"] })).rejects.toThrow("unknown transform nope;");
    expect((await library.migrate("a.ts", V1_SCRAPE, { transforms: ["client-methods"] })).output).toContain("app.scrape(");
  });
});

describe("notebooks", () => {
  const cell = (type: string, source: string, extra: object = {}) => ({ cell_type: type, metadata: {}, source: source.split(/(?<=\n)/), ...extra });
  const notebook = (cells: object[]) => `${JSON.stringify({ cells, metadata: {}, nbformat: 4, nbformat_minor: 5 }, null, 1)}\n`;
  const code = 'from firecrawl import FirecrawlApp\n\napp = FirecrawlApp(api_key="fc-test")\nresult = app.scrape_url("https://example.com")\n';

  test("the 2 MB limit is on the code read: a few lines of code with large outputs are migrated, 2 MB of code is skipped", () => {
    const image = { output_type: "display_data", data: { "image/png": "A".repeat(3 * 1024 * 1024) }, metadata: {} };
    const small = notebook([cell("code", code, { execution_count: 1, outputs: [image] })]);
    const big = notebook([cell("code", `${code}${"x = 1  # padding\n".repeat(150_000)}`, { execution_count: 1, outputs: [] })]);
    const dir = repo({ "plots.ipynb": small, "generated.ipynb": big });
    const { code: exit, stdout } = cli(dir, "run", ".", "--json", "--no-verify");
    const files = JSON.parse(stdout).files;
    expect(files).toContainEqual(expect.objectContaining({ path: "plots.ipynb", status: "changed" }));
    expect(files).toContainEqual(
      expect.objectContaining({ path: "generated.ipynb", status: "skipped", error: "its cells hold more than 2 MB of code and text" }),
    );
    expect(exit).toBe(1);
    expect(read(dir, "plots.ipynb")).toContain('result = app.scrape(\\"https://example.com\\")');
    expect(read(dir, "plots.ipynb")).toContain(`"image/png": "${image.data["image/png"]}"`);
    expect(read(dir, "generated.ipynb")).toBe(big);
  });

  test("an nbformat 3 notebook is reported as not supported, not as 'not a Jupyter notebook'", () => {
    const v3 = `${JSON.stringify({ metadata: {}, nbformat: 3, nbformat_minor: 0, worksheets: [{ cells: [{ cell_type: "code", input: code.split(/(?<=\n)/), language: "python", outputs: [] }], metadata: {} }] }, null, 1)}\n`;
    const dir = repo({ "old.ipynb": v3 });
    const { code: exit, stdout } = cli(dir, "check", ".", "--format", "json");
    expect(exit).toBe(2);
    expect(JSON.parse(stdout).findings).toEqual([
      expect.objectContaining({ file: "old.ipynb", rule: "unprocessed-file", message: expect.stringContaining("nbformat 3 is not supported") }),
    ]);
  });
});
