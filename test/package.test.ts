/**
 * The package as users get it: `npm pack`, installed into a fresh project from the npm cache the
 * repository's own install filled (so no network), every export imported from ESM and CommonJS, the
 * jscodeshift preset applied, and the bin run through npx.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { withCaCerts } from "./support/cli.js";

const root = resolve(import.meta.dirname, "..");
const dir = mkdtempSync(join(tmpdir(), "fc-package-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const npm = (args: string[], cwd: string) => execFileSync("npm", args, { cwd, env: withCaCerts(), encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
const V1 = 'import FirecrawlApp from "@mendable/firecrawl-js";\nconst app = new FirecrawlApp({ apiKey: "k" });\nexport const page = app.scrapeUrl("u");\n';

/** What `npm install` of the tarball printed on stderr. */
let installed = "";

beforeAll(() => {
  npm(["pack", "--ignore-scripts", "--pack-destination", dir], root);
  const tarball = readdirSync(dir).find((f) => f.endsWith(".tgz"))!;
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name: "user-project", private: true, type: "module", dependencies: { "@mendable/firecrawl-js": "^1.29.3" } }),
  );
  const install = spawnSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", join(dir, tarball)], {
    cwd: dir,
    env: withCaCerts(),
    encoding: "utf8",
  });
  if (install.status !== 0) throw new Error(`npm install of the package failed:\n${install.stderr}`);
  installed = install.stderr;
}, 600_000);

test("every export imports from ESM, with what it documents", () => {
  const script = `
    import { migrate, check, mapping } from "firecrawl-codemod";
    import plugin, { rules, configs } from "firecrawl-codemod/eslint-plugin";
    import preset from "firecrawl-codemod/transforms";
    import { step } from "firecrawl-codemod/transforms/client-methods";
    const v1 = ${JSON.stringify(V1)};
    const migrated = await migrate("src/a.ts", v1);
    const found = await check("src/a.ts", v1);
    console.log(JSON.stringify({
      output: migrated.output,
      rules: found.map((f) => f.rule).sort(),
      methods: mapping.methods.length > 10 && Object.isFrozen(mapping.methods),
      plugin: Object.keys(plugin.rules).length === Object.keys(rules).length && "recommended" in configs,
      preset: preset({ path: "a.ts", source: v1 }, {}, {}) === migrated.output,
      step: step.name,
    }));`;
  const out = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: dir, encoding: "utf8" }));
  expect(out).toEqual({
    output: V1.replace("scrapeUrl", "scrape"),
    rules: ["client-methods"],
    methods: true,
    plugin: true,
    preset: true,
    step: "client-methods",
  });
});

test("CommonJS require() gets the same exports", () => {
  const script = `const api = require("firecrawl-codemod"); const plugin = require("firecrawl-codemod/eslint-plugin"); console.log(typeof api.migrate, typeof plugin.rules["no-v1-client-methods"].create);`;
  expect(execFileSync(process.execPath, ["-e", script], { cwd: dir, encoding: "utf8" }).trim()).toBe("function function");
});

test("the bin runs through npx, and the rule docs ship with the package", () => {
  writeFileSync(join(dir, "a.ts"), V1);
  const run = spawnSync("npx", ["--no-install", "firecrawl-codemod", "check", "a.ts", "--format", "json"], { cwd: dir, encoding: "utf8" });
  expect(run.status).toBe(1);
  expect(JSON.parse(run.stdout).findings.map((f: { rule: string }) => f.rule)).toContain("client-methods");
  expect(existsSync(join(dir, "node_modules/firecrawl-codemod/docs/rules/client-methods.md"))).toBe(true);
  expect(existsSync(join(dir, "node_modules/firecrawl-codemod/LICENSE"))).toBe(true);
});

test("installing the package on our oldest Node prints no engine warnings of its own", () => {
  // The SDKs whose declarations the verification reads declare Node 22 though only their types are used, and
  // no release of the PEP 440 library covers every Node we do: they ship bundled, so npm never weighs their
  // engines against the user's Node. The user's own v1 SDK declares Node 22 too, and npm says so of it alone.
  const warned = [...installed.matchAll(/EBADENGINE\s+package: '([^']+)'/g)].map((m) => m[1]!);
  expect(warned).toHaveLength(installed.split("EBADENGINE Unsupported engine").length - 1);
  expect(warned.filter((name) => !name.startsWith("@mendable/firecrawl-js@1."))).toEqual([]);
  // Below Node 22 that one warning shows, so the warnings above were read as npm prints them.
  if (Number(process.versions.node.split(".")[0]) < 22) expect(warned).toHaveLength(1);
});
