/**
 * Where CI and teams run the tool: the GitHub Action, the pre-commit hook and the recipe for migrating many
 * repositories, each checked against what reads it (the Action and the workflow with action-validator's
 * schemas), and each command they run tried on a real folder.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { validateAction, validateWorkflow } from "@action-validator/core";
import { parse } from "yaml";
import { afterAll, expect, test } from "vitest";

const root = resolve(import.meta.dirname, "..");
const CLI = join(root, "dist/src/cli/main.js");
const read = (path: string) => readFileSync(join(root, path), "utf8");
const dir = mkdtempSync(join(tmpdir(), "fc-ci-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, "a.ts"), 'import FirecrawlApp from "@mendable/firecrawl-js";\nexport const p = new FirecrawlApp({ apiKey: "k" }).scrapeUrl("u");\n');

/** The words after `firecrawl-codemod` in a command line, run with this build's CLI. */
function cli(words: readonly string[]) {
  return spawnSync(process.execPath, [CLI, ...words], { cwd: dir, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
}

test("action.yml is a valid GitHub Action whose command annotates v1 usage and fails", () => {
  expect(validateAction(read("action.yml")).errors).toEqual([]);
  const action = parse(read("action.yml"));
  // Its script, with an npx that runs this build instead of fetching the release it names.
  const bin = mkdtempSync(join(tmpdir(), "fc-ci-bin-"));
  writeFileSync(join(bin, "npx"), `#!/bin/sh\necho "$2" > "${join(bin, "asked")}"\nshift 2\nexec "${process.execPath}" "${CLI}" "$@"\n`, { mode: 0o755 });
  const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, FC_PATHS: "a.ts  .", FC_MAX_TODOS: "0", FC_VERSION: "", FC_ACTION_PATH: root };
  const result = spawnSync("bash", ["-c", action.runs.steps[0].run], { cwd: dir, encoding: "utf8", env });
  const asked = readFileSync(join(bin, "asked"), "utf8").trim();
  rmSync(bin, { recursive: true, force: true });
  expect(asked).toBe(`firecrawl-codemod@${JSON.parse(read("package.json")).version}`);
  expect(result.status).toBe(1);
  expect(result.stdout).toMatch(/^::warning file=a\.ts,line=2,/m);
});

test("the pre-commit hook names a command that fails on v1 code in the files it is given", () => {
  const [hook] = parse(read(".pre-commit-hooks.yaml")) as { id: string; entry: string; language: string; types_or: string[] }[];
  expect(hook).toMatchObject({ id: "firecrawl-codemod-check", language: "node" });
  const [bin, ...words] = hook!.entry.split(" ");
  expect(bin).toBe(Object.keys(JSON.parse(read("package.json")).bin)[0]);
  expect(cli([...words, "a.ts"]).status).toBe(1);
});

test("the many-repositories recipe is a valid workflow that runs the documented commands", () => {
  const text = read("docs/recipes/migrate-many-repositories.yml");
  expect(validateWorkflow(text).errors).toEqual([]);
  const steps: { run?: string }[] = parse(text).jobs.migrate.steps;
  const commands = steps.flatMap((s) =>
    s.run?.startsWith("npx --yes firecrawl-codemod ") ? [s.run.replace("npx --yes firecrawl-codemod ", "").replace(/ \|\| true$/, "")] : [],
  );
  expect(commands).toEqual(["run . --report firecrawl-v2-report.json", "check . --format github"]);
  expect(cli(commands[0]!.split(" ").concat("--force")).status).toBe(0);
  expect(JSON.parse(readFileSync(join(dir, "firecrawl-v2-report.json"), "utf8")).summary.changed).toBe(1);
  expect(cli(commands[1]!.split(" ")).status).toBe(0);
});
