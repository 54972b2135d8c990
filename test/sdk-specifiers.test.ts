/**
 * The SDK under its other spellings (src/project/sdk-specifiers.ts): `npm:` and CDN URLs in the code, a Deno import
 * map's entry, an npm alias in package.json. Code reached through them is migrated and reported like code that
 * imports the package by name, and a v1 pin moves with the code in the same run; a pin the tool cannot rewrite
 * leaves the code with one TODO; a v1 pin kept beside a v2 one, and a v2 pin, leave the code as it is.
 * The movable inline forms are fixtures (fixtures/imports/*-pin.*); these need a project's files around the code.
 */
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { check, migrate } from "../src/index.js";
import { cli, read, repo, tempDir, V1_SCRAPE } from "./support/cli.js";
import { writeFileSync } from "node:fs";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import plugin from "../rules/index.js";

const PKG_V1 = `${JSON.stringify({ private: true, dependencies: { "@mendable/firecrawl-js": "^1.29.3" } }, null, 2)}\n`;
const spelled = (specifier: string) => V1_SCRAPE.replace('"@mendable/firecrawl-js"', JSON.stringify(specifier));

/** A file at `name` in a temporary v1 package, for the library's migrate and check. */
function inV1Package(name: string): string {
  const dir = tempDir();
  writeFileSync(join(dir, "package.json"), PKG_V1);
  return join(dir, name);
}

describe("a specifier in the code", () => {
  test("a v1 pin in a URL form the tool cannot rewrite: the calls stay, with one TODO at the import", async () => {
    const specifier = "https://esm.sh/v135/@mendable/firecrawl-js@1.29.3/es2022/firecrawl-js.mjs";
    const { output, todos, changes } = await migrate(inV1Package("a.ts"), spelled(specifier));
    expect(changes).toEqual([]);
    expect(todos).toHaveLength(1);
    expect(todos[0]!.line).toBe(1);
    expect(output).toBe(`// TODO(firecrawl-v2): ${todos[0]!.message} https://docs.firecrawl.dev/migrate-to-v2\n${spelled(specifier)}`);
    expect(todos[0]!.message).toContain(`"${specifier}" pins a v1 release`);
  });

  test("a range a URL spells encoded moves with the code, and stays encoded", async () => {
    const { output } = await migrate(inV1Package("a.ts"), spelled("https://esm.sh/@mendable/firecrawl-js@%5E1.2.0"));
    expect(output).toContain('from "https://esm.sh/@mendable/firecrawl-js@%5E4.');
    expect(output).toContain(".scrape(");
  });

  test("a v1 pin beside a v2 one in the same file is kept on purpose: neither changed nor reported", async () => {
    const text = `import Firecrawl from "npm:@mendable/firecrawl-js@4.3.0";\n${spelled("npm:@mendable/firecrawl-js@1.29.3")}\nexport const v2 = new Firecrawl({ apiKey: "fc-test" });\n`;
    const path = inV1Package("a.ts");
    expect((await migrate(path, text)).output).toBeNull();
    expect(await check(path, text)).toEqual([]);
  });

  test("a v1 pin beside a plain import of a package that declares v2 is kept on purpose too", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "package.json"), `${JSON.stringify({ private: true, dependencies: { "@mendable/firecrawl-js": "^4.3.0" } })}\n`);
    const text = `import Firecrawl from "@mendable/firecrawl-js";\n${spelled("npm:@mendable/firecrawl-js@1.29.3")}\nexport const v2 = new Firecrawl({ apiKey: "fc-test" });\n`;
    expect((await migrate(join(dir, "a.ts"), text)).output).toBeNull();
    expect(await check(join(dir, "a.ts"), text)).toEqual([]);
  });

  test("a v2 pin decides the file's calls, whatever the package.json says", async () => {
    // A 429 read as v1's statusCode is renamed in a v1 package, where a file that imports the SDK by name is v1 code.
    const page = (specifier: string) =>
      `import Firecrawl from ${JSON.stringify(specifier)};\n\nconst app = new Firecrawl({ apiKey: "fc-test" });\n\nexport async function page(url: string) {\n  try {\n    return await app.scrape(url);\n  } catch (error) {\n    if ((error as { statusCode?: number }).statusCode === 429) return null;\n    throw error;\n  }\n}\n`;
    const path = inV1Package("a.ts");
    expect((await migrate(path, page("@mendable/firecrawl-js"))).output).not.toBeNull();
    expect((await migrate(path, page("npm:@mendable/firecrawl-js@4.3.0"))).output).toBeNull();
    expect(await check(path, page("npm:@mendable/firecrawl-js@4.3.0"))).toEqual([]);
  });

  test("a module that pins v1 and hands its client to others moves its pin with the files that use the client", () => {
    const dir = repo({
      "package.json": PKG_V1,
      "src/client.ts": 'import FirecrawlApp from "npm:@mendable/firecrawl-js@1.29.3";\nexport const app = new FirecrawlApp({ apiKey: "fc-test" });\n',
      "src/use.ts": 'import { app } from "./client.ts";\n\nexport const page = await app.scrapeUrl("https://example.com");\n',
    });
    expect(cli(dir, "run", ".", "--no-types").code).toBe(0);
    expect(read(dir, "src/use.ts")).toContain("app.scrape(");
    expect(read(dir, "src/client.ts")).toContain('"npm:@mendable/firecrawl-js@4.');
  });

  test("check reports the v1 calls and the pin; --sdk-version names the release the pin moves to", () => {
    const dir = repo({ "package.json": PKG_V1, "src/a.ts": spelled("npm:@mendable/firecrawl-js@1.29.3") });
    const found = cli(dir, "check", ".", "--no-types");
    expect(found.code).toBe(1);
    expect(found.stdout).toContain("scrapeUrl() is v1");
    expect(found.stdout).toContain('"npm:@mendable/firecrawl-js@1.29.3" pins the v1 SDK');
    expect(cli(dir, "run", ".", "--no-types", "--sdk-version", "4.30.1").code).toBe(0);
    expect(read(dir, "src/a.ts")).toBe(
      spelled("npm:@mendable/firecrawl-js@4.30.1")
        .replace("app.scrapeUrl(", "app.scrape(")
        .replace(/ {2}if \(!res.success\)[^\n]*\n/, ""),
    );
  });
});

