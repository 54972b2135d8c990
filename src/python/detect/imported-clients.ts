/**
 * Clients another module of the project makes for this one: `from config.settings import firecrawl_app` where
 * config/settings.py binds `firecrawl_app = FirecrawlApp(api_key=...)` at its top level (or gives one from a function of
 * its own, `get_client()`; detect/clients.ts's moduleClients says which). The importing module
 * never names the SDK's class, yet its calls on that name are the client's: left on v1 names they are an
 * AttributeError on 4.x releases without the v1 aliases, and with them the results are v2's models read as dicts.
 * The module imported from is found among the project's files (src/project/python-modules.ts) by its dotted path,
 * relative imports from the importer's folder; only its own top-level names are followed, not a name it imports in
 * turn. Where the path names no file of the project, or more than one, nothing is taken.
 */
import { readFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { pythonFilesUnder, pythonProjectRoot, remembered, type Answers } from "../../project/python-modules.js";
import { parsePython } from "../runtime/parser.js";
import { endsWith, fromModule, moduleParts } from "./importers.js";
import { moduleClients, type ProjectModules } from "./clients.js";

const read: Answers<ReadonlyMap<string, boolean>> = new Map();

/** A module's top-level clients by name, read once a run (ANSWER_LIFETIME_MS); none where the file cannot be read or parsed. */
function clientsOf(path: string): ReadonlyMap<string, boolean> {
  return remembered(read, path, () => {
    try {
      return moduleClients(parsePython(readFileSync(path, "utf8")));
    } catch {
      return new Map();
    }
  });
}

/** The project's modules (no notebooks: nothing imports one) by the last component of their dotted path. */
const byStem: Answers<ReadonlyMap<string, readonly string[]>> = new Map();

function modulesNamed(root: string, files: readonly string[], stem: string): readonly string[] {
  const stems = remembered(byStem, root, () => {
    const found = new Map<string, string[]>();
    for (const file of files) {
      if (!file.endsWith(".py")) continue;
      const last = moduleParts(root, file).at(-1) ?? basename(root);
      found.set(last, [...(found.get(last) ?? []), file]);
    }
    return found;
  });
  return stems.get(stem) ?? [];
}

/** The clients the project's other modules make, as `importer` (a module at that path) imports them. */
export function projectModules(importer: string, runPaths: readonly string[] = []): ProjectModules {
  const self = resolve(importer);
  let root: string | undefined | null = null;
  return {
    clients(statement, submodule) {
      // most modules import nothing a client could be: the project is looked for at the first import that might
      if (root === null) root = pythonProjectRoot(importer, runPaths);
      const at = root;
      const files = at ? pythonFilesUnder(at) : undefined;
      const from = !at ? undefined : statement.type === "import_statement" ? { parts: [], relative: false } : fromModule(at, importer, statement);
      if (!at || !files || !from) return undefined;
      const target = { parts: [...from.parts, ...(submodule ? submodule.split(".") : [])], relative: from.relative };
      if (!target.parts.length) return undefined;
      const found = modulesNamed(at, files, target.parts.at(-1)!).filter((file) => {
        if (file === self) return false;
        const parts = moduleParts(at, file);
        return target.relative ? parts.join("/") === target.parts.join("/") : endsWith(parts, target.parts);
      });
      return found.length === 1 ? clientsOf(found[0]!) : undefined;
    },
  };
}
