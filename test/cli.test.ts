/**
 * The built CLI, spawned on temporary git repositories, as a user meets it: flags, exit codes, the git
 * guard, broken and unusual files, discovery rules, and the machine-readable reports; and the writer's
 * refusal of a file changed during the run, which only a direct call can stage.
 */
import { chmodSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { processFile } from "../src/run/process-file.js";
import { writeAtomically } from "../src/run/write.js";
import { pythonStepsNamed } from "../src/python/steps/index.js";
import { stepsNamed } from "../src/js/steps/index.js";
import { readyFor } from "../src/run/preset.js";
import { spawnSync } from "node:child_process";
import { CLI, cli, read, repo, V1_CRAWL, V1_SCRAPE } from "./support/cli.js";
import { sdkTsconfig } from "./support/sdk-project.mjs";

describe("run", () => {
  test("migrates a repository in place and summarises", () => {
    const dir = repo({ "src/a.ts": V1_SCRAPE, "src/b.ts": V1_CRAWL, "src/c.ts": "export const x = 1;\n" });
    const { code, stdout } = cli(dir, "run", ".");
    expect(code).toBe(0);
    expect(read(dir, "src/a.ts")).toContain("await app.scrape(url");
    expect(read(dir, "src/a.ts")).not.toContain("res.success");
    expect(read(dir, "src/b.ts")).toContain("// TODO(firecrawl-v2): maxDepth became maxDiscoveryDepth");
    expect(stdout).toMatch(/Migrated 2 of 3 files · \d+ changes · 1 TODO needs a human · no errors/);
    expect(stdout).toMatch(/src\/b\.ts:6 {2}maxDepth became maxDiscoveryDepth/);
  });

  test("a call kept on v1's client through .v1 is a note of the report, at its line, not a TODO", () => {
    const research = [
      'import FirecrawlApp from "@mendable/firecrawl-js";',
      "",
      'const app = new FirecrawlApp({ apiKey: "fc-test" });',
      "",
      "export async function research(topic: string) {",
      "  return app.deepResearch(topic, { maxUrls: 10 });",
      "}",
      "",
    ].join("\n");
    const dir = repo({ "src/research.ts": research });
    const { code, stdout } = cli(dir, "run", ".", "--no-types", "--json");
    expect(code).toBe(0);
    expect(read(dir, "src/research.ts")).toContain("  return app.v1.deepResearch(topic, { maxUrls: 10 });\n");
    expect(read(dir, "src/research.ts")).not.toContain("TODO(firecrawl-v2)");
    const [file] = JSON.parse(stdout).files.filter((f: { path: string }) => f.path === "src/research.ts");
    expect(file.todos).toEqual([]);
    expect(file.notes).toEqual(["line 6: deepResearch() has no v2 equivalent; it still runs on the v1 client through .v1"]);
    const summary = cli(repo({ "src/research.ts": research }), "run", ".", "--no-types").stdout;
    expect(summary).toContain("note  src/research.ts: line 6: deepResearch() has no v2 equivalent; it still runs on the v1 client through .v1");
    expect(summary).toMatch(/0 TODOs need a human/);
  });

  test("a search returned as the user's own { data } type, declared in another module, keeps that shape", () => {
    const service = [
      'import FirecrawlApp from "@mendable/firecrawl-js";',
      'import { Hits, Checked } from "./hits";',
      "",
      "export class Search {",
      "  private readonly app: any = new FirecrawlApp({ apiKey: 'fc-test' });",
      "",
      "  async hits(query: string): Promise<Hits> {",
      "    return await this.app.search(query, { limit: 5 });",
      "  }",
      "",
      "  async checked(query: string): Promise<Checked> {",
      "    return await this.app.search(query, { limit: 5 });",
      "  }",
      "}",
      "",
    ].join("\n");
    const hits = [
      "export interface Hits {",
      "  data: Array<{ url: string; markdown?: string }>;",
      "}",
      "",
      "export type Checked = { success: boolean; data: Hits['data'] };",
      "",
    ].join("\n");
    const dir = repo({ "src/search.ts": service, "src/hits.ts": hits });
    expect(cli(dir, "run", ".", "--no-types").code).toBe(0);
    const out = read(dir, "src/search.ts");
    expect(out).toContain("    return { data: (await this.app.search(query, { limit: 5 })).web ?? [] };\n  }\n\n  async checked");
    // A type that asks for more than the list (v1's success flag) is the user's to decide.
    expect(out).toContain("    // TODO(firecrawl-v2): v2's search() returns { web, news, images }");
    expect(out.match(/TODO\(firecrawl-v2\)/g)).toHaveLength(1);
    expect(read(dir, "src/hits.ts")).toBe(hits);
  });
  test("a test that mocks the SDK module and imports only the code under test moves with that code", () => {
    // The test names no client and imports none: its mock of the module is all it has of the SDK.
    const test = [
      'import { expect, test, vi } from "vitest";',
      'import { page } from "./index";',
      "",
      'vi.mock("@mendable/firecrawl-js", () => ({',
      "  default: class FakeFirecrawl {",
      "    async scrapeUrl(url: string) {",
      "      return { success: true, markdown: `# ${url}` };",
      "    }",
      "  },",
      "}));",
      "",
      'test("reads the page", async () => {',
      '  expect(await page("https://example.com")).toBe("# https://example.com");',
      "});",
      "",
    ].join("\n");
    const dir = repo({ "src/index.ts": V1_SCRAPE, "src/index.test.ts": test });
    expect(cli(dir, "run", ".", "--no-types").code).toBe(0);
    expect(read(dir, "src/index.ts")).toContain("app.scrape(url");
    const out = read(dir, "src/index.test.ts");
    expect(out).toContain("    async scrape(url: string) {\n      return { markdown: `# ${url}` };");
    expect(out).not.toContain("TODO(firecrawl-v2)");
    expect(cli(dir, "check", ".").code).toBe(0);
  });

  test("a mock of the SDK module: its failure results are marked to throw, and its kept v1 client is left alone", () => {
    const failing = [
      'import { expect, test, vi } from "vitest";',
      'import { page } from "./index";',
      "",
      'vi.mock("@mendable/firecrawl-js", () => ({',
      "  default: class FailingFirecrawl {",
      "    async scrapeUrl(url: string) {",
      "      return { success: false, error: `blocked: ${url}` };",
      "    }",
      "  },",
      "}));",
      "",
      'test("a failed scrape rejects", async () => {',
      '  await expect(page("https://example.com")).rejects.toThrow();',
      "});",
      "",
    ].join("\n");
    const kept = [
      'import { expect, test, vi } from "vitest";',
      "",
      'vi.mock("@mendable/firecrawl-js", () => ({',
      "  FirecrawlAppV1: class Legacy {",
      "    async scrapeUrl(url: string) {",
      "      return { success: true, markdown: url };",
      "    }",
      "  },",
      "}));",
      "",
      'test("stays on v1", () => expect(true).toBe(true));',
      "",
    ].join("\n");
    const dir = repo({ "src/index.ts": V1_SCRAPE, "src/failing.test.ts": failing, "src/kept.test.ts": kept });
    expect(cli(dir, "run", ".", "--no-types").code).toBe(0);
    const out = read(dir, "src/failing.test.ts");
    expect(out).toContain("    async scrape(url: string) {\n      // TODO(firecrawl-v2): v2 throws SdkError on failure where v1 answered { success: false }");
    expect(out).toContain("return { success: false, error: `blocked: ${url}` };");
    expect(read(dir, "src/kept.test.ts")).toBe(kept);
    expect(cli(dir, "check", "src/kept.test.ts").code).toBe(0);
  });

  test("refuses a dirty tree, naming the dirty files, unless --force", () => {
    const dir = repo({ "a.ts": V1_SCRAPE });
    writeFileSync(join(dir, "a.ts"), `${V1_SCRAPE}// edited\n`);
    const refused = cli(dir, "run", ".");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("uncommitted changes");
    expect(refused.stderr).toContain("a.ts");
    expect(read(dir, "a.ts")).toContain("scrapeUrl");
    expect(cli(dir, "run", ".", "--force").code).toBe(0);
    expect(read(dir, "a.ts")).toContain("app.scrape(");
  });

  test("lets through a package.json and lockfile whose only change installs firecrawl-codemod, saying so", () => {
    const manifest = (extra: Record<string, string>) =>
      `${JSON.stringify({ name: "app", dependencies: { "@mendable/firecrawl-js": "^1.29.3" }, ...(Object.keys(extra).length ? { devDependencies: extra } : {}) }, null, 2)}\n`;
    const dir = repo({ "package.json": manifest({}), "package-lock.json": '{ "lockfileVersion": 3 }\n', "src/a.ts": V1_SCRAPE });
    writeFileSync(join(dir, "package.json"), manifest({ "firecrawl-codemod": "^0.1.0" }));
    writeFileSync(join(dir, "package-lock.json"), '{ "lockfileVersion": 3, "packages": {} }\n');
    const ran = cli(dir, "run", ".", "--no-types");
    expect(ran.code).toBe(0);
    expect(ran.stderr).toContain("only adding firecrawl-codemod itself, so let through: package-lock.json, package.json");
    expect(read(dir, "src/a.ts")).toContain("app.scrape(");
    // Anything more in the same change is the user's own: refused as before.
    const other = repo({ "package.json": manifest({}), "src/a.ts": V1_SCRAPE });
    writeFileSync(join(other, "package.json"), manifest({ "firecrawl-codemod": "^0.1.0", lodash: "^4.17.21" }));
    const refused = cli(other, "run", ".", "--no-types");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("uncommitted changes");
  });

  test("proceeds outside a git repository", () => {
    const dir = repo({ "a.ts": V1_SCRAPE }, { git: false });
    expect(cli(dir, "run", ".").code).toBe(0);
    expect(read(dir, "a.ts")).toContain("app.scrape(");
  });

  test("--dry writes nothing and prints a unified diff, also for the package.json bump", () => {
    const pkg = `{\n  "name": "app",\n  "dependencies": {\n    "@mendable/firecrawl-js": "^1.29.3"\n  }\n}\n`;
    const dir = repo({ "a.ts": V1_SCRAPE, "package.json": pkg });
    writeFileSync(join(dir, "a.ts"), `${V1_SCRAPE}\n`);
    const { code, stdout } = cli(dir, "run", ".", "--dry");
    expect(code).toBe(0);
    expect(read(dir, "a.ts")).toBe(`${V1_SCRAPE}\n`);
    expect(read(dir, "package.json")).toBe(pkg);
    expect(stdout).toContain("--- a.ts");
    expect(stdout).toContain("-  const res = await app.scrapeUrl(url");
    expect(stdout).toContain('+    "@mendable/firecrawl-js": "^4.42.0"');
    expect(stdout).toContain("Would migrate 1 of 1 file ");
  });

  test("bumps the nearest package.json that still asks for v1, keeping its layout", () => {
    const pkg = `{\n\t"dependencies": { "@mendable/firecrawl-js": "~1.25.1", "zod": "^3" }\n}\n`;
    const dir = repo({ "pkg/src/a.ts": V1_SCRAPE, "pkg/package.json": pkg, "package.json": '{ "dependencies": { "firecrawl": "^1.0.0" } }\n' });
    const { stdout } = cli(dir, "run", ".", "--json");
    expect(read(dir, "pkg/package.json")).toBe(pkg.replace("~1.25.1", "~4.42.0"));
    expect(read(dir, "package.json")).toContain('"^1.0.0"');
    expect(JSON.parse(stdout).packages).toEqual([{ path: "pkg/package.json", dependency: "@mendable/firecrawl-js", from: "~1.25.1", to: "~4.42.0" }]);
  });

  test("--print prints the migrated sources and writes them", () => {
    const dir = repo({ "a.ts": V1_SCRAPE });
    const { stdout } = cli(dir, "run", ".", "--print");
    expect(stdout).toContain("await app.scrape(url");
  });

  test("--transforms runs a subset, and an unknown name is a usage error", () => {
    const dir = repo({ "a.ts": V1_CRAWL });
    expect(cli(dir, "run", ".", "--transforms", "options").code).toBe(0);
    const out = read(dir, "a.ts");
    expect(out).toContain("maxDiscoveryDepth");
    expect(out).toContain("asyncCrawlUrl");
    const bad = cli(dir, "run", ".", "--transforms", "nope", "--force");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("unknown transform nope");
  });

  test("--keep-v1-defaults writes v1's defaults", () => {
    const dir = repo({ "a.ts": V1_SCRAPE });
    cli(dir, "run", ".", "--keep-v1-defaults");
    expect(read(dir, "a.ts")).toContain('{ formats: ["markdown"], maxAge: 0, skipTlsVerification: false, proxy: "basic" }');
  });

  test("--json gives the documented report, and --report writes it too", () => {
    const dir = repo({ "a.ts": V1_SCRAPE, "b.ts": V1_CRAWL, "broken.ts": 'import F from "firecrawl";\nconst = ;\n', "none.ts": "export {};\n" });
    const { code, stdout } = cli(dir, "run", ".", "--json", "--report", "report.json");
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(JSON.parse(read(dir, "report.json"))).toEqual(report);
    expect(Object.keys(report).sort()).toEqual([
      "analysis",
      "behaviourChanges",
      "dependencyNotes",
      "files",
      "installs",
      "lockfiles",
      "mode",
      "packages",
      "pythonVerification",
      "summary",
      "verification",
      "version",
      "workers",
    ]);
    expect(report.verification).toBeNull();
    // No Python file changed: nothing was checked with pyright.
    expect(report.pythonVerification).toBeNull();
    expect(report.analysis).toEqual({ mode: "syntax", projects: [] });
    // Four files do not pay for a worker's start: the main thread did them.
    expect(report.workers).toBe(0);
    expect(report.summary).toEqual({ scanned: 4, changed: 2, unchanged: 1, errors: 1, skipped: 0, todos: 1 });
    for (const file of report.files) {
      expect(["changed", "unchanged", "error", "skipped"]).toContain(file.status);
      expect(typeof file.path).toBe("string");
      for (const change of file.changes) expect(Object.keys(change).sort()).toEqual(["line", "message", "transform"]);
      for (const todo of file.todos) expect(Object.keys(todo).sort()).toEqual(["line", "message"]);
    }
    const b = report.files.find((f: { path: string }) => f.path === "b.ts");
    expect(b.todos).toEqual([{ line: 6, message: expect.stringContaining("maxDepth became maxDiscoveryDepth") }]);
    expect(report.files.find((f: { path: string }) => f.path === "broken.ts").error).toMatch(/does not parse: .*\(line 2, column 7\)/);
  });

  test("a file that does not parse is reported with its line and left untouched; exit 1", () => {
    const broken = 'import FirecrawlApp from "@mendable/firecrawl-js";\nconst app = new FirecrawlApp({ apiKey: "x" }\n';
    const dir = repo({ "broken.ts": broken, "a.ts": V1_SCRAPE });
    const { code, stdout } = cli(dir, "run", ".");
    expect(code).toBe(1);
    expect(read(dir, "broken.ts")).toBe(broken);
    expect(read(dir, "a.ts")).toContain("app.scrape(");
    expect(stdout).toMatch(/error {2}broken\.ts: does not parse: .*line 3/);
  });

  test("CRLF line endings, a BOM and the file mode are kept", () => {
    const crlf = `\uFEFF${V1_CRAWL.replace(/\n/g, "\r\n")}`;
    const dir = repo({ "win.ts": crlf });
    // git records only the executable bit, so this mode change leaves the tree clean.
    chmodSync(join(dir, "win.ts"), 0o640);
    expect(cli(dir, "run", ".").code).toBe(0);
    const out = read(dir, "win.ts");
    expect(out.startsWith("\uFEFF")).toBe(true);
    expect(out.replace(/\r\n/g, "")).not.toContain("\n");
    expect(out).toContain("// TODO(firecrawl-v2): maxDepth");
    expect(statSync(join(dir, "win.ts")).mode & 0o777).toBe(0o640);
  });

  test("files that are not UTF-8 or too large are skipped, said so, and left as they are", () => {
    const latin1 = Buffer.from(`// caf\xe9 firecrawl\n${V1_SCRAPE}`, "latin1");
    const big = `${V1_SCRAPE}${"// firecrawl padding line\n".repeat(90_000)}`;
    const dir = repo({ "latin1.ts": latin1, "big.ts": big });
    const { code, stdout } = cli(dir, "run", ".");
    expect(code).toBe(1);
    expect(readFileSync(join(dir, "latin1.ts")).equals(latin1)).toBe(true);
    expect(read(dir, "big.ts")).toBe(big);
    expect(stdout).toContain("skipped  latin1.ts: not UTF-8");
    expect(stdout).toContain("skipped  big.ts: larger than 2 MB");
  });

  test("a path that does not exist is a usage error, never '0 files, ok'", () => {
    const dir = repo({ "a.ts": V1_SCRAPE });
    const { code, stderr } = cli(dir, "run", "nope", "--dry");
    expect(code).toBe(2);
    expect(stderr).toContain("no such file or folder: nope");
  });

  test("--jobs spreads a large repository over workers with the same result, and --json says how many", () => {
    // Python among them: a worker handed two batches at once loads the Python parser once for both.
    const python = 'from firecrawl import FirecrawlApp\n\napp = FirecrawlApp()\npage = app.scrape_url("https://example.com", formats=["markdown"])\n';
    const files = Object.fromEntries(
      Array.from({ length: 150 }, (_, i) => (i % 3 ? [`src/f${i}.ts`, i % 2 ? V1_SCRAPE : V1_CRAWL] : [`app/f${i}.py`, python])),
    );
    const serial = repo(files);
    const parallel = repo(files);
    const one = JSON.parse(cli(serial, "run", ".", "--json", "--jobs", "1", "--no-verify").stdout);
    const two = JSON.parse(cli(parallel, "run", ".", "--json", "--jobs", "2", "--no-verify").stdout);
    expect({ ...two, workers: 0 }).toEqual(one);
    // --json says how many it started: 150 files pay for two threads (one per 64), the main thread and a worker; with --jobs 1 the main thread did all.
    expect([one.workers, two.workers]).toEqual([0, 1]);
    expect(one.summary.changed).toBe(150);
    expect(read(parallel, "src/f7.ts")).toBe(read(serial, "src/f7.ts"));
    expect(read(parallel, "app/f0.py")).toContain("app.scrape(");
  });

  test("the report lists the files in the walk's order, however the screen and the workers settled them", () => {
    // The screen settles the files that never name the SDK first; the workers answer for the rest later.
    const names = Array.from({ length: 130 }, (_, i) => `src/f${String(i).padStart(3, "0")}.ts`);
    const dir = repo(Object.fromEntries(names.map((name, i) => [name, i % 3 ? "export const x = 1;\n" : V1_SCRAPE])));
    for (const jobs of ["1", "2"]) {
      const report = JSON.parse(cli(dir, "run", ".", "--json", "--dry", "--jobs", jobs).stdout);
      expect(report.files.map((f: { path: string }) => f.path)).toEqual(names);
    }
  });
});

describe("writes", () => {
  // The race cannot be staged through the CLI reliably, so the writer every CLI write goes through is
  // called directly, with the file's state as the run read it.
  test("a file changed on disk since the run read it is not overwritten, and no temp file is left", () => {
    const dir = repo({ "a.ts": V1_SCRAPE }, { git: false });
    const path = join(dir, "a.ts");
    const before = statSync(path);
    writeFileSync(path, "// edited in the editor meanwhile\n");
    expect(() => writeAtomically(path, "migrated\n", before)).toThrow(/changed on disk during the run/);
    expect(read(dir, "a.ts")).toBe("// edited in the editor meanwhile\n");
    expect(readdirSync(dir)).toEqual(["a.ts"]);
    writeAtomically(path, "migrated\n", statSync(path));
    expect(read(dir, "a.ts")).toBe("migrated\n");
    expect(readdirSync(dir)).toEqual(["a.ts"]);
  });

  test("such a file is reported as an error that says it was not written", async () => {
    await readyFor(["a.ts"]);
    const dir = repo({ "a.ts": V1_SCRAPE }, { git: false });
    const path = join(dir, "a.ts");
    const contents = { bytes: readFileSync(path), stat: statSync(path) };
    writeFileSync(path, "// edited in the editor meanwhile\n");
    const report = processFile(path, { steps: stepsNamed(), pythonSteps: pythonStepsNamed(), write: true }, undefined, contents);
    expect(report).toMatchObject({ status: "error", error: "not written: the file changed on disk during the run; it was left as it is now" });
    expect(read(dir, "a.ts")).toBe("// edited in the editor meanwhile\n");
  });
});

describe("discovery", () => {
  test("respects nested .gitignore files, default ignores, --ignore and --extensions; skips declaration files", () => {
    const dir = repo({
      ".gitignore": "generated/\n",
      "src/.gitignore": "legacy.ts\n",
      "src/a.ts": V1_SCRAPE,
      "src/legacy.ts": V1_SCRAPE,
      "generated/g.ts": V1_SCRAPE,
      "node_modules/pkg/index.js": V1_SCRAPE,
      "dist/out.js": V1_SCRAPE,
      // a virtual environment committed to the repository: its installed packages are dependencies, not the project
      "venv/lib/python3.11/site-packages/loaders/firecrawl.py": 'from firecrawl import FirecrawlApp\n\nFirecrawlApp(api_key="k").scrape_url("u")\n',
      "types/a.d.ts": V1_SCRAPE,
      "scripts/s.mjs": V1_SCRAPE.replace(/: string/g, ""),
      "fixtures/f.ts": V1_SCRAPE,
    });
    const report = JSON.parse(cli(dir, "run", ".", "--dry", "--json", "--ignore", "fixtures/").stdout);
    expect(report.files.map((f: { path: string }) => f.path).sort()).toEqual(["scripts/s.mjs", "src/a.ts"]);
    const tsOnly = JSON.parse(cli(dir, "run", ".", "--dry", "--json", "--extensions", "ts").stdout);
    expect(tsOnly.files.map((f: { path: string }) => f.path).sort()).toEqual(["fixtures/f.ts", "src/a.ts"]);
  });

  test("a symlink loop does not trap the walk; links are not followed", () => {
    const dir = repo({ "src/a.ts": V1_SCRAPE });
    symlinkSync(join(dir, "src"), join(dir, "src/loop"));
    symlinkSync(join(dir, "src/a.ts"), join(dir, "linked.ts"));
    const report = JSON.parse(cli(dir, "run", ".", "--dry", "--json").stdout);
    expect(report.files.map((f: { path: string }) => f.path)).toEqual(["src/a.ts"]);
  });

  test("takes glob patterns as paths, honouring .gitignore for what they match", () => {
    const dir = repo({ ".gitignore": "generated/\n", "src/a.ts": V1_SCRAPE, "src/lib/b.ts": V1_CRAWL, "src/c.js": V1_SCRAPE, "generated/d.ts": V1_SCRAPE });
    const report = JSON.parse(cli(dir, "run", "src/**/*.ts", "**/d.ts", "--dry", "--json").stdout);
    expect(report.files.map((f: { path: string }) => f.path)).toEqual(["src/a.ts", "src/lib/b.ts"]);
    const none = cli(dir, "check", "nothing/**/*.ts");
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("no such file or folder: nothing/**/*.ts");
  });

  test("takes files and folders as paths", () => {
    const dir = repo({ "a.ts": V1_SCRAPE, "lib/b.ts": V1_CRAWL, "lib/c.ts": V1_SCRAPE });
    const report = JSON.parse(cli(dir, "run", "a.ts", "lib/b.ts", "--dry", "--json").stdout);
    expect(report.files.map((f: { path: string }) => f.path)).toEqual(["a.ts", "lib/b.ts"]);
  });
});

test("reads a file that names Firecrawl only in its prose (its requests join a base from elsewhere); passes over one that names it nowhere", () => {
  const request = (endpoint: string) =>
    `export const scrape = (url: string) => fetch(\`\${${endpoint}}/v1/scrape\`, { method: "POST", body: JSON.stringify({ url }) });\n`;
  const dir = repo({
    "prose.ts": `// A scheduled job, sent to the Firecrawl instance the user set up.\nconst endpoint = process.env.ENDPOINT;\n${request("endpoint")}`,
    "shout.ts": `const endpoint = process.env.ENDPOINT; // the FireCrawl service\n${request("endpoint")}`,
    "other.ts": `const endpoint = process.env.SEARCH_ENDPOINT;\n${request("endpoint")}`,
  });
  const files = JSON.parse(cli(dir, "run", ".", "--dry", "--json").stdout).files as { path: string; status: string; todos: unknown[] }[];
  const status = (path: string) => files.find((f) => f.path === path);
  expect(status("prose.ts")).toMatchObject({ status: "changed", todos: [expect.objectContaining({ line: 3 })] });
  expect(status("shout.ts")).toMatchObject({ status: "changed", todos: [expect.objectContaining({ line: 2 })] });
  expect(status("other.ts")).toMatchObject({ status: "unchanged", todos: [] });
});

describe("without types, clients imported from the project's own modules (detect/linked.ts)", () => {
  const files = {
    "tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@/*": ["src/*"] } } }),
    "src/services/scraper.ts":
      'import FirecrawlApp from "@mendable/firecrawl-js";\n\nconst app = new FirecrawlApp({ apiKey: "k" });\nexport default app;\nexport function makeClient() {\n  return new FirecrawlApp({ apiKey: "k" });\n}\nexport const notAClient = { scrapeUrl: (url: string) => url };\n',
    "src/services/index.ts": 'export { default as scraper, makeClient, notAClient } from "./scraper";\n',
    "src/services/all.ts": 'export * from "./index";\n',
    "src/services/legacy.ts": 'import { FirecrawlAppV1 } from "@mendable/firecrawl-js";\n\nexport const legacy = new FirecrawlAppV1({ apiKey: "k" });\n',
    "src/services/current.ts": 'import { Firecrawl } from "@mendable/firecrawl-js";\n\nexport const current = new Firecrawl({ apiKey: "k" });\n',
    // None of these names the SDK: each reaches a client only through the modules above.
    "src/routes/page.ts": 'import { scraper } from "@/services";\n\nexport const page = (url: string) => scraper.scrapeUrl(url);\n',
    "src/routes/crawl.ts":
      'import { makeClient as client } from "../services/all.js";\n\nexport const crawl = (url: string) => client().crawlUrl(url, { limit: 5 });\n',
    "src/routes/legacy.cjs": 'const { scraper } = require("../services/index.ts");\n\nmodule.exports = (url) => scraper.mapUrl(url);\n',
    "src/routes/other.ts":
      'import { notAClient } from "@/services";\nimport { legacy } from "../services/legacy";\nimport { current } from "../services/current";\n\nexport const a = notAClient.scrapeUrl("u");\nexport const b = legacy.scrapeUrl("u");\nexport const c = current.scrape("u");\n',
  };

  test("run migrates them, and check and the report agree; v2 and deliberate v1 clients are left", () => {
    const dir = repo(files);
    const checked = JSON.parse(cli(dir, "check", ".", "--no-types", "--format", "json").stdout);
    expect(checked.findings.map((f: { file: string; line: number; message: string }) => `${f.file}:${f.line} ${f.message}`).sort()).toEqual([
      "src/routes/crawl.ts:3 crawlUrl() is v1: use crawl()",
      "src/routes/crawl.ts:3 v2 waiters return failed or cancelled jobs instead of throwing: check the returned job's status",
      "src/routes/legacy.cjs:3 mapUrl() is v1: use map()",
      "src/routes/page.ts:3 scrapeUrl() is v1: use scrape()",
    ]);
    cli(dir, "run", ".", "--no-types");
    expect(read(dir, "src/routes/page.ts")).toContain("scraper.scrape(url)");
    expect(read(dir, "src/routes/crawl.ts")).toContain("client().crawl(url, { limit: 5 })");
    expect(read(dir, "src/routes/legacy.cjs")).toContain("scraper.map(url)");
    expect(read(dir, "src/routes/other.ts")).toBe(files["src/routes/other.ts"]);
    expect(cli(dir, "check", ".", "--no-types", "--max-todos", "1").code).toBe(0);
  });
});

