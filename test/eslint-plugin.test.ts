/**
 * The ESLint plugin (each rule's own cases are in test/rules/): over the whole fixture corpus against the codemod, in
 * real ESLint 10 and ESLint 9 instances, with the type checker on a real tsconfig, and its docs pages.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ESLint, Linter } from "eslint";
import tseslint from "typescript-eslint";
import { afterAll, describe, expect, test } from "vitest";
import plugin, { rules } from "../rules/index.js";
import { runSteps } from "../src/js/pipeline.js";
import { steps } from "../src/js/steps/index.js";
import { loadFixtures } from "./support/fixtures.js";
import { HEADER } from "./support/rule-tester.js";
import { sdkTsconfig } from "./support/sdk-project.mjs";

const root = resolve(import.meta.dirname, "..");
/** The rules under their names now; their earlier names are deprecated aliases (test/concerns.test.ts). */
const current = Object.entries(rules).filter(([, rule]) => !rule.meta?.deprecated);

/** Parsers for every extension the plugin supports: typescript-eslint for TypeScript, espree for the rest. */
const languages: Linter.Config[] = [
  { files: ["**/*.{ts,tsx,mts,cts}"], languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } } },
  { files: ["**/*.{js,jsx,mjs}"], languageOptions: { sourceType: "module", parserOptions: { ecmaFeatures: { jsx: true } } } },
  { files: ["**/*.cjs"], languageOptions: { sourceType: "commonjs" } },
];

function eslint(options: ESLint.Options = {}, config: Linter.Config = plugin.configs.recommended!) {
  return new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: [...languages, config], ...options });
}

describe("the fixture corpus, through the plugin", () => {
  const fixtures = loadFixtures().filter((f) => f.concern !== "v1-defaults");
  const linter = eslint();
  const fixer = eslint({ fix: true });

  test.each(fixtures.filter((f) => f.input !== f.output).map((f) => [f.id, f] as const))("%s: reported on the input", async (_, fixture) => {
    const [result] = await linter.lintText(fixture.input, { filePath: fixture.inputPath });
    expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
    expect(result!.messages.length).toBeGreaterThan(0);
    // each says what it is about: a change that only follows another (the type import a query needs) rides on its fix
    expect(result!.messages.filter((m) => m.message.trim() === "")).toEqual([]);
  });

  test.each(fixtures.map((f) => [f.id, f] as const))("%s: nothing reported on the output", async (_, fixture) => {
    const [result] = await linter.lintText(fixture.output, { filePath: fixture.inputPath });
    expect(result!.messages).toEqual([]);
  });

  const allAutofix = fixtures.filter((f) => f.input !== f.output && !f.output.includes("TODO(firecrawl-v2)"));
  test("most of the corpus is autofix only", () => {
    expect(allAutofix.length).toBeGreaterThan(40);
  });

  test.each(allAutofix.map((f) => [f.id, f] as const))("%s: eslint --fix gives the codemod's output", async (_, fixture) => {
    const [result] = await fixer.lintText(fixture.input, { filePath: fixture.inputPath });
    expect(result!.output ?? fixture.input).toBe(runSteps(steps, fixture.inputPath, fixture.input, fixture.options).output);
  });

  test.each(fixtures.filter((f) => f.output.includes("TODO(firecrawl-v2)")).map((f) => [f.id, f] as const))(
    "%s: eslint --fix leaves code that parses",
    async (_, fixture) => {
      const [result] = await fixer.lintText(fixture.input, { filePath: fixture.inputPath });
      expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
    },
  );
});

