/**
 * The codemod-registry package (codemod/): its workflow validates with the `codemod` CLI from npm, and run
 * by that CLI over a copy of examples/v1-app it gives, byte for byte, what `firecrawl-codemod run` gives on
 * another copy, with each param passed through as its flag. The workflow fetches the release it names with
 * npx; an npx stand-in runs this build instead, so nothing reaches codemod.com.
 *
 * The CLI is installed here, not as a devDependency: it ships one binary package per platform as optional
 * dependencies, and a lockfile written where some of them cannot be fetched makes `npm ci` refuse.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { withCaCerts } from "./support/cli.js";

const root = resolve(import.meta.dirname, "..");
const CLI = join(root, "dist/src/cli/main.js");
const CODEMOD_RELEASE = "codemod@1.18.3";
const PACKAGE = join(root, "codemod");
const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function temp(): string {
  const dir = mkdtempSync(join(tmpdir(), "fc-registry-"));
  temps.push(dir);
  return dir;
}

/** The codemod CLI, installed from the npm registry (or its cache) into a folder of its own. */
let CODEMOD = "";
beforeAll(() => {
  const prefix = temp();
  execFileSync("npm", ["install", "--prefix", prefix, "--prefer-offline", "--no-audit", "--no-fund", "--no-save", CODEMOD_RELEASE], {
    env: withCaCerts(),
    stdio: "ignore",
  });
  CODEMOD = join(prefix, "node_modules/.bin/codemod");
}, 300_000);

/** A committed copy of the example project. */
function example(): string {
  const dir = temp();
  cpSync(join(root, "examples/v1-app"), dir, { recursive: true });
  const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "ignore" });
  git("init", "-q");
  git("add", "-A");
  git("-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "v1");
  return dir;
}

function files(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !join(e.parentPath, e.name).includes(`${dir}/.git/`))
      .map((e) => [relative(dir, join(e.parentPath, e.name)), readFileSync(join(e.parentPath, e.name), "utf8")]),
  );
}

/** The workflow run by the codemod CLI in `dir`; `asked` collects the package each npx call named, `argv` the words the CLI was given. */
function viaRegistry(dir: string, params: string[]) {
  const bin = temp();
  writeFileSync(
    join(bin, "npx"),
    `#!/bin/sh\necho "$2" >> "${join(bin, "asked")}"\nshift 2\nprintf '%s\\0' "$@" > "${join(bin, "argv")}"\nexec "${process.execPath}" "${CLI}" "$@"\n`,
    { mode: 0o755 },
  );
  const run = spawnSync(CODEMOD, ["workflow", "run", "-w", PACKAGE, "--no-interactive", "--disable-analytics", ...params.flatMap((p) => ["--param", p])], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, NO_COLOR: "1" },
  });
  return {
    ...run,
    // A workflow that fails before npx leaves neither file.
    asked: existsSync(join(bin, "asked")) ? readFileSync(join(bin, "asked"), "utf8").trim() : "",
    argv: existsSync(join(bin, "argv")) ? readFileSync(join(bin, "argv"), "utf8").split("\0").slice(0, -1) : [],
  };
}

test("the package and its workflow validate", () => {
  const result = spawnSync(CODEMOD, ["workflow", "validate", "-w", PACKAGE, "--disable-analytics"], { encoding: "utf8" });
  expect(result.stderr + result.stdout).toContain("Package validation successful");
  expect(result.status).toBe(0);
  const manifest = readFileSync(join(PACKAGE, "codemod.yaml"), "utf8");
  expect(manifest).toContain(`version: "${JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version}"`);
}, 60_000);

test.each([
  ["no params", [], []],
  [
    "keep_v1_defaults and transforms",
    ["keep_v1_defaults=true", "transforms=options,formats,client-methods"],
    ["--keep-v1-defaults", "--transforms", "options,formats,client-methods"],
  ],
  ["dry", ["dry=true"], ["--dry"]],
] as const)(
  "with %s, the registry run gives what firecrawl-codemod run gives",
  (_, params, flags) => {
    const registry = example();
    const direct = example();
    const result = viaRegistry(registry, [...params]);
    expect(result.status, result.stderr + result.stdout).toBe(0);
    expect(result.asked).toBe(`firecrawl-codemod@${JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version}`);
    expect(spawnSync(process.execPath, [CLI, "run", ".", "--no-progress", ...flags], { cwd: direct }).status).toBe(0);
    expect(files(registry)).toEqual(files(direct));
  },
  120_000,
);

test("a param's text reaches the CLI as one word, whatever it holds: it never runs as shell", () => {
  const dir = example();
  // Each line ends a quoting the workflow once used (or might): a heredoc's terminator, the script's own exit, quotes.
  const hostile = [
    "options",
    "FIRECRAWL_CODEMOD_PARAM",
    "exit 0 # the params follow",
    "touch pwned-1 $(touch pwned-2) `touch pwned-3`",
    `'"; touch pwned-4; '"`,
  ].join("\n");
  const result = viaRegistry(dir, [`transforms=${hostile}`, `dry=true\nFIRECRAWL_CODEMOD_PARAM\ntouch pwned-5`]);
  expect(readdirSync(dir).filter((name) => name.startsWith("pwned"))).toEqual([]);
  expect(result.argv).toEqual(["run", ".", "--no-progress", "--transforms", hostile, "--force"]);
}, 120_000);
