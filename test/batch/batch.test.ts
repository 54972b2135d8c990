/**
 * Proof on a real multi-file project: the client is created in one module and used through a re-export, a
 * factory and an injected service. The CLI runs in both modes; the result is type-checked against the v2
 * SDK. The type-aware mode must leave no type error outside a TODO-marked statement and touch no file that
 * does not use the SDK; the syntactic mode, which cannot follow the client across modules, must show why
 * the type-aware mode exists.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createRequire } from "node:module";
import { Project } from "ts-morph";
import { afterAll, describe, expect, test } from "vitest";
import { isUnderTodo } from "../support/typecheck.js";
import { sdkTsconfig } from "../support/sdk-project.mjs";

const root = resolve(import.meta.dirname, "../..");
const CLI = join(root, "dist/src/cli/main.js");
const require = createRequire(import.meta.url);
const SDK = {
  v1: require.resolve("firecrawl-v1/package.json").replace("package.json", "dist/index.d.ts"),
  v2: require.resolve("@mendable/firecrawl-js/package.json").replace("package.json", "dist/index.d.ts"),
};
const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The project copied to a temporary folder, its SDK import resolving (through `paths`) to v1 for now. */
function copyProject(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `fc-batch-${name}-`));
  temps.push(dir);
  cpSync(join(import.meta.dirname, "projects", name), dir, { recursive: true });
  useSdk(dir, "v1");
  return dir;
}

function useSdk(dir: string, version: keyof typeof SDK): void {
  writeFileSync(join(dir, "tsconfig.json"), sdkTsconfig(SDK[version], { node: true, include: ["src"] }));
}

interface ProjectError {
  readonly file: string;
  readonly line: number;
  readonly message: string;
  readonly underTodo: boolean;
}

function typeErrors(dir: string): ProjectError[] {
  const project = new Project({ tsConfigFilePath: join(dir, "tsconfig.json") });
  return project.getPreEmitDiagnostics().map((d) => {
    const file = d.getSourceFile();
    const text = file?.getFullText() ?? "";
    const node = file?.getDescendantAtPos(d.getStart() ?? 0);
    const statement = node?.getParentWhile((parent) => !parent.getKindName().endsWith("Block") && parent.getKindName() !== "SourceFile") ?? node;
    return {
      file: file ? file.getBaseName() : "(project)",
      line: d.getLineNumber() ?? 0,
      message: String(typeof d.getMessageText() === "string" ? d.getMessageText() : "chain"),
      underTodo: statement ? isUnderTodo(text, statement.getStart()) : false,
    };
  });
}

function run(dir: string, ...flags: string[]) {
  const result = spawnSync(process.execPath, [CLI, "run", ".", "--force", "--json", ...flags], { cwd: dir, encoding: "utf8" });
  expect(result.stderr).toBe("");
  return JSON.parse(result.stdout) as {
    analysis: { mode: string; projects: string[] };
    files: { path: string; status: string; foundByTypes?: { line: number; method: string }[] }[];
    summary: { changed: number; todos: number };
  };
}

const sources = (dir: string) => Object.fromEntries(readdirSync(join(dir, "src")).map((f) => [f, readFileSync(join(dir, "src", f), "utf8")]));

