/**
 * Requests to the API in shell text (src/shell/requests.ts): every fixture under fixtures/shell byte for
 * byte and idempotent, and the CLI finding curl in the places it lives (scripts, Makefiles, Dockerfiles,
 * CI workflows under a hidden folder), reporting it under the concern's name and moving it.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { runShell, shellSteps } from "../src/shell/requests.js";
import { loadFixtures } from "./support/fixtures.js";

const fixtures = loadFixtures({ language: "shell" });
const CLI = resolve(import.meta.dirname, "../dist/src/cli/main.js");

test("the shell corpus has a script, a Makefile, a Dockerfile and a workflow", () => {
  expect(new Set(fixtures.map((f) => f.ext))).toEqual(new Set(["sh", "mk", "dockerfile", "yml"]));
});

describe.each(fixtures)("$id", (fixture) => {
  const result = runShell(shellSteps, fixture.inputPath, fixture.input, fixture.options);

  test("migrates the input to the output byte for byte", () => {
    expect(result.output ?? fixture.input).toBe(fixture.output);
  });

  test("leaves the output as it is (idempotent)", () => {
    expect(runShell(shellSteps, fixture.inputPath, fixture.output, fixture.options).output).toBeNull();
  });

  test("reports one TODO per marker it wrote", () => {
    const markers = (text: string) => text.split("\n").filter((l) => l.includes("TODO(firecrawl-v2):")).length;
    expect(result.todos.length).toBe(markers(fixture.output) - markers(fixture.input));
  });
});

describe("the CLI on a project's scripts, Makefile, Dockerfile and workflows", () => {
  const dir = mkdtempSync(join(tmpdir(), "fc-shell-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const from = (name: string) => resolve(import.meta.dirname, "../fixtures/shell/api-requests", name);
  mkdirSync(join(dir, ".github/workflows"), { recursive: true });
  mkdirSync(join(dir, "scripts"));
  cpSync(from("nightly.input.yml"), join(dir, ".github/workflows/nightly.yml"));
  cpSync(from("build.input.mk"), join(dir, "Makefile"));
  cpSync(from("warm.input.dockerfile"), join(dir, "Dockerfile"));
  cpSync(from("crawl.input.sh"), join(dir, "scripts/crawl.sh"));
  // A workflow that names Firecrawl only in an upper-case variable still reaches the API.
  writeFileSync(join(dir, "scripts/usage.sh"), 'curl -s "$FIRECRAWL_API_URL/v1/team/token-usage"\n');
  const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: "utf8" });

  test("check reports each file's requests under api-requests and exits 1", () => {
    const { status, stdout } = cli("check", ".", "--format", "json");
    expect(status).toBe(1);
    const findings = (JSON.parse(stdout) as { findings: { file: string; rule: string }[] }).findings;
    expect(new Set(findings.map((f) => f.rule))).toEqual(new Set(["api-requests"]));
    expect(new Set(findings.map((f) => f.file))).toEqual(
      new Set([".github/workflows/nightly.yml", "Makefile", "Dockerfile", "scripts/crawl.sh", "scripts/usage.sh"]),
    );
  });

  test("run moves them; check then finds nothing, and counts the TODO lines left for a human", () => {
    expect(cli("run", ".", "--force").status).toBe(0);
    expect(readFileSync(join(dir, "Makefile"), "utf8")).toBe(readFileSync(from("build.output.mk"), "utf8"));
    expect(readFileSync(join(dir, "scripts/usage.sh"), "utf8")).toBe('curl -s "$FIRECRAWL_API_URL/v2/team/token-usage"\n');
    const after = JSON.parse(cli("check", ".", "--format", "json").stdout) as { findings: unknown[]; todos: { file: string; message: string }[] };
    expect(after.findings).toEqual([]);
    expect(after.todos).toContainEqual(expect.objectContaining({ file: "scripts/crawl.sh", message: expect.stringMatching(/llms\.txt/) }));
    expect(after.todos.map((t) => t.file)).toContain("Dockerfile");
  });
});

test("a body kept in a document's file is read once for the request that sends it", () => {
  const json = '{ "url": "https://example.com", "formats": ["extract"], "extract": { "prompt": "the prices" } }';
  const reads: string[] = [];
  const written = new Map<string, string>();
  const files = {
    read: (file: string) => (reads.push(file), file === "/tmp/request.json" ? json : undefined),
    write: (file: string, migrated: string) => void written.set(file, migrated),
    shared: () => false,
  };
  const script = 'curl -X POST https://api.firecrawl.dev/v1/scrape -H "Content-Type: application/json" -d @/tmp/request.json\n';
  const result = runShell(shellSteps, "run.sh", script, {}, files);
  expect(result.output).toContain("https://api.firecrawl.dev/v2/scrape");
  expect(written.get("/tmp/request.json")).toContain('"type": "json"');
  expect(reads).toEqual(["/tmp/request.json"]);
});
