/**
 * The CLI against inputs as hostile as real repositories and CI systems make them (issue 13): several
 * repositories at once, git refusing to answer, unreadable folders, paths too long for the system, files in
 * other encodings, a run killed mid-write, odd file modes and owners, huge files, names that are shell code,
 * links, and output that must come even when the run cannot.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, linkSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { cli, cliVia, gitIn, read, repo, tempDir, V1_CRAWL, V1_SCRAPE } from "./support/cli.js";

const isRoot = process.getuid?.() === 0;
const hasRunuser = isRoot && spawnSync("runuser", ["--help"]).status === 0;

/** The v2 SDK's declarations, for a tsconfig that puts the run in its type-aware mode. */
const SDK = resolve(import.meta.dirname, "../node_modules/@mendable/firecrawl-js/dist/index.d.ts");
const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, target: "ES2022", module: "ESNext", moduleResolution: "Bundler", skipLibCheck: true, noEmit: true, paths: { "@mendable/firecrawl-js": [SDK] } } });

const paths = (report: { files: { path: string }[] }) => report.files.map((f) => f.path);

describe("files the run cannot read as UTF-8", () => {
  const utf16 = (text: string, bigEndian = false) => {
    const le = Buffer.from(`\uFEFF${text}`, "utf16le");
    return bigEndian ? Buffer.from(le).swap16() : le;
  };

  test("UTF-16 files with a byte-order mark are skipped with their encoding, and left as they are", () => {
    const dir = repo({ "le.ts": utf16(V1_SCRAPE), "be.ts": utf16(V1_SCRAPE, true), "other.ts": utf16("export const x = 1;\n") });
    const { code, stdout } = cli(dir, "run", ".", "--json");
    expect(code).toBe(1);
    const files = JSON.parse(stdout).files;
    expect(files).toContainEqual(expect.objectContaining({ path: "le.ts", status: "skipped", error: "UTF-16LE text; left as it is rather than re-encoded" }));
    expect(files).toContainEqual(expect.objectContaining({ path: "be.ts", status: "skipped", error: "UTF-16BE text; left as it is rather than re-encoded" }));
    // A file that never names the SDK cannot reach it, in any encoding.
    expect(files).toContainEqual(expect.objectContaining({ path: "other.ts", status: "unchanged" }));
    expect(readFileSync(join(dir, "le.ts")).equals(utf16(V1_SCRAPE))).toBe(true);
  });

  test("check does not pass over v1 code it skipped: not UTF-8, UTF-16, too large", () => {
    const cases = {
      "latin1.ts": Buffer.from(`// caf\xe9\n${V1_SCRAPE}`, "latin1"),
      "utf16.ts": utf16(V1_SCRAPE),
      "big.ts": `${V1_SCRAPE}${"// padding line\n".repeat(140_000)}`,
    };
    for (const [name, bytes] of Object.entries(cases)) {
      const dir = repo({ [name]: bytes, "clean.ts": "export const ok = true;\n" });
      const { code, stdout } = cli(dir, "check", ".", "--format", "json");
      expect(code, name).toBe(2);
      expect(JSON.parse(stdout).findings).toEqual([expect.objectContaining({ file: name, rule: "unprocessed-file" })]);
    }
  });

  test("a large file that never names the SDK is not in the way: unchanged, not skipped", () => {
    const dir = repo({ "bundle.js": "var x = 1;\n".repeat(300_000), "a.ts": V1_SCRAPE });
    const { code, stdout } = cli(dir, "check", ".", "--format", "json");
    expect(code).toBe(1);
    expect(JSON.parse(stdout).findings.every((f: { file: string }) => f.file === "a.ts")).toBe(true);
  });

  test("the type-aware mode keeps the 2 MB limit for files only the type checker picked", () => {
    const big = `${V1_SCRAPE}${"// padding line\n".repeat(140_000)}`;
    const dir = repo({ "tsconfig.json": TSCONFIG, "big.ts": big });
    const { code, stdout } = cli(dir, "run", ".", "--json");
    expect(code).toBe(1);
    expect(JSON.parse(stdout).files).toContainEqual(expect.objectContaining({ path: "big.ts", status: "skipped", error: "larger than 2 MB" }));
    expect(read(dir, "big.ts")).toBe(big);
  });
});

describe("writes", () => {
  test("the file mode is kept exactly, whatever the umask", () => {
    const dir = repo({ "a.ts": V1_SCRAPE });
    // git records only the executable bit, so this mode change leaves the tree clean.
    chmodSync(join(dir, "a.ts"), 0o666);
    const { code } = cliVia(["sh", "-c", 'umask 077; exec "$@"', "sh"], dir, "run", ".");
    expect(code).toBe(0);
    expect(read(dir, "a.ts")).toContain("app.scrape(");
    expect(statSync(join(dir, "a.ts")).mode & 0o7777).toBe(0o666);
  });

  // Only root may give a file to another user, so only root can stage a file the runner does not own.

  test.runIf(isRoot)("the owner is kept where the system permits", () => {
    const dir = repo({ "a.ts": V1_SCRAPE });
    chownSync(join(dir, "a.ts"), 4242, 4343);
    expect(cli(dir, "run", ".").code).toBe(0);
    expect(read(dir, "a.ts")).toContain("app.scrape(");
    const { uid, gid } = statSync(join(dir, "a.ts"));
    expect([uid, gid]).toEqual([4242, 4343]);
  });

  test("a file with several hard links is not split: it is left as it is, and said so", () => {
    const dir = repo({ "a.ts": V1_SCRAPE, "b.ts": V1_CRAWL });
    const elsewhere = join(tempDir(), "a-link.ts");
    linkSync(join(dir, "a.ts"), elsewhere);
    const { code, stdout } = cli(dir, "run", ".", "--json");
    expect(code).toBe(1);
    const a = JSON.parse(stdout).files.find((f: { path: string }) => f.path === "a.ts");
    expect(a).toMatchObject({ status: "error", error: expect.stringContaining("has 2 hard links") });
    expect(read(dir, "a.ts")).toBe(V1_SCRAPE);
    expect(statSync(elsewhere).ino).toBe(statSync(join(dir, "a.ts")).ino);
    expect(read(dir, "b.ts")).toContain("startCrawl");
  });
});

