/**
 * The table's two contracts: every row has a fixture that exercises it, and every row of spec section 9
 * (9.1-9.4) has an entry in the table.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { DEFAULTS, ERRORS, FORMATS, METHODS, NEW_IN_V2, OPTIONS, RESULTS, TYPES, UNCHANGED_FORMATS } from "../src/mapping/index.js";
import { loadFixtures } from "./support/fixtures.js";

const fixtures = loadFixtures();
const inputs = (concern?: string) => fixtures.filter((f) => !concern || f.concern === concern).map((f) => f.input);
const anyInput = (pattern: RegExp, concern?: string) => inputs(concern).some((text) => pattern.test(text));
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\@]/g, "\\$&");

describe("every row of the table has a fixture", () => {
  test.each(METHODS.map((row) => row.js.v1))("method %s", (name) => {
    expect(anyInput(new RegExp(`\\.${name}\\(`))).toBe(true);
  });
  test.each(OPTIONS.flatMap((row) => [row.js.v1, ...(row.js.v1Aliases ?? [])]))("option %s", (name) => {
    expect(anyInput(new RegExp(`\\b${name}\\s*[:=]|\\.${name}\\s*=`), "options")).toBe(true);
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
  const spec = readFileSync(resolve(import.meta.dirname, "../../shared/spec/service-spec.md"), "utf8");
  const section = (heading: string) => {
    const start = spec.indexOf(`### ${heading}`);
    const end = spec.indexOf("\n### ", start + 1);
    return spec.slice(start, end === -1 ? undefined : end);
  };
  const tableRows = (text: string) =>
    text
      .split("\n")
      .filter((line) => line.startsWith("|") && !/^\|\s*-/.test(line))
      .slice(1)
      .map((line) => line.split("|").slice(1, -1).map((cell) => cell.trim()));
  const specRefs = new Set([
    ...METHODS.map((r) => r.spec),
    ...OPTIONS.map((r) => r.spec),
    ...FORMATS.map((r) => r.spec),
    ...RESULTS.map((r) => r.spec),
    ...DEFAULTS.map((r) => r.spec),
    ...NEW_IN_V2.map((r) => r.spec),
  ]);

  test("9.1: each numbered behaviour change", () => {
    const items = [...section("9.1").matchAll(/^(\d+)\. /gm)].map((m) => `9.1.${m[1]}`);
    expect(items.length).toBe(8);
    expect(items.filter((item) => !specRefs.has(item))).toEqual([]);
  });

  test("9.2: each format kind", () => {
    const rows = tableRows(section("9.2"));
    expect(rows.length).toBe(4);
    const strings = rows.find(([kind]) => kind === "String formats")![1]!.split(",").map((s) => s.trim());
    const known = new Set<string>([...UNCHANGED_FORMATS, ...FORMATS.map((f) => f.v1)]);
    expect(strings.filter((s) => !known.has(s))).toEqual([]);
    const objectTypes = new Set(FORMATS.flatMap((f) => (f.v2 ? [f.v2.type] : [])));
    for (const [kind] of rows.filter(([kind]) => kind !== "String formats")) {
      const type = { "JSON format object": "json", "Screenshot format object": "screenshot", "Change tracking": "changeTracking" }[kind!];
      expect(type && objectTypes.has(type), kind).toBe(true);
    }
  });

  test("9.3: each crawl option", () => {
    const rows = tableRows(section("9.3"));
    const v1Names = new Set(OPTIONS.flatMap((r) => [r.js.v1, ...(r.js.v1Aliases ?? [])]));
    for (const [v1] of rows) {
      const name = v1!.split(" ")[0]!;
      if (name === "none") expect(NEW_IN_V2.some((r) => r.spec === "9.3")).toBe(true);
      else expect(v1Names.has(name), name).toBe(true);
    }
  });

  test("9.4: each JavaScript method", () => {
    const names = tableRows(section("9.4")).flatMap(([v1]) => v1!.split(",").map((s) => s.trim()));
    expect(names.length).toBeGreaterThan(15);
    const v1Names = new Set(METHODS.map((r) => r.js.v1));
    expect(names.filter((n) => !v1Names.has(n))).toEqual([]);
  });

  test("9.4: each Python method, under the spec's names and the real v1 ones", () => {
    const prose = section("9.4").split("Python client (sync):")[1]!.split("\n")[0]!;
    const clauses = prose.split(/;\s*/).map((c) => c.replace(/\.$/, "").trim());
    const byV1 = new Map(METHODS.flatMap((r) => r.python.v1.map((n) => [n, r] as const)));
    let checked = 0;
    for (const clause of clauses) {
      const rename = /^(\w+) to (\w+)/.exec(clause);
      const same = /^([\w, ]+?) (?:and (\w+) )?unchanged$/.exec(clause) ?? /^(\w+(?:, \w+)*)(?: and (\w+))? unchanged$/.exec(clause);
      const absent = /^(\w+) and (\w+) absent in v2$/.exec(clause);
      if (rename) {
        expect(byV1.get(rename[1]!)?.python.v2, clause).toBe(rename[2] === "watcher" ? "watcher" : rename[2]);
        checked++;
      } else if (absent) {
        for (const name of [absent[1]!, absent[2]!]) expect(byV1.get(name)?.python.v2, clause).toBeNull();
        checked++;
      } else if (same) {
        const names = [...same[1]!.split(/,\s*/), ...(same[2] ? [same[2]] : [])].flatMap((n) => n.split(" and "));
        for (const name of names) expect(byV1.has(name.trim()), `${name} (${clause})`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });
});