describe("configs", () => {
  const code = `${HEADER}export const p = app.scrapeUrl("u");\n`;

  test("recommended loads in ESLint 10 and reports every v1 rule's findings", async () => {
    expect(ESLint.version).toMatch(/^10\./);
    const [result] = await eslint().lintText(code, { filePath: join(root, "x.ts") });
    expect(result!.messages.map((m) => m.ruleId).sort()).toEqual(["firecrawl/client-methods"]);
  });

  test("recommended loads in ESLint 9", async () => {
    const { ESLint: ESLint9 } = (await import("eslint-v9")) as unknown as { ESLint: typeof ESLint };
    expect(ESLint9.version).toMatch(/^9\./);
    const lint9 = new ESLint9({ cwd: root, overrideConfigFile: true, overrideConfig: [...languages, plugin.configs.recommended!] });
    const [result] = await lint9.lintText(code, { filePath: join(root, "x.ts") });
    expect(result!.messages.map((m) => m.ruleId)).toContain("firecrawl/client-methods");
  });

  test("strict adds the TODO rule; the plugin has its meta", () => {
    expect(plugin.meta).toEqual({ name: "firecrawl-codemod", version: expect.any(String), namespace: "firecrawl" });
    expect(plugin.configs.strict!.rules).toMatchObject({ "firecrawl/no-firecrawl-v2-todos": "error" });
    expect(plugin.configs.recommended!.rules).not.toHaveProperty("firecrawl/no-firecrawl-v2-todos");
    for (const [name, rule] of current) expect(rule.meta!.docs!.url).toMatch(new RegExp(`/docs/rules/${name}\\.md$`));
  });

  describe("recommended-type-checked, with a real tsconfig", () => {
    const dir = mkdtempSync(join(root, ".typed-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, "tsconfig.json"), sdkTsconfig(join(root, "node_modules/firecrawl-v1/dist/index.d.ts"), { include: ["*.ts"] }));
    writeFileSync(join(dir, "client.ts"), 'import FirecrawlApp from "@mendable/firecrawl-js";\n\nexport const app = new FirecrawlApp({ apiKey: "k" });\n');
    // No SDK import here: the client comes from another module of the project.
    writeFileSync(join(dir, "use.ts"), 'import { app } from "./client";\n\nexport const page = (url: string) => app.scrapeUrl(url);\n');
    // Nor here, and the client sits inside a typed parameter: only the type checker can tell.
    writeFileSync(
      join(dir, "task.ts"),
      'import type { app } from "./client";\n\nexport const page = (services: { crawler: typeof app }, url: string) => services.crawler.scrapeUrl(url);\n',
    );
    // A result and an options object whose kind only their use in another module tells.
    writeFileSync(join(dir, "pages.ts"), 'import { app } from "./client";\n\nexport const fetchPage = (url: string) => app.scrapeUrl(url);\n');
    writeFileSync(
      join(dir, "digest.ts"),
      'import { fetchPage } from "./pages";\n\nexport async function digest(url: string) {\n  const page = await fetchPage(url);\n  if (!page.success) throw new Error(page.error);\n  return page.markdown;\n}\n',
    );
    writeFileSync(join(dir, "defaults.ts"), "export const crawlDefaults = { limit: 10, allowBackwardLinks: true };\n");
    writeFileSync(
      join(dir, "jobs.ts"),
      'import { app } from "./client";\nimport { crawlDefaults } from "./defaults";\n\nexport const crawl = (url: string) => app.asyncCrawlUrl(url, crawlDefaults);\n',
    );
    const typed = (config: Linter.Config) =>
      new ESLint({
        cwd: dir,
        overrideConfigFile: true,
        overrideConfig: [{ files: ["**/*.ts"], languageOptions: { parser: tseslint.parser, parserOptions: { tsconfigRootDir: dir } } }, config],
      });
    const scrapeUrl = (line: number) => expect.objectContaining({ ruleId: "firecrawl/client-methods", message: "scrapeUrl() is v1: use scrape()", line });

    test("recommended, without types, follows a client imported from another module", async () => {
      const [result] = await typed(plugin.configs.recommended!).lintFiles([join(dir, "use.ts")]);
      expect(result!.messages).toEqual([scrapeUrl(3)]);
    });

    test("recommended-type-checked gets the CLI's facts: results and options objects used from other modules", async () => {
      const lint = async (config: Linter.Config, file: string) =>
        (await typed(config).lintFiles([join(dir, file)]))[0]!.messages.map((m) => `${m.ruleId} ${m.line}`);
      expect(await lint(plugin.configs["recommended-type-checked"]!, "digest.ts")).toContain("firecrawl/results 5");
      expect(await lint(plugin.configs["recommended-type-checked"]!, "defaults.ts")).toContain("firecrawl/options 1");
      expect(await lint(plugin.configs.recommended!, "digest.ts")).toEqual([]);
      expect(await lint(plugin.configs.recommended!, "defaults.ts")).toEqual([]);
    });

    test("recommended-type-checked also finds the client that only its type reveals", async () => {
      const [withTypes] = await typed(plugin.configs["recommended-type-checked"]!).lintFiles([join(dir, "task.ts")]);
      expect(withTypes!.messages.filter((m) => m.fatal)).toEqual([]);
      expect(withTypes!.messages).toContainEqual(scrapeUrl(3));
      const [withoutTypes] = await typed(plugin.configs.recommended!).lintFiles([join(dir, "task.ts")]);
      expect(withoutTypes!.messages).toEqual([]);
    });
  });
});

describe("code already on v2, or on v1 on purpose (fixtures/already-v2): no report in either config", () => {
  const fixtures = join(root, "fixtures/already-v2");
  const dir = mkdtempSync(join(root, ".typed-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const inputs = readdirSync(fixtures).filter((f) => f.includes(".input."));
  for (const name of [...inputs, "package.json"]) writeFileSync(join(dir, name), readFileSync(join(fixtures, name)));
  writeFileSync(join(dir, "tsconfig.json"), sdkTsconfig(join(root, "node_modules/@mendable/firecrawl-js/dist/index.d.ts"), { include: ["*.ts"] }));

  test.each([
    ["recommended", plugin.configs.recommended!],
    ["recommended-type-checked", plugin.configs["recommended-type-checked"]!],
  ] as const)("%s", async (_, config) => {
    const linter = new ESLint({
      cwd: dir,
      overrideConfigFile: true,
      overrideConfig: [{ files: ["**/*.ts"], languageOptions: { parser: tseslint.parser, parserOptions: { tsconfigRootDir: dir } } }, config],
    });
    const results = await linter.lintFiles(inputs.map((f) => join(dir, f)));
    expect(results.flatMap((r) => r.messages.map((m) => `${r.filePath.slice(dir.length + 1)}:${m.line} ${m.ruleId}: ${m.message}`))).toEqual([]);
    expect(results).toHaveLength(inputs.length);
  });
});

describe("config files as users write them", () => {
  // Inside the repository, so `firecrawl-codemod/eslint-plugin` resolves to this package (self-reference).
  const dir = mkdtempSync(join(root, ".configs-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const parser = "{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }";
  const configs = {
    "eslint.config.cjs": `const firecrawl = require("firecrawl-codemod/eslint-plugin");\nconst tseslint = require("typescript-eslint");\n\nmodule.exports = [${parser}, firecrawl.configs.recommended, { files: ["**/*.ts"], plugins: { fc: firecrawl }, rules: { "fc/no-v1-imports": "error" } }];\n`,
    "eslint.config.mts": `import { defineConfig } from "eslint/config";\nimport tseslint from "typescript-eslint";\nimport firecrawl from "firecrawl-codemod/eslint-plugin";\n\nexport default defineConfig([${parser}, { extends: [firecrawl.configs.recommended] }, { files: ["**/*.ts"], plugins: { fc: firecrawl }, rules: { "fc/no-v1-imports": "error" } }]);\n`,
    "eslint.config.ts": `import tseslint from "typescript-eslint";\nimport firecrawl from "firecrawl-codemod/eslint-plugin";\n\nexport default tseslint.config(${parser}, firecrawl.configs.recommended!, { files: ["**/*.ts"], plugins: { fc: firecrawl }, rules: { "fc/no-v1-imports": "error" } });\n`,
  };
  for (const [name, text] of Object.entries(configs)) writeFileSync(join(dir, name), text);
  writeFileSync(
    join(dir, "use.ts"),
    `import type { ScrapeResponse } from "@mendable/firecrawl-js";\n${HEADER}export const page: Promise<ScrapeResponse> = app.scrapeUrl("u");\n`,
  );
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { strict: true, module: "NodeNext", moduleResolution: "NodeNext", skipLibCheck: true, noEmit: true, types: [] },
      files: ["eslint.config.mts", "eslint.config.ts"],
    }),
  );

  test("the TypeScript configs type-check (defineConfig, tseslint.config)", () => {
    const tsc = spawnSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", dir], { encoding: "utf8" });
    expect(tsc.stdout).toBe("");
    expect(tsc.status).toBe(0);
  });

  test.each(
    Object.keys(configs).flatMap(
      (name) =>
        [
          [name, "10"],
          [name, "9"],
        ] as const,
    ),
  )("%s loads in ESLint %s and reports", async (name, major) => {
    const Engine = major === "10" ? ESLint : ((await import("eslint-v9")) as unknown as { ESLint: typeof ESLint }).ESLint;
    const [result] = await new Engine({ cwd: dir, overrideConfigFile: join(dir, name) }).lintFiles([join(dir, "use.ts")]);
    expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
    expect(result!.messages.map((m) => m.ruleId).sort()).toEqual(["fc/no-v1-imports", "firecrawl/client-methods", "firecrawl/imports"]);
  });
});

describe("docs/rules", () => {
  const docs = join(root, "docs/rules");
  const pages = readdirSync(docs).filter((f) => f.endsWith(".md"));

  test("every rule has a page, and every page a rule", () => {
    expect(pages.map((p) => p.replace(/\.md$/, "")).sort()).toEqual(current.map(([name]) => name).sort());
  });

  const blocks = pages.flatMap((page) =>
    [...readFileSync(join(docs, page), "utf8").matchAll(/```ts (v1|v2)\n([\s\S]*?)```/g)].map((m) => ({
      rule: page.replace(/\.md$/, ""),
      kind: m[1]!,
      code: m[2]!,
    })),
  );

  test("every page shows v1 and v2 code", () => {
    for (const page of pages) {
      const rule = page.replace(/\.md$/, "");
      expect(
        blocks
          .filter((b) => b.rule === rule)
          .map((b) => b.kind)
          .sort(),
        rule,
      ).toEqual(["v1", "v2"]);
    }
  });

  test.each(blocks.map((b) => [`${b.rule} ${b.kind}`, b] as const))("%s block gives the documented result", async (_, block) => {
    const [result] = await eslint({}, plugin.configs.strict!).lintText(block.code, { filePath: join(root, "doc.ts") });
    expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
    if (block.kind === "v1") expect(result!.messages.map((m) => m.ruleId)).toContain(`firecrawl/${block.rule}`);
    else expect(result!.messages).toEqual([]);
  });
});

describe("the plugin's start (issue 27)", () => {
  /** The packages node loaded while the built plugin linted `text` as a.mjs (espree's, since typescript-eslint loads semver itself). */
  function packagesLoadedLinting(text: string): string[] {
    const dir = mkdtempSync(join(tmpdir(), "fc-plugin-start-"));
    try {
      const record = join(dir, "loaded.txt");
      writeFileSync(join(dir, "a.mjs"), text);
      const script = [
        `const { Linter } = await import("eslint");`,
        `const { default: plugin } = await import(${JSON.stringify(join(root, "dist/rules/index.js"))});`,
        `const config = [plugin.configs.recommended];`,
        `const messages = new Linter({ cwd: ${JSON.stringify(dir)} }).verify(${JSON.stringify(text)}, config, { filename: ${JSON.stringify(join(dir, "a.mjs"))} });`,
        `console.log(messages.length);`,
      ].join("\n");
      const result = spawnSync(process.execPath, ["--import", join(root, "test/support/record-loads.mjs"), "--input-type=module", "-e", script], {
        cwd: root,
        encoding: "utf8",
        env: { ...process.env, RECORD_LOADS: record },
      });
      expect(result.stderr).toBe("");
      const loaded = readFileSync(record, "utf8").split("\n");
      return [...new Set(loaded.flatMap((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? []))];
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  // What only a file that may reach the SDK needs: its parse and path index, and the SDK's version ranges.
  const HEAVY = ["@babel/parser", "jscodeshift", "recast", "ast-types", "semver", "@renovatebot/pep440", "jsonc-parser"];

  test("linting a file that never names Firecrawl loads neither Babel, nor jscodeshift, nor the range parsers", { timeout: 60_000 }, () => {
    const loaded = packagesLoadedLinting(`export function add(a, b) {\n  return a + b;\n}\n`);
    expect(loaded).toContain("eslint");
    expect(loaded.filter((p) => HEAVY.includes(p))).toEqual([]);
  });

  test("a file that uses the SDK loads them when it is linted: the parser and ast-types' paths, not jscodeshift's printer", { timeout: 60_000 }, () => {
    const loaded = packagesLoadedLinting(
      `import FirecrawlApp from "@mendable/firecrawl-js";\nconst app = new FirecrawlApp({ apiKey: "k" });\nawait app.scrapeUrl("x");\n`,
    );
    expect(loaded).toEqual(expect.arrayContaining(["@babel/parser", "ast-types"]));
    expect(loaded.filter((p) => p === "jscodeshift" || p === "recast")).toEqual([]);
  });
});
