/**
 * What spec section 9 (the migration) names, recorded in the repository so the coverage tests need
 * nothing outside it: the behaviour changes by number, the format kinds, the crawl options, the JS
 * methods and the Python method mappings. `readSection9` reads the same facts from the spec's text, so a
 * checkout with the spec beside it can tell when the record falls behind.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

export interface Section9 {
  /** 9.1's numbered behaviour changes, as "9.1.N" */
  readonly changes: readonly string[];
  /** 9.2: the string formats, and the types of the format objects */
  readonly formats: { readonly strings: readonly string[]; readonly objects: readonly string[] };
  /** 9.3: the v1 crawl option of each row ("none" for options new in v2) */
  readonly crawlOptions: readonly string[];
  /** 9.4: the v1 JavaScript method names */
  readonly jsMethods: readonly string[];
  /** 9.4's Python prose: renamed methods, methods absent in v2, and unchanged ones */
  readonly python: { readonly renamed: readonly (readonly [string, string])[]; readonly absent: readonly string[]; readonly unchanged: readonly string[] };
}

export const SECTION_9 = JSON.parse(readFileSync(resolve(import.meta.dirname, "spec-section-9.json"), "utf8")) as Section9;

const OBJECT_FORMATS: Record<string, string> = { "JSON format object": "json", "Screenshot format object": "screenshot", "Change tracking": "changeTracking" };

export function readSection9(spec: string): Section9 {
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
      .map((line) =>
        line
          .split("|")
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
  const formatRows = tableRows(section("9.2"));
  const renamed: [string, string][] = [];
  const absent: string[] = [];
  const unchanged: string[] = [];
  const prose = section("9.4").split("Python client (sync):")[1]!.split("\n")[0]!;
  for (const clause of prose.split(/;\s*/).map((c) => c.replace(/\.$/, "").trim())) {
    const rename = /^(\w+) to (\w+)/.exec(clause);
    const gone = /^(\w+) and (\w+) absent in v2$/.exec(clause);
    const same = /^([\w, ]+?) (?:and (\w+) )?unchanged$/.exec(clause) ?? /^(\w+(?:, \w+)*)(?: and (\w+))? unchanged$/.exec(clause);
    if (rename) renamed.push([rename[1]!, rename[2]!]);
    else if (gone) absent.push(gone[1]!, gone[2]!);
    else if (same) unchanged.push(...[...same[1]!.split(/,\s*/), ...(same[2] ? [same[2]] : [])].flatMap((n) => n.split(" and ")).map((n) => n.trim()));
  }
  return {
    changes: [...section("9.1").matchAll(/^(\d+)\. /gm)].map((m) => `9.1.${m[1]}`),
    formats: {
      strings: formatRows
        .find(([kind]) => kind === "String formats")![1]!
        .split(",")
        .map((s) => s.trim()),
      objects: formatRows.filter(([kind]) => kind !== "String formats").map(([kind]) => OBJECT_FORMATS[kind!] ?? kind!),
    },
    crawlOptions: tableRows(section("9.3")).map(([v1]) => v1!.split(" ")[0]!),
    jsMethods: tableRows(section("9.4")).flatMap(([v1]) => v1!.split(",").map((s) => s.trim())),
    python: { renamed, absent, unchanged },
  };
}
