/**
 * The table's two contracts: every row has a fixture that exercises it, and every row of spec section 9
 * (9.1-9.4) has an entry in the table.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { DEFAULTS, ERRORS, FORMATS, METHODS, NEW_IN_V2, OPTIONS, RESULTS, TYPES, UNCHANGED_FORMATS } from "../src/mapping/index.js";
import { API_OPTIONS } from "../src/mapping/options.js";
import { loadFixtures } from "./support/fixtures.js";
import { readSection9, SECTION_9 } from "./support/spec-section-9.js";

const fixtures = loadFixtures();
const inputs = (concern?: string) => fixtures.filter((f) => !concern || f.concern === concern).map((f) => f.input);
const anyInput = (pattern: RegExp, concern?: string) => inputs(concern).some((text) => pattern.test(text));
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\@]/g, "\\$&");

describe("every row of the table has a fixture", () => {
  test.each(METHODS.map((row) => row.js.v1))("method %s", (name) => {
    expect(anyInput(new RegExp(`\\.${name}\\(`))).toBe(true);
  });
  test.each(API_OPTIONS.flatMap((row) => [row.js.v1, ...(row.js.v1Aliases ?? [])]))("option %s", (name) => {
    expect(anyInput(new RegExp(`\\b${name}\\s*[:=]|\\.${name}\\s*=`), "options")).toBe(true);
  });
  // A row for firecrawl-py's v2 alone is exercised by a Python fixture: a keyword, or a key of a params dict.
  const pythonOptions = join(import.meta.dirname, "../fixtures/python/options");
  const pythonInputs = readdirSync(pythonOptions)
    .filter((name) => name.endsWith(".input.py"))
    .map((name) => readFileSync(join(pythonOptions, name), "utf8"));
  test.each(OPTIONS.filter((row) => row.only === "python").map((row) => row.python.v1))("firecrawl-py option %s", (name) => {
    expect(pythonInputs.some((text) => new RegExp(`\\b${name}\\s*=|["']${name}["']\\s*:`).test(text))).toBe(true);
  });
  test.each(FORMATS.map((row) => row.v1))("format %s", (name) => {
    expect(anyInput(new RegExp(`["']${escape(name)}["']`), "formats")).toBe(true);
  });
  test.each(RESULTS.map((row) => `${row.js.v1} of ${row.of.join("/")}`))("result field %s", (label) => {
    expect(anyInput(new RegExp(`\\.${label.split(" ")[0]}\\b|\\{ ${label.split(" ")[0]} \\}`), "results")).toBe(true);
  });
  test.each([...TYPES, ...ERRORS].map((row) => row.js.v1))("export %s", (name) => {
    expect(anyInput(new RegExp(`\\b${name}\\b`))).toBe(true);
  });
  test.each(DEFAULTS.filter((row) => row.v1 !== null).map((row) => row.js))("kept v1 default %s", (name) => {
    expect(fixtures.filter((f) => f.concern === "v1-defaults").some((f) => f.output.includes(`${name}:`))).toBe(true);
  });
});

describe("every row of spec section 9 has a table entry", () => {
  const specRefs = new Set([
    ...METHODS.map((r) => r.spec),
    ...OPTIONS.map((r) => r.spec),
    ...FORMATS.map((r) => r.spec),
    ...RESULTS.map((r) => r.spec),
    ...DEFAULTS.map((r) => r.spec),
    ...NEW_IN_V2.map((r) => r.spec),
  ]);

  test("9.1: each numbered behaviour change", () => {
    expect(SECTION_9.changes.length).toBe(8);
    expect(SECTION_9.changes.filter((item) => !specRefs.has(item))).toEqual([]);
  });

  test("9.2: each format kind", () => {
    const known = new Set<string>([...UNCHANGED_FORMATS, ...FORMATS.map((f) => f.v1)]);
    expect(SECTION_9.formats.strings.filter((s) => !known.has(s))).toEqual([]);
    const objectTypes = new Set(FORMATS.flatMap((f) => (f.v2 ? [f.v2.type] : [])));
    expect(SECTION_9.formats.objects.filter((type) => !objectTypes.has(type))).toEqual([]);
  });

  test("9.3: each crawl option", () => {
    const v1Names = new Set(OPTIONS.flatMap((r) => [r.js.v1, ...(r.js.v1Aliases ?? [])]));
    for (const name of SECTION_9.crawlOptions) {
      if (name === "none") expect(NEW_IN_V2.some((r) => r.spec === "9.3")).toBe(true);
      else expect(v1Names.has(name), name).toBe(true);
    }
  });

  test("9.4: each JavaScript method", () => {
    expect(SECTION_9.jsMethods.length).toBeGreaterThan(15);
    const v1Names = new Set(METHODS.map((r) => r.js.v1));
    expect(SECTION_9.jsMethods.filter((n) => !v1Names.has(n))).toEqual([]);
  });

  test("9.4: each Python method, under the spec's names and the real v1 ones", () => {
    const byV1 = new Map(METHODS.flatMap((r) => r.python.v1.map((n) => [n, r] as const)));
    for (const [from, to] of SECTION_9.python.renamed) expect(byV1.get(from)?.python.v2, from).toBe(to);
    for (const name of SECTION_9.python.absent) expect(byV1.get(name)?.python.v2, name).toBeNull();
    for (const name of SECTION_9.python.unchanged) expect(byV1.has(name), name).toBe(true);
    expect(SECTION_9.python.renamed.length + SECTION_9.python.absent.length + SECTION_9.python.unchanged.length).toBeGreaterThanOrEqual(10);
  });
});

/**
 * The record above is the repository's own: the names and mappings of spec section 9 that the table must
 * cover. Where the spec itself sits beside the repository (a developer's checkout), the record is checked
 * against it; a clone on its own skips that one test.
 */
const SPEC = resolve(import.meta.dirname, "../../shared/spec/service-spec.md");

describe.skipIf(!existsSync(SPEC))("the record of spec section 9 (skipped: the spec is not beside this clone)", () => {
  test("matches the spec", () => {
    expect(readSection9(readFileSync(SPEC, "utf8"))).toEqual(SECTION_9);
  });
});