describe("an npm alias in package.json", () => {
  const aliased = (deps: Record<string, string>) => `${JSON.stringify({ private: true, dependencies: deps }, null, 2)}\n`;

  test("the code that imports it is migrated and the alias's range moves with it; --dry writes nothing", () => {
    const files = { "package.json": aliased({ fc: "npm:@mendable/firecrawl-js@^1.2.0" }), "src/a.ts": spelled("fc") };
    const dir = repo(files);
    expect(cli(dir, "check", ".", "--no-types").stdout).toContain("scrapeUrl() is v1");
    const dry = cli(dir, "run", ".", "--dry", "--no-types");
    expect(dry.stdout).toContain('+    "fc": "npm:@mendable/firecrawl-js@^4.42.0"');
    expect([read(dir, "package.json"), read(dir, "src/a.ts")]).toEqual([files["package.json"], files["src/a.ts"]]);
    expect(cli(dir, "run", ".", "--no-types").code).toBe(0);
    expect(read(dir, "src/a.ts")).toContain("app.scrape(url");
    expect(JSON.parse(read(dir, "package.json")).dependencies.fc).toBe("npm:@mendable/firecrawl-js@^4.42.0");
  });

  // `firecrawl` is the SDK's other package name: as an alias of the v1 package, it is an alias like any other.
  test.each(["firecrawl-v1", "firecrawl"])(
    "an alias kept on v1 beside the v2 dependency is deliberate: its code is neither changed nor reported, its range stays (%s)",
    (name) => {
      const manifest = aliased({ "@mendable/firecrawl-js": "^4.3.0", [name]: "npm:@mendable/firecrawl-js@^1" });
      const dir = repo({ "package.json": manifest, "src/legacy.ts": spelled(name) });
      const found = cli(dir, "check", ".", "--no-types");
      expect([found.code, found.stdout]).toEqual([0, expect.not.stringContaining("is v1")]);
      expect(cli(dir, "run", ".", "--no-types").code).toBe(0);
      expect([read(dir, "package.json"), read(dir, "src/legacy.ts")]).toEqual([manifest, spelled(name)]);
    },
  );
});

