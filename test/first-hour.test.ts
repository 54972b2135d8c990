/**
 * What a new user meets in their first runs (issue 29): `run` with no path, a folder outside git, a rerun
 * refused for a dirty tree, the files a run changed, counts that agree, and details only with --verbose.
 */
import { basename, join } from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { writeFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import plugin from "../rules/index.js";
import { check, migrate } from "../src/index.js";
import { cli, read, repo, V1_CRAWL, V1_SCRAPE } from "./support/cli.js";

describe("run, as a new user starts it", () => {
  test("with no path it migrates the folder it is started in, behind the same git guard", () => {
    const dir = repo({ "src/a.ts": V1_SCRAPE });
    writeFileSync(join(dir, "notes.txt"), "mine\n");
    const refused = cli(dir, "run");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("untracked  notes.txt");
    expect(read(dir, "src/a.ts")).toBe(V1_SCRAPE);
    const clean = repo({ "src/a.ts": V1_SCRAPE });
    const ran = cli(clean, "run", "--no-types");
    expect(ran.code).toBe(0);
    expect(read(clean, "src/a.ts")).toContain("app.scrape(url");
  });

  test("outside a git repository it says that nothing guards the files, and still runs", () => {
    const dir = repo({ "a.ts": V1_SCRAPE }, { git: false });
    const ran = cli(dir, "run", ".", "--no-types");
    expect(ran.code).toBe(0);
    expect(ran.stderr).toContain(`Not in a git repository: ${basename(dir)} (this folder). Nothing guards these files`);
    expect(read(dir, "a.ts")).toContain("app.scrape(url");
    // Inside one, no such word; and --dry writes nothing, so it has nothing to warn of.
    expect(cli(repo({ "a.ts": V1_SCRAPE }), "run", ".", "--no-types").stderr).not.toContain("Nothing guards");
    expect(cli(repo({ "a.ts": V1_SCRAPE }, { git: false }), "run", ".", "--dry", "--no-types").stderr).not.toContain("Nothing guards");
  });

  test("a rerun over an interrupted run's edits is refused with what is dirty, how to look, and --force", () => {
    const dir = repo({ "a.ts": V1_SCRAPE, "b.ts": V1_CRAWL });
    // What a run stopped after its first file leaves: that file migrated, uncommitted.
    writeFileSync(join(dir, "a.ts"), V1_SCRAPE.replace("scrapeUrl", "scrape"));
    const refused = cli(dir, "run", ".", "--no-types");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("The git tree has uncommitted changes, which the migration could mix with its own:\n  modified  a.ts\n");
    expect(refused.stderr).toContain("If an earlier run was stopped part way, these may be its own edits: `git diff` shows them.");
    expect(refused.stderr).toContain("pass --force to run over them");
    expect(cli(dir, "run", ".", "--no-types", "--force").code).toBe(0);
    expect(read(dir, "b.ts")).toContain("maxDiscoveryDepth");
  });
});

describe("what run prints", () => {
  const project = () => repo({ "src/a.ts": V1_SCRAPE, "src/b.ts": V1_CRAWL, "src/c.ts": "export const x = 1;\n" });

  test("it lists the files it changed, with their counts in words that agree", () => {
    const dir = project();
    const { stdout } = cli(dir, "run", ".", "--no-types");
    expect(stdout).toMatch(/^Changed:\n {2}src\/a\.ts {2}\(\d+ changes\)\n {2}src\/b\.ts {2}\(\d+ changes?, 1 TODO\)\n/);
    expect(stdout).not.toMatch(/src\/c\.ts/);
    expect(stdout).toMatch(/Migrated 2 of 3 files · \d+ changes · 1 TODO needs a human · no errors/);
    const dry = cli(repo({ "a.ts": V1_SCRAPE }), "run", ".", "--dry", "--no-types").stdout;
    expect(dry).toContain("Would change:\n  a.ts  (");
    expect(dry).toMatch(/Would migrate 1 of 1 file · \d+ changes · 0 TODOs need a human · no errors/);
  });

  test("how clients were found is told only with --verbose, which also gives each file's status", () => {
    const plain = cli(project(), "run", ".", "--no-types").stdout;
    expect(plain).not.toContain("Syntactic mode");
    const verbose = cli(project(), "run", ".", "--no-types", "--verbose").stdout;
    expect(verbose).toContain("Syntactic mode: no tsconfig.json found");
    expect(verbose).toMatch(/^OK {4}src\/a\.ts {2}\(\d+ changes\)$/m);
    expect(verbose).toMatch(/^NOC {3}src\/c\.ts$/m);
    const broken = repo({ "bad.ts": 'import FirecrawlApp from "@mendable/firecrawl-js";\nconst = ;\n' });
    expect(cli(broken, "run", ".", "--no-types", "--verbose").stdout).toMatch(/^ERR {3}bad\.ts: /m);
  });

  test("the defaults v1 and v2 share are said in terms of v1 and v2", () => {
    const { stdout } = cli(project(), "run", ".", "--no-types");
    expect(stdout).toContain("blockAds: ads and cookie pop-ups are blocked, as v1 already did");
    expect(stdout).not.toMatch(/the spec/);
  });
});

describe("what check prints", () => {
  test("its counts agree in number", () => {
    const one = repo({ "a.ts": V1_SCRAPE.replace(/scrapeUrl[\s\S]*/, "x;\n") });
    expect(cli(one, "check", ".").stdout).toContain("No v1 usage left in the file");
    const left = cli(repo({ "a.ts": V1_SCRAPE, "b.ts": "export {};\n" }), "check", ".").stdout;
    expect(left).toMatch(/^\d+ v1 usages left in 1 of 2 files$/m);
  });
});

describe("a finding names the text the user wrote, where it stands", () => {
  const V1_PY = 'from firecrawl import FirecrawlApp\napp = FirecrawlApp(api_key="k")\n';
  const line = (text: string, n: number) => text.split("\n")[n - 1]!;

  test('a key of a params dict is quoted as written ("parsePDF": True), at its own column', async () => {
    const source = `${V1_PY}s = app.scrape_url("u", {"formats": ["markdown"], "parsePDF": True})\nr = app.crawl_url("u", params={"maxDepth": 2, "ignoreSitemap": True})\n`;
    const findings = (await check("t.py", source)).filter((f) => f.rule === "options" && f.fixable);
    const at = (f: { line: number; column: number }) => line(source, f.line).slice(f.column - 1);
    expect(findings.map((f) => [f.message, at(f).slice(0, f.message.split(" is v1")[0]!.length)])).toEqual([
      ['"parsePDF": True is v1: remove it (it is v2\'s default)', '"parsePDF": True'],
      ['"maxDepth" is v1: use max_discovery_depth', '"maxDepth"'],
      ['"ignoreSitemap" is v1: use sitemap', '"ignoreSitemap"'],
    ]);
  });

  test("a keyword the user wrote is placed at its name, not at the comma its removal takes", async () => {
    const source = `${V1_PY}s = app.scrape_url("u", formats=["markdown"], parse_pdf=True)\n`;
    const [finding] = (await check("t.py", source)).filter((f) => f.rule === "options");
    expect(finding).toMatchObject({ message: "parse_pdf=True is v1: remove it (it is v2's default)", line: 3 });
    expect(line(source, 3).slice(finding!.column - 1)).toMatch(/^parse_pdf=True/);
  });

  test("the import the migration needs for its own ScrapeOptions(...) is no finding of a file that never used it", async () => {
    const source = `${V1_PY}r = app.crawl_url("u", params={"limit": 5, "scrapeOptions": {"formats": ["markdown"]}})\n`;
    const findings = await check("t.py", source);
    expect(findings.map((f) => f.message).join("\n")).not.toContain("ScrapeOptions");
    expect(findings).toContainEqual(expect.objectContaining({ rule: "params", message: "a params dict is v1: pass keyword arguments" }));
    // run still does it, and says so
    const { output, changes } = await migrate("t.py", source);
    expect(output).toContain("from firecrawl.types import ScrapeOptions");
    expect(changes.map((c) => c.message)).toContain("imported ScrapeOptions from firecrawl.types");
  });
});

describe("a removal's finding stands at the code it removes", () => {
  test("an option moved into its format object, and a success guard, at their own columns in check and ESLint alike", async () => {
    const source = `import FirecrawlApp from "@mendable/firecrawl-js";
const app = new FirecrawlApp({ apiKey: "k" });
export async function page(url: string) {
  const res = await app.scrapeUrl(url, {
    formats: ["extract"],
    extract: { prompt: "Who wrote it?" },
  });
  if (!res.success) {
    throw new Error(res.error);
  }
  return res.extract;
}
`;
    const at = (f: { line: number; column: number }) => source.split("\n")[f.line - 1]!.slice(f.column - 1);
    const findings = await check("a.ts", source);
    const moved = findings.find((f) => f.message === "extract is v1: move it into its format object")!;
    expect([moved.line, moved.column]).toEqual([6, 5]);
    expect(at(moved)).toMatch(/^extract: \{/);
    const guard = findings.find((f) => f.message.startsWith("the success guard is v1"))!;
    expect([guard.line, guard.column]).toEqual([8, 3]);
    const eslint = new ESLint({
      overrideConfigFile: true,
      overrideConfig: [{ files: ["**/*.ts"], languageOptions: { parser: tseslint.parser } }, plugin.configs.recommended!],
    });
    const [result] = await eslint.lintText(source, { filePath: "a.ts" });
    const reported = (message: string) => result!.messages.find((m) => m.message === message);
    expect(reported(moved.message)).toMatchObject({ line: 6, column: 5 });
    expect(reported(guard.message)).toMatchObject({ line: 8, column: 3 });
  });
});