describe("reports", () => {
  test("--dry costs about what the run does on a file with 20,000 changes (the diff is not quadratic)", () => {
    const calls = Array.from({ length: 20_000 }, (_, i) => `  await app.scrapeUrl(url + "${i}");\n`).join("");
    const text = `import FirecrawlApp from "@mendable/firecrawl-js";\nconst app = new FirecrawlApp({ apiKey: "x" });\nexport async function all(url: string) {\n${calls}}\n`;
    const dir = repo({ "many.ts": text });
    const timed = (...args: string[]) => {
      const start = performance.now();
      const result = cli(dir, "run", "many.ts", "--no-types", ...args);
      return { ...result, ms: performance.now() - start };
    };
    const dry = timed("--dry");
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('\n-  await app.scrapeUrl(url + "19999");\n');
    expect(dry.stdout).toContain('\n+  await app.scrape(url + "19999");\n');
    const ran = timed();
    expect(ran.code).toBe(0);
    // Quadratic, the diff alone took minutes here; linear, it adds a small part of the run's own time.
    expect(dry.ms).toBeLessThan(ran.ms * 4 + 5_000);
  });

  test("the format command is safe to paste into a shell: names are quoted and options end first", () => {
    const names = ["$(touch pwned).ts", "-dash.ts", "it's.ts", "plain.ts"];
    const dir = repo({ "package.json": '{ "devDependencies": { "prettier": "^3" } }\n', ...Object.fromEntries(names.map((n) => [n, V1_SCRAPE])) });
    const { code, stdout } = cli(dir, "run", ".");
    expect(code).toBe(0);
    const command = /^Format the changed files with: npx prettier --write (.*)$/m.exec(stdout)?.[1];
    expect(command?.startsWith("-- ")).toBe(true);
    // The shell's own reading of the words: each name comes back whole, and nothing runs.
    const words = execFileSync("sh", ["-c", `printf '%s\\n' ${command!.slice(3)}`], { cwd: dir, encoding: "utf8" }).trim().split("\n");
    expect(words.sort()).toEqual([...names].sort());
    expect(existsSync(join(dir, "pwned"))).toBe(false);
  });
});

describe("what belongs to the run", () => {
  test("a package.json above the repository is not the repository's to bump", () => {
    const top = tempDir();
    const outer = '{ "dependencies": { "@mendable/firecrawl-js": "^1.29.3" } }\n';
    writeFileSync(join(top, "package.json"), outer);
    const app = repo({ "a.ts": V1_SCRAPE }, { at: join(top, "app") });
    const { code, stdout } = cli(top, "run", "app", "--json");
    expect(code).toBe(0);
    expect(read(app, "a.ts")).toContain("app.scrape(");
    expect(readFileSync(join(top, "package.json"), "utf8")).toBe(outer);
    expect(JSON.parse(stdout).packages).toEqual([]);
  });
});

describe("locations and labels", () => {
  test("a file with lone CR line ends reports its findings on the lines an LF file has them", () => {
    const findings = (text: string) => JSON.parse(cli(repo({ "a.ts": text }), "check", ".", "--format", "json").stdout).findings;
    const lf = findings(V1_CRAWL);
    expect(new Set(lf.map((f: { line: number }) => f.line)).size).toBeGreaterThan(1);
    expect(findings(V1_CRAWL.replace(/\n/g, "\r"))).toEqual(lf);
  });

  test("a file with lone CR line ends is migrated as an LF file is, its TODO above its statement, with CR line ends", () => {
    const lf = repo({ "a.ts": V1_CRAWL });
    const cr = repo({ "a.ts": V1_CRAWL.replace(/\n/g, "\r") });
    expect(cli(lf, "run", ".").code).toBe(0);
    expect(cli(cr, "run", ".").code).toBe(0);
    expect(read(cr, "a.ts")).not.toContain("\n");
    expect(read(cr, "a.ts")).toBe(read(lf, "a.ts").replace(/\n/g, "\r"));
  });

  test("code nested deeper than Babel's stack goes is reported as not parsing, not as a failed transform", () => {
    const depth = 20_000;
    const dir = repo({ "deep.ts": `import FirecrawlApp from "@mendable/firecrawl-js";\nexport const x = ${"[".repeat(depth)}1${"]".repeat(depth)};\n` });
    const { code, stdout } = cli(dir, "check", ".", "--format", "json");
    expect(code).toBe(2);
    expect(JSON.parse(stdout).findings).toEqual([expect.objectContaining({ file: "deep.ts", rule: "unprocessed-file", message: expect.stringContaining("does not parse: nested too deeply for the parser") })]);
  });
});