describe("a Deno import map", () => {
  test("an entry that pins v1 moves to v2 with the code that imports through it, in the file's own layout", () => {
    const deno = `{\n  // the SDK, from npm\n  "imports": {\n    "@mendable/firecrawl-js": "npm:@mendable/firecrawl-js@1.29.3",\n    "std/": "jsr:@std/"\n  }\n}\n`;
    const dir = repo({ "deno.jsonc": deno, "main.ts": V1_SCRAPE });
    expect(cli(dir, "check", ".", "--no-types").stdout).toContain("scrapeUrl() is v1");
    expect(cli(dir, "run", ".", "--no-types").code).toBe(0);
    expect(read(dir, "main.ts")).toContain("app.scrape(url");
    expect(read(dir, "deno.jsonc")).toBe(deno.replace("@1.29.3", "@4.42.0"));
  });

  test("the import map file deno.json names, under another name, in a v1 package's tree", () => {
    const map = `{ "imports": { "fc": "https://esm.sh/@mendable/firecrawl-js@1.29.3" } }\n`;
    const dir = repo({ "deno.json": `{ "importMap": "./maps/import_map.json" }\n`, "maps/import_map.json": map, "main.ts": spelled("fc") });
    expect(cli(dir, "run", ".", "--no-types").code).toBe(0);
    expect(read(dir, "main.ts")).toContain("app.scrape(url");
    expect(read(dir, "maps/import_map.json")).toBe(map.replace("@1.29.3", "@4.42.0"));
  });

  test("a v1 entry beside a v2 one stays, and so does the code that imports through it", () => {
    const deno = `{ "imports": { "firecrawl": "npm:@mendable/firecrawl-js@^4.3.0", "firecrawl-v1": "npm:@mendable/firecrawl-js@^1.29.0" } }\n`;
    const dir = repo({ "deno.json": deno, "legacy.ts": spelled("firecrawl-v1") });
    expect(cli(dir, "check", ".", "--no-types").code).toBe(0);
    expect(cli(dir, "run", ".", "--no-types").code).toBe(0);
    expect([read(dir, "deno.json"), read(dir, "legacy.ts")]).toEqual([deno, spelled("firecrawl-v1")]);
  });

  test("a v1 entry the tool cannot rewrite leaves the code that imports through it on v1, with one TODO, and the map as it is", () => {
    const deno = `{ "imports": { "old": "https://unpkg.com/@mendable/firecrawl-js@1.29.3/dist/index.js" } }\n`;
    const dir = repo({ "deno.json": deno, "old.ts": spelled("old") });
    const found = cli(dir, "check", ".", "--no-types");
    expect([found.code, found.stdout]).toEqual([
      1,
      expect.stringContaining('"https://unpkg.com/@mendable/firecrawl-js@1.29.3/dist/index.js" pins a v1 release'),
    ]);
    expect(cli(dir, "run", ".", "--no-types").code).toBe(0);
    expect(read(dir, "deno.json")).toBe(deno);
    expect(read(dir, "old.ts")).toMatch(/^\/\/ TODO\(firecrawl-v2\): "https:\/\/unpkg.com\/[^\n]*\nimport FirecrawlApp from "old";/);
    expect(read(dir, "old.ts")).toContain("app.scrapeUrl(");
  });
});

test("the ESLint plugin follows the same names: an npm alias's and an import map's code is reported, a kept v1 alias's is not", async () => {
  const lint = async (dir: string, file: string) => {
    const eslint = new ESLint({
      cwd: dir,
      overrideConfigFile: true,
      overrideConfig: [{ files: ["**/*.ts"], languageOptions: { parser: tseslint.parser } }, plugin.configs.recommended!],
    });
    const [result] = await eslint.lintText(read(dir, file), { filePath: join(dir, file) });
    return result!.messages.map((m) => m.message);
  };
  const aliased = repo({ "package.json": `${JSON.stringify({ dependencies: { fc: "npm:@mendable/firecrawl-js@^1.2.0" } })}\n`, "a.ts": spelled("fc") });
  expect(await lint(aliased, "a.ts")).toContain("scrapeUrl() is v1: use scrape()");
  const mapped = repo({ "deno.json": `{ "imports": { "firecrawl": "npm:@mendable/firecrawl-js@1.29.3" } }\n`, "a.ts": spelled("firecrawl") });
  expect(await lint(mapped, "a.ts")).toContain("scrapeUrl() is v1: use scrape()");
  const kept = repo({
    "package.json": `${JSON.stringify({ dependencies: { "@mendable/firecrawl-js": "^4.3.0", "firecrawl-v1": "npm:@mendable/firecrawl-js@^1" } })}\n`,
    "a.ts": spelled("firecrawl-v1"),
  });
  expect(await lint(kept, "a.ts")).toEqual([]);
});
