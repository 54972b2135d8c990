/**
 * A Deno import map's entries that pin the v1 SDK (`"firecrawl": "npm:@mendable/firecrawl-js@1.29.3"` in deno.json,
 * deno.jsonc or the import map file it names), moved to the v2 release for migrated code that imports through them,
 * in the entry's own form (project/sdk-specifiers.ts). An entry kept on v1 beside a v2 one stays; one whose form
 * the tool cannot write was never followed (its importers carry a TODO). deno.lock is Deno's to refresh.
 */
import { readFileSync, statSync } from "node:fs";
import { applyEdits, modify } from "jsonc-parser";
import { movedSpecifier, projectModules, type ProjectModule } from "../project/sdk-specifiers.js";
import type { PackageBump } from "./bump.js";

export function importMapBumps(changedFiles: readonly string[], release: string): PackageBump[] {
  const byMap = new Map<string, Map<string, ProjectModule>>();
  for (const file of changedFiles) {
    for (const entry of projectModules(file).values()) {
      if (entry.kind !== "import map" || entry.deliberate || !movedSpecifier(entry.target, release)) continue;
      if (!byMap.has(entry.file)) byMap.set(entry.file, new Map());
      byMap.get(entry.file)!.set(entry.name, entry);
    }
  }
  return [...byMap].map(([path, entries]) => {
    const before = readFileSync(path, "utf8");
    let after = before;
    const ranges = [...entries.values()].map((entry) => {
      const to = movedSpecifier(entry.target, release)!;
      after = applyEdits(after, modify(after, [...entry.location], to, {}));
      return { dependency: entry.name, from: entry.target.text, to };
    });
    return { path, ranges, before, after, stat: statSync(path) };
  });
}
