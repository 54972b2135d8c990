/**
 * The CLI against the second adversarial trial (issues 26 and 28): reports aimed at the project's own files,
 * hostile names and params, paths the system refuses, write errors of stdout and reports, code that its
 * language refuses, and runs that looked at nothing. Each case runs the built CLI on a temporary tree.
 */
import { spawnSync } from "node:child_process";
import { existsSync, linkSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { cli, read, repo, V1_SCRAPE } from "./support/cli.js";

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

export { readFileSync, spawnSync, writeFileSync, join };
