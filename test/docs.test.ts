/**
 * Code in documents (src/docs/): every fixture under fixtures/docs byte for byte and idempotent, the blocks
 * left as they are named with their lines, and the CLI taking Markdown and MDX files when named or with
 * --docs, locating what it finds at the document's lines. Code in documents is shown, not compiled, and
 * often elided: unlike the JavaScript corpus, these fixtures are not type-checked against the SDKs.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { migrateText } from "../src/run/migrate-text.js";
import { readyFor } from "../src/run/preset.js";
import { pythonSteps } from "../src/python/steps/index.js";
import { steps } from "../src/js/steps/index.js";
import { cli, read, repo } from "./support/cli.js";
import { FIXTURES, loadFixtures } from "./support/fixtures.js";

const fixtures = loadFixtures({ language: "docs" });
const migrate = (path: string, text: string) => migrateText(path, text, { steps, pythonSteps });
const markers = (text: string) => text.split("\n").filter((l) => l.includes("TODO(firecrawl-v2):")).length;

await readyFor(fixtures.map((f) => f.inputPath));

test("the documents corpus has Markdown, MDX, a CRLF document and a notebook", () => {
  expect(new Set(fixtures.map((f) => f.ext))).toEqual(new Set(["md", "mdx", "ipynb"]));
  expect(fixtures.some((f) => f.input.includes("\r\n"))).toBe(true);
});

describe.each(fixtures)("$id", (fixture) => {
  test("migrates the input to the output byte for byte, and leaves the output as it is", () => {
    const result = migrate(fixture.inputPath, fixture.input);
    expect(result.output ?? fixture.input).toBe(fixture.output);
    expect(migrate(fixture.inputPath, fixture.output).output).toBeNull();
    expect(result.todos.length).toBe(markers(fixture.output) - markers(fixture.input));
  });
});

/** The document's lines outside its fenced blocks: what no migration may touch. */
function prose(text: string): string[] {
  let fence: string | null = null;
  return text.split(/\r?\n/).filter((line) => {
    const mark = /^[\s>\d.-]*(`{3,}|~{3,})/.exec(line)?.[1];
    if (mark && (fence === null || mark.startsWith(fence))) {
      fence = fence === null ? mark : null;
      return true;
    }
    return fence === null;
  });
}

describe("what a reader of the README fixture sees", () => {
  const path = join(FIXTURES, "docs/code-blocks/readme.input.md");
  const input = readFileSync(path, "utf8");
  const result = migrate(path, input);
  const output = result.output!;

  test("the prose, the fences and the info strings stay byte for byte", () => {
    expect(prose(output)).toEqual(prose(input));
    expect(output).toContain('```ts title="src/client.ts"\n');
  });

  test("blocks in a list and a blockquote keep their prefixes; a new line takes the list item's indentation", () => {
    // The unchecked waiter's job throws when it failed, as v1's did: a line the block did not have.
    expect(output).toContain(
      '   const crawl = await app.crawl("https://example.com", { limit: 10, ... });\n   if (crawl.status !== "completed") throw new Error(',
    );
    expect(output).toContain('> result = app.scrape("https://example.com", formats=["markdown"])\n');
  });

  test("a block in another language, an untagged one and the v2 block stay as they are", () => {
    for (const kept of [
      'page, err := app.ScrapeURL("https://example.com", nil)',
      'const untagged = await app.scrapeUrl("https://example.com");',
      'const doc = await firecrawl.scrape("https://example.com", { formats: ["markdown"] });',
    ]) {
      expect(output).toContain(kept);
    }
  });

  test("a bash block's curl request moves to /v2, and the npm line beside it stays", () => {
    expect(output).toContain("npm install @mendable/firecrawl-js\ncurl -X POST https://api.firecrawl.dev/v2/scrape ");
    expect(result.changes).toContainEqual(expect.objectContaining({ transform: "api-requests", source: { line: 7, column: expect.any(Number) } }));
  });

  test("a block that parses in no form is left as it is and named with its line", () => {
    expect(output).toContain("const result = await app.scrapeUrl(<YOUR_URL>);");
    expect(result.notes).toEqual([
      expect.stringMatching(/^block at line 52 \(ts\): left as it is: it does not parse, as it stands or as a fragment \(line 53: /),
    ]);
  });

  test("changes are located at the document's lines and columns", () => {
    const at = (transform: string, line: number) => result.changes.find((c) => c.transform === transform && c.source.line === line);
    // `const page = await app.scrapeUrl(` on line 21; the crawl in the list item is indented by 3.
    expect(at("client-methods", 21)?.source.column).toBe(24);
    expect(at("client-methods", 31)?.source.column).toBe(4 + "const crawl = await app.".length);
    expect(at("client-methods", 46)?.source.column).toBe(3 + "result = app.".length);
  });
});

test("a notebook's markdown cell: its block's changes are located in the cell and in the file, and a block left is named", () => {
  const path = join(FIXTURES, "docs/code-blocks/notebook.input.ipynb");
  const result = migrate(path, readFileSync(path, "utf8"));
  // `page = app.scrape_url(...)`: line 9 of cell 1, line 15 of the .ipynb file.
  expect(result.changes).toContainEqual(
    expect.objectContaining({ transform: "client-methods", cell: { number: 1, line: 9 }, source: { line: 15, column: 12, cell: { number: 1, line: 9 } } }),
  );
  expect(result.notes).toEqual([expect.stringMatching(/^cell 3: block at line 1 \(js\): left as it is: it does not parse/)]);
});

test("a notebook's cells that parse only together are left out as each alone is, and what is left out is named in cell order", () => {
  const cell = (type: string, source: string) => ({
    cell_type: type,
    metadata: {},
    source: source.split(/(?<=\n)/),
    ...(type === "code" ? { outputs: [] } : {}),
  });
  const notebook = JSON.stringify({
    cells: [
      cell("code", "x = (\n"),
      cell("code", "1)\n"),
      cell("markdown", "```js\nconst = ;\n```\n"),
      cell("code", "%%bash\nls\n"),
      cell("code", 'from firecrawl import FirecrawlApp\n\napp = FirecrawlApp(api_key="fc-test")\ndoc = app.scrape_url("https://example.com")\n'),
    ],
    metadata: {},
    nbformat: 4,
    nbformat_minor: 5,
  });
  const result = migrate("cells.ipynb", notebook);
  expect(result.notes).toEqual([
    "cell 1: not Python (line 1, column 1); left as it is",
    "cell 2: not Python (line 1, column 1); left as it is",
    expect.stringMatching(/^cell 3: block at line 1 \(js\): left as it is/),
    "cell 4: a %%bash cell, not Python; left as it is",
  ]);
  expect(result.output).toContain("app.scrape(");
  expect(result.output).toContain('"x = (\\n"');
});

describe("the CLI on documents", () => {
  const doc = readFileSync(join(FIXTURES, "docs/code-blocks/readme.input.md"), "utf8");
  const mdx = readFileSync(join(FIXTURES, "docs/code-blocks/guide.input.mdx"), "utf8");
  const pkg = '{ "dependencies": { "@mendable/firecrawl-js": "^1.29.3" } }\n';

  test("run on a folder leaves its documents alone; with --docs it migrates them, and bumps no dependency for them", () => {
    const dir = repo({ "README.md": doc, "docs/guide.mdx": mdx, "package.json": pkg });
    const plain = cli(dir, "run", ".", "--json");
    expect(plain.code).toBe(0);
    expect(JSON.parse(plain.stdout).summary.scanned).toBe(0);
    expect(read(dir, "README.md")).toBe(doc);
    const { code, stdout } = cli(dir, "run", ".", "--docs", "--json");
    expect(code).toBe(0);
    expect(read(dir, "README.md")).toBe(readFileSync(join(FIXTURES, "docs/code-blocks/readme.output.md"), "utf8"));
    expect(read(dir, "docs/guide.mdx")).toBe(readFileSync(join(FIXTURES, "docs/code-blocks/guide.output.mdx"), "utf8"));
    expect(read(dir, "package.json")).toBe(pkg);
    const report = JSON.parse(stdout);
    expect(report.packages).toEqual([]);
    // v2's defaults change what calls do when they run; a document's calls run nowhere.
    expect(report.behaviourChanges).toEqual([]);
    const readme = report.files.find((f: { path: string }) => f.path === "README.md");
    expect(readme.status).toBe("changed");
    expect(readme.changes).toContainEqual({ transform: "client-methods", line: 21, message: "scrapeUrl() → scrape()" });
    expect(readme.notes).toEqual([expect.stringContaining("block at line 52 (ts): left as it is")]);
  });

  test("a document named outright is taken without --docs", () => {
    const dir = repo({ "README.md": doc, "other.md": doc });
    expect(cli(dir, "run", "README.md").code).toBe(0);
    expect(read(dir, "README.md")).toContain('await app.scrape("https://example.com"');
    expect(read(dir, "other.md")).toBe(doc);
  });

  test("check on a .md reports findings at the document's lines, in text, JSON and SARIF, and the block it left", () => {
    const dir = repo({ "README.md": doc });
    const text = cli(dir, "check", "README.md");
    // The placeholder block calls scrapeUrl but parses in no form: check cannot vouch for it (issue 26).
    expect(text.code).toBe(2);
    expect(text.stdout).toContain("README.md:52:1  manual   unprocessed-file  not checked: block at line 52 (ts) calls the SDK but it does not parse");
    expect(text.stdout).toContain("README.md:21:24  fixable  client-methods  scrapeUrl() is v1: use scrape()");
    expect(text.stdout).toContain("README.md:46:16  fixable  client-methods  scrape_url() is v1: use scrape()");
    expect(text.stderr).toContain("note: README.md: block at line 52 (ts): left as it is");
    const json = JSON.parse(cli(dir, "check", "README.md", "--format", "json").stdout);
    expect(json.findings).toContainEqual({
      file: "README.md",
      line: 31,
      column: 28,
      rule: "client-methods",
      message: "crawlUrl() is v1: use crawl()",
      fixable: true,
    });
    const sarif = JSON.parse(cli(dir, "check", "README.md", "--format", "sarif").stdout);
    const located = sarif.runs[0].results.map(
      (r: { locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[] }) => r.locations[0]!.physicalLocation,
    );
    expect(located).toContainEqual({ artifactLocation: { uri: "README.md", uriBaseId: "%SRCROOT%" }, region: { startLine: 37, startColumn: 32 } });
  });

  test("a block of prose that names Firecrawl and parses in no form is not taken for code: check passes it; one that constructs a client and calls v1 is still not vouched for", () => {
    const prose = [
      "# Payment flow",
      "",
      "```typescript",
      "// payments.ts - Firecrawl v2 with news sources",
      "",
      "1. Initial request to Firecrawl v2",
      '   → Body: { query, limit: 30, sources: ["news"] }',
      "2. Retry with the payment header",
      "   → Firecrawl verifies the signature and returns the results",
      "```",
      "",
    ].join("\n");
    const client = ["```ts", "const app = new FirecrawlApp({ apiKey: <YOUR_KEY> });", "await app.crawlUrl(<URL>);", "```", ""].join("\n");
    const dir = repo({ "README.md": prose, "client.md": client });
    const clean = cli(dir, "check", "README.md", "--format", "json");
    expect(JSON.parse(clean.stdout).findings).toEqual([]);
    expect(clean.code).toBe(0);
    const left = cli(dir, "check", "client.md", "--format", "json");
    expect(JSON.parse(left.stdout).findings).toEqual([expect.objectContaining({ file: "client.md", line: 1, rule: "unprocessed-file" })]);
    expect(left.code).toBe(2);
  });

  test("a placeholder block that parses in no form but names only v2 API is no finding; one that names v1 API still is", () => {
    const v2 = [
      "```js",
      'import Firecrawl from "@mendable/firecrawl-js";',
      "const firecrawl = new Firecrawl({ apiKey: <YOUR_KEY> });",
      'const doc = await firecrawl.scrape(<URL>, { formats: ["markdown"] });',
      "```",
      "",
      "```python",
      "firecrawl = Firecrawl(api_key=<YOUR_KEY>)",
      "firecrawl.crawl(<URL>, limit=10)",
      "```",
      "",
      "```bash",
      "curl -X POST https://api.firecrawl.dev/v2/scrape -d '{\"url\": <URL>}'",
      "```",
      "",
    ].join("\n");
    const kept = ["```js", "const app = new FirecrawlAppV1({ apiKey: <YOUR_KEY> });", "await app.v1.scrapeUrl(<URL>);", "```", ""].join("\n");
    const v1 = [
      ["route.md", "```js", 'await fetch("https://api.firecrawl.dev/v1/scrape", { body: <BODY> });', "```", ""],
      ["method.md", "```python", "firecrawl = Firecrawl(api_key=<YOUR_KEY>)", "firecrawl.scrape_url(<URL>)", "```", ""],
    ];
    // The v1 class's name alone is no v1 API: a default import's name is the writer's, and v2's Python SDK keeps it.
    const named = ["```js", "import FirecrawlApp from '@mendable/firecrawl-js';", "const app = new FirecrawlApp({ apiKey: <KEY> });", "```", ""].join("\n");
    const dir = repo({ "README.md": v2, "kept.md": kept, "named.md": named, ...Object.fromEntries(v1.map(([name, ...lines]) => [name!, lines.join("\n")])) });
    for (const clean of ["README.md", "kept.md", "named.md"]) {
      const run = cli(dir, "check", clean, "--format", "json");
      expect(JSON.parse(run.stdout).findings).toEqual([]);
      expect(run.code).toBe(0);
    }
    for (const [name] of v1) {
      const run = cli(dir, "check", name!, "--format", "json");
      expect(JSON.parse(run.stdout).findings).toEqual([expect.objectContaining({ file: name, line: 1, rule: "unprocessed-file" })]);
      expect(run.code).toBe(2);
    }
  });

  test("check passes a migrated document, and one with no Firecrawl code; a placeholder block that still calls v1 is not vouched for", () => {
    const dir = repo({
      "README.md": readFileSync(join(FIXTURES, "docs/code-blocks/readme.output.md"), "utf8"),
      "notes.md": readFileSync(join(FIXTURES, "docs/code-blocks/notes.input.md"), "utf8"),
    });
    const { code, stdout } = cli(dir, "check", ".", "--docs", "--format", "json");
    expect(JSON.parse(stdout).findings).toEqual([expect.objectContaining({ file: "README.md", line: 53, rule: "unprocessed-file" })]);
    expect(code).toBe(2);
    // Once the placeholder is written as v2, nothing is left that check cannot read.
    writeFileSync(join(dir, "README.md"), read(dir, "README.md").replace("app.scrapeUrl(<YOUR_URL>)", "app.scrape(<YOUR_URL>)"));
    const clean = cli(dir, "check", ".", "--docs");
    expect(clean.stdout).toContain("No v1 usage left in 2 files");
    expect(clean.code).toBe(0);
  });

  test("check vouches for a v2 placeholder block naming FirecrawlApp (a JS import's own name, a v2 Python alias); several unreadable v1 blocks are one file", () => {
    const v2 = [
      "# Quickstart",
      "",
      "```ts",
      'import FirecrawlApp from "@mendable/firecrawl-js";',
      "const firecrawl = new FirecrawlApp({ apiKey: <API_KEY> });",
      'const page = await firecrawl.scrape(<PAGE>, { formats: ["links"] });',
      "```",
      "",
      "```python",
      "from firecrawl import AsyncFirecrawlApp",
      "firecrawl = AsyncFirecrawlApp(api_key=<API_KEY>)",
      'page = await firecrawl.scrape(<PAGE>, formats=["links"])',
      "```",
      "",
    ].join("\n");
    const v1 = v2.replace("firecrawl.scrape(<PAGE>", "firecrawl.scrapeUrl(<PAGE>").replace("firecrawl.scrape(<PAGE>", "firecrawl.scrape_url(<PAGE>");
    const dir = repo({ "quickstart.md": v2, "old/quickstart.md": v1 });
    const clean = cli(dir, "check", "quickstart.md", "--docs");
    expect(clean.stdout).toContain("No v1 usage left in the file");
    expect(clean.code).toBe(0);
    const old = cli(dir, "check", "old/quickstart.md", "--docs");
    expect(old.stdout.match(/unprocessed-file/g)).toHaveLength(2);
    expect(old.stdout).toContain("1 file could not be checked");
    expect(old.code).toBe(2);
  });
});
