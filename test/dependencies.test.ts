/**
 * The SDK dependency after a run (src/upgrade/package-json.ts, install.ts): ranges moved in the user's style,
 * the package that declares the SDK found (a workspace root, a pnpm catalog), the lockfile's manager named,
 * and with --install the lockfile refreshed so that `npm ci` installs the new range.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { movedRange } from "../src/upgrade/package-json.js";
import { cli, read, repo, V1_SCRAPE, withCaCerts } from "./support/cli.js";

describe("a v1 range moves to the v2 release in its own style", () => {
  test.each([
    ["^1.29.3", "^4.42.0"],
    ["~1.2", "~4.42.0"],
    ["1.29.3", "4.42.0"],
    ["=1.29.3", "4.42.0"],
    ["1.x", "4.x"],
    ["1", "4"],
    ["1.29.x", "4.42.x"],
    [">=1.0.0 <2.0.0", ">=4.42.0 <5"],
    ["^1.0.0 || ^2.0.0", "^4.42.0"],
    ["npm:@mendable/firecrawl-js@^1.2.0", "npm:@mendable/firecrawl-js@^4.42.0"],
  ])("%s -> %s", (from, to) => expect(movedRange(from, "4.42.0")).toBe(to));

  test.each(["^4.0.0", ">=1", "*", "latest", "workspace:*", "github:mendableai/firecrawl-js"])("%s allows v2 already, or is no range: left", (range) => {
    expect(movedRange(range, "4.42.0")).toBeUndefined();
  });
});

const pkg = (deps: Record<string, string>, extra: Record<string, unknown> = {}) =>
  `${JSON.stringify({ name: "x", private: true, ...extra, dependencies: deps }, null, 2)}\n`;

/** A workspace whose packages/lib takes the client as a type and runs the copy packages/app's dependency hoists to the root. */
const hoistingWorkspace = (extra: Record<string, string>) => ({
  "package.json": pkg({}, { private: true, workspaces: ["packages/*"] }),
  "packages/app/package.json": pkg({ "@mendable/firecrawl-js": "^1.25.2", lib: "*" }),
  "packages/lib/package.json": pkg({ zod: "^3.0.0" }),
  "packages/lib/src/a.ts": V1_SCRAPE.replace(
    'import FirecrawlApp from "@mendable/firecrawl-js";',
    'import type FirecrawlApp from "@mendable/firecrawl-js";',
  ).replace('const app = new FirecrawlApp({ apiKey: "fc-test" });', "declare const app: FirecrawlApp;"),
  ...extra,
});

