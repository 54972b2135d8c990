/**
 * The verification's own cases (fixtures/verify/<case>.input.ts with its .output.ts): what the type-aware run makes
 * of a file once it has type-checked its output against v2 and repaired or marked what the migration broke. All
 * the cases are one v1 project, run once through the CLI: byte for byte, idempotent, inputs type-checking against
 * the v1 SDK and outputs against v2 except under a TODO, and the report listing one TODO per marker written.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createRequire } from "node:module";
import { describe, expect, test } from "vitest";
import { cli, read, repo } from "./support/cli.js";
import { VERIFY_FIXTURES } from "./support/fixtures.js";
import { sdkTsconfig } from "./support/sdk-project.mjs";
import { checkTogether, typeErrors } from "./support/typecheck.js";

const require = createRequire(import.meta.url);
const V1 = resolve(require.resolve("firecrawl-v1/package.json"), "../dist/index.d.ts");
const PACKAGE = `${JSON.stringify({ name: "verify-cases", private: true, type: "module", dependencies: { "@mendable/firecrawl-js": "^1.29.3" } })}\n`;

const cases = readdirSync(VERIFY_FIXTURES)
  .flatMap((f) => /^(.+)\.input\.ts$/.exec(f)?.[1] ?? [])
  .map((name) => ({
    name,
    input: readFileSync(join(VERIFY_FIXTURES, `${name}.input.ts`), "utf8"),
    output: readFileSync(join(VERIFY_FIXTURES, `${name}.output.ts`), "utf8"),
  }));

checkTogether(
  cases.flatMap((c) => [
    { version: "v1" as const, path: `verify/${c.name}.ts`, text: c.input },
    { version: "v2" as const, path: `verify/${c.name}.ts`, text: c.output },
  ]),
);

interface Report {
  analysis: { mode: string };
  files: {
    path: string;
    todos: { line: number; message: string }[];
    changes: { transform: string; line: number; message: string }[];
    verified?: { newErrors: number; marked: number };
  }[];
  summary: { changed: number; todos: number };
}

const dir = repo({
  "package.json": PACKAGE,
  "tsconfig.json": sdkTsconfig(V1, { include: ["src"] }),
  ...Object.fromEntries(cases.map((c) => [`src/${c.name}.ts`, c.input])),
});
const first = cli(dir, "run", ".", "--json");
const report = JSON.parse(first.stdout) as Report;
const outputs = Object.fromEntries(cases.map((c) => [c.name, read(dir, `src/${c.name}.ts`)]));
// What check counts of the TODOs left, before the second run.
const checked = cli(dir, "check", ".", "--format", "json");
// Run again as a user whose SDK is still v1 would: the package.json the run moved to v2 is put back.
writeFileSync(join(dir, "package.json"), PACKAGE);
const again = JSON.parse(cli(dir, "run", ".", "--json", "--force").stdout) as Report;

test("the cases run through the type-aware mode", () => {
  expect(cases.length).toBeGreaterThan(0);
  expect(first.stderr).toBe("");
  expect(report.analysis.mode).toBe("types");
});

const markers = (text: string) => text.split("\n").filter((l) => l.includes("TODO(firecrawl-v2):")).length;

test("run and check count one TODO a marker line, a line that says two things once", () => {
  const written = cases.reduce((n, c) => n + markers(c.output) - markers(c.input), 0);
  expect(report.summary.todos).toBe(written);
  expect((JSON.parse(checked.stdout) as { summary: { todos: number } }).summary.todos).toBe(cases.reduce((n, c) => n + markers(c.output), 0));
});

describe.each(cases)("verify/$name", ({ name, input, output }) => {
  const file = report.files.find((f) => f.path === `src/${name}.ts`);

  test("migrates the input to the output byte for byte", () => {
    expect(outputs[name]).toBe(output);
  });

  test("leaves the output as it is (idempotent)", () => {
    expect(read(dir, `src/${name}.ts`)).toBe(output);
    expect(again.files.find((f) => f.path === `src/${name}.ts`)?.todos).toEqual([]);
  });

  test("reports one TODO per marker it wrote, at the marker's line, and marks every new type error", () => {
    expect(file?.todos.length).toBe(markers(output) - markers(input));
    for (const todo of file?.todos ?? []) expect(output.split("\n")[todo.line - 1]).toContain("TODO(firecrawl-v2):");
    expect(file?.verified?.marked).toBe(file?.verified?.newErrors);
  });

  test("reports each cast it wrote where v1 typed the value any, at the cast's line", () => {
    const casts = (file?.changes ?? []).flatMap((c) =>
      (c.transform === "verify" ? (/^cast to (.+?): v1 typed/.exec(c.message) ?? []) : []).slice(1).map((type) => ({ line: c.line, type })),
    );
    const count = (text: string, type: string) => text.split(` as ${type}`).length - 1;
    for (const { type } of casts) expect(casts.filter((c) => c.type === type).length).toBe(count(output, type) - count(input, type));
    for (const cast of casts) expect(output.split("\n")[cast.line - 1]).toContain(` as ${cast.type}`);
  });

  test("input type-checks against the v1 SDK", () => {
    expect(typeErrors("v1", `verify/${name}.ts`, input)).toEqual([]);
  });

  test("output type-checks against the v2 SDK, except right under a TODO marker", () => {
    expect(typeErrors("v2", `verify/${name}.ts`, output).filter((e) => !e.underTodo)).toEqual([]);
  });
});