describe("requests whose body another module builds (issue 25)", () => {
  const files = {
    // The builders name no Firecrawl URL: nothing here says which requests send their objects.
    "src/payloads.ts": "export function crawlBody(url: string) {\n  return { url, maxDepth: 2, allowBackwardLinks: true };\n}\n",
    "src/crawl.ts":
      'import { crawlBody } from "./payloads";\n\nexport async function crawl(url: string) {\n  const payload = crawlBody(url);\n  const res = await fetch("https://api.firecrawl.dev/v1/crawl", { method: "POST", body: JSON.stringify(payload) });\n  return res.json();\n}\n',
    // A schema of the body and an allow-list of the options a caller may pass, kept in a module of their own.
    "src/schemas.ts":
      'export const ScrapeBody = { parse: (input: unknown) => input as { url: string; formats?: string[] } };\nexport const MAP_OPTIONS = ["ignoreSitemap", "sitemapOnly", "limit"];\n',
    "src/scrape.ts":
      'import { ScrapeBody, MAP_OPTIONS } from "./schemas";\nimport pick from "lodash/pick";\n\nexport async function scrape(input: unknown) {\n  const res = await fetch("https://api.firecrawl.dev/v1/scrape", { method: "POST", body: JSON.stringify(ScrapeBody.parse(input)) });\n  return res.json();\n}\n\nexport async function map(url: string, options: Record<string, unknown>) {\n  const res = await fetch("https://api.firecrawl.dev/v1/map", { method: "POST", body: JSON.stringify({ url, ...pick(options, MAP_OPTIONS) }) });\n  return res.json();\n}\n',
    "app/payloads.py": 'def crawl_payload(url):\n    return {"url": url, "maxDepth": 2}\n',
    "app/crawl.py":
      'import requests\n\nfrom .payloads import crawl_payload\n\n\ndef crawl(url):\n    return requests.post("https://api.firecrawl.dev/v1/crawl", json=crawl_payload(url)).json()\n',
  };

  test("the request stays on /v1 with a TODO naming the module, and the builder is left as it is", () => {
    const dir = repo(files);
    expect(cli(dir, "run", ".", "--no-types", "--no-verify").code).toBe(0);
    expect(read(dir, "src/payloads.ts")).toBe(files["src/payloads.ts"]);
    expect(read(dir, "app/payloads.py")).toBe(files["app/payloads.py"]);
    const ts = read(dir, "src/crawl.ts");
    expect(ts).toContain('fetch("https://api.firecrawl.dev/v1/crawl"');
    expect(ts).toContain("  // TODO(firecrawl-v2): this request stays on /v1: its body comes from `payload` (imported from `./payloads`), whose keys");
    expect(read(dir, "src/schemas.ts")).toBe(files["src/schemas.ts"]);
    const scrape = read(dir, "src/scrape.ts");
    expect(scrape).toContain("its body comes from `ScrapeBody.parse(input)` (imported from `./schemas`), whose keys");
    expect(scrape).toContain("its body comes from `pick(options, MAP_OPTIONS)` (imported from `./schemas`), whose keys");
    expect(scrape.match(/\/v1\/(?:scrape|map)/g)).toEqual(["/v1/scrape", "/v1/map"]);
    const py = read(dir, "app/crawl.py");
    expect(py).toContain('requests.post("https://api.firecrawl.dev/v1/crawl"');
    expect(py).toContain(
      "    # TODO(firecrawl-v2): this request stays on /v1: its body comes from `crawl_payload(url)` (imported from `.payloads`), whose keys",
    );
  });

  test("a builder exported as a member of `export = { }` is not rewritten under a request that stays on /v1", () => {
    const map =
      'const mapBody = (url: string) => ({ url, ignoreSitemap: true });\n\nasync function map(url: string) {\n  const res = await fetch("https://api.firecrawl.dev/v1/map", { method: "POST", body: JSON.stringify(mapBody(url)) });\n  return res.json();\n}\n\nexport = { mapBody, map };\n';
    const dir = repo({ "src/map.ts": map });
    expect(cli(dir, "run", ".", "--no-types").code).toBe(0);
    const after = read(dir, "src/map.ts");
    expect(after).toContain("const mapBody = (url: string) => ({ url, ignoreSitemap: true });");
    expect(after).toContain('fetch("https://api.firecrawl.dev/v1/map"');
    expect(after).toContain("its body is built by `mapBody()`, which this module exports");
  });

  test("a library whose function only works on the body (json, lodash) is not said to make it", () => {
    const dir = repo({
      "src/forward.ts":
        'import _ from "lodash";\n\nexport async function forwardCrawl(input: Record<string, unknown>) {\n  const res = await fetch("https://api.firecrawl.dev/v1/crawl", { method: "POST", body: JSON.stringify(_.pick(input, ["url", "limit"])) });\n  return res.json();\n}\n',
      "app/forward.py":
        'import json\nimport requests\n\n\ndef forward_crawl(settings):\n    body = json.loads(json.dumps(settings))\n    return requests.post("https://api.firecrawl.dev/v1/crawl", json=body).json()\n',
    });
    expect(cli(dir, "run", ".", "--no-types", "--no-verify").code).toBe(0);
    const ts = read(dir, "src/forward.ts");
    expect(ts).toContain('its body comes from `_.pick(input, ["url", "limit"])`, whose keys');
    expect(ts).not.toContain("imported from");
    const py = read(dir, "app/forward.py");
    expect(py).toContain("its body comes from `body`, whose keys");
    expect(py).not.toContain("imported from");
  });
});