describe("which file holds the range", () => {
  test("a workspace root the SDK is hoisted to, with its layout kept", () => {
    const root = `{\n\t"private": true,\n\t"workspaces": ["packages/*"],\n\t"devDependencies": {\n\t\t"@mendable/firecrawl-js": "^1.29.3"\n\t}\n}\n`;
    const dir = repo({ "package.json": root, "packages/app/package.json": pkg({ zod: "^3.0.0" }), "packages/app/src/a.ts": V1_SCRAPE });
    const report = JSON.parse(cli(dir, "run", ".", "--json", "--no-types").stdout);
    expect(read(dir, "package.json")).toBe(root.replace("^1.29.3", "^4.42.0"));
    expect(report.packages).toEqual([{ path: "package.json", dependency: "@mendable/firecrawl-js", from: "^1.29.3", to: "^4.42.0" }]);
  });

  test("code in a workspace package that declares no SDK moves the packages that do, the copy it runs, with a note", () => {
    const dir = repo(hoistingWorkspace({ "packages/other/package.json": pkg({ "@mendable/firecrawl-js": "^4.0.0" }) }));
    const report = JSON.parse(cli(dir, "run", ".", "--json", "--no-types").stdout);
    expect(read(dir, "packages/lib/src/a.ts")).toContain("app.scrape(url");
    expect(report.packages).toEqual([{ path: "packages/app/package.json", dependency: "@mendable/firecrawl-js", from: "^1.25.2", to: "^4.42.0" }]);
    expect(read(dir, "packages/other/package.json")).toBe(pkg({ "@mendable/firecrawl-js": "^4.0.0" }));
    expect(JSON.stringify(report)).toContain("moved with the code in packages/lib/src");
  });

  test("a workspace package the run did not cover keeps its v1 range, said so: its own code may still be v1's", () => {
    const dir = repo(hoistingWorkspace({ "packages/app/src/index.ts": V1_SCRAPE }));
    const report = JSON.parse(cli(dir, "run", "packages/lib", "--json", "--no-types").stdout);
    expect(read(dir, "packages/lib/src/a.ts")).toContain("app.scrape(url");
    expect(report.packages).toEqual([]);
    expect(read(dir, "packages/app/package.json")).toContain('"^1.25.2"');
    expect(JSON.stringify(report)).toContain("this run did not cover the package's own code");
  });

  test("pnpm catalogs, default and named, moved in pnpm-workspace.yaml with their quotes and comments", () => {
    const workspace =
      'packages:\n  - "packages/*"\ncatalog:\n  "@mendable/firecrawl-js": ^1.29.3 # the SDK\n  zod: ^3.23.0\ncatalogs:\n  legacy:\n    firecrawl: \'1.20.0\'\n';
    const dir = repo({
      "pnpm-workspace.yaml": workspace,
      "package.json": pkg({}),
      "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
      "packages/a/package.json": pkg({ "@mendable/firecrawl-js": "catalog:" }),
      "packages/a/src/a.ts": V1_SCRAPE,
      "packages/b/package.json": pkg({ firecrawl: "catalog:legacy" }),
      "packages/b/src/b.ts": V1_SCRAPE.replace("@mendable/firecrawl-js", "firecrawl"),
    });
    const report = JSON.parse(cli(dir, "run", ".", "--json", "--no-types").stdout);
    expect(read(dir, "pnpm-workspace.yaml")).toBe(workspace.replace("^1.29.3 #", "^4.42.0 #").replace("'1.20.0'", "'4.42.0'"));
    expect(read(dir, "packages/a/package.json")).toContain('"catalog:"');
    expect(report.packages.map((p: { path: string; to: string }) => `${p.path} ${p.to}`)).toEqual([
      "pnpm-workspace.yaml ^4.42.0",
      "pnpm-workspace.yaml 4.42.0",
    ]);
    expect(report.lockfiles).toEqual([{ path: "pnpm-lock.yaml", command: "pnpm install" }]);
  });

  test.each([
    [{ "yarn.lock": "# yarn lockfile v1\n" }, {}, "yarn install"],
    [{ "yarn.lock": "__metadata:\n  version: 8\n" }, { packageManager: "yarn@4.5.3" }, "yarn install"],
    [{ "bun.lock": "{}\n" }, {}, "bun install"],
    [{ "package-lock.json": "{}\n" }, { packageManager: "pnpm@9.15.9" }, "npm install"],
  ] as const)("the lockfile %j (package.json %j) is refreshed with `%s`", (lock, extra, command) => {
    const dir = repo({ "package.json": pkg({ "@mendable/firecrawl-js": "^1.29.3" }, extra), ...lock, "src/a.ts": V1_SCRAPE });
    const report = JSON.parse(cli(dir, "run", ".", "--json", "--no-types").stdout);
    expect(report.lockfiles).toEqual([{ path: Object.keys(lock)[0], command }]);
  });
});

test("a lockfile above the package counts only when that folder is a workspace root", () => {
  const app = pkg({ "@mendable/firecrawl-js": "^1.29.3" });
  const nested = repo({ "package.json": pkg({}), "package-lock.json": "{}\n", "examples/app/package.json": app, "examples/app/src/a.ts": V1_SCRAPE });
  expect(JSON.parse(cli(nested, "run", ".", "--json", "--no-types").stdout).lockfiles).toEqual([]);
  const workspace = repo({
    "package.json": pkg({}, { workspaces: ["examples/*"] }),
    "package-lock.json": "{}\n",
    "examples/app/package.json": app,
    "examples/app/src/a.ts": V1_SCRAPE,
  });
  expect(JSON.parse(cli(workspace, "run", ".", "--json", "--no-types").stdout).lockfiles).toEqual([{ path: "package-lock.json", command: "npm install" }]);
});

test("--sdk-version chooses the release; one that is not v2 is a usage error", () => {
  const dir = repo({ "package.json": pkg({ "@mendable/firecrawl-js": "^1.29.3" }), "src/a.ts": V1_SCRAPE });
  expect(cli(dir, "run", ".", "--no-types", "--sdk-version", "2.9.0").code).toBe(2);
  expect(cli(dir, "run", ".", "--no-types", "--sdk-version", "4.30.1").code).toBe(0);
  expect(JSON.parse(read(dir, "package.json")).dependencies["@mendable/firecrawl-js"]).toBe("^4.30.1");
});

