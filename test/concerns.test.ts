/**
 * One concern, one name (src/mapping/concerns.ts), walked through every output: the step that
 * `run --transforms` and `check` name, its fixture folder, the ESLint rule with its docs page, SARIF's rule
 * with its help URI, the GitHub annotation title, and the same findings in `check` and in ESLint. The
 * ESLint rules' earlier names still work, deprecated. And each part where `concernParts` says it is: the JS and
 * Python step modules, the jscodeshift transform, the table's module of its rows, the rule module, the docs page and the fixture folders
 * (shell text's too, where shell has the concern); and each
 * language's steps/ folder holds its steps and nothing else, one a module named after it.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { spawnSync } from "node:child_process";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { afterAll, describe, expect, test } from "vitest";
import plugin, { rules } from "../rules/index.js";
import { CONCERNS, concernParts, helpUri } from "../src/mapping/concerns.js";
import type { Named } from "../src/core/pipeline.js";
import type { Step } from "../src/js/pipeline.js";
import type { PyStep } from "../src/python/pipeline.js";
import { pythonSteps } from "../src/python/steps/index.js";
import { steps } from "../src/js/steps/index.js";
import { shellSteps } from "../src/shell/requests.js";

const root = resolve(import.meta.dirname, "..");
const CLI = join(root, "dist/src/cli/main.js");

describe.each(CONCERNS.map((c) => [c.name, c] as const))("%s", (name, concern) => {
  test("is the name of a step, a fixture folder, an ESLint rule and its docs page", () => {
    expect(steps.map((s) => s.name)).toContain(name);
    expect(existsSync(join(root, "fixtures", name))).toBe(true);
    expect(rules[name]?.meta?.docs?.url).toBe(helpUri(name));
    expect(existsSync(join(root, "docs/rules", `${name}.md`))).toBe(true);
  });

  test.skipIf(!concern.legacyRule)("the rule's earlier name still works, deprecated in favour of it", () => {
    const legacy = rules[concern.legacyRule!]!;
    expect(legacy.meta).toMatchObject({ deprecated: true, replacedBy: [name] });
    expect(legacy.create).toBe(rules[name]!.create);
    expect(Object.keys(plugin.configs.recommended!.rules!)).not.toContain(`firecrawl/${concern.legacyRule}`);
  });
});

describe.each(CONCERNS.map((c) => [c.name, concernParts(c)] as const))("%s: every part, where concernParts says", (name, parts) => {
  test("the JS step, its jscodeshift transform, the Python step and the ESLint rule are the modules it names, and the presets and the plugin run them", async () => {
    const js = (await import(join(root, parts.jsStep))) as { step: Step };
    expect(js.step.name).toBe(name);
    expect(steps).toContain(js.step);
    const transform = (await import(join(root, parts.transform))) as { step: Step; default: unknown };
    expect(transform.step).toBe(js.step);
    expect(typeof transform.default).toBe("function");
    expect(rules[name]).toBe(((await import(join(root, parts.rule))) as { default: unknown }).default);
    if (parts.pythonStep) {
      const python = (await import(join(root, parts.pythonStep))) as { step: PyStep };
      expect(python.step.name).toBe(name);
      expect(pythonSteps).toContain(python.step);
    } else {
      expect(pythonSteps.map((s) => s.name)).not.toContain(name);
    }
    expect(shellSteps.some((s) => s.name === name)).toBe(parts.shellFixtures !== null);
  });

  test("its rows, the docs page and the rule's test file exist, and the fixture folders hold cases (Python's only where Python has the step)", () => {
    expect(existsSync(join(root, parts.table))).toBe(true);
    expect(existsSync(join(root, parts.docs))).toBe(true);
    expect(existsSync(join(root, parts.ruleTests))).toBe(true);
    const cases = (folder: string) => readdirSync(join(root, folder)).filter((f) => f.includes(".input."));
    expect(cases(parts.fixtures).length).toBeGreaterThan(0);
    if (parts.pythonFixtures) expect(cases(parts.pythonFixtures).length).toBeGreaterThan(0);
    else expect(existsSync(join(root, "fixtures/python", name))).toBe(false);
    if (parts.shellFixtures) expect(cases(parts.shellFixtures).length).toBeGreaterThan(0);
    else expect(existsSync(join(root, "fixtures/shell", name))).toBe(false);
  });

  test("its report id is its name", () => {
    expect(parts.reportId).toBe(name);
  });
});

const presets: [string, readonly Named[]][] = [
  ["src/js/steps", steps],
  ["src/python/steps", pythonSteps],
];

describe.each(presets)("%s", (folder, preset) => {
  test("holds one step a module, named as the module is, and the ordered preset (index.ts) runs each of them", async () => {
    const modules = readdirSync(join(root, folder)).filter((f) => f.endsWith(".ts") && f !== "index.ts");
    const found = await Promise.all(modules.map(async (f) => ((await import(join(root, folder, f))) as { step: Named }).step));
    expect(found.map((step) => `${step.name}.ts`)).toEqual(modules);
    expect(new Set(preset)).toEqual(new Set(found));
  });
});

test("shell text's steps are concerns, each with its cases in fixtures/shell/<name>/, and fixtures/shell holds nothing else", () => {
  const shellConcerns = CONCERNS.filter((c) => c.shell).map((c) => c.name);
  expect(shellSteps.map((s) => s.name)).toEqual(shellConcerns);
  expect(readdirSync(join(root, "fixtures/shell")).sort()).toEqual([...shellConcerns].sort());
});

test("every rule the plugin has is a concern, a deprecated name of one, or the TODO rule, which reports markers", () => {
  expect(Object.keys(rules).sort()).toEqual([...CONCERNS.flatMap((c) => [c.name, ...(c.legacyRule ? [c.legacyRule] : [])]), "no-firecrawl-v2-todos"].sort());
});

describe("one file with a finding of every concern, through every output", () => {
  const dir = mkdtempSync(join(root, ".typed-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(
    join(dir, "all.ts"),
    `import FirecrawlApp, { FirecrawlError, type ScrapeResponse } from "@mendable/firecrawl-js";

const app = new FirecrawlApp({ apiKey: "fc-test" });

export async function all(url: string) {
  const page: ScrapeResponse = await app.scrapeUrl(url, { formats: ["screenshot@fullPage"], parsePDF: false }) as ScrapeResponse;
  if (!page.success) throw new Error(page.error);
  try {
    return await app.crawlUrl(url, { maxDepth: 2 });
  } catch (error) {
    if (error instanceof FirecrawlError) return error.statusCode;
    throw error;
  }
}

export const usage = () => fetch("https://api.firecrawl.dev/v1/team/credit-usage");
`,
  );
  const check = (format: string) =>
    spawnSync(process.execPath, [CLI, "check", "all.ts", "--no-types", "--format", format], { cwd: dir, encoding: "utf8" }).stdout;
  const json = JSON.parse(check("json")) as { findings: { line: number; rule: string }[] };

  test("the file has a finding of each concern", () => {
    expect(new Set(json.findings.map((f) => f.rule))).toEqual(new Set(CONCERNS.map((c) => c.name)));
  });

  test("SARIF names each rule by its concern, with the concern's help page, and results use those ids", () => {
    const run = JSON.parse(check("sarif")).runs[0];
    for (const { name } of CONCERNS) expect(run.tool.driver.rules).toContainEqual(expect.objectContaining({ id: name, helpUri: helpUri(name) }));
    expect(
      run.results
        .map(
          (r: { ruleId: string; locations: { physicalLocation: { region: { startLine: number } } }[] }) =>
            `${r.locations[0]!.physicalLocation.region.startLine} ${r.ruleId}`,
        )
        .sort(),
    ).toEqual(json.findings.map((f) => `${f.line} ${f.rule}`).sort());
  });

  test("GitHub annotations are titled by the concern", () => {
    const titles = [...check("github").matchAll(/title=firecrawl-v2\/([\w-]+)::/g)].map((m) => m[1]);
    expect(new Set(titles)).toEqual(new Set(CONCERNS.map((c) => c.name)));
  });

  test("ESLint reports each concern under its name, on the lines check reports it", async () => {
    const eslint = new ESLint({
      cwd: dir,
      overrideConfigFile: true,
      overrideConfig: [{ files: ["**/*.ts"], languageOptions: { parser: tseslint.parser } }, plugin.configs.recommended!],
    });
    const [result] = await eslint.lintFiles([join(dir, "all.ts")]);
    const linted = new Set(result!.messages.map((m) => `${m.line} ${m.ruleId!.replace(/^firecrawl\//, "")}`));
    expect(linted).toEqual(new Set(json.findings.map((f) => `${f.line} ${f.rule}`)));
  });
});

describe("what the README says of the rules", () => {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const ruleList = /^Rules: ([\s\S]*?)\n\n/m.exec(readme)?.[1] ?? "";

  test("its rule list names every rule the plugin has under its name now, and no other", () => {
    const current = Object.entries(rules)
      .filter(([, rule]) => !rule.meta?.deprecated)
      .map(([name]) => name);
    const listedBeforeDeprecated = ruleList.split(/earlier names/)[0]!;
    const configs = new Set(Object.keys(plugin.configs));
    const listed = [...listedBeforeDeprecated.matchAll(/`([\w-]+)`/g)].map((m) => m[1]!).filter((name) => !configs.has(name));
    expect(new Set(listed)).toEqual(new Set(current));
  });

  test("it speaks of no release of this tool after the package's own version", () => {
    const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
    const named = [...readme.matchAll(/(?:[Uu]ntil|[Bb]efore|[Ss]ince|firecrawl-codemod@v?)\s*(\d+\.\d+(?:\.\d+)?)/g)].map((m) => m[1]!);
    const [major, minor] = version.split(".").map(Number);
    expect(named.filter((v) => Number(v.split(".")[0]) * 1000 + Number(v.split(".")[1]) > major! * 1000 + minor!)).toEqual([]);
  });
});