describe("code already on v2, or on v1 on purpose (fixtures/already-v2)", () => {
  const FIXTURES = resolve(import.meta.dirname, "../fixtures/already-v2");
  const files = Object.fromEntries(
    readdirSync(FIXTURES)
      .filter((f) => f === "package.json" || f.includes(".input."))
      .map((f) => [f, readFileSync(join(FIXTURES, f), "utf8")]),
  );
  const sdk = resolve(import.meta.dirname, "../node_modules/@mendable/firecrawl-js/dist/index.d.ts");
  const tsconfig = sdkTsconfig(sdk);

  test.each([
    ["syntactic", {}, ["--no-types"]],
    ["type-aware", { "tsconfig.json": tsconfig }, []],
  ] as const)("%s: check reports nothing and run changes nothing", (_, extra, flags) => {
    const dir = repo({ ...files, ...extra });
    const checked = cli(dir, "check", ".", "--format", "json", ...flags);
    expect(JSON.parse(checked.stdout).findings).toEqual([]);
    expect(checked.code).toBe(0);
    const ran = cli(dir, "run", ".", "--json", ...flags);
    expect(JSON.parse(ran.stdout).summary).toMatchObject({ changed: 0, errors: 0, todos: 0 });
    for (const [name, text] of Object.entries(files)) expect(read(dir, name)).toBe(text);
  });
});