test("the summary and the report name v2's changed defaults for the migrated calls, unless they were kept", () => {
  const dir = repo({ "src/a.ts": V1_SCRAPE });
  const plain = cli(dir, "run", ".", "--dry", "--no-types").stdout;
  expect(plain).toContain("v2 changed defaults the migrated calls now run with:\n  maxAge: scrapes may return a cached page up to 2 days old");
  expect(plain).toContain("--keep-v1-defaults writes v1's values");
  const kept = JSON.parse(cli(dir, "run", ".", "--dry", "--json", "--no-types", "--keep-v1-defaults").stdout).behaviourChanges;
  expect(kept.find((b: { option: string }) => b.option === "maxAge")).toMatchObject({ v1: 0, v2: 172800000, kept: true });
  expect(kept.find((b: { option: string }) => b.option === "blockAds")).toMatchObject({ v1: null, kept: false });
  // a request's own default, which --keep-v1-defaults (scrape options) does not write
  expect(kept.find((b: { option: string }) => b.option === "ignoreInvalidURLs")).toMatchObject({ v1: false, v2: true, kept: false });
  const none = repo({ "src/b.ts": "export const nothing = 1;\n" });
  expect(JSON.parse(cli(none, "run", ".", "--dry", "--json").stdout).behaviourChanges).toEqual([]);
});

test("the Python client's api_url default is named where Python calls were migrated: 4.x no longer reads FIRECRAWL_API_URL", () => {
  const option = (b: { option: string }) => b.option === "api_url";
  const js = JSON.parse(cli(repo({ "src/a.ts": V1_SCRAPE }), "run", ".", "--dry", "--json", "--no-types").stdout).behaviourChanges;
  expect(js.some(option)).toBe(false);
  const python = repo({
    "app.py": 'from firecrawl import FirecrawlApp\n\napp = FirecrawlApp(api_key="fc-test")\nprint(app.scrape_url("https://example.com")["markdown"])\n',
  });
  const run = cli(python, "run", ".", "--dry", "--no-verify");
  expect(run.stdout).toContain("  api_url: firecrawl-py's client no longer reads FIRECRAWL_API_URL");
  const changes = JSON.parse(cli(python, "run", ".", "--dry", "--json", "--no-verify").stdout).behaviourChanges;
  expect(changes.find(option)).toEqual({
    option: "api_url",
    v1: 'os.getenv("FIRECRAWL_API_URL", "https://api.firecrawl.dev")',
    v2: "https://api.firecrawl.dev",
    effect: expect.stringContaining("a self-hosted Firecrawl needs api_url given"),
    kept: false,
  });
});

test("run --install refreshes package-lock.json with npm, and npm ci then installs v2", () => {
  // The packages come from the npm cache the repository's own install filled.
  const env = withCaCerts({ ...process.env, npm_config_prefer_offline: "true", npm_config_audit: "false", npm_config_fund: "false" });
  const dir = repo({ "package.json": pkg({ "@mendable/firecrawl-js": "~1.29.3" }), ".gitignore": "node_modules/\n", "src/a.ts": V1_SCRAPE }, { commit: false });
  execFileSync("npm", ["install", "--ignore-scripts"], { cwd: dir, env, stdio: "ignore" });
  execFileSync("git", ["add", "-A"], { cwd: dir });
  execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "v1"], { cwd: dir });
  const ran = cli(dir, "run", ".", "--install", "--json", "--no-types");
  expect(JSON.parse(ran.stdout).installs).toEqual([{ lockfile: "package-lock.json", command: "npm install", ok: true }]);
  expect(ran.code).toBe(0);
  const lock = JSON.parse(readFileSync(join(dir, "package-lock.json"), "utf8"));
  expect(lock.packages["node_modules/@mendable/firecrawl-js"].version).toBe("4.42.0");
  execFileSync("npm", ["ci", "--ignore-scripts"], { cwd: dir, env, stdio: "ignore" });
  expect(JSON.parse(read(dir, "node_modules/@mendable/firecrawl-js/package.json")).version).toBe("4.42.0");
}, 300_000);
