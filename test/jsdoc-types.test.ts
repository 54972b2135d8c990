/**
 * The type-aware mode parses JSDoc as tsc does (src/js/checker/compiler.ts): in TypeScript files only what a
 * type error can depend on, in JavaScript files all of it. A JavaScript project checked with checkJs types
 * its values in JSDoc: a client that only a JSDoc type names must still be found, and its migrated file verified.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import { afterAll, expect, test } from "vitest";
import { projectProgram, typeFacts } from "../src/js/checker/programs.js";
import { verifyMigration } from "../src/js/checker/verify.js";
import { sdkCompilerOptions } from "./support/sdk-project.mjs";

const v1 = createRequire(import.meta.url)
  .resolve("firecrawl-v1/package.json")
  .replace("package.json", "dist/index.d.ts");
const dir = mkdtempSync(join(tmpdir(), "fc-jsdoc-types-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, "src"));
const tsconfig = join(dir, "tsconfig.json");
writeFileSync(tsconfig, JSON.stringify({ compilerOptions: { ...sdkCompilerOptions(v1), allowJs: true, checkJs: true }, include: ["src"] }));
const title = join(dir, "src/title.js");
const input = `/**
 * @param {{ crawler: import("@mendable/firecrawl-js").default }} services
 * @param {string} url
 */
export async function title(services, url) {
  const page = await services.crawler.scrapeUrl(url, { formats: ["markdown"] });
  if (!page.success) throw new Error(page.error);
  return page.metadata?.title ?? "";
}
`;
writeFileSync(title, input);

test("a JavaScript file's client that only a JSDoc type names is found, and its migration verified against v2", () => {
  const program = projectProgram(tsconfig);
  const facts = typeFacts([program], new Set([title])).get(title);
  const receiver = input.indexOf("services.crawler");
  expect(facts?.receivers).toEqual([`${receiver}:${receiver + "services.crawler".length}`]);
  expect(facts?.results.map(([at]) => at)).toEqual([input.indexOf("page =")]);
  // The JSDoc type types the client against v2 too: v1's success guard left on v2's result is a new error there.
  const migrated = input.replace("scrapeUrl", "scrape");
  const guarded = verifyMigration(new Map([[tsconfig, program]]), new Map([[title, migrated]])).get(title);
  expect(guarded?.newErrors).toBeGreaterThan(0);
  const unguarded = migrated.replace("  if (!page.success) throw new Error(page.error);\n", "");
  expect(verifyMigration(new Map([[tsconfig, projectProgram(tsconfig)]]), new Map([[title, unguarded]])).get(title)?.newErrors).toBe(0);
}, 120_000);
