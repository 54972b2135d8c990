/**
 * The code's layers, as the README's development section draws them: each folder imports only from the folders
 * below it, the two language wings never from each other, and no module reaches itself again through its imports
 * (type-only and dynamic imports count: a cycle of types still ties the modules together).
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { expect, test } from "vitest";

const root = resolve(import.meta.dirname, "..");

/** Top to bottom: a module may import from its own folder and from the ones after it. */
const LAYERS = [
  "transforms",
  "rules",
  "src/cli",
  "src/upgrade",
  "src/index.ts",
  "src/run",
  "src/docs",
  "src/shell",
  "src/js/steps",
  "src/python/steps",
  "src/js/checker",
  "src/python/checker",
  "src/js",
  "src/python",
  "src/js/detect",
  "src/python/detect",
  "src/js/runtime",
  "src/python/runtime",
  "src/project",
  "src/core",
  "src/mapping",
  "src/version.ts",
];

const modules = ["src", "transforms", "rules"].flatMap((dir) =>
  readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => join(dir, f)),
);

/** The module's own imports, as paths from the root: static, type-only, re-exports and import(). */
function importsOf(module: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(root, module), "utf8"), true, true);
  return importedFiles
    .map((i) => i.fileName)
    .filter((name) => name.startsWith("."))
    .map((name) => relative(root, resolve(root, dirname(module), name)).replace(/\.js$/, ".ts"));
}

const graph = new Map(modules.map((m) => [m, importsOf(m)]));
const layerOf = (module: string) => LAYERS.findIndex((layer) => module === layer || dirname(module) === layer);

test("every module is in a layer, and imports modules that exist", () => {
  expect(modules.filter((m) => layerOf(m) < 0)).toEqual([]);
  expect([...graph].flatMap(([m, imports]) => imports.filter((i) => !graph.has(i)).map((i) => `${m} -> ${i}`))).toEqual([]);
});

test("no import climbs to a folder above its own", () => {
  const climbs = [...graph].flatMap(([m, imports]) => imports.filter((i) => layerOf(i) < layerOf(m)).map((i) => `${m} -> ${i}`));
  expect(climbs).toEqual([]);
});

test("the JavaScript and Python wings do not import each other", () => {
  const wing = (m: string) => /^src\/(js|python)\//.exec(m)?.[1];
  const across = [...graph].flatMap(([m, imports]) => imports.filter((i) => wing(m) && wing(i) && wing(m) !== wing(i)).map((i) => `${m} -> ${i}`));
  expect(across).toEqual([]);
});

test("no module reaches itself through its imports", () => {
  const cycles: string[] = [];
  const state = new Map<string, "open" | "done">();
  const visit = (module: string, path: string[]) => {
    if (state.get(module) === "done") return;
    if (state.get(module) === "open") {
      cycles.push([...path.slice(path.indexOf(module)), module].join(" -> "));
      return;
    }
    state.set(module, "open");
    for (const next of graph.get(module) ?? []) visit(next, [...path, module]);
    state.set(module, "done");
  };
  for (const module of graph.keys()) visit(module, []);
  expect(cycles).toEqual([]);
});

test("one module outside the wings decides the steps a migration takes and loads the parsers they need", () => {
  const presetsAndLoaders = new Set(["src/js/steps/index.ts", "src/python/steps/index.ts", "src/python/runtime/parser.ts"]);
  const deciders = [...graph]
    .filter(([m, imports]) => m.startsWith("src/") && !/^src\/(js|python)\//.test(m) && imports.some((i) => presetsAndLoaders.has(i)))
    .map(([m]) => m);
  expect(deciders).toEqual(["src/run/preset.ts"]);
});
