#!/usr/bin/env node
/**
 * npm run bench: the CLI's speed targets (issue 27), measured in one run on this machine.
 *  0. The start: --version against `node -e 0` (target: within 1.5x), and help.
 *  1. Over ~10,000 real third-party source files that never mention Firecrawl, `check` and `run` against
 *     `grep -rl firecrawl` on the same tree (target: within 2x), changing nothing; the same over 100,000
 *     (hard links; target: within 1.5x), where start-up is amortised and the walk and the screen show.
 *     The same tree as a git repository, every file named on the command line (as a shell's glob names
 *     them) against the folder named once (target: within 2x), for check and for run's clean-tree guard.
 *     The same tree through ESLint with the plugin's rules against none (target: +5%, peak memory 1.3x), and
 *     what ESLint pays for any rule at all (one of its own), apart from what the plugin's rules cost.
 *  2. Over files that all use Firecrawl, `run` against jscodeshift's runner applying an identity
 *     transform (parse + print) to the same files (target: 0.7x), and `--jobs 2` against one thread
 *     (target: 1.5x faster in wall time), with how many cores one thread already keeps busy (V8's own
 *     compiler and collector threads), which bounds what workers can buy.
 *  3. The type-aware mode against `tsc --noEmit` on one project (target: 1.8x verified, 1.5x without).
 *  4. The Python verification (pyright over the inputs and outputs in one run up to 80 files; beyond, over the outputs, then
 *     over the inputs of those with an error on a line the migration kept or rewrote) against one pyright run over the migrated files
 *     (target: it adds no more than that run).
 *  5. One large file: 4x the functions that scrape and test success within 5x the time (in JavaScript, and in Python
 *     through an instance's client into a list), 20,000 migrated
 *     calls in one file within 5 s (run and --dry), a 5 MB file through ESLint with the plugin within 3x
 *     ESLint alone, and check within 3x ESLint alone on the largest file it reads (2 MB; it skips larger ones).
 * Prints each command's median wall time, CPU time (user + system) and peak memory (max RSS), and the ratios
 * (medians of interleaved rounds; BENCH_ROUNDS sets how many) in both. The targets are judged on CPU time:
 * the machine is shared, and wall time moves with everyone's load (the workers' target is wall time, which
 * is what they buy). BENCH_SECTIONS picks sections by name (start, tree, tree100k, paths, eslint, firecrawl,
 * bigfile, types, python; all by default); BENCH_CLI measures another build's CLI (an older checkout's
 * dist/src/cli/main.js, with its plugin) the same way.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { dirname, extname, join, resolve } from "node:path";
import { sdkTsconfig } from "../support/sdk-project.mjs";

const root = resolve(import.meta.dirname, "../..");
// The command as users run it (package.json's bin); BENCH_CLI measures another build (an older checkout's) the same way.
const cli = process.env.BENCH_CLI
  ? resolve(process.env.BENCH_CLI)
  : join(root, JSON.parse(readFileSync(join(root, "package.json"), "utf8")).bin["firecrawl-codemod"]);
// eslint-run.mjs lints with that build's plugin.
if (process.env.BENCH_CLI) process.env.BENCH_PLUGIN ??= join(dirname(cli), "../../rules/index.js");
const jscodeshift = join(root, "node_modules/jscodeshift/bin/jscodeshift.js");
const SOURCE = new Set([".js", ".mjs", ".cjs", ".ts", ".tsx", ".jsx", ".mts", ".cts"]);
const TARGET = Number(process.env.BENCH_FILES ?? 10_000);

function sourcesIn(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourcesIn(path, out);
    else if (entry.isFile() && SOURCE.has(extname(entry.name)) && !/\.d\.[cm]?ts$/.test(entry.name) && statSync(path).size < 1_000_000) {
      if (!/firecrawl/i.test(readFileSync(path, "utf8"))) out.push(path);
    }
  }
  return out;
}

/**
 * One timed run: wall seconds, CPU seconds (user + system, the command's and its children's) and peak RSS (KB).
 * The machine is shared, so wall time moves with everyone's load; CPU time is what the command itself spent.
 */
