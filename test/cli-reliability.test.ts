/**
 * The CLI against inputs as hostile as real repositories and CI systems make them (issue 13): several
 * repositories at once, git refusing to answer, unreadable folders, paths too long for the system, files in
 * other encodings, a run killed mid-write, odd file modes and owners, huge files, names that are shell code,
 * links, and output that must come even when the run cannot.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { CLI, cli, cliVia, gitIn, read, repo, tempDir, V1_CRAWL, V1_SCRAPE } from "./support/cli.js";
import { sdkTsconfig } from "./support/sdk-project.mjs";

const isRoot = process.getuid?.() === 0;
const hasRunuser = isRoot && spawnSync("runuser", ["--help"]).status === 0;

/** The v2 SDK's declarations, for a tsconfig that puts the run in its type-aware mode. */
const SDK = resolve(import.meta.dirname, "../node_modules/@mendable/firecrawl-js/dist/index.d.ts");
const TSCONFIG = sdkTsconfig(SDK);

const paths = (report: { files: { path: string }[] }) => report.files.map((f) => f.path);

describe("the clean-tree guard", () => {
  test("checks the repository of every path given, not only up to the first outside one", () => {
    const top = tempDir();
    repo({ "a.ts": V1_SCRAPE }, { git: false, at: join(top, "nogit") });
    const dirty = repo({ "a.ts": V1_SCRAPE }, { at: join(top, "dirty") });
    writeFileSync(join(dirty, "a.ts"), `${V1_SCRAPE}// edited\n`);
    const { code, stderr } = cli(top, "run", "nogit", "dirty");
    expect(code).toBe(2);
    expect(stderr).toContain("uncommitted changes");
    expect(read(dirty, "a.ts")).toContain("scrapeUrl");
    expect(read(top, "nogit/a.ts")).toBe(V1_SCRAPE);
  });

  test("takes git's refusal to answer (an unknown repository format) for a refusal, in git's words", () => {
    const dir = repo({ "a.ts": V1_SCRAPE });
    gitIn(dir, "config", "core.repositoryformatversion", "99");
    const { code, stderr } = cli(dir, "run", ".");
    expect(code).toBe(2);
    expect(stderr).toContain("Expected git repo version <= 1, found 99");
    expect(read(dir, "a.ts")).toBe(V1_SCRAPE);
    expect(cli(dir, "run", ".", "--force").code).toBe(0);
    expect(read(dir, "a.ts")).toContain("app.scrape(");
  });

  // Only root can hand a repository to another user; as anyone else this case cannot be staged.
  test.runIf(isRoot)("takes git's 'dubious ownership' (a repository another user owns, as in CI containers) for a refusal", () => {
    const dir = repo({ "a.ts": V1_SCRAPE });
    execFileSync("chown", ["-R", "4242:4242", dir]);
    const { code, stderr } = cli(dir, "run", ".");
    expect(code).toBe(2);
    expect(stderr).toContain("dubious ownership");
    expect(read(dir, "a.ts")).toBe(V1_SCRAPE);
    // check still reads the files: git's list is not needed for that.
    expect(cli(dir, "check", ".").stdout).toContain("a.ts:6:");
  });
});