describe("site-tools: a client shared across modules", () => {
  const original = copyProject("site-tools");
  const before = sources(original);

  test("the project type-checks against the v1 SDK as written", () => {
    expect(typeErrors(original)).toEqual([]);
  });

  const typed = copyProject("site-tools");
  const typedReport = run(typed);
  const syntactic = copyProject("site-tools");
  const syntacticReport = run(syntactic, "--no-types");

  test("the type-aware mode runs with the project's tsconfig and says what only it found", () => {
    expect(typedReport.analysis).toEqual({ mode: "types", projects: ["tsconfig.json"] });
    const found = typedReport.files.flatMap((f) => (f.foundByTypes ?? []).map((c) => `${f.path}:${c.line} ${c.method}`));
    // Clients imported from other modules syntax follows too; a client inside a typed parameter only types see.
    expect(found).toEqual(["src/tasks.ts:12 scrapeUrl"]);
    expect(syntacticReport.analysis).toEqual({ mode: "syntax", projects: [] });
  });

  test("files that do not use the SDK are not touched, in either mode", () => {
    for (const dir of [typed, syntactic]) expect(sources(dir)["util.ts"]).toBe(before["util.ts"]);
    for (const report of [typedReport, syntacticReport]) expect(report.files.find((f) => f.path === "src/util.ts")?.status).toBe("unchanged");
  });

  test("after the type-aware run, the project type-checks against v2 except under TODO markers", () => {
    useSdk(typed, "v2");
    const errors = typeErrors(typed);
    expect(errors.filter((e) => !e.underTodo)).toEqual([]);
    const marked = new Set(
      Object.entries(sources(typed))
        .filter(([, text]) => text.includes("TODO(firecrawl-v2):"))
        .map(([file]) => file),
    );
    expect(errors.filter((e) => e.underTodo).every((e) => marked.has(e.file))).toBe(true);
  });

  test("values typed as v1 results are migrated: by their annotation in both modes, by inference only with types", () => {
    for (const dir of [typed, syntactic]) {
      expect(sources(dir)["report.ts"]).not.toContain("page.success");
      expect(sources(dir)["report.ts"]).toContain("page.json?.headline");
    }
    expect(sources(typed)["digest.ts"]).not.toContain("page.success");
    expect(sources(syntactic)["digest.ts"]).toBe(before["digest.ts"]);
  });

  test("options objects are migrated: annotated ones in both modes, one used from another module only with types", () => {
    for (const dir of [typed, syntactic]) expect(sources(dir)["settings.ts"]).toContain('{ sitemap: "only" }');
    expect(sources(typed)["config.ts"]).toContain("maxDiscoveryDepth: 2");
    expect(sources(typed)["config.ts"]).toContain('sitemap: "skip" as const');
    expect(sources(syntactic)["config.ts"]).toBe(before["config.ts"]);
  });

  test("the syntactic run follows the shared client through imports, re-exports and the factory, and no further", () => {
    useSdk(syntactic, "v2");
    const migrated = ["pages.ts", "jobs.ts", "app.ts", "service.ts"].filter((f) => sources(syntactic)[f] !== before[f]);
    expect(migrated).toEqual(["pages.ts", "jobs.ts", "app.ts", "service.ts"]);
    expect(sources(syntactic)["jobs.ts"]).toContain("getClient().startCrawl(url");
    expect(sources(syntactic)["service.ts"]).toContain('this.firecrawl.map(site, { sitemap: "only" })');
    // What only types say (a client inside a typed parameter, a result from another module) stays v1 and breaks.
    expect(sources(syntactic)["tasks.ts"]).toContain("services.crawler.scrapeUrl(url, options)");
    expect(
      typeErrors(syntactic)
        .filter((e) => !e.underTodo)
        .map((e) => e.file),
    ).toEqual(expect.arrayContaining(["tasks.ts", "digest.ts"]));
  });
});

describe("a monorepo: two packages, each with its own tsconfig", () => {
  const repo = mkdtempSync(join(tmpdir(), "fc-batch-monorepo-"));
  temps.push(repo);
  for (const name of ["crawler", "indexer"]) {
    const dir = join(repo, "packages", name);
    cpSync(join(import.meta.dirname, "projects", "site-tools"), dir, { recursive: true });
    useSdk(dir, "v1");
  }
  const report = run(repo);

  test("discovery finds both tsconfigs and analyses each package under its own", () => {
    expect(report.analysis).toEqual({ mode: "types", projects: ["packages/crawler/tsconfig.json", "packages/indexer/tsconfig.json"] });
    const byPackage = (name: string) => report.files.filter((f) => f.path.startsWith(`packages/${name}/`)).flatMap((f) => f.foundByTypes ?? []);
    expect(byPackage("crawler")).toEqual([{ line: 12, method: "scrapeUrl" }]);
    expect(byPackage("indexer")).toEqual([{ line: 12, method: "scrapeUrl" }]);
  });

  test("both packages type-check against v2 afterwards, except under TODO markers", () => {
    for (const name of ["crawler", "indexer"]) {
      const dir = join(repo, "packages", name);
      useSdk(dir, "v2");
      expect(typeErrors(dir).filter((e) => !e.underTodo)).toEqual([]);
    }
  });
});

