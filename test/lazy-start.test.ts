/**
 * A command loads only what it uses (issue 27): the version, the help, and a look over files that never
 * mention Firecrawl load neither the parsers, nor the type checker, nor the version-range parsers. The
 * modules loaded are recorded by a loader hook (test/support/record-loads.mjs).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { repo, tempDir } from "./support/cli.js";

/** What `firecrawl-codemod` runs: package.json's bin. */
const root = resolve(import.meta.dirname, "..");
const BIN = join(root, (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { bin: Record<string, string> }).bin["firecrawl-codemod"]!);
const HOOK = resolve(import.meta.dirname, "support/record-loads.mjs");
const BUILTINS_HOOK = resolve(import.meta.dirname, "support/record-builtins.mjs");
const HEAVY = [
  "@babel/parser",
  "web-tree-sitter",
  "tree-sitter-python",
  "typescript",
  "@ts-morph",
  "semver",
  "@renovatebot/pep440",
  "jscodeshift",
  "mdast-util-from-markdown",
  // the diffs of changed files
  "diff",
];

/** The packages a command loaded, its own modules (dist/src/...), and its exit code. */
function packagesLoaded(cwd: string, ...args: string[]): { code: number | null; packages: string[]; ours: string[] } {
  const record = join(tempDir(), "loaded.txt");
  const result = spawnSync(process.execPath, ["--import", HOOK, BIN, ...args], { cwd, encoding: "utf8", env: { ...process.env, RECORD_LOADS: record } });
  const urls = readFileSync(record, "utf8").split("\n");
  const packages = urls.flatMap((url) => {
    const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
    return match ? [match[1]!] : [];
  });
  const ours = urls.flatMap((url) => (url.includes("/dist/src/") ? [url.slice(url.indexOf("/dist/src/") + "/dist/src/".length)] : []));
  return { code: result.status, packages: [...new Set(packages)], ours: [...new Set(ours)] };
}

/** The built-in modules a command loaded (test/support/record-builtins.mjs), and its exit code. */
function builtinsLoaded(cwd: string, ...args: string[]): { code: number | null; builtins: string[] } {
  const record = join(tempDir(), "builtins.txt");
  const result = spawnSync(process.execPath, ["--import", BUILTINS_HOOK, BIN, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, RECORD_BUILTINS: record },
  });
  return { code: result.status, builtins: readFileSync(record, "utf8").split("\n").filter(Boolean) };
}

const THIRD_PARTY = `export function add(a: number, b: number) {\n  return a + b;\n}\n`;