describe("paths discovery cannot read", () => {
  /** Runs the CLI where a folder cannot be read: as another user when root (root reads everything), else with mode 000. */
  function lockedOut(dir: string, folder: string, ...args: string[]) {
    if (!isRoot) {
      chmodSync(join(dir, folder), 0);
      return cli(dir, ...args);
    }
    execFileSync("chown", ["-R", "nobody", dir]);
    chmodSync(join(dir, folder), 0);
    return cliVia(["runuser", "-u", "nobody", "--"], dir, ...args);
  }

  test.runIf(!isRoot || hasRunuser)("an unreadable folder is reported as skipped, the rest is migrated, and check exits 2", () => {
    const dir = repo({ "a.ts": V1_SCRAPE, "locked/b.ts": V1_CRAWL }, { git: false });
    const ran = lockedOut(dir, "locked", "run", ".", "--json");
    expect(ran.code).toBe(1);
    const report = JSON.parse(ran.stdout);
    expect(report.files).toContainEqual(expect.objectContaining({ path: "locked", status: "skipped", error: "permission denied" }));
    expect(read(dir, "a.ts")).toContain("app.scrape(");
    const checked = cliVia(isRoot ? ["runuser", "-u", "nobody", "--"] : [], dir, "check", ".", "--format", "sarif");
    expect(checked.code).toBe(2);
    const [run] = JSON.parse(checked.stdout).runs;
    expect(run.results).toContainEqual(
      expect.objectContaining({
        ruleId: "unprocessed-file",
        level: "error",
        locations: [expect.objectContaining({ physicalLocation: expect.objectContaining({ artifactLocation: { uri: "locked", uriBaseId: "%SRCROOT%" } }) })],
      }),
    );
  });

  test.runIf(!isRoot || hasRunuser)("inside a repository, the folders git cannot open are reported too", () => {
    const dir = repo({ "a.ts": V1_SCRAPE, "locked/b.ts": V1_CRAWL });
    const ran = lockedOut(dir, "locked", "run", ".", "--json", "--force");
    expect(JSON.parse(ran.stdout).files).toContainEqual(expect.objectContaining({ path: "locked", status: "skipped" }));
  });

  test("a path longer than the system allows is reported as skipped, in a repository and out of one", () => {
    for (const git of [false, true]) {
      const dir = repo({ "a.ts": V1_SCRAPE }, { git });
      const level = "d".repeat(200);
      // Made one level at a time, each call naming a path relative to the last: no call may name the whole path.
      const make = `for (let i = 0; i < 25; i++) { fs.mkdirSync(${JSON.stringify(level)}); process.chdir(${JSON.stringify(level)}); } fs.writeFileSync("deep.ts", ${JSON.stringify(V1_SCRAPE)});`;
      execFileSync(process.execPath, ["-e", make], { cwd: dir });
      try {
        const { code, stdout } = cli(dir, "run", ".", "--json", "--force");
        expect(code).toBe(1);
        const report = JSON.parse(stdout);
        // Walking, the system says so; git, listing, cuts its own warning short at that length.
        const reason = git ? "git could not open it (its path is longer than git can show)" : "the path is longer than the system allows";
        expect(report.files).toContainEqual(expect.objectContaining({ status: "skipped", error: reason }));
        expect(report.files).toContainEqual(expect.objectContaining({ path: "a.ts", status: "changed" }));
      } finally {
        // rm works level by level too, where Node's rmSync would name the whole path
        execFileSync("rm", ["-rf", join(dir, level)]);
      }
    }
  });
});

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
  test("a temp file left by a killed run is removed by the next run, which then proceeds", () => {
    const dir = repo({ "src/a.ts": V1_SCRAPE });
    // A process that has exited: its id names no running process, as a killed run's would.
    const dead = spawnSync(process.execPath, ["-e", ""]).pid!;
    const leftover = `.a.ts.${dead}.0123abcd.firecrawl-codemod.tmp`;
    writeFileSync(join(dir, "src", leftover), "");
    const { code, stderr } = cli(dir, "run", ".");
    expect(code).toBe(0);
    expect(stderr).toContain(`src/${leftover}`);
    expect(readdirSync(join(dir, "src"))).toEqual(["a.ts"]);
    expect(read(dir, "src/a.ts")).toContain("app.scrape(");
  });

  test("the temp file of a run still alive is left alone (and keeps the tree dirty)", () => {
    const dir = repo({ "a.ts": V1_SCRAPE });
    const live = `.a.ts.${process.pid}.0123abcd.firecrawl-codemod.tmp`;
    writeFileSync(join(dir, live), "");
    expect(cli(dir, "run", ".").code).toBe(2);
    expect(existsSync(join(dir, live))).toBe(true);
    expect(read(dir, "a.ts")).toBe(V1_SCRAPE);
  });

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
  test("--dry diffs a file with 20,000 changes (the diff is not quadratic)", () => {
    const calls = Array.from({ length: 20_000 }, (_, i) => `  await app.scrapeUrl(url + "${i}");\n`).join("");
    const text = `import FirecrawlApp from "@mendable/firecrawl-js";\nconst app = new FirecrawlApp({ apiKey: "x" });\nexport async function all(url: string) {\n${calls}}\n`;
    const dir = repo({ "many.ts": text });
    // Quadratic, the diff alone took minutes here: the suite's timeout catches that. A budget in seconds
    // beside it failed on a busy machine without saying anything of the diff; speed is the bench's to measure.
    const dry = cli(dir, "run", "many.ts", "--no-types", "--dry");
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('\n-  await app.scrapeUrl(url + "19999");\n');
    expect(dry.stdout).toContain('\n+  await app.scrape(url + "19999");\n');
    // Its 20,000 edits take a quarter of a minute on a quiet machine: a busy one gets the time it needs.
  }, 600_000);

  test("--report to a place that cannot be written stops the run before any file is", () => {
    const dir = repo({ "a.ts": V1_SCRAPE });
    const { code, stdout, stderr } = cli(dir, "run", ".", "--report", "no/such/folder/report.json", "--json");
    expect(code).toBe(2);
    expect(stderr).toContain("--report no/such/folder/report.json cannot be written");
    expect(JSON.parse(stdout).error).toContain("cannot be written");
    expect(read(dir, "a.ts")).toBe(V1_SCRAPE);
    expect(cli(dir, "run", ".", "--report", ".", "--dry").stderr).toContain("cannot be written");
  });

  test("--json prints a report carrying the error on a usage error, a refusal and a failure of the tool", () => {
    const dir = repo({ "a.ts": V1_SCRAPE });
    const usage = cli(dir, "run", ".", "--json", "--dyr");
    expect(usage.code).toBe(2);
    expect(JSON.parse(usage.stdout)).toMatchObject({ version: 1, files: [], error: expect.stringContaining("'--dyr'") });
    writeFileSync(join(dir, "a.ts"), `${V1_SCRAPE}// edited\n`);
    const refused = cli(dir, "run", ".", "--json");
    expect(refused.code).toBe(2);
    expect(JSON.parse(refused.stdout).error).toContain("uncommitted changes");
    // A tsconfig that is a folder makes the type checker throw: a failure the tool did not foresee.
    mkdirSync(join(dir, "broken.json"));
    const failed = cli(dir, "run", ".", "--json", "--force", "--project", "broken.json");
    expect(failed.code).toBe(2);
    expect(JSON.parse(failed.stdout).error).toMatch(/^firecrawl-codemod failed: /);
    expect(failed.stderr).toContain("    at ");
    const sarif = cli(dir, "check", ".", "--format", "sarif", "--project", "broken.json");
    expect(sarif.code).toBe(2);
    expect(JSON.parse(sarif.stdout).runs[0].invocations[0]).toMatchObject({ executionSuccessful: false });
    const json = cli(dir, "check", "--format", "json");
    expect(JSON.parse(json.stdout)).toMatchObject({ findings: [], error: expect.stringContaining("name at least one file or folder") });
  });

  test("the format command is safe to paste into a shell: names are quoted and options end first", () => {
    const names = ["$(touch pwned).ts", "-dash.ts", "it's.ts", "plain.ts"];
    const dir = repo({ "package.json": '{ "devDependencies": { "prettier": "^3" } }\n', ...Object.fromEntries(names.map((n) => [n, V1_SCRAPE])) });
    const { code, stdout } = cli(dir, "run", ".");
    expect(code).toBe(0);
    const command = /^Format the changed files with: npx prettier --write (.*)$/m.exec(stdout)?.[1];
    expect(command?.startsWith("-- ")).toBe(true);
    // The shell's own reading of the words: each name comes back whole, and nothing runs.
    const words = execFileSync("sh", ["-c", `printf '%s\\n' ${command!.slice(3)}`], { cwd: dir, encoding: "utf8" })
      .trim()
      .split("\n");
    expect(words.sort()).toEqual([...names].sort());
    expect(existsSync(join(dir, "pwned"))).toBe(false);
  });
});