function once(command, args, before, cwd) {
  before?.();
  const start = process.hrtime.bigint();
  const result = spawnSync("/usr/bin/time", ["-f", "%M %U %S", command, ...args], { encoding: "utf8", maxBuffer: 1 << 28, cwd });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (result.status !== 0 && result.status !== 1) throw new Error(`${command} ${args.join(" ")} failed (${result.status}): ${result.stderr.slice(-2000)}`);
  const [rss, user, system] = result.stderr.trim().split("\n").at(-1).split(" ").map(Number);
  return { seconds, cpu: user + system, rss };
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Commands timed in interleaved rounds (this machine is shared, and back-to-back runs drift), each round
 * in rotated order. Prints each command's median wall and CPU time and peak memory; returns the medians and
 * the median of each command's per-round ratio to the first (the baseline), in wall time (`ratio`) and in
 * CPU time (`cpuRatio`).
 */
function compare(commands, rounds = ROUNDS) {
  const times = commands.map(() => []);
  const cpus = commands.map(() => []);
  const rss = commands.map(() => 0);
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < commands.length; k++) {
      const i = (k + r) % commands.length;
      const { command, args, before, cwd } = commands[i];
      const t = once(command, args, before, cwd);
      times[i].push(t.seconds);
      cpus[i].push(t.cpu);
      rss[i] = Math.max(rss[i], t.rss);
    }
  }
  commands.forEach((c, i) =>
    console.log(
      `  ${c.label.padEnd(50)} ${median(times[i]).toFixed(2).padStart(7)} s wall ${median(cpus[i]).toFixed(2).padStart(7)} s CPU   peak ${(rss[i] / 1024).toFixed(0).padStart(5)} MB`,
    ),
  );
  return commands.map((_, i) => ({
    seconds: median(times[i]),
    cpu: median(cpus[i]),
    rss: rss[i],
    ratio: median(times[i].map((t, r) => t / times[0][r])),
    cpuRatio: median(cpus[i].map((t, r) => t / Math.max(cpus[0][r], 0.01))),
  }));
}

/** A ratio against its target, in CPU time and in wall time: `met` when the CPU ratio (the steadier) is within it. */
function against(label, result, target, { wall = false } = {}) {
  const measured = wall ? result.ratio : result.cpuRatio;
  console.log(
    `  ${label}: ${result.cpuRatio.toFixed(2)}x CPU, ${result.ratio.toFixed(2)}x wall   (target <= ${target}x ${wall ? "wall" : "CPU"}: ${measured <= target ? "met" : "NOT met"})`,
  );
}

/**
 * 4. What the Python verification adds to a run: the Python fixture inputs, repeated, migrated with and
 * without it, against pyright itself over the migrated files (with the 4.x stubs the run checks against).
 */
