/**
 * Whether another module of the project imports a module-level name of this one: `from pkg.mod import NAME`,
 * `from .mod import *`, `import pkg.mod` then `pkg.mod.NAME`, `importlib.import_module("pkg.mod")`. A module
 * nothing imports the name from keeps it to itself, so the migration may rewrite what it holds. The project is
 * src/project/python-modules.ts's; the other files are screened by text for the module's name first, and only
 * those that name it are parsed.
 */
import { readFileSync } from "node:fs";
import { basename, dirname, relative, resolve, sep } from "node:path";
import { pythonFilesUnder, pythonProjectRoot, remembered, type Answers } from "../../project/python-modules.js";
import { statIfAny } from "../../core/stat.js";
import { allOf, parsePython, stringValue, type Node } from "../runtime/parser.js";
import { notebookProgram } from "../runtime/notebook-cells.js";

/** Calls that load a module named by a string, which no import statement shows. */
const LOADS_BY_NAME = /\b(?:import_module|__import__|run_module|run_path|spec_from_file_location|SourceFileLoader)\s*\(/;

/** A name as a word of a text (a file's stem may hold `.` or `-`, which no import can name). */
const word = (name: string) => new RegExp(`(?<!\\w)${name.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&")}(?!\\w)`);

/** The module's path without its extension, a package's as its folder, in components from the project's root. */
export function moduleParts(root: string, path: string): string[] {
  const file = relative(root, resolve(path)).replace(/\.py$/, "");
  const parts = file.split(sep);
  return parts.at(-1) === "__init__" ? parts.slice(0, -1) : parts;
}

export const endsWith = (parts: readonly string[], tail: readonly string[]) =>
  tail.length > 0 && tail.length <= parts.length && tail.every((p, i) => parts[parts.length - tail.length + i] === p);

/** The absolute module a `from` import names, as components from the root: a relative one resolved from the importer's folder. */
export function fromModule(root: string, importer: string, statement: Node): { parts: string[]; relative: boolean } | undefined {
  const module = statement.childForFieldName("module_name");
  if (!module) return undefined;
  if (module.type !== "relative_import") return { parts: module.text.split("."), relative: false };
  const dots = module.namedChildren.find((c) => c?.type === "import_prefix")?.text.length ?? 0;
  let dir = dirname(resolve(importer));
  for (let i = 1; i < dots; i++) dir = dirname(dir);
  const dotted = module.namedChildren.find((c) => c?.type === "dotted_name")?.text;
  const base = relative(root, dir);
  if (base.startsWith("..")) return undefined;
  return { parts: [...(base ? base.split(sep) : []), ...(dotted ? dotted.split(".") : [])], relative: true };
}

/** Whether `importer` (its text, and `module`, its parse) imports `name` from the module whose components are `parts`. */
function imports(root: string, importer: string, text: string, module: Node, parts: readonly string[], name: string): boolean {
  const same = (target: { parts: string[]; relative: boolean }) =>
    target.relative ? target.parts.join("/") === parts.join("/") : endsWith(parts, target.parts);
  const mentionsName = word(name).test(text);
  for (const statement of allOf(module, "import_from_statement")) {
    const from = fromModule(root, importer, statement);
    if (!from) continue;
    const names = statement.childrenForFieldName("name").map((n) => (n?.type === "aliased_import" ? n.childForFieldName("name")!.text : (n?.text ?? "")));
    const star = statement.namedChildren.some((c) => c?.type === "wildcard_import");
    if (same(from) && (star || names.includes(name))) return true;
    // `from pkg import mod`, then `mod.NAME`
    if (mentionsName && names.some((n) => same({ parts: [...from.parts, n], relative: from.relative }))) return true;
  }
  for (const statement of allOf(module, "import_statement")) {
    for (const n of statement.childrenForFieldName("name")) {
      const dotted = n?.type === "aliased_import" ? n.childForFieldName("name")!.text : (n?.text ?? "");
      if (mentionsName && endsWith(parts, dotted.split("."))) return true;
    }
  }
  // `importlib.import_module("pkg.mod")` and the like: the module is named in a string.
  const stem = parts.at(-1)!;
  return LOADS_BY_NAME.test(text) && allOf(module, "string").some((s) => stringValue(s)?.includes(stem));
}

/**
 * A module's own `__all__` naming `name` (`__all__ = [...]`, `+= [...]`, `.append(...)`, `.extend(...)`): it says
 * the name is for others to import. One this codemod cannot read (`__all__ = base.__all__ + [...]`) may name it.
 */
function listedInAll(root: Node, name: string): boolean {
  return root.namedChildren.some((statement) => {
    if (statement?.type !== "expression_statement" || !/^__all__\b/.test(statement.text)) return false;
    if (allOf(statement, "string").some((s) => stringValue(s) === name)) return true;
    return allOf(statement, "identifier").some((n) => !["__all__", "append", "extend"].includes(n.text));
  });
}

/**
 * The parses of the project's files that import `name` from the module at `path` whose parse is `tree`; undefined where that
 * cannot be told (its `__all__` lists it, no project holds the file, the project is too large to read, a file
 * cannot be read or parsed); `runPaths` are the files and folders the run was asked for.
 */
function importersOf(path: string, tree: Node, name: string, runPaths: readonly string[]): Node[] | undefined {
  if (listedInAll(tree, name)) return undefined;
  if (!statIfAny(path)?.isFile()) return undefined;
  const root = pythonProjectRoot(path, runPaths);
  const files = root && pythonFilesUnder(root);
  if (!root || !files) return undefined;
  const parts = moduleParts(root, path);
  const stem = parts.at(-1) ?? basename(root);
  const self = resolve(path);
  // A package's own modules import from its __init__ by dots alone (`from . import NAME`), never spelling its name.
  const inPackage = basename(self) === "__init__.py" ? files.filter((file) => file.startsWith(dirname(self) + sep)) : [];
  const found: Node[] = [];
  for (const file of new Set([...naming(root, files, stem), ...inPackage])) {
    if (file === self) continue;
    try {
      // A notebook's code cells, as one program: an import in a markdown cell, a comment or `%pip install` is none,
      // and a cell may use the module another imported.
      const raw = readFileSync(file, "utf8");
      const text = file.endsWith(".ipynb") ? notebookProgram(raw) : raw;
      const module = parsePython(text).rootNode;
      if (imports(root, file, text, module, parts, name)) found.push(module);
    } catch {
      return undefined;
    }
  }
  return found;
}

/** Whether another module may import `name` from the module at `path` whose parse is `tree` (importersOf). */
export function importedElsewhere(path: string, tree: Node, name: string, runPaths: readonly string[] = []): boolean {
  return importersOf(path, tree, name, runPaths)?.length !== 0;
}

/**
 * Whether another module that imports the class `name` from the module at `path` reads an attribute `attribute` of
 * anything (`service.app.scrape_url(url)`, a subclass's `self.app`): by the attribute's name alone, since which object
 * holds it is the type checker's to tell. True where the importers cannot be told.
 */
export function attributeReadElsewhere(path: string, tree: Node, name: string, attribute: string, runPaths: readonly string[] = []): boolean {
  const importers = importersOf(path, tree, name, runPaths);
  return !importers || readsAttribute(importers, attribute);
}

/**
 * Whether another module that imports the class `name` from the module at `path` reads `attribute` of anything, as
 * attributeReadElsewhere; none where no module is seen to import it (a script outside any project), as seenCallsElsewhere.
 */
export function seenAttributeReadElsewhere(path: string, tree: Node, name: string, attribute: string, runPaths: readonly string[] = []): boolean {
  return readsAttribute(importersOf(path, tree, name, runPaths) ?? [], attribute);
}

const readsAttribute = (modules: readonly Node[], attribute: string) =>
  modules.some((module) => allOf(module, "attribute").some((a) => a.childForFieldName("attribute")?.text === attribute));

/**
 * The calls other modules make of the function `name` of the module at `path`: by the name they import it as
 * (`from lib import fetch`, `fetch(...)`); undefined where some are not to be told apart from other uses (an
 * importer that hands the function on, or imports the module and not the name), or the importers cannot be told.
 */
export function callsElsewhere(path: string, tree: Node, name: string, runPaths: readonly string[] = []): Node[] | undefined {
  const importers = importersOf(path, tree, name, runPaths);
  return importers && callsIn(importers, name);
}

/**
 * The same, but none where no other module is seen to import the name (the importers cannot be told: a script
 * outside any project): undefined only where some module imports it and its calls cannot be told.
 */
export function seenCallsElsewhere(path: string, tree: Node, name: string, runPaths: readonly string[] = []): Node[] | undefined {
  const importers = importersOf(path, tree, name, runPaths);
  return importers ? callsIn(importers, name) : [];
}

/** The calls of the function `name` in the parses of the modules that import it (callsElsewhere). */
function callsIn(importers: readonly Node[], name: string): Node[] | undefined {
  const calls: Node[] = [];
  // the importers' parses, made once to tell that they import it
  for (const module of importers) {
    const locals = allOf(module, "import_from_statement").flatMap((statement) =>
      statement
        .childrenForFieldName("name")
        .flatMap((n) =>
          n?.type === "aliased_import"
            ? n.childForFieldName("name")!.text === name
              ? [n.childForFieldName("alias")!.text]
              : []
            : n?.text === name
              ? [name]
              : [],
        ),
    );
    if (!locals.length) return undefined;
    const uses = allOf(module, "identifier").filter((n) => locals.includes(n.text) && n.parent?.type !== "dotted_name" && n.parent?.type !== "aliased_import");
    const called = uses.filter((n) => n.parent?.type === "call" && n.parent.childForFieldName("function")?.id === n.id);
    if (called.length !== uses.length) return undefined;
    calls.push(...called.map((n) => n.parent!));
  }
  return calls;
}

const named: Answers<readonly string[]> = new Map();

/**
 * The project's files whose text has `stem` as a word (or cannot be read): the only ones that can import the
 * module. An answer stands for ANSWER_LIFETIME_MS, for a long-lived process (the library's) whose files change.
 */
function naming(root: string, files: readonly string[], stem: string): readonly string[] {
  return remembered(named, `${root}\0${stem}`, () => {
    const mention = word(stem);
    return files.filter((file) => {
      try {
        return mention.test(readFileSync(file, "utf8"));
      } catch {
        return true;
      }
    });
  });
}