test("type-aware: an unchanged file that breaks with a file the run changed is marked too", () => {
  const tsconfig = JSON.stringify({
    compilerOptions: { strict: true, module: "esnext", moduleResolution: "bundler", target: "es2022", noEmit: true, skipLibCheck: true },
  });
  const lib =
    'import type { CrawlParams } from "@mendable/firecrawl-js";\n\nexport function crawlOptions(): CrawlParams {\n  return { limit: 5, maxDepth: 2 };\n}\n';
  const user =
    'import { crawlOptions } from "./lib";\n\nexport function depthOf(): number {\n  const options = crawlOptions();\n  return options.maxDepth ?? 0;\n}\n';
  const dir = repo({ "tsconfig.json": tsconfig, "lib.ts": lib, "user.ts": user });
  const ran = JSON.parse(cli(dir, "run", ".", "--json").stdout) as {
    files: { path: string; status: string; verified?: { newErrors: number; marked: number } }[];
  };
  expect(ran.files.find((f) => f.path === "user.ts")).toMatchObject({ status: "changed", verified: { newErrors: 1, marked: 1 } });
  expect(read(dir, "user.ts")).toBe(
    user.replace(
      "  return options",
      "  // TODO(firecrawl-v2): does not type-check against v2 (TS2339: Property 'maxDepth' does not exist on type 'CrawlOptions'.) https://docs.firecrawl.dev/migrate-to-v2\n  return options",
    ),
  );
});