function pythonVerification(work) {
  const sources = readdirSync(join(root, "fixtures/python"), { recursive: true })
    .map(String)
    .filter((f) => /\.input\.(py|ipynb)$/.test(f) && !/^(untouched|already-v2)/.test(f));
  // About 600 files: enough that pyright's start is not the figure, few enough that three rounds take minutes (the
  // fixtures grew from 30 to 330, and a fixed 20 copies had become 6,500 files and hours).
  const copies = Number(process.env.BENCH_PY_COPIES ?? Math.max(1, Math.round(600 / sources.length)));
  const project = join(work, "python");
  for (let i = 0; i < copies; i++)
    for (const f of sources) {
      const to = join(project, `part${i}`, f.replace(".input", ""));
      mkdirSync(dirname(to), { recursive: true });
      cpSync(join(root, "fixtures/python", f), to);
    }
  // The migrated files, for pyright alone: a run without the verification writes them.
  const migrated = join(work, "python-migrated");
  cpSync(project, migrated, { recursive: true });
  execFileSync(process.execPath, [cli, "run", migrated, "--force", "--no-progress", "--no-verify"], { stdio: "ignore" });
  const stubs = join(root, "stubs/python");
  writeFileSync(join(migrated, "pyrightconfig.json"), JSON.stringify({ extraPaths: [join(stubs, "v2"), join(stubs, "shared")] }));
  const changed = readdirSync(migrated, { recursive: true }).filter((f) => /\.(py|ipynb)$/.test(String(f))).length;
  console.log(`\nPython verification: ${changed} Python files and notebooks (the Python fixture inputs, ${copies} times)`);
  const [pyright, verified, unverified] = compare(
    [
      { label: "pyright over the migrated files", command: process.execPath, args: [join(root, "node_modules/pyright/index.js"), "-p", migrated] },
      { label: "firecrawl-codemod run --dry (verified)", command: process.execPath, args: [cli, "run", project, "--dry", "--json", "--no-progress"] },
      {
        label: "firecrawl-codemod run --dry --no-verify",
        command: process.execPath,
        args: [cli, "run", project, "--dry", "--json", "--no-progress", "--no-verify"],
      },
    ],
    Math.min(ROUNDS, 3),
  );
  const added = verified.seconds - unverified.seconds;
  const addedCpu = verified.cpu - unverified.cpu;
  console.log(
    `  the verification adds ${added.toFixed(2)} s; one pyright run over the migrated files takes ${pyright.seconds.toFixed(2)} s: ${(added / pyright.seconds).toFixed(2)}x wall`,
  );
  // CPU is the steadier figure on a shared machine, as for the other targets.
  const cpuRatio = addedCpu / pyright.cpu;
  console.log(
    `  in CPU: ${addedCpu.toFixed(2)} s against ${pyright.cpu.toFixed(2)} s: ${cpuRatio.toFixed(2)}x   (target <= 1x CPU: ${cpuRatio <= 1 ? "met" : "NOT met"})`,
  );
}

/**
 * A file of `functions` functions that each scrape, test `success` and read the result (the shape whose cost
 * grew with the square of the bindings in one file). `compact`: two calls a function, one of them guarded,
 * so 20,000 calls stay under the CLI's 2 MB limit.
 */
function generatedFile(functions, { compact = false } = {}) {
  const head = `import FirecrawlApp from "@mendable/firecrawl-js";\n\nconst app = new FirecrawlApp({ apiKey: "fc-test" });\n\n`;
  const body = (i) =>
    compact
      ? `export async function f${i}(u: string) {\n  const a = await app.scrapeUrl(u);\n  if (!a.success) throw new Error(a.error);\n  const b = await app.scrapeUrl(a.markdown!);\n  return b.markdown;\n}\n`
      : `export async function scrape${i}(url: string): Promise<string> {\n  const res = await app.scrapeUrl(url, { formats: ["markdown"] });\n  if (!res.success) {\n    throw new Error(\`Failed to scrape: \${res.error}\`);\n  }\n  return res.markdown ?? "";\n}\n\n`;
  return head + Array.from({ length: functions }, (_, i) => body(i)).join("");
}

/**
 * 5. One large file: linear in its size (4x the functions, at most 5x the time), 20,000 migrated calls in
 * one file within 5 s, and a 5 MB file through ESLint with the plugin and through check.
 */
/** A firecrawl-py 1.x module of `count` functions, each scraping through a module instance's client into a list it reads. */
function generatedPythonFile(count) {
  const head = [
    "from firecrawl import FirecrawlApp",
    "",
    "",
    "class Holder:",
    "    def __init__(self):",
    '        self.app = FirecrawlApp(api_key="fc-test")',
    "",
    "",
    "holder = Holder()",
    "",
  ];
  const functions = Array.from({ length: count }, (_, i) =>
    [
      `def page_${i}(url):`,
      `    page = holder.app.scrape_url(url, params={"formats": ["markdown"]})`,
      "    pages = []",
      "    pages.append(page)",
      '    return [p["markdown"] for p in pages]',
      "",
    ].join("\n"),
  );
  return [...head, ...functions].join("\n");
}