describe("research-desk: the run proves its output against v2", () => {
  const original = copyProject("research-desk");
  const verified = copyProject("research-desk");
  const unverified = copyProject("research-desk");

  test("the project type-checks against the v1 SDK as written", () => {
    expect(typeErrors(original)).toEqual([]);
  });

  const report = run(verified) as ReturnType<typeof run> & { verification: { against: string; files: number; newErrors: number; marked: number } };
  run(unverified, "--no-verify");

  test("the report says what was verified, against which SDK, with every new error marked", () => {
    // client.ts only makes the client: valid v2 code under its v1-era name, so it is not changed or checked.
    expect(report.verification).toMatchObject({ against: expect.stringMatching(/^@mendable\/firecrawl-js 4\./), files: 2 });
    expect(report.verification.newErrors).toBeGreaterThan(0);
    expect(report.verification.marked).toBe(report.verification.newErrors);
  });

  test("the verified project type-checks against v2 except under TODO markers, and the markers quote the compiler", () => {
    useSdk(verified, "v2");
    expect(typeErrors(verified).filter((e) => !e.underTodo)).toEqual([]);
    // The search hits are cast, named through an import of the SDK as client.ts spells it; what is left is marked in the compiler's words.
    expect(sources(verified)["sources.ts"]).toContain('import type { Document, SearchResultWeb } from "@mendable/firecrawl-js";');
    expect(sources(verified)["facts.ts"]).toMatch(/TODO\(firecrawl-v2\): does not type-check against v2 \(TS18046: 'page\.json' is of type 'unknown'/);
  });

  test("a @ts-expect-error that only covered v1's types is removed, not marked, and reported where it was", () => {
    expect(sources(verified)["facts.ts"]).not.toContain("@ts-expect-error");
    expect(sources(unverified)["facts.ts"]).toContain("@ts-expect-error");
    const facts = (report as unknown as { files: { path: string; changes: { transform: string; line: number; message: string }[] }[] }).files.find(
      (f) => f.path === "src/facts.ts",
    )!;
    const removal = facts.changes.find((c) => c.transform === "verify")!;
    expect(removal.message).toMatch(/@ts-expect-error removed/);
    expect(sources(verified)["facts.ts"]!.split("\n")[removal.line - 1]).toContain('origin: "research-desk"');
  });

  test("without the verification the same migration leaves errors no TODO explains", () => {
    useSdk(unverified, "v2");
    expect(typeErrors(unverified).filter((e) => !e.underTodo).length).toBeGreaterThan(0);
  });
});

describe("a v2 project that keeps some code on v1 on purpose, across modules", () => {
  const dir = mkdtempSync(join(tmpdir(), "fc-batch-deliberate-v1-"));
  temps.push(dir);
  const files: Record<string, string> = {
    "package.json": '{ "name": "kept-on-v1", "private": true, "dependencies": { "@mendable/firecrawl-js": "^4.42.0" } }\n',
    "src/legacy.ts":
      'import Firecrawl, { FirecrawlAppV1 } from "@mendable/firecrawl-js";\n\nexport const legacy = new FirecrawlAppV1({ apiKey: "fc-test" });\nexport const firecrawl = new Firecrawl({ apiKey: "fc-test" });\n',
    "src/pages.ts": [
      'import { firecrawl, legacy } from "./legacy.js";',
      "",
      "export async function legacyPage(url: string) {",
      "  const page = await legacy.scrapeUrl(url);",
      "  if (!page.success) throw new Error(page.error);",
      "  return page.markdown;",
      "}",
      "",
      "export async function legacyLinks(url: string) {",
      "  const site = await firecrawl.v1.mapUrl(url);",
      "  if (!site.success) throw new Error(site.error);",
      "  return site.links ?? [];",
      "}",
      "",
      "export async function links(url: string) {",
      "  const site = await firecrawl.map(url);",
      "  return site.links.map((link) => link.url);",
      "}",
      "",
    ].join("\n"),
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  useSdk(dir, "v2");
  const report = run(dir);

  test("the type checker sees the clients in the other module, and nothing is changed", () => {
    expect(report.analysis.mode).toBe("types");
    expect(report.summary.changed).toBe(0);
    expect(sources(dir)["pages.ts"]).toBe(files["src/pages.ts"]);
    expect(typeErrors(dir)).toEqual([]);
  });

  test("check reports nothing on it", () => {
    const result = spawnSync(process.execPath, [CLI, "check", ".", "--format", "json"], { cwd: dir, encoding: "utf8" });
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout).findings).toEqual([]);
  });
});
