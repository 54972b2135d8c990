/**
 * Where CI and teams run the tool: the GitHub Action, the pre-commit hook and the recipe for migrating many
 * repositories, each checked against what reads it (the Action and the workflow with action-validator's
 * schemas), and each command they run tried on a real folder.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

/** The action's script as the runner would start it: in `cwd` (its working-directory), with these inputs, and an npx that records what it was asked for and runs this build. */
function runAction(cwd: string, inputs: Record<string, string>) {
  const action = parse(read("action.yml"));
  const bin = mkdtempSync(join(tmpdir(), "fc-ci-bin-"));
  try {
    writeFileSync(join(bin, "npx"), `#!/bin/sh\necho "$2" >> "${join(bin, "asked")}"\nshift 2\nexec "${process.execPath}" "${CLI}" "$@"\n`, { mode: 0o755 });
    const files = { summary: join(bin, "summary.md"), output: join(bin, "output") };
    const env = {
      ...process.env,
      PATH: `${bin}:${process.env.PATH}`,
      FC_PATHS: inputs.paths ?? ".",
      FC_MAX_TODOS: inputs["max-todos"] ?? "",
      FC_SARIF_FILE: inputs["sarif-file"] ?? "",
      FC_VERSION: inputs.version ?? "",
      FC_ACTION_PATH: root,
      GITHUB_STEP_SUMMARY: files.summary,
      GITHUB_OUTPUT: files.output,
    };
    const result = spawnSync("bash", ["-eo", "pipefail", "-c", action.runs.steps[0].run], { cwd, encoding: "utf8", env });
    const text = (path: string) => (existsSync(path) ? readFileSync(path, "utf8") : "");
    return { ...result, asked: text(join(bin, "asked")).trim(), summary: text(files.summary), output: text(files.output) };
  } finally {
    rmSync(bin, { recursive: true, force: true });
  }
}

test("action.yml is a valid GitHub Action with outputs, a working-directory and a SARIF option", () => {
  expect(validateAction(read("action.yml")).errors).toEqual([]);
  const action = parse(read("action.yml"));
  expect(Object.keys(action.inputs)).toEqual(expect.arrayContaining(["paths", "working-directory", "max-todos", "sarif-file", "version"]));
  expect(action.outputs.findings.value).toBe("${{ steps.check.outputs.findings }}");
  expect(action.outputs.todos.value).toBe("${{ steps.check.outputs.todos }}");
  expect(action.runs.steps[0]).toMatchObject({ id: "check", "working-directory": "${{ inputs.working-directory }}" });
});

test("the action runs its own checkout's build, annotating from the repository's root, with outputs, summary and SARIF", () => {
  const repository = mkdtempSync(join(tmpdir(), "fc-ci-repo-"));
  try {
    spawnSync("git", ["init", "-q"], { cwd: repository });
    mkdirSync(join(repository, "app"));
    writeFileSync(join(repository, "app/a.ts"), readFileSync(join(dir, "a.ts"), "utf8"));
    writeFileSync(join(repository, "app/b.ts"), "// TODO(firecrawl-v2): check the options\nexport {};\n");
    const result = runAction(join(repository, "app"), { "max-todos": "0", "sarif-file": "report.sarif" });
    expect(result.asked).toBe("");
    expect(result.stderr).toContain(JSON.parse(read("package.json")).version);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^::error file=app\/a\.ts,line=2,col=\d+,title=firecrawl-v2\/client-methods::/m);
    expect(result.stdout).toMatch(/^::error file=app\/b\.ts,line=1,title=TODO\(firecrawl-v2\)::check the options$/m);
    expect(result.output).toMatch(/^findings=[1-9]\d*\ntodos=1\n$/);
    expect(result.summary).toContain("## firecrawl-codemod check");
    expect(result.summary).toMatch(/- \d+ v1 usages? left in 1 file\n- 1 TODO\(firecrawl-v2\) marker left \(at most 0 allowed\)/);
    const sarif = JSON.parse(readFileSync(join(repository, "app/report.sarif"), "utf8"));
    expect(sarif.runs[0].results[0].locations[0].physicalLocation.artifactLocation).toEqual({ uri: "app/a.ts", uriBaseId: "%SRCROOT%" });
  } finally {
    rmSync(repository, { recursive: true, force: true });
  }
});

test("the action runs a release from the registry only when its version input names one; markers within the budget are warnings", () => {
  writeFileSync(join(dir, "b.ts"), "// TODO(firecrawl-v2): check the options\nexport {};\n");
  try {
    const result = runAction(dir, { paths: "a.ts b.ts", version: "9.9.9" });
    expect(result.asked).toBe("firecrawl-codemod@9.9.9\nfirecrawl-codemod@9.9.9");
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^::warning file=b\.ts,line=1,title=TODO\(firecrawl-v2\)::check the options$/m);
  } finally {
    rmSync(join(dir, "b.ts"));
  }
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