function bigFiles(work) {
  const dir = join(work, "big");
  const at = (name, text, file = "a.ts") => {
    mkdirSync(join(dir, name), { recursive: true });
    writeFileSync(join(dir, name, file), text);
    return join(dir, name, file);
  };
  const atPython = (name, text) => at(name, text, "a.py");
  const small = at("small", generatedFile(1000));
  const large = at("large", generatedFile(4000));
  console.log(`\nOne file of N functions that each scrape, test success and read the result: 1,000 and 4,000 of them`);
  const [one, four] = compare([
    { label: "run --dry --no-types, 1,000 functions", command: process.execPath, args: [cli, "run", small, "--dry", "--no-types", "--no-progress"] },
    { label: "run --dry --no-types, 4,000 functions", command: process.execPath, args: [cli, "run", large, "--dry", "--no-types", "--no-progress"] },
  ]);
  const grown = four.cpu / one.cpu;
  console.log(
    `  4x the functions: ${grown.toFixed(2)}x the CPU time, ${(four.seconds / one.seconds).toFixed(2)}x the wall time   (target <= 5x: ${grown <= 5 ? "met" : "NOT met"})`,
  );

  // The same in Python: each function scrapes through a client read off a module instance, collects the page in a
  // list and reads the list's items (the lookups of classes, instances and lists that grew with the file once).
  const pySmall = atPython("py-small", generatedPythonFile(500));
  const pyLarge = atPython("py-large", generatedPythonFile(2000));
  console.log(`\nOne Python file of N functions that each scrape through an instance's client and read the pages they collect: 500 and 2,000`);
  const [pyOne, pyFour] = compare([
    {
      label: "run --dry --no-types --no-verify, 500 functions",
      command: process.execPath,
      args: [cli, "run", pySmall, "--dry", "--no-types", "--no-verify", "--no-progress"],
    },
    {
      label: "run --dry --no-types --no-verify, 2,000 functions",
      command: process.execPath,
      args: [cli, "run", pyLarge, "--dry", "--no-types", "--no-verify", "--no-progress"],
    },
  ]);
  const pyGrown = pyFour.cpu / pyOne.cpu;
  console.log(`  4x the functions: ${pyGrown.toFixed(2)}x the CPU time   (target <= 5x: ${pyGrown <= 5 ? "met" : "NOT met"})`);

  const calls = generatedFile(10_000, { compact: true });
  const callsFile = at("calls", calls);
  const copies = join(dir, "copies");
  let runs = 0;
  const fresh = () => {
    mkdirSync(join(copies, String(runs)), { recursive: true });
    writeFileSync(join(copies, String(runs), "a.ts"), calls);
  };
  const copy = () => join(copies, String(runs++), "a.ts");
  console.log(`\nOne file with 20,000 migrated calls (${(Buffer.byteLength(calls) / 1024 / 1024).toFixed(2)} MB)`);
  const rounds = Math.min(ROUNDS, 3);
  const written = [];
  for (let r = 0; r < rounds; r++) {
    fresh();
    written.push(once(process.execPath, [cli, "run", copy(), "--force", "--no-types", "--no-progress"]));
  }
  const [dry] = compare(
    [{ label: "run --dry --no-types", command: process.execPath, args: [cli, "run", callsFile, "--dry", "--no-types", "--no-progress"] }],
    rounds,
  );
  const run = { cpu: median(written.map((t) => t.cpu)), seconds: median(written.map((t) => t.seconds)) };
  console.log(`  ${"run --force --no-types (writes a copy)".padEnd(50)} ${run.seconds.toFixed(2).padStart(7)} s wall ${run.cpu.toFixed(2).padStart(7)} s CPU`);
  for (const [label, t] of [
    ["run", run],
    ["run --dry", dry],
  ])
    console.log(`  ${label}: ${t.cpu.toFixed(2)} s CPU, ${t.seconds.toFixed(2)} s wall   (target <= 5 s CPU: ${t.cpu <= 5 ? "met" : "NOT met"})`);

  // check reads no file over 2 MB (it says so and fails), so its share is measured on the 20,000 calls.
  console.log(`  check against ESLint alone on that file:`);
  const [eslintOnCalls, check] = compare(
    [
      { label: "eslint, no rules", command: process.execPath, args: [eslintRun, dirname(callsFile), "none"] },
      { label: "firecrawl-codemod check --no-types", command: process.execPath, args: [cli, "check", callsFile, "--no-types", "--no-progress"] },
    ],
    rounds,
  );
  void eslintOnCalls;
  against("check / eslint alone", check, 3);

  const huge = at("huge", generatedFile(20_000));
  console.log(`\nA ${(Buffer.byteLength(readFileSync(huge)) / 1024 / 1024).toFixed(1)} MB file of 20,000 such functions`);
  const [alone, lint] = compare(
    [
      { label: "eslint, no rules", command: process.execPath, args: [eslintRun, dirname(huge), "none"] },
      { label: "eslint, firecrawl/recommended only", command: process.execPath, args: [eslintRun, dirname(huge), "plugin"] },
    ],
    rounds,
  );
  void alone;
  against("eslint with the plugin / eslint alone", lint, 3);
}

