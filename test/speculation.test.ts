/**
 * The main thread migrates files while the type process still builds its program and walks it
 * (src/run/speculation.ts). An early result may stand only where the checker's final facts would not have
 * changed it: these tests hold the early results of a multi-module project against the results migrated
 * with the facts.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createRequire } from "node:module";
import { afterAll, expect, test } from "vitest";
import { loadProcessing } from "../src/run/pool.js";
import { answeredAlike, migrateEarly } from "../src/run/speculation.js";
import { projectProgram, typeFacts } from "../src/js/checker/programs.js";
import type { FileTypes } from "../src/js/checker/facts.js";
import { typeFactsOf } from "../src/js/checker/facts.js";
import { sdkTsconfig } from "./support/sdk-project.mjs";

const root = resolve(import.meta.dirname, "..");
const v1 = createRequire(import.meta.url)
  .resolve("firecrawl-v1/package.json")
  .replace("package.json", "dist/index.d.ts");
const dir = mkdtempSync(join(tmpdir(), "fc-speculation-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
cpSync(join(root, "test/batch/projects/site-tools"), dir, { recursive: true });
const tsconfig = join(dir, "tsconfig.json");
writeFileSync(tsconfig, sdkTsconfig(v1, { node: true, include: ["src"] }));
const files = readdirSync(join(dir, "src")).map((name) => resolve(dir, "src", name));
const options = { write: false, diff: false, print: false, keepV1Defaults: false, hold: true };

test("an early result stands exactly where the checker's facts answer its questions the same", async () => {
  const early = await migrateEarly(files, options, { facts: new Promise(() => {}) });
  const facts = typeFacts([projectProgram(tsconfig)], new Set(files));
  const { processFile, processOptions } = await loadProcessing(options);
  const verdicts = [...early].map(([path, result]) => {
    const found = facts.get(path);
    const withFacts = processFile(path, processOptions, found && typeFactsOf(found));
    return { path, alike: answeredAlike(result, found), same: JSON.stringify(withFacts) === JSON.stringify(result.report) };
  });
  // Every file that names the SDK was migrated early; the others wait for the facts.
  expect(verdicts.length).toBeGreaterThan(3);
  expect(verdicts.filter((v) => v.alike && !v.same)).toEqual([]);
  // The clients and results only the checker sees change some files: those are migrated again.
  expect(verdicts.some((v) => !v.alike && !v.same)).toBe(true);
  expect(verdicts.some((v) => v.alike)).toBe(true);
}, 120_000);

/** A promise and the function that settles it (Promise.withResolvers, which Node 20 lacks). */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}

test("files whose facts come in while migrating ahead are migrated with them, and stand where the final facts agree", async () => {
  const facts = typeFacts([projectProgram(tsconfig)], new Set(files));
  let listener: ((path: string, own: FileTypes) => void) | undefined;
  let settle: (value: unknown) => void = () => {};
  // Waited on as events, never on a clock: a busy machine only makes the migration slower, not different.
  let caughtUp = deferred();
  const feed = {
    facts: new Promise((resolve) => (settle = resolve)),
    onFacts: (l: typeof listener) => void (listener = l),
    idle: () => caughtUp.resolve(),
  };
  const migrating = migrateEarly(files, options, feed);
  // The facts come in one file at a time, after the files that name the SDK were migrated "nothing known".
  await caughtUp.promise;
  const arriving = [...facts];
  for (const [i, [path, found]] of arriving.entries()) {
    // Caught up after the last file's facts means caught up with all of them.
    if (i === arriving.length - 1) caughtUp = deferred();
    listener!(path, found);
    await new Promise(setImmediate);
  }
  await caughtUp.promise;
  settle(facts);
  const early = await migrating;
  const { processFile, processOptions } = await loadProcessing(options);
  const verdicts = [...early].map(([path, result]) => {
    const found = facts.get(path);
    const withFacts = processFile(path, processOptions, found && typeFactsOf(found));
    return { path, alike: answeredAlike(result, found), same: JSON.stringify(withFacts) === JSON.stringify(result.report) };
  });
  // Files that never name the SDK, changed only by what the checker found in them, were migrated ahead too.
  const unnamed = [...early.keys()].filter((path) => !readFileSync(path, "utf8").includes("firecrawl"));
  expect(unnamed.length).toBeGreaterThan(0);
  expect(verdicts.filter((v) => v.alike && !v.same)).toEqual([]);
  expect(verdicts.filter((v) => v.alike).length).toBeGreaterThan(early.size / 2);
}, 120_000);

test("the early migration stops once the facts are in", async () => {
  expect((await migrateEarly(files, options, { facts: Promise.resolve(new Map()) })).size).toBe(0);
});