describe("the start", () => {
  test("--version loads the package's version and nothing of the command line", () => {
    const record = join(tempDir(), "loaded.txt");
    const result = spawnSync(process.execPath, ["--import", HOOK, BIN, "--version"], { encoding: "utf8", env: { ...process.env, RECORD_LOADS: record } });
    expect(result.stdout).toBe(`${(JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version}\n`);
    const ours = readFileSync(record, "utf8")
      .split("\n")
      .filter((url) => url.includes("/dist/"))
      .map((url) => url.slice(url.indexOf("/dist/") + 1));
    expect(ours).toEqual(["dist/src/cli/bin.js", "dist/src/version.js"]);
  });

  test.each([["--version"], ["help"], ["run", "--help"]])("%s loads none of the parsers, the checker or the range parsers", (...args) => {
    const { code, packages } = packagesLoaded(process.cwd(), ...args);
    expect(code).toBe(0);
    expect(packages.filter((p) => HEAVY.includes(p))).toEqual([]);
  });

  test.each([["check"], ["run", "--force"]])("%s over files that never mention Firecrawl loads none of them", (...args) => {
    const dir = repo({ "src/a.ts": THIRD_PARTY, "src/b.py": "def add(a, b):\n    return a + b\n", "README.md": "# add\n" });
    const { code, packages } = packagesLoaded(dir, ...args, ".", "--no-progress");
    expect(code).toBe(0);
    expect(packages.filter((p) => HEAVY.includes(p))).toEqual([]);
  });

  test.each([["check"], ["run", "--force"]])("%s over files that never mention Firecrawl loads neither crypto nor worker threads", (...args) => {
    const dir = repo({ "src/a.ts": THIRD_PARTY, "src/b.py": "def add(a, b):\n    return a + b\n" }, { git: false });
    const { code, builtins } = builtinsLoaded(dir, ...args, ".", "--no-progress");
    expect(code).toBe(0);
    // The recording sees a built-in however it is loaded: one it must see.
    expect(builtins).toContain("node:fs");
    expect(builtins.filter((b) => ["node:crypto", "node:worker_threads"].includes(b))).toEqual([]);
  });

  test("gitignore rules are loaded only where a folder holds a .gitignore (or --ignore is given), and then honoured", () => {
    const files = { "src/a.ts": THIRD_PARTY, "src/b.ts": `import FirecrawlApp from "@mendable/firecrawl-js";\nnew FirecrawlApp({}).scrapeUrl("x");\n` };
    const bare = tempDir();
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(bare, dirname(name)), { recursive: true });
      writeFileSync(join(bare, name), text);
    }
    expect(packagesLoaded(bare, "check", "src", "--no-progress").packages).not.toContain("ignore");
    writeFileSync(join(bare, "src/.gitignore"), "b.ts\n");
    const ignoring = packagesLoaded(bare, "check", "src", "--no-progress");
    expect(ignoring.packages).toContain("ignore");
    expect(ignoring.code).toBe(0);
  });

  test("a file that uses the SDK does load the parser (the recording sees it)", () => {
    const dir = repo({ "a.ts": `import FirecrawlApp from "@mendable/firecrawl-js";\nnew FirecrawlApp({}).scrapeUrl("x");\n` });
    const { packages } = packagesLoaded(dir, "check", ".", "--no-progress");
    expect(packages).toContain("@babel/parser");
  });

  test("tree-sitter is loaded only where a file may hold Python, not for JavaScript that uses the SDK", () => {
    const code = `import FirecrawlApp from "@mendable/firecrawl-js";\nnew FirecrawlApp({}).scrapeUrl("x");\n`;
    const alone = packagesLoaded(repo({ "a.ts": code }), "run", ".", "--dry", "--no-progress");
    expect(alone.code).toBe(0);
    expect(alone.packages).toContain("@babel/parser");
    expect(alone.packages.filter((p) => p.includes("tree-sitter"))).toEqual([]);
    const python = `from firecrawl import FirecrawlApp\n\napp = FirecrawlApp(api_key="x")\napp.scrape_url("x")\n`;
    const both = packagesLoaded(repo({ "a.ts": code, "b.py": python }), "run", ".", "--dry", "--no-progress");
    expect(both.code).toBe(0);
    expect(both.packages).toContain("web-tree-sitter");
  });

  test("a run that writes JavaScript loads ast-types for its paths, and neither jscodeshift, nor YAML, nor the diff library", () => {
    const code = `import FirecrawlApp from "@mendable/firecrawl-js";\nnew FirecrawlApp({}).scrapeUrl("x");\n`;
    const { code: exit, packages } = packagesLoaded(repo({ "a.ts": code }), "run", ".", "--force", "--no-progress");
    expect(exit).toBe(0);
    expect(packages).toContain("ast-types");
    expect(packages.filter((p) => ["jscodeshift", "recast", "yaml", "diff"].includes(p))).toEqual([]);
    // a pnpm workspace's catalog is YAML: read where there is one
    const workspace = repo({
      "a.ts": code,
      "package.json": '{ "dependencies": { "@mendable/firecrawl-js": "catalog:" } }',
      "pnpm-workspace.yaml": "catalog:\n  '@mendable/firecrawl-js': ^1.29.3\n",
    });
    expect(packagesLoaded(workspace, "run", ".", "--force", "--no-progress").packages).toContain("yaml");
  });

  test("a JavaScript run loads none of the Python, document or shell migrations; a Python file brings Python's alone", () => {
    const code = `import FirecrawlApp from "@mendable/firecrawl-js";\nnew FirecrawlApp({}).scrapeUrl("x");\n`;
    const wing = (module: string) => /^(?:python|docs|shell)\//.exec(module)?.[0];
    const alone = packagesLoaded(repo({ "a.ts": code }), "run", ".", "--dry", "--no-progress");
    expect(alone.code).toBe(0);
    expect(alone.ours).toContain("js/steps/index.js");
    expect([...new Set(alone.ours.flatMap((m) => wing(m) ?? []))]).toEqual([]);
    const python = `from firecrawl import FirecrawlApp\n\napp = FirecrawlApp(api_key="x")\napp.scrape_url("x")\n`;
    const both = packagesLoaded(repo({ "a.ts": code, "b.py": python }), "run", ".", "--dry", "--no-progress");
    expect(both.code).toBe(0);
    expect([...new Set(both.ours.flatMap((m) => wing(m) ?? []))]).toEqual(["python/"]);
  });

  test("the Markdown parser is loaded only where a document needs it, not for code that uses the SDK", () => {
    const code = `import FirecrawlApp from "@mendable/firecrawl-js";\nnew FirecrawlApp({}).scrapeUrl("x");\n`;
    const alone = packagesLoaded(repo({ "a.ts": code }), "run", ".", "--dry", "--no-progress");
    expect(alone.packages).toContain("@babel/parser");
    expect(alone.packages).not.toContain("mdast-util-from-markdown");
    const documented = packagesLoaded(repo({ "a.ts": code, "README.md": "# Use\n\n```ts\n" + code + "```\n" }), "run", ".", "--dry", "--docs", "--no-progress");
    expect(documented.code).toBe(0);
    expect(documented.packages).toContain("mdast-util-from-markdown");
  });
});