test("type-aware: a package installed twice at one version does not stop the verification's repairs", () => {
  // TypeScript reads the second copy as a redirect to the first; the program the repairs are checked in is built on
  // the one before, whose host must not hand a redirect back (a Debug Failure stopped the whole verification).
  const v1 = resolve(createRequire(import.meta.url).resolve("firecrawl-v1/package.json"), "../dist/index.d.ts");
  const copies = Object.fromEntries(
    ["dup-a", "dup-b"].flatMap((name) => [
      [`node_modules/${name}/package.json`, JSON.stringify({ name, version: "1.0.0", types: "index.d.ts" })],
      [`node_modules/${name}/index.d.ts`, 'export type { Shape } from "shared";\n'],
      [`node_modules/${name}/node_modules/shared/package.json`, JSON.stringify({ name: "shared", version: "1.0.0", types: "index.d.ts" })],
      [`node_modules/${name}/node_modules/shared/index.d.ts`, "export interface Shape {\n  size: number;\n}\n"],
    ]),
  );
  const hits = readFileSync(resolve(import.meta.dirname, "../fixtures/verify/v1-any-field.input.ts"), "utf8");
  const dir = repo({
    ...copies,
    "tsconfig.json": sdkTsconfig(v1, { include: ["src"] }),
    "src/shapes.ts": 'import type { Shape as A } from "dup-a";\nimport type { Shape as B } from "dup-b";\n\nexport const same = (shape: A): B => shape;\n',
    "src/hits.ts": `import { same } from "./shapes";\n${hits}export const unit = same({ size: 1 });\n`,
  });
  const ran = cli(dir, "run", ".", "--json");
  expect(ran.stderr).toBe("");
  const report = JSON.parse(ran.stdout) as { verification: { files: number; error?: string } };
  expect(report.verification).toMatchObject({ files: 1 });
  expect(report.verification.error).toBeUndefined();
  // the repair the verification checks in that program: the metadata cast to the user's own type
  expect(read(dir, "src/hits.ts")).toContain('metadata: item.metadata as Hit["metadata"],');
});

