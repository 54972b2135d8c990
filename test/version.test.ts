/**
 * Version awareness: which package says which SDK, and what a file without one is judged by. Code that
 * is already v2 is left as it is; shared method names follow the package, or the file's own signs.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { packageSdk, pythonPackageSdk } from "../src/project/package-sdk.js";
import { runSteps } from "../src/js/pipeline.js";
import { steps } from "../src/js/steps/index.js";

describe("the SDK a package depends on", () => {
  const root = mkdtempSync(join(tmpdir(), "fc-version-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const pkg = (dir: string, manifest: object, files: Record<string, string> = {}) => {
    mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, dir, "package.json"), JSON.stringify(manifest));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(root, dir, name, ".."), { recursive: true });
      writeFileSync(join(root, dir, name), text);
    }
    return join(root, dir, "src", "a.ts");
  };

  test.each([
    ["^1.29.3", "v1"],
    ["~1.25.0", "v1"],
    ["1.2.2", "v1"],
    ["<3", "v1"],
    ["^4.42.0", "v2"],
    [">=3.0.2", "v2"],
    ["npm:@mendable/firecrawl-js@^4.3.0", "v2"],
  ])("a range %s is %s", (range, version) => {
    expect(packageSdk(pkg(`range-${range.replace(/\W/g, "_")}`, { dependencies: { "@mendable/firecrawl-js": range } }))).toBe(version);
  });

  test("devDependencies and the unscoped name count; a package that declares nothing defers to the one above", () => {
    pkg("mono", { devDependencies: { firecrawl: "^1.0.0" } });
    expect(packageSdk(pkg("mono/packages/app", { dependencies: { react: "^19" } }))).toBe("v1");
  });

  test("a range that allows both is settled by what is installed, else by the lockfile", () => {
    const installed = pkg(
      "open-installed",
      { dependencies: { "@mendable/firecrawl-js": "*" } },
      { "node_modules/@mendable/firecrawl-js/package.json": '{ "version": "4.3.8" }' },
    );
    expect(packageSdk(installed)).toBe("v2");
    const lock = JSON.stringify({ packages: { "node_modules/@mendable/firecrawl-js": { version: "1.29.3" } } });
    expect(packageSdk(pkg("open-locked", { dependencies: { "@mendable/firecrawl-js": "latest" } }, { "package-lock.json": lock }))).toBe("v1");
    expect(packageSdk(pkg("open-unknown", { dependencies: { "@mendable/firecrawl-js": ">=1" } }))).toBeUndefined();
  });

  test("no package.json that declares the SDK: unknown", () => {
    expect(packageSdk(pkg("none", { dependencies: {} }))).toBeUndefined();
  });
});

describe("the firecrawl-py a Python project pins", () => {
  const root = mkdtempSync(join(tmpdir(), "fc-pyversion-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const project = (dir: string, files: Record<string, string>) => {
    mkdirSync(join(root, dir, "app"), { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(join(root, dir, name), text);
    return join(root, dir, "app", "main.py");
  };

  test.each([
    ["requirements.txt", "requests>=2\nfirecrawl-py==1.17.0  # scraping\n", "v1"],
    ["requirements-dev.txt", "firecrawl-py>=1.0,<3\n", "v1"],
    ["requirements.txt", "firecrawl-py~=4.3\n", "v2"],
    ["pyproject.toml", '[project]\ndependencies = ["firecrawl-py>=3.0.0", "pydantic"]\n', "v2"],
    ["pyproject.toml", '[tool.poetry.dependencies]\npython = "^3.11"\nfirecrawl-py = "^1.5.0"\n', "v1"],
    ["pyproject.toml", '[tool.poetry.dependencies]\nfirecrawl-py = { version = "^2.0", extras = [] }\n', "v1"],
    ["Pipfile", '[packages]\nfirecrawl-py = "==4.27.1"\n', "v2"],
    ["setup.py", 'setup(install_requires=["firecrawl-py>=2.16"])\n', undefined],
    ["uv.lock", '[[package]]\nname = "firecrawl-py"\nversion = "4.3.8"\n', "v2"],
  ])("%s %j is %s", (name, text, version) => {
    expect(pythonPackageSdk(project(`p${Math.random().toString(36).slice(2)}`, { [name]: text }))).toBe(version);
  });

  test("a lockfile's version settles an open specifier in the same folder", () => {
    const file = project("locked", { "requirements.txt": "firecrawl-py\n", "poetry.lock": '[[package]]\nname = "firecrawl-py"\nversion = "2.16.5"\n' });
    expect(pythonPackageSdk(file)).toBe("v1");
  });
});

describe("calls judged without a package", () => {
  const header = 'import FirecrawlApp from "@mendable/firecrawl-js";\nconst app = new FirecrawlApp({ apiKey: "k" });\n';

  test("a shared method name is v1 when nothing in the file says v2", () => {
    const text = `${header}export const f = async (q: string) => {\n  const r = await app.search(q);\n  return r.data;\n};\n`;
    expect(runSteps(steps, "a.ts", text).output).toContain("(r.web ?? [])");
  });

  test("a file written for v2 keeps its shared calls, its results and its import's local name", () => {
    const text = `${header}export const f = async (u: string) => {\n  const page = await app.scrape(u);\n  const site = await app.map(u);\n  const hits = await app.search(u);\n  return [page.markdown, site.links.map((l) => l.url), hits.web];\n};\n`;
    expect(runSteps(steps, "a.ts", text).output).toBeNull();
  });

  test("a result read through a field only v1 has makes a shared call v1, even in a v2 package", () => {
    const text = `${header}export const f = async (q: string) => {\n  const r = await app.search(q);\n  if (!r.success) throw new Error(r.error);\n  return r.web;\n};\n`;
    expect(runSteps(steps, "a.ts", text, { sdk: "v2" }).output).not.toContain("r.success");
    expect(runSteps(steps, "a.ts", text.replace(/ {2}if .*\n/, ""), { sdk: "v2" }).output).toBeNull();
  });

  test("the same shared call is v1 in a v1 package and left alone in a v2 one", () => {
    const text = `${header}export const stop = async (id: string) => {\n  const body = await app.cancelCrawl(id);\n  return body.status;\n};\n`;
    expect(runSteps(steps, "a.ts", text, { sdk: "v1" }).output).toContain("cancelCrawl() returns a boolean in v2");
    expect(runSteps(steps, "a.ts", text, { sdk: "v2" }).output).toBeNull();
  });
});
