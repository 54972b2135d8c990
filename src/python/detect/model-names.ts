/**
 * The name the migration writes an SDK model by (`ScrapeOptions(...)` made of a params dict): the model's own, or
 * `Firecrawl<Model>` where the module has a class or an import of that name of its own (a service's pydantic
 * `ScrapeOptions`). Under the model's own name the SDK's import would shadow the code's class, or the code's class
 * the SDK's model, whichever the module binds last; the imports step imports it under the name written.
 */
import { PY_CAST, PY_PACKAGE } from "../../mapping/python.js";
import { allOf, type Node, type Tree } from "../runtime/parser.js";
import { usesIn } from "./names.js";

const ownNames = new WeakMap<Tree, Set<string>>();

export function modelCalled(at: Node, model: string): string {
  return namesOfOwn(at.tree).has(model) ? `Firecrawl${model}` : model;
}

/** The names a module binds to classes of its own and to what it imports from outside the SDK. */
function namesOfOwn(tree: Tree): Set<string> {
  let names = ownNames.get(tree);
  if (names) return names;
  const root = tree.rootNode;
  const imported = importedNames(root, (module) => module.split(".")[0] !== PY_PACKAGE);
  names = new Set([...imported, ...allOf(root, "class_definition").map((c) => c.childForFieldName("name")!.text)]);
  ownNames.set(tree, names);
  return names;
}

/** The names a module's `from ... import` statements bind, as the module calls them, from the modules `accepts` takes. */
export function importedNames(root: Node, accepts: (module: string) => boolean): Set<string> {
  return new Set(
    allOf(root, "import_from_statement")
      .filter((s) => accepts(s.childForFieldName("module_name")?.text ?? ""))
      .flatMap((s) => s.childrenForFieldName("name"))
      .flatMap((n) => (n?.type === "aliased_import" ? n.childForFieldName("alias") : n)?.text ?? []),
  );
}

/**
 * Whether a cast can name `model` and the typing names it is written with: each is free in the module or
 * already means what the cast needs (the imports step imports what is not imported yet). A module with a
 * `Document` of its own (langchain's) keeps its TODOs.
 */
export function castable(root: Node, model?: string): boolean {
  const free = (name: string, from: (module: string) => boolean) => importedNames(root, from).has(name) || usesIn(root, name).length === 0;
  if (!free(PY_CAST.cast, (module) => module === PY_CAST.module)) return false;
  return !model || (free(model, (module) => module.split(".")[0] === PY_PACKAGE) && free(PY_CAST.list, (module) => module === PY_CAST.module));
}