describe("one change, worded for where it is read (issue 12)", () => {
  const files = {
    "a.ts": V1_SCRAPE,
    "b.py":
      'from firecrawl import FirecrawlApp\n\napp = FirecrawlApp()\npage = app.scrape_url("https://example.com", formats=["markdown"], ignore_invalid_urls=True)\n',
  };

  test("check and its JSON say what is v1 and what to use; run's report says what it did", () => {
    const dir = repo(files);
    const checked = JSON.parse(cli(dir, "check", ".", "--format", "json").stdout) as { findings: { file: string; message: string }[] };
    const found = checked.findings.map((f) => `${f.file} ${f.message}`);
    expect(found).toContain("a.ts scrapeUrl() is v1: use scrape()");
    expect(found).toContain("b.py scrape_url() is v1: use scrape()");
    expect(found).toContain("b.py FirecrawlApp is v1: use Firecrawl");
    const ran = JSON.parse(cli(dir, "run", ".", "--json", "--no-verify").stdout) as { files: { path: string; changes: { message: string }[] }[] };
    const done = ran.files.flatMap((f) => f.changes.map((c) => `${f.path} ${c.message}`));
    expect(done).toContain("a.ts scrapeUrl() → scrape()");
    expect(done).toContain("b.py scrape_url() → scrape()");
    expect(done.some((m) => m.includes(" is v1"))).toBe(false);
  });
});

