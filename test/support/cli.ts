/** The built CLI and the temporary repositories its suites spawn it on. */
import { execFileSync, spawnSync, type SpawnSyncOptions } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll } from "vitest";

export const CLI = resolve(import.meta.dirname, "../../dist/src/cli/main.js");
const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

export const V1_SCRAPE = `import FirecrawlApp from "@mendable/firecrawl-js";

const app = new FirecrawlApp({ apiKey: "fc-test" });

export async function page(url: string) {
  const res = await app.scrapeUrl(url, { formats: ["markdown"] });
  if (!res.success) throw new Error(res.error);
  return res.markdown;
}
`;

export const V1_CRAWL = `import FirecrawlApp from "@mendable/firecrawl-js";

const app = new FirecrawlApp({ apiKey: "fc-test" });

export async function site(url: string) {
  return app.asyncCrawlUrl(url, { maxDepth: 2 });
}
`;

/** A temporary folder, removed when the suite ends. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "fc-codemod-"));
  temps.push(dir);
  return dir;
}

export function gitIn(dir: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
}

/** A temporary repository with these files, committed unless `commit` is false; `at` puts it inside a folder of a test's own. */
export function repo(files: Record<string, string | Buffer>, { git = true, commit = true, at }: { git?: boolean; commit?: boolean; at?: string } = {}): string {
  const dir = at ?? tempDir();
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  if (git) {
    gitIn(dir, "init", "-q");
    gitIn(dir, "config", "user.email", "test@example.com");
    gitIn(dir, "config", "user.name", "test");
    if (commit) {
      gitIn(dir, "add", "-A");
      gitIn(dir, "commit", "-qm", "v1");
    }
  }
  return dir;
}

/** The CLI run in `cwd`; `command` runs it through another program first (a shell, another user). */
export function cli(cwd: string, ...args: string[]) {
  return cliVia([], cwd, ...args);
}

/** The environment with the CA bundle vitest.config.ts took out of it put back: for a process that runs npm. */
export function withCaCerts(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const bundle = process.env.FIRECRAWL_CODEMOD_TEST_CA_CERTS;
  return bundle ? { ...env, NODE_EXTRA_CA_CERTS: bundle } : env;
}

export function cliVia(command: readonly string[], cwd: string, ...args: string[]) {
  // A --dry diff of a large file runs to megabytes; --install runs npm.
  const env = { ...process.env, NO_COLOR: "1" };
  const options: SpawnSyncOptions = { cwd, encoding: "utf8", env: args.includes("--install") ? withCaCerts(env) : env, maxBuffer: Infinity };
  const [program, ...rest] = [...command, process.execPath, CLI, ...args];
  const result = spawnSync(program!, rest, options);
  return { code: result.status, stdout: String(result.stdout), stderr: String(result.stderr) };
}

export const read = (dir: string, path: string) => readFileSync(join(dir, path), "utf8");
