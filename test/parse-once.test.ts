/**
 * Each file is parsed once per language pass: the plugin's rules share one parse of a file, as the codemod's
 * steps do. Babel's parse is counted through a wrapper around src/js/parse.ts.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Linter } from "eslint";
import tseslint from "typescript-eslint";
import { beforeEach, describe, expect, test, vi } from "vitest";

const parses = vi.hoisted(() => ({ count: 0 }));
vi.mock("../src/js/parse.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../src/js/parse.js")>();
  return {
    ...original,
    parse: (...args: Parameters<typeof original.parse>) => {
      parses.count++;
      return original.parse(...args);
    },
  };
});

const { default: plugin } = await import("../rules/index.js");

const root = resolve(import.meta.dirname, "..");
const input = readFileSync(join(root, "fixtures/results/success-guard-throw.input.ts"), "utf8");

beforeEach(() => {
  parses.count = 0;
});

describe("the ESLint plugin", () => {
  test("parses a file once for all its rules", () => {
    const linter = new Linter();
    const messages = linter.verify(input, [{ files: ["**/*.ts"], languageOptions: { parser: tseslint.parser } }, plugin.configs.recommended!], {
      filename: join(root, "a.ts"),
    });
    expect(messages.filter((m) => m.ruleId?.startsWith("firecrawl/")).length).toBeGreaterThan(1);
    expect(Object.keys(plugin.configs.recommended!.rules!).length).toBeGreaterThan(1);
    expect(parses.count).toBe(1);
  });
});