describe("check", () => {
  const dir = () => repo({ "a.ts": V1_SCRAPE, "b.ts": V1_CRAWL, "clean.ts": "export const ok = true;\n" });

  test("text: lists what is left and exits 1; writes nothing", () => {
    const d = dir();
    const { code, stdout } = cli(d, "check", ".");
    expect(code).toBe(1);
    expect(stdout).toMatch(/^a\.ts:6:\d+ {2}fixable {2}client-methods {2}scrapeUrl\(\) is v1: use scrape\(\)$/m);
    expect(stdout).toMatch(/^b\.ts:6:\d+ {2}manual {3}options {2}maxDepth became/m);
    expect(read(d, "a.ts")).toBe(V1_SCRAPE);
  });

  test("exits 0 on a migrated tree", () => {
    const d = dir();
    cli(d, "run", ".");
    const { code, stdout } = cli(d, "check", ".");
    expect(code).toBe(0);
    expect(stdout).toContain("No v1 usage left in 3 files");
  });

  test("counts the TODO(firecrawl-v2) markers left, lists them with --todos, and --max-todos fails above it", () => {
    const d = repo({
      "a.ts": `import Firecrawl from "@mendable/firecrawl-js";\n\nconst app = new Firecrawl({ apiKey: "k" });\n// TODO(firecrawl-v2): check the options https://docs.firecrawl.dev/migrate-to-v2\nexport const page = app.scrape("u", { formats: ["markdown"] });\n`,
      "b.py": `from firecrawl import Firecrawl\n\napp = Firecrawl(api_key="k")\n# TODO(firecrawl-v2): results are models now https://docs.firecrawl.dev/migrate-to-v2\ndoc = app.scrape("u")\n`,
      "c.ts": `// A string is no marker: "TODO(firecrawl-v2): x"\nexport const firecrawl = "TODO(firecrawl-v2): not a comment";\n`,
    });
    // the markers are read from the text: the type checker has nothing to add here
    const plain = cli(d, "check", ".", "--no-types");
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain("No v1 usage left in 3 files");
    expect(plain.stdout).toContain("2 TODO(firecrawl-v2) markers left for a human (--todos lists them)");
    expect(plain.stdout).not.toContain("a.ts:4");
    const listed = cli(d, "check", ".", "--no-types", "--todos");
    expect(listed.stdout).toContain("a.ts:4  TODO  check the options\n");
    expect(listed.stdout).toContain("b.py:4  TODO  results are models now\n");
    const json = JSON.parse(cli(d, "check", ".", "--no-types", "--format", "json").stdout);
    expect(json.todos).toEqual([
      { file: "a.ts", line: 4, message: "check the options" },
      { file: "b.py", line: 4, message: "results are models now" },
    ]);
    expect(json.summary).toEqual({ files: 3, findings: 0, todos: 2 });
    expect(cli(d, "check", ".", "--no-types", "--max-todos", "2").code).toBe(0);
    const over = cli(d, "check", ".", "--no-types", "--max-todos", "1");
    expect(over.code).toBe(1);
    expect(over.stderr).toContain("2 TODO(firecrawl-v2) markers are left, more than --max-todos 1 allows");
    expect(cli(d, "check", ".", "--no-types", "--max-todos", "some").code).toBe(2);
  });

  test("json has the documented shape with positions in the original file", () => {
    const { stdout } = cli(dir(), "check", ".", "--format", "json");
    const report = JSON.parse(stdout);
    expect(report.summary).toEqual({ files: 3, findings: report.findings.length, todos: 0 });
    for (const f of report.findings) expect(Object.keys(f).sort()).toEqual(["column", "file", "fixable", "line", "message", "rule"]);
    expect(report.findings).toContainEqual({
      file: "a.ts",
      line: 6,
      column: 25,
      rule: "client-methods",
      message: "scrapeUrl() is v1: use scrape()",
      fixable: true,
    });
  });

  test("sarif follows the SARIF 2.1.0 structure", () => {
    const sarif = JSON.parse(cli(dir(), "check", ".", "--format", "sarif").stdout);
    expect(sarif.version).toBe("2.1.0");
    expect(sarif.$schema).toContain("sarif-2.1.0");
    const [run] = sarif.runs;
    expect(run.tool.driver.name).toBe("firecrawl-codemod");
    const ruleIds = run.tool.driver.rules.map((r: { id: string }) => r.id);
    expect(ruleIds).toContain("client-methods");
    expect(run.results.length).toBeGreaterThan(0);
    for (const result of run.results) {
      expect(ruleIds[result.ruleIndex]).toBe(result.ruleId);
      expect(["warning", "note"]).toContain(result.level);
      expect(result.message.text).toEqual(expect.any(String));
      const { artifactLocation, region } = result.locations[0].physicalLocation;
      expect(artifactLocation.uri).toMatch(/^[ab]\.ts$/);
      expect(region.startLine).toBeGreaterThan(0);
      expect(region.startColumn).toBeGreaterThan(0);
    }
  });

  test("-o/--output-file writes the report there instead of stdout, and is checked before the run", () => {
    const d = repo({ "a.ts": V1_SCRAPE });
    const written = cli(d, "check", ".", "--format", "sarif", "-o", "report.sarif");
    expect(written.code).toBe(1);
    expect(written.stdout).toBe("");
    expect(JSON.parse(read(d, "report.sarif")).runs[0].results.length).toBeGreaterThan(0);
    const refused = cli(d, "check", ".", "--output-file", "no/such/folder/report.json");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--output-file no/such/folder/report.json cannot be written");
  });

  test("colours follow --color, --no-color, FORCE_COLOR and NO_COLOR, not only the terminal", () => {
    const d = repo({ "a.ts": V1_SCRAPE });
    // picocolors also turns colours on under CI=…: the plain case is a terminal-less local run.
    const { NO_COLOR: _, FORCE_COLOR: __, CI: ___, ...env } = process.env;
    const dry = (args: string[], extra: Record<string, string> = {}) =>
      spawnSync(process.execPath, [CLI, "run", ".", "--dry", "--no-types", ...args], { cwd: d, encoding: "utf8", env: { ...env, ...extra } }).stdout;
    const GREEN = "\u001b[32m";
    expect(dry([])).not.toContain(GREEN);
    expect(dry(["--color"])).toContain(GREEN);
    expect(dry([], { FORCE_COLOR: "1" })).toContain(GREEN);
    expect(dry(["--color", "--no-color"])).not.toContain(GREEN);
    expect(dry(["--color"], { NO_COLOR: "1" })).not.toContain(GREEN);
  });

  test("sarif validates against the SARIF 2.1.0 schema, with percent-encoded URIs", () => {
    const require = createRequire(import.meta.url);
    const { default: Ajv } = require("ajv-draft-04") as typeof import("ajv-draft-04");
    const { default: addFormats } = require("ajv-formats") as typeof import("ajv-formats");
    const schema = JSON.parse(readFileSync(require.resolve("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json"), "utf8"));
    // The schema's own formats check the URIs too (uri-reference: no raw spaces or '#').
    const validate = addFormats(new Ajv({ strict: false, allErrors: true, unicodeRegExp: false })).compile(schema);
    const d = repo({ "src/my page #1.ts": V1_SCRAPE, "src/ünï.ts": V1_CRAWL, "src/broken.ts": 'import F from "@mendable/firecrawl-js";\nconst = ;\n' });
    const sarif = JSON.parse(cli(d, "check", ".", "--format", "sarif").stdout);
    expect(validate(sarif) ? [] : validate.errors).toEqual([]);
    const uris = new Set(
      sarif.runs[0].results.map(
        (r: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) => r.locations[0]!.physicalLocation.artifactLocation.uri,
      ),
    );
    expect([...uris].sort()).toEqual(["src/broken.ts", "src/my%20page%20%231.ts", "src/%C3%BCn%C3%AF.ts"].sort());
  });

  test("github prints workflow annotations", () => {
    const { stdout } = cli(dir(), "check", ".", "--format", "github");
    expect(stdout).toMatch(/^::error file=a\.ts,line=6,col=\d+,title=firecrawl-v2\/client-methods::scrapeUrl\(\) is v1: use scrape\(\)$/m);
  });

  test("an unreadable (unparsable) file makes check exit 2", () => {
    const d = repo({ "broken.ts": 'import F from "firecrawl";\nconst = ;\n' });
    const { code, stderr } = cli(d, "check", ".");
    expect(code).toBe(2);
    expect(stderr).toContain("broken.ts: does not parse");
  });
});