describe("documents", () => {
  // The second block's `...` elision sits in an option the migration rewrites, so the block's migrated text
  // cannot be mapped back onto it: the tool fails on that block while the first one migrates.
  const README = [
    "# Try",
    "",
    "```ts",
    'import FirecrawlApp from "@mendable/firecrawl-js";',
    'const app = new FirecrawlApp({ apiKey: "fc-x" });',
    'const page = await app.scrapeUrl("https://a.com");',
    "```",
    "",
    "```ts",
    'const r = await app.scrapeUrl("https://b.com", { formats: ["markdown", "extract"], extract: { prompt: "p", ... } });',
    "if (!r.success) throw new Error(r.error);",
    "```",
    "",
  ].join("\n");
  const failedBlock = README.slice(README.indexOf("```ts", 10));

  test("a block the tool fails on is a file error naming the block, and the document's other blocks still migrate", () => {
    const dir = repo({ "README.md": README });
    const { code, stdout } = cli(dir, "run", ".", "--docs", "--json");
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report.summary.errors).toBe(1);
    const file = report.files.find((f: { path: string }) => f.path === "README.md");
    expect(file.status).toBe("error");
    expect(file.error).toBe("block at line 9 (ts): left as it is: its migration could not be mapped back onto the block; the other blocks were migrated");
    expect(file.changes).toHaveLength(1);
    const after = read(dir, "README.md");
    expect(after).toContain('const page = await app.scrape("https://a.com");');
    expect(after.endsWith(failedBlock)).toBe(true);
    // check cannot vouch for the document either
    const checked = cli(dir, "check", ".", "--docs");
    expect(checked.code).toBe(2);
    expect(checked.stderr).toContain("README.md: block at line 9 (ts): left as it is: its migration could not be mapped back onto the block");
  }, 120_000);

  test("in a notebook's markdown cell too: the error names the cell and the block", () => {
    const notebook = { cells: [{ cell_type: "markdown", metadata: {}, source: README.split(/(?<=\n)/) }], metadata: {}, nbformat: 4, nbformat_minor: 5 };
    const dir = repo({ "try.ipynb": `${JSON.stringify(notebook, null, 1)}\n` });
    const { code, stdout } = cli(dir, "run", ".", "--json");
    expect(code).toBe(1);
    const file = JSON.parse(stdout).files.find((f: { path: string }) => f.path === "try.ipynb");
    expect(file).toMatchObject({
      status: "error",
      error: expect.stringMatching(/^cell 1: block at line 9 \(ts\): left as it is: its migration could not be mapped back/),
    });
    expect(read(dir, "try.ipynb")).toContain('const page = await app.scrape(\\"https://a.com\\");');
  }, 120_000);
});