// BENCH_ONLY=python, the older spelling, is BENCH_SECTIONS=python.
const SECTIONS = new Set(
  (process.env.BENCH_SECTIONS ?? (process.env.BENCH_ONLY === "python" ? "python" : "start,tree,tree100k,paths,eslint,firecrawl,bigfile,types,python")).split(
    ",",
  ),
);

/**
 * Real third-party files that never mention Firecrawl, copied (or hard-linked: the same bytes to read, no
 * disk taken) under `dir`/src until there are `count`.
 */
function thirdPartyTree(dir, count, pool, { link = false } = {}) {
  for (let i = 0; i < count; i++) {
    const from = pool[i % pool.length];
    const to = join(dir, "src", `copy${Math.floor(i / pool.length)}`, from.slice(join(root, "node_modules").length + 1));
    mkdirSync(dirname(to), { recursive: true });
    if (link) linkSync(from, to);
    else cpSync(from, to);
  }
}

/** check and run over a tree without Firecrawl, against grep; run must change nothing. */
function treeWithoutFirecrawl(tree, target) {
  const snapshot = execFileSync("find", [tree, "-type", "f", "-newer", cli], { maxBuffer: 1 << 28 }).toString();
  const [, check, run] = compare([
    { label: "grep -rl firecrawl", command: "grep", args: ["-rl", "firecrawl", tree] },
    { label: "firecrawl-codemod check", command: process.execPath, args: [cli, "check", tree, "--no-progress"] },
    { label: "firecrawl-codemod run --force", command: process.execPath, args: [cli, "run", tree, "--force", "--no-progress"] },
  ]);
  const unchanged = execFileSync("find", [tree, "-type", "f", "-newer", cli], { maxBuffer: 1 << 28 }).toString() === snapshot;
  against("check / grep", check, target);
  against("run / grep", run, target);
  console.log(`  files changed by run: ${unchanged ? "none" : "SOME"}`);
}

/** One ESLint 10 run over a tree or file, with no rules (`none`) or the plugin's recommended rules only (`plugin`). */
const eslintRun = join(root, "test/bench/eslint-run.mjs");