describe("usage", () => {
  test("list prints the transforms in preset order", () => {
    const { code, stdout } = cli(tmpdir(), "list");
    expect(code).toBe(0);
    const rows = stdout
      .split("\n")
      .filter(Boolean)
      .map((l) => l.split(/\s+/).slice(0, 2));
    expect(rows.map(([name]) => name)).toEqual([
      "results",
      "options",
      "formats",
      "api-requests",
      "client-methods",
      "errors",
      "imports",
      "v1-defaults",
      "executor-partial",
      "method-probes",
      "result-guards",
      "params",
      "mocks",
      "async-batch-options",
    ]);
    expect(rows).toContainEqual(["options", "js,py"]);
    expect(rows).toContainEqual(["params", "py"]);
    expect(rows).toContainEqual(["mocks", "py"]);
  });

  test("list's columns line up, each row ends with its docs link, and --json gives the same", () => {
    const lines = cli(tmpdir(), "list").stdout.trimEnd().split("\n");
    // Where each column starts is the same on every row, however long the cell before it.
    const starts = lines.map((line) => [...line.matchAll(/ {2,}(\S)/g)].map((m) => m.index! + m[0].length - 1));
    expect(new Set(starts.map((s) => s.join()))).toHaveLength(1);
    expect(lines.find((l) => l.startsWith("api-requests"))).toMatch(
      /^api-requests +js,py,sh +moves raw HTTP .* +https:\/\/\S+\/docs\/rules\/api-requests\.md$/,
    );
    const json = JSON.parse(cli(tmpdir(), "list", "--json").stdout);
    expect(json.map((t: { name: string }) => t.name)).toEqual(lines.map((l) => l.split(" ")[0]));
    expect(json).toContainEqual({
      name: "api-requests",
      languages: ["js", "py", "sh"],
      description: expect.stringContaining("raw HTTP"),
      docs: expect.stringMatching(/docs\/rules\/api-requests\.md$/),
    });
  });

  test("--help and --version work everywhere", () => {
    const version = JSON.parse(readFileSync(resolve(import.meta.dirname, "../package.json"), "utf8")).version;
    expect(cli(tmpdir(), "--version").stdout.trim()).toBe(version);
    expect(cli(tmpdir(), "check", "--version").stdout.trim()).toBe(version);
    expect(cli(tmpdir(), "--help").stdout).toContain("Usage: firecrawl-codemod <command>");
    const runHelp = cli(tmpdir(), "run", "--help");
    expect(runHelp.code).toBe(0);
    for (const flag of [
      "--dry",
      "--print",
      "--force",
      "--json",
      "--report",
      "--transforms",
      "--keep-v1-defaults",
      "--ignore",
      "--extensions",
      "--jobs",
      "--no-progress",
    ]) {
      expect(runHelp.stdout).toContain(flag);
    }
  });

  test("an unknown flag is an error with a hint", () => {
    const { code, stderr } = cli(tmpdir(), "run", ".", "--dyr");
    expect(code).toBe(2);
    expect(stderr).toContain("'--dyr'");
    expect(stderr).toContain("did you mean '--dry'?");
  });

  test("an unknown command is an error with a hint", () => {
    const { code, stderr } = cli(tmpdir(), "chek", ".");
    expect(code).toBe(2);
    expect(stderr).toContain("did you mean 'check'?");
  });

  test("a mistyped flag or command is one line on stderr naming the nearest spelling and where help is", () => {
    const cases: [string[], string][] = [
      [["run", ".", "--no-tpyes"], "firecrawl-codemod: unknown option '--no-tpyes'; did you mean '--no-types'? (see firecrawl-codemod run --help)"],
      [["check", ".", "--fromat", "json"], "firecrawl-codemod: unknown option '--fromat'; did you mean '--format'? (see firecrawl-codemod check --help)"],
      [
        ["check", ".", "--output-fil", "x"],
        "firecrawl-codemod: unknown option '--output-fil'; did you mean '--output-file'? (see firecrawl-codemod check --help)",
      ],
      [["lst"], "firecrawl-codemod: unknown command 'lst'; did you mean 'list'? (see firecrawl-codemod --help)"],
      // nothing near: no guess
      [["run", ".", "--zzzzzz"], "firecrawl-codemod: unknown option '--zzzzzz' (see firecrawl-codemod run --help)"],
      // a flag of another command is unknown here, and said so
      [["check", ".", "--dry"], "firecrawl-codemod: unknown option '--dry' (see firecrawl-codemod check --help)"],
    ];
    for (const [args, message] of cases) {
      const { code, stdout, stderr } = cli(tmpdir(), ...args);
      expect({ args, code, stdout, stderr }).toEqual({ args, code: 2, stdout: "", stderr: `${message}\n` });
    }
  });

  test("a flag missing its value, or arguments a command does not take, are usage errors: exit 2", () => {
    const missing = cli(tmpdir(), "run", ".", "--report");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe("firecrawl-codemod: option '--report <file>' argument missing (see firecrawl-codemod run --help)\n");
    const excess = cli(tmpdir(), "list", "extra");
    expect(excess.code).toBe(2);
    expect(excess.stderr).toContain("too many arguments for 'list'");
    expect(excess.stdout).toBe("");
    // asked for JSON, a usage error is still a report carrying the error
    const json = cli(tmpdir(), "check", ".", "--format", "json", "--fromat");
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toMatchObject({ findings: [], error: expect.stringContaining("did you mean '--format'?") });
  });

  test("help: overall, per command (as --help, -h or `help <command>`), and on stderr with exit 2 when no command is named", () => {
    const overall = cli(tmpdir(), "--help");
    expect(overall.code).toBe(0);
    for (const command of ["run", "check", "list"]) expect(overall.stdout).toMatch(new RegExp(`^  ${command} .*\\S`, "m"));
    const check = cli(tmpdir(), "check", "-h");
    expect(check.code).toBe(0);
    expect(check.stdout).toContain("Usage: firecrawl-codemod check <paths...> [options]");
    for (const flag of ["-F, --format <f>", "-o, --output-file <file>", "--todos", "--max-todos <n>", "--project <tsconfig>", "--no-types", "--no-color"])
      expect(check.stdout).toContain(flag);
    expect(check.stdout).not.toContain("--dry");
    expect(cli(tmpdir(), "help", "check").stdout).toBe(check.stdout);
    const bare = cli(tmpdir());
    expect(bare.code).toBe(2);
    expect(bare.stdout).toBe("");
    expect(bare.stderr).toBe(overall.stdout);
  });
});