describe("what belongs to the run", () => {
  test("a symbolic link named on the command line is reported as skipped, not passed over", () => {
    const dir = repo({ "src/a.ts": V1_SCRAPE });
    symlinkSync(join(dir, "src/a.ts"), join(dir, "linked.ts"));
    symlinkSync(join(dir, "src"), join(dir, "linked-src"));
    const { code, stdout } = cli(dir, "run", "linked.ts", "linked-src", "--json", "--dry");
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report.files).toEqual([
      expect.objectContaining({ path: "linked.ts", status: "skipped", error: expect.stringContaining("symbolic link") }),
      expect.objectContaining({ path: "linked-src", status: "skipped", error: expect.stringContaining("symbolic link") }),
    ]);
  });

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

  test("git decides what belongs: .git/info/exclude is honoured, tracked files are migrated, submodules are not entered", () => {
    const origin = repo({ "lib.ts": V1_SCRAPE });
    const dir = repo({ ".gitignore": "generated.ts\n", "a.ts": V1_SCRAPE, "local.ts": V1_SCRAPE });
    writeFileSync(join(dir, "generated.ts"), V1_SCRAPE);
    gitIn(dir, "add", "-f", "generated.ts");
    writeFileSync(join(dir, ".git/info/exclude"), "local.ts\n");
    gitIn(dir, "rm", "-q", "--cached", "local.ts");
    gitIn(dir, "-c", "protocol.file.allow=always", "submodule", "add", "-q", origin, "vendor/lib");
    gitIn(dir, "commit", "-qam", "layout");
    const report = JSON.parse(cli(dir, "run", ".", "--json").stdout);
    expect(paths(report).sort()).toEqual(["a.ts", "generated.ts"]);
    expect(read(dir, "generated.ts")).toContain("app.scrape(");
    expect(read(dir, "local.ts")).toBe(V1_SCRAPE);
    expect(read(dir, "vendor/lib/lib.ts")).toBe(V1_SCRAPE);
  });
});

describe("locations and labels", () => {
  test("a file with lone CR line ends reports its findings on the lines an LF file has them", () => {
    const findings = (text: string) => JSON.parse(cli(repo({ "a.ts": text }), "check", ".", "--format", "json").stdout).findings;
    const text = `${V1_CRAWL}export const page = (u: string) => app.scrapeUrl(u);\n`;
    const lf = findings(text);
    expect(new Set(lf.map((f: { line: number }) => f.line)).size).toBeGreaterThan(1);
    expect(findings(text.replace(/\n/g, "\r"))).toEqual(lf);
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
    expect(JSON.parse(stdout).findings).toEqual([
      expect.objectContaining({
        file: "deep.ts",
        rule: "unprocessed-file",
        message: expect.stringContaining("does not parse: nested too deeply for the parser"),
      }),
    ]);
  });
});

describe("profiling", () => {
  // Flags with their values joined by `=` or as the next argument, as node takes both.
  test.each([["--cpu-prof-dir=DIR"], ["--cpu-prof-dir", "DIR", "--cpu-prof-interval", "500"]])(
    "a run profiled with node --cpu-prof (%s ...) profiles its type process too, which exits cleanly to write it",
    async (...flags) => {
      const dir = repo({ "tsconfig.json": TSCONFIG, "a.ts": V1_SCRAPE });
      const profiles = join(tempDir(), "profiles");
      const given = flags.map((flag) => flag.replace("DIR", profiles));
      const { status } = spawnSync(process.execPath, ["--cpu-prof", ...given, CLI, "run", ".", "--dry"], { cwd: dir });
      expect(status).toBe(0);
      // The run's own profile, then the type process's, written once it has exited after the run. Worker threads
      // the run starts on an idle machine write profiles under the run's own pid, so processes are told by pid.
      const pids = () => new Set((existsSync(profiles) ? readdirSync(profiles) : []).map((name) => name.split(".")[3]));
      for (let waited = 0; waited < 240 && pids().size < 2; waited++) await new Promise((r) => setTimeout(r, 500));
      expect(pids().size).toBe(2);
      // A type-aware run and a profiled type process on a busy machine: the time they need, never a flaky timeout.
    },
    300_000,
  );
});