const work = mkdtempSync(join(tmpdir(), "fc-bench-"));
try {
  if (SECTIONS.has("start")) {
    // 0. The start: --version and help against node's own.
    console.log("\nStart");
    const [, version, help] = compare([
      { label: "node -e 0", command: process.execPath, args: ["-e", "0"] },
      { label: "firecrawl-codemod --version", command: process.execPath, args: [cli, "--version"] },
      { label: "firecrawl-codemod help", command: process.execPath, args: [cli, "help"] },
    ]);
    against("--version / node -e 0", version, 1.5);
    console.log(`  help / node -e 0: ${help.cpuRatio.toFixed(2)}x CPU, ${help.ratio.toFixed(2)}x wall`);
  }

  // 1. The no-Firecrawl tree: real third-party files copied under src/, repeated until the target size.
  const pool = sourcesIn(join(root, "node_modules"));
  const tree = join(work, "tree");
  thirdPartyTree(tree, TARGET, pool);
  if (SECTIONS.has("tree")) {
    console.log(`\nTree without Firecrawl: ${TARGET} files from ${pool.length} distinct sources in node_modules`);
    treeWithoutFirecrawl(tree, 2);
  }
  if (SECTIONS.has("tree100k")) {
    // Startup amortised: the walk and the screen show.
    const count = Number(process.env.BENCH_BIG_TREE_FILES ?? 100_000);
    const big = join(work, "tree100k");
    thirdPartyTree(big, count, pool, { link: true });
    console.log(`\nTree without Firecrawl: ${count} files (hard links to ${pool.length} distinct sources in node_modules)`);
    treeWithoutFirecrawl(big, 1.5);
    rmSync(big, { recursive: true, force: true });
  }

  // The same tree as a repository, every file named: git is asked once per repository, not once per path.
  if (SECTIONS.has("paths")) {
    const git = (...args) => execFileSync("git", ["-c", "user.email=bench@example.com", "-c", "user.name=bench", ...args], { cwd: tree, stdio: "ignore" });
    git("init", "-q");
    git("add", "-A");
    git("commit", "-qm", "tree");
    // The files `.` looks at (its walk leaves out dist/ and build/ folders, which a file named outright is not).
    const listing = spawnSync(process.execPath, [cli, "run", ".", "--dry", "--json", "--no-types"], { cwd: tree, encoding: "utf8", maxBuffer: 1 << 28 });
    const names = JSON.parse(listing.stdout).files.map((f) => f.path);
    console.log(`\nThe same tree as a git repository, its ${names.length} files named one by one`);
    const [folderCheck, namedCheck, folderRun, namedRun] = compare([
      { label: "check .", command: process.execPath, args: [cli, "check", ".", "--no-progress"], cwd: tree },
      { label: "check <every file>", command: process.execPath, args: [cli, "check", ...names, "--no-progress"], cwd: tree },
      { label: "run . (clean-tree guard on)", command: process.execPath, args: [cli, "run", ".", "--no-progress"], cwd: tree },
      { label: "run <every file> (clean-tree guard on)", command: process.execPath, args: [cli, "run", ...names, "--no-progress"], cwd: tree },
    ]);
    console.log(
      `  named / folder: check ${(namedCheck.seconds / folderCheck.seconds).toFixed(2)}x, run ${(namedRun.seconds / folderRun.seconds).toFixed(2)}x   (target <= 2x)`,
    );
  }

  // The same tree through ESLint 10: no rules at all, then only the plugin's recommended rules (a minute
  // a run here; BENCH_ESLINT_ROUNDS=0 leaves it out).
  const eslintRounds = SECTIONS.has("eslint") ? Number(process.env.BENCH_ESLINT_ROUNDS ?? 3) : 0;
  if (eslintRounds > 0) {
    // ESLint pays per file for having any rule at all, whatever the rules do: it makes each rule's context with
    // Object.create of a fresh per-file object, which V8 then keeps as a prototype, and its young-generation
    // collections slow down (eslint-run.mjs). One of its own cheapest rules shows that cost; the plugin again,
    // with the contexts made as plain objects, shows what its rules cost themselves.
    const [eslintAlone, lint, builtin, plain] = compare(
      [
        { label: "eslint, no rules", command: process.execPath, args: [eslintRun, tree, "none"] },
        { label: "eslint, firecrawl/recommended only", command: process.execPath, args: [eslintRun, tree, "plugin"] },
        { label: "eslint, one of its own cheapest rules", command: process.execPath, args: [eslintRun, tree, "builtin", "1"] },
        { label: "eslint, firecrawl/recommended, plain contexts", command: process.execPath, args: [eslintRun, tree, "plugin+contexts"] },
      ],
      eslintRounds,
    );
    const percent = (ratio) => `${ratio >= 1 ? "+" : ""}${((ratio - 1) * 100).toFixed(1)}%`;
    console.log(`  one rule that looks at nearly nothing costs ESLint ${percent(builtin.cpuRatio)} CPU`);
    console.log(`  the plugin with ESLint's rule contexts made as plain objects: ${percent(plain.cpuRatio)} CPU over no rules (its rules' own cost)`);
    console.log(
      `  plugin overhead: ${percent(lint.cpuRatio)} CPU, ${percent(lint.ratio)} wall   (target <= 5% CPU: ${lint.cpuRatio <= 1.05 ? "met" : "NOT met"})`,
    );
    console.log(
      `  peak memory: ${(lint.rss / eslintAlone.rss).toFixed(2)}x ESLint's   (target <= 1.3x: ${lint.rss / eslintAlone.rss <= 1.3 ? "met" : "NOT met"})`,
    );
  }

  if (SECTIONS.has("firecrawl")) {
    // 2. Files that all use Firecrawl: the fixture inputs, repeated.
    const fixtures = readdirSync(join(root, "fixtures"), { recursive: true })
      .map(String)
      .filter((f) => /\.input\.(ts|tsx|js|mjs|cjs)$/.test(f) && !f.startsWith("untouched"));
    const count = Number(process.env.BENCH_FIRECRAWL_FILES ?? 2000);
    const seed = join(work, "seed");
    for (let i = 0; i < count; i++) {
      const f = fixtures[i % fixtures.length];
      const to = join(seed, `f${i}-${f.replace(/[/\\]/g, "-").replace(".input", "")}`);
      mkdirSync(dirname(to), { recursive: true });
      writeFileSync(to, readFileSync(join(root, "fixtures", f)));
    }
    // Every timed run gets its own copy, made before the first round, and moved into place (then aside)
    // rather than copied over a folder just deleted: on a file system that checks for recently deleted
    // inodes when it creates one (ext4 without a journal, as here), files created in the 30 s after a
    // mass deletion each skip past the freed inodes one by one. A command that writes (ours) would pay for
    // the bench's own deletions, and the identity transform, which writes nothing, would not.
    const target = join(work, "firecrawl");
    const spare = join(work, "copies");
    const used = join(work, "used");
    let runs = 0;
    const fresh = () => {
      if (existsSync(target)) renameSync(target, join(used, String(runs)));
      renameSync(join(spare, String(runs++)), target);
    };
    const commands = [
      {
        label: "jscodeshift identity transform (tsx)",
        command: process.execPath,
        args: [jscodeshift, "-t", join(root, "test/bench/identity.cjs"), "--extensions=ts,tsx,js,mjs,cjs", "--silent", target],
        before: fresh,
      },
      // One thread, as the per-file target reads: the default may start workers on an idle machine.
      {
        label: "firecrawl-codemod run --force --jobs 1",
        command: process.execPath,
        args: [cli, "run", target, "--force", "--no-progress", "--jobs", "1"],
        before: fresh,
      },
      {
        label: "firecrawl-codemod run --force --jobs 2",
        command: process.execPath,
        args: [cli, "run", target, "--force", "--no-progress", "--jobs", "2"],
        before: fresh,
      },
      // The default weighs the files and the load average: on an idle machine it starts workers, on a busy one none.
      {
        label: "firecrawl-codemod run --force (default jobs)",
        command: process.execPath,
        args: [cli, "run", target, "--force", "--no-progress"],
        before: fresh,
      },
    ];
    mkdirSync(used);
    // One for each timed run, and two more: what the default picks, and one thread's split among its threads.
    for (let i = 0; i < ROUNDS * commands.length + 2; i++) cpSync(seed, join(spare, String(i)), { recursive: true });
    execFileSync("sync");
    console.log(`\nFiles that all use Firecrawl: ${count} (the ${fixtures.length} fixture inputs, repeated)`);
    const [theirs, ours, workers, chosen] = compare(commands);
    // What the default picks here, on this machine now (it weighs the load average).
    fresh();
    const picked = JSON.parse(
      spawnSync(process.execPath, [cli, "run", target, "--force", "--json", "--no-progress"], { encoding: "utf8", maxBuffer: 1 << 28 }).stdout,
    );
    console.log(
      `  the default started ${picked.workers} workers (load average ${loadavg()[0].toFixed(2)} on ${availableParallelism()} cores); one thread took ${(ours.seconds / chosen.seconds).toFixed(2)}x its wall time`,
    );
    console.log(
      `  per file: ours ${((ours.cpu / count) * 1000).toFixed(2)} ms CPU, jscodeshift ${((theirs.cpu / count) * 1000).toFixed(2)} ms CPU (jscodeshift's own workers counted)`,
    );
    against("run / jscodeshift", ours, 0.7);
    // Workers pay in wall time (they spend more CPU in all): one thread's time over two's, each round's.
    const speedup = ours.seconds / workers.seconds;
    // What bounds them: one thread of ours is not one core's work, since V8 compiles and collects garbage on
    // threads of its own (read from /proc, on Linux), and each worker loads and compiles the tool again.
    if (existsSync("/proc/self/task")) {
      fresh();
      const threads = spawnSync(
        process.execPath,
        ["--import", join(root, "test/bench/thread-cpu.mjs"), cli, "run", target, "--force", "--no-progress", "--jobs", "1"],
        { encoding: "utf8", maxBuffer: 1 << 28 },
      );
      const { main, others } = JSON.parse(threads.stderr.trim().split("\n").at(-1));
      console.log(
        `  one thread's run: ${main.toFixed(2)} s CPU on its thread, ${others.toFixed(2)} s on V8's own (${((others / (main + others)) * 100).toFixed(0)}%, already on another core); --jobs 2 spent ${(workers.cpu - ours.cpu).toFixed(2)} s more CPU than one thread`,
      );
    }
    console.log(
      `  --jobs 2 on ${availableParallelism()} cores: ${speedup.toFixed(2)}x faster than one thread in wall time, ${(workers.cpu / ours.cpu).toFixed(2)}x its CPU   (target >= 1.5x: ${speedup >= 1.5 ? "met" : "NOT met"})`,
    );
  }

  if (SECTIONS.has("bigfile")) bigFiles(work);

  if (SECTIONS.has("types")) {
    // 3. The type-aware mode against the compiler on the same project: the batch test's project, repeated.
    const copies = Number(process.env.BENCH_PROJECT_COPIES ?? 60);
    const project = join(work, "project");
    for (let i = 0; i < copies; i++) cpSync(join(root, "test/batch/projects/site-tools/src"), join(project, "src", `part${i}`), { recursive: true });
    const sdkTypes = join(root, "node_modules/firecrawl-v1/dist/index.d.ts");
    writeFileSync(join(project, "tsconfig.json"), sdkTsconfig(sdkTypes, { node: true, include: ["src"] }));
    const projectFiles = readdirSync(join(project, "src"), { recursive: true }).filter((f) => String(f).endsWith(".ts")).length;
    console.log(`\nType-aware mode: ${projectFiles} TypeScript files (the batch project, ${copies} times) under one tsconfig`);
    // The type-aware run verifies its output against v2 by default; without it, the cost of the analysis alone.
    const [, typed, , unverified] = compare([
      { label: "tsc --noEmit", command: process.execPath, args: [join(root, "node_modules/typescript/bin/tsc"), "--noEmit", "-p", project] },
      {
        label: "firecrawl-codemod run --dry (types, verified)",
        command: process.execPath,
        args: [cli, "run", project, "--dry", "--json", "--project", join(project, "tsconfig.json")],
      },
      { label: "firecrawl-codemod run --dry --no-types", command: process.execPath, args: [cli, "run", project, "--dry", "--json", "--no-types"] },
      {
        label: "firecrawl-codemod run --dry --no-verify (types)",
        command: process.execPath,
        args: [cli, "run", project, "--dry", "--json", "--no-verify", "--project", join(project, "tsconfig.json")],
      },
    ]);
    against("type-aware with verification / tsc", typed, 1.8);
    against("type-aware without verification / tsc", unverified, 1.5);
  }
  if (SECTIONS.has("python")) pythonVerification(work);
} finally {
  rmSync(work, { recursive: true, force: true });
}