describe("git", () => {
  /** A `git` first on PATH that notes each call and hands it to the real one. */
  function recordingGit(): { env: NodeJS.ProcessEnv; calls: () => string[] } {
    const bin = tempDir();
    const log = join(bin, "calls.txt");
    const real = spawnSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).stdout.trim();
    writeFileSync(join(bin, "git"), `#!/bin/sh\necho "$*" >> "${log}"\nexec "${real}" "$@"\n`, { mode: 0o755 });
    return {
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
      calls: () => (existsSync(log) ? readFileSync(log, "utf8").split("\n").filter(Boolean) : []),
    };
  }

  test("is not asked about a folder that no repository holds", () => {
    const dir = repo({ "src/a.ts": THIRD_PARTY }, { git: false });
    const { env, calls } = recordingGit();
    const result = spawnSync(process.execPath, [BIN, "check", ".", "--no-progress"], { cwd: dir, encoding: "utf8", env });
    expect(result.status).toBe(0);
    expect(calls()).toEqual([]);
  });

  test("is asked for the root of the folder check runs in only by the formats that place paths from it", () => {
    const inside = repo({ "README.md": "# here\n" });
    const outside = repo({ "src/a.ts": THIRD_PARTY }, { git: false });
    const { env, calls } = recordingGit();
    for (const format of ["text", "json"]) {
      const result = spawnSync(process.execPath, [BIN, "check", outside, "--format", format, "--no-progress"], { cwd: inside, encoding: "utf8", env });
      expect(result.status).toBe(0);
    }
    expect(calls()).toEqual([]);
    const sarif = spawnSync(process.execPath, [BIN, "check", outside, "--format", "sarif", "--no-progress"], { cwd: inside, encoding: "utf8", env });
    expect(sarif.status).toBe(0);
    expect(calls()).toEqual(["rev-parse --show-toplevel"]);
  });

  test("is asked inside a repository", () => {
    const dir = repo({ "src/a.ts": THIRD_PARTY });
    const { env, calls } = recordingGit();
    const result = spawnSync(process.execPath, [BIN, "check", join(dir, "src"), "--no-progress"], { encoding: "utf8", env });
    expect(result.status).toBe(0);
    expect(calls().length).toBeGreaterThan(0);
  });
});
