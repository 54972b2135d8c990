/**
 * Imports (sdk-facts 1.2, 8.4): `FirecrawlApp` is `Firecrawl` and `AsyncFirecrawlApp` is `AsyncFirecrawl`
 * (references follow when the name was not aliased and the new one is free), `firecrawl.firecrawl` is gone,
 * option models come from `firecrawl.types`, and `JsonConfig` goes once its calls became format dicts.
 */
import {
  PY_CLIENTS,
  PY_LEGACY_MODULES,
  PY_MOVED_TYPES,
  PY_OPTION_MODELS,
  PY_ACTION_MODELS,
  PY_CAST,
  PY_FORMAT_OPTION,
  PY_PACKAGE,
  PY_PARTIAL,
  PY_SEARCH_HITS,
  PY_TYPES_MODULE,
  PY_V1_ONLY_TYPES,
  PY_V1_TYPES_MODULE,
} from "../../mapping/python.js";
import { statementOf, type PyContext, type PyStep } from "../pipeline.js";
import { importedNames, modelCalled } from "../detect/model-names.js";
import { usesIn } from "../detect/names.js";
import { allOf, enclosing, inTryBody, stringValue, within, type Node } from "../runtime/parser.js";
import { hasV1PyCalls, importsV1Only, keepsModels } from "../detect/version.js";
import { keepApiUrlFallback } from "../constructor.js";
import { removeOrPass } from "../writing.js";
import { awaitedClient, following, renamed, reworded, subclassKeptOnV1, SUBCLASS_KEPT_ON_V1, type Message } from "../../mapping/messages.js";
import { v1Overrides } from "../detect/clients.js";
import { isV2OnlyPythonMethod, pythonMethodRow } from "../../mapping/client-methods.js";

const RENAMES = new Map<string, string>(PY_CLIENTS.map((c) => [c.v1, c.v2]));
const ASYNC_V2 = PY_CLIENTS.find((c) => c.async)!.v2;
const LEGACY = new Set<string>(PY_LEGACY_MODULES);

interface Name {
  readonly node: Node;
  readonly imported: string;
  readonly alias: string | null;
}

function namesOf(statement: Node): Name[] {
  return statement.childrenForFieldName("name").flatMap((n): Name[] => {
    if (!n) return [];
    if (n.type === "aliased_import") return [{ node: n, imported: n.childForFieldName("name")!.text, alias: n.childForFieldName("alias")!.text }];
    return [{ node: n, imported: n.text, alias: null }];
  });
}

/** A class of the module's own that extends a v1 client class and overrides what v1's client has (v1Overrides): it stays on v1. */
interface KeptSubclass {
  readonly cls: Node;
  /** the base naming the client class, and the name of 4.x's copy of v1's client it becomes */
  readonly base: Node;
  readonly client: (typeof PY_CLIENTS)[number];
  readonly overrides: readonly string[];
}

function keptSubclasses(context: PyContext): KeptSubclass[] {
  const imported = new Map<string, (typeof PY_CLIENTS)[number]>();
  for (const statement of context.sdk.imports) {
    if (statement.type !== "import_from_statement") continue;
    for (const n of namesOf(statement)) {
      const client = PY_CLIENTS.find((c) => c.v1 === n.imported);
      if (client) imported.set(n.alias ?? n.imported, client);
    }
  }
  return allOf(context.tree.rootNode, "class_definition").flatMap((cls) => {
    const base = cls.childForFieldName("superclasses")?.namedChildren.find((b) => b?.type === "identifier" && imported.has(b.text));
    // a class that calls v2's own methods on itself is written for 4.x, whose FirecrawlApp is v2's client
    const onV2 = allOf(cls, "attribute").some(
      (a) => /^(?:self|super\(\))$/.test(a.childForFieldName("object")?.text ?? "") && isV2OnlyPythonMethod(a.childForFieldName("attribute")!.text),
    );
    const overrides = base && !onV2 ? v1Overrides(cls) : [];
    return base && overrides.length ? [{ cls, base, client: imported.get(base.text)!, overrides }] : [];
  });
}

/** Uses of a name other than in the SDK's imports, and other than the bases of the classes kept on v1. */
function usesOf(context: PyContext, name: string, kept: readonly KeptSubclass[] = []): Node[] {
  return usesIn(context.tree.rootNode, name).filter((n) => !context.sdk.imports.some((i) => within(n, i)) && !kept.some((k) => k.base.id === n.id));
}

/** Whether the input used a name the output no longer does: the run took each of its uses away. */
function usesTakenAway(context: PyContext, name: string): boolean {
  const used = (root: Node) => usesIn(root, name).some((n) => !enclosing(n, "import_from_statement") && !enclosing(n, "import_statement"));
  return used(context.input.rootNode) && usesOf(context, name).length === 0;
}

/**
 * Forward references in annotations (`Optional["FirecrawlApp"]`, `"FirecrawlApp | None"`): where strings inside a
 * type name the class, each name's span (a dotted `"firecrawl.FirecrawlApp"` is the module's, not the import's).
 */
function quotedAnnotations(context: PyContext, name: string): { start: number; end: number }[] {
  const named = new RegExp(`(?<![\\w.])${name}(?!\\w)`, "g");
  return allOf(context.tree.rootNode, "string").flatMap((n) => {
    const content = n.namedChildren.find((c) => c?.type === "string_content");
    if (!content || !enclosing(n, "type")) return [];
    return [...content.text.matchAll(named)].map((m) => ({ start: content.startIndex + m.index, end: content.startIndex + m.index + name.length }));
  });
}

/**
 * A class of the module's own named as the client it stands in for where the SDK is missing (`except ImportError:
 * class FirecrawlApp: def scrape_url(...)`): the code calls it as the client, so its methods take v2's names with it.
 */
function standInMethods(context: PyContext, client: string): void {
  for (const cls of allOf(context.tree.rootNode, "class_definition")) {
    if (cls.childForFieldName("name")?.text !== client) continue;
    for (const method of cls.childForFieldName("body")!.namedChildren) {
      const definition = method?.type === "decorated_definition" ? method.childForFieldName("definition") : method;
      const name = definition?.type === "function_definition" ? definition.childForFieldName("name")! : undefined;
      const named = name && pythonMethodRow(name.text);
      const v2 = named?.isV1Name ? named.row.python.v2 : null;
      if (name && v2 && v2 !== "watcher") context.edit(name.startIndex, name.endIndex, v2, renamed(`${client}.${name.text}()`, v2));
    }
  }
}

/**
 * Renames every use of an imported name, once for all the statements that import it, when the new name is
 * free; says whether it did (otherwise the statements keep the old name as an alias).
 */
function renameUses(
  context: PyContext,
  from: string,
  to: string,
  done: Map<string, boolean>,
  kept: readonly KeptSubclass[],
  message = renamed(from, to),
): boolean {
  if (!done.has(from)) {
    const free = usesOf(context, to).length === 0;
    if (free) {
      // One change, said once: its first edit carries the message, the others go with it.
      const uses = [...usesOf(context, from, kept).map((u) => ({ start: u.startIndex, end: u.endIndex })), ...quotedAnnotations(context, from)];
      uses.forEach((use, i) => context.edit(use.start, use.end, to, i === 0 ? message : undefined));
      standInMethods(context, from);
    }
    done.set(from, free);
  }
  return done.get(from)!;
}

/**
 * `from x import A` becoming `B`: B where its uses were renamed, `B as A` where they could not be; `A as C` is `B as C`,
 * or B where C is B's own name (`FirecrawlApp as Firecrawl` in code already written for v2's name).
 */
function renderedAs(context: PyContext, n: Name, to: string, renamed: Map<string, boolean>, kept: readonly KeptSubclass[] = [], message?: Message): string {
  if (n.alias) return n.alias === to ? to : `${to} as ${n.alias}`;
  if (to === n.imported) return to;
  return renameUses(context, n.imported, to, renamed, kept, message) ? to : `${to} as ${n.imported}`;
}

/**
 * One import statement. A module may import the client in several places (lazily, inside functions): the
 * uses are renamed once, for all of them, and only when the new name is free; otherwise every statement
 * keeps the old name as an alias (`from firecrawl import Firecrawl as FirecrawlApp`), so no use is left
 * pointing at a name that is not there. 2.x models go where v2 keeps them, or to v2's copy of v1's.
 */
function migrateStatement(
  context: PyContext,
  statement: Node,
  renamed: Map<string, boolean>,
  migrating: boolean,
  pending: Map<string, string>,
  keptOn: readonly KeptSubclass[],
): void {
  const module = statement.childForFieldName("module_name")!;
  const names = namesOf(statement);
  const render = (n: Name, imported = n.imported) => (n.alias ? `${imported} as ${n.alias}` : imported);
  const kept: string[] = [];
  const moved = new Map<string, string[]>();
  const move = (to: string, name: string) => moved.set(to, [...new Set([...(moved.get(to) ?? []), name])]);
  const v1Only: string[] = [];
  let changed = LEGACY.has(module.text);
  for (const n of names) {
    const local = n.alias ?? n.imported;
    // an older release's fallback for a name the module keeps on v1 (detect/clients.ts)
    if (context.sdk.v1Names.has(local)) {
      kept.push(render(n));
      continue;
    }
    // a sync client the code only awaits is the async one (detect/awaited-clients.ts)
    const awaited = PY_CLIENTS.some((c) => c.v1 === n.imported && !c.async) && context.sdk.classes.get(local) === true;
    const to = awaited ? ASYNC_V2 : RENAMES.get(n.imported);
    const model = keepsModels(module.text) ? undefined : PY_MOVED_TYPES[n.imported];
    // A class kept on v1's client extends 4.x's copy of it, imported beside (or instead of) the client's own name.
    const onV1 = [...new Set(keptOn.filter((k) => k.base.text === local).map((k) => k.client.onV1))];
    if (onV1.length) {
      changed = true;
      for (const name of onV1) if (!kept.includes(name)) kept.push(name);
      if (usesOf(context, local, keptOn).length === 0) continue;
    }
    // The client's v1 name is v2's alias: it changes only along with a file that is being migrated.
    if (to && migrating) {
      changed = true;
      kept.push(renderedAs(context, n, to, renamed, keptOn, awaited ? awaitedClient(n.imported, to) : undefined));
    } else if (model) {
      changed = true;
      // a model the run took every use of away (ScrapeOptions whose fields a scrape takes itself now) goes with them
      if (usesTakenAway(context, local)) continue;
      move(model.module, renderedAs(context, n, model.name, renamed));
    } else if (PY_V1_ONLY_TYPES.has(n.imported) && !keepsModels(module.text)) {
      changed = true;
      if (usesOf(context, local).length === 0) continue;
      move(PY_V1_TYPES_MODULE, `V1${n.imported} as ${local}`);
      v1Only.push(n.imported);
    } else {
      kept.push(render(n));
    }
  }
  if (!changed) return;
  // Models the migration started using join the line that imports from where v2 keeps them (not a scraped hit's under
  // `try:`, which the function testing a hit imports: importsUsing), where it runs before every use: a function's own
  // import binds the name in its block from there on, not in another function, another branch or the lines above it.
  if (moved.has(PY_TYPES_MODULE)) {
    const local = !!enclosing(statement, "function_definition");
    for (const [name, model] of pending) {
      if (name === PY_SEARCH_HITS.scraped.model && inTryBody(statement)) continue;
      if (local && namings(context.tree.rootNode, name).some((use) => !bindsAt(statement, use))) continue;
      move(PY_TYPES_MODULE, model);
      pending.delete(name);
    }
  }
  const indent = context.source.text.slice(context.source.text.lastIndexOf("\n", statement.startIndex - 1) + 1, statement.startIndex);
  const lines = [
    ...(kept.length ? [`from ${PY_PACKAGE} import ${kept.join(", ")}`] : []),
    ...[...moved].map(([to, list]) => `from ${to} import ${list.join(", ")}`),
  ];
  const message = reworded(`the import from ${module.text} names v1: import v2's names`, `import from ${module.text} updated for v2`);
  if (lines.length) context.edit(statement.startIndex, statement.endIndex, lines.join(`${context.source.eol}${indent}`), message);
  else context.apply(removeOrPass(context.source, statement), message);
  if (v1Only.length) {
    context.todo(
      statement,
      `${v1Only.join(", ")}: v1 model${v1Only.length > 1 ? "s" : ""} with no v2 counterpart, imported from v2's copy of the v1 client so this code still runs; v2 methods do not take ${v1Only.length > 1 ? "them" : "it"}`,
    );
  }
}

/** `firecrawl.FirecrawlApp` through `import firecrawl`: the attribute is renamed. */
function migrateModuleAttributes(context: PyContext): void {
  for (const attribute of allOf(context.tree.rootNode, "attribute")) {
    if (!context.sdk.modules.has(attribute.childForFieldName("object")?.text ?? "")) continue;
    const name = attribute.childForFieldName("attribute")!;
    const to = RENAMES.get(name.text);
    if (to) context.edit(name.startIndex, name.endIndex, to, renamed(name.text, to));
  }
}

/** A cast's type (its text; a quoted one's string, written where the SDK's import is guarded, checker/verify.ts), with its node. */
function castType(call: Node): { readonly node: Node; readonly what: string } | undefined {
  if (call.childForFieldName("function")?.text !== PY_CAST.cast) return undefined;
  const node = call.childForFieldName("arguments")?.namedChildren[0];
  const what = node?.type === "string" ? stringValue(node) : node?.text;
  return node && what !== undefined ? { node, what } : undefined;
}

/** The type each cast in `root` casts to that a migrated cast is written with (`dict`, `List[SearchResultWeb]`, `List[FormatOption]`), a cast each. */
function castTypes(root: Node): string[] {
  const models = new Set<string>([...Object.values(PY_SEARCH_HITS).map((h) => h.model), PY_FORMAT_OPTION]);
  return allOf(root, "call").flatMap((call) => {
    const what = castType(call)?.what ?? "";
    const listOf = /^(\w+)\[(\w+)\]$/.exec(what);
    return what === PY_CAST.dict || (listOf?.[1] === PY_CAST.list && models.has(listOf[2]!)) ? [what] : [];
  });
}

/** Where `root` names a model: as a name, or in a quoted cast's type. */
function namings(root: Node, model: string): Node[] {
  const quoted = allOf(root, "call").flatMap((call) => {
    const type = castType(call);
    return type?.node.type === "string" && new RegExp(`\\b${model}\\b`).test(type.what) ? [type.node] : [];
  });
  return [...allOf(root, "identifier").filter((id) => id.text === model), ...quoted];
}

/**
 * The names the casts the migration wrote (`cast(List[SearchResultWeb], ...)`) and the annotations it widened
 * (`Dict[str, Any]`) are written with, by the module each comes from. The code's own casts are not the run's to
 * import for: its `cast` may be another module's.
 */
function castNames(context: PyContext): Map<string, string[]> {
  const names = new Map<string, string[]>();
  const add = (module: string, name: string) => names.set(module, [...new Set([...(names.get(module) ?? []), name])]);
  const own = castTypes(context.input.rootNode);
  for (const what of castTypes(context.tree.rootNode)) {
    const at = own.indexOf(what);
    if (at >= 0) {
      own.splice(at, 1);
      continue;
    }
    const model = /^\w+\[(\w+)\]$/.exec(what)?.[1];
    if (model) add(PY_CAST.module, PY_CAST.list);
    add(PY_CAST.module, PY_CAST.cast);
    if (model) add(PY_TYPES_MODULE, model);
  }
  const anys = (root: Node) => allOf(root, "identifier").filter((n) => n.text === PY_CAST.any && n.parent?.type !== "attribute").length;
  if (anys(context.tree.rootNode) > anys(context.input.rootNode)) add(PY_CAST.module, PY_CAST.any);
  return names;
}

/**
 * The models the migration started using (ScrapeOptions(...) from a params dict, a search hit's model in a cast) that
 * are not imported yet: by the name the code calls them, what the import says (`ScrapeOptions as
 * FirecrawlScrapeOptions` where the module has a ScrapeOptions of its own, model-names.ts).
 */
function usedModels(context: PyContext, cast: ReadonlyMap<string, string[]>): Map<string, string> {
  // Any of the package's modules counts (v2 code imports its models from firecrawl.v2.types).
  const imported = importedNames(context.tree.rootNode, (module) => module.split(".")[0] === PY_PACKAGE);
  const root = context.tree.rootNode;
  const used = new Map<string, string>();
  for (const model of [...Object.values(PY_OPTION_MODELS), ...Object.values(PY_ACTION_MODELS).map((a) => a.model)]) {
    const called = modelCalled(root, model);
    if (!imported.has(called) && allOf(root, "call").some((c) => c.childForFieldName("function")?.text === called))
      used.set(called, called === model ? model : `${model} as ${called}`);
  }
  for (const model of cast.get(PY_TYPES_MODULE) ?? []) if (!imported.has(model)) used.set(model, model);
  // a scraped search hit's test of its model (results.ts), `isinstance(hit, Document)`
  const hit = PY_SEARCH_HITS.scraped.model;
  const tests = (root: Node) =>
    allOf(root, "call").filter(
      (c) => c.childForFieldName("function")?.text === "isinstance" && c.childForFieldName("arguments")?.namedChildren[1]?.text === hit,
    ).length;
  if (!imported.has(hit) && tests(root) > tests(context.input.rootNode)) used.set(hit, hit);
  return used;
}

/** What the migration started using and no import statement took: the models from where v2 keeps them, a cast's names from typing. */
function importUsedModels(context: PyContext, used: ReadonlyMap<string, string>, cast: ReadonlyMap<string, string[]>): void {
  const typing = importedNames(context.tree.rootNode, (module) => module === PY_CAST.module);
  const typed = (cast.get(PY_CAST.module) ?? []).filter((name) => !typing.has(name));
  const eol = context.source.eol;
  if (!context.sdk.imports.length) {
    // A module whose client another module of the project makes (detect/imported-clients.ts) imports nothing of the SDK's.
    const models = [...new Set(used.values())];
    if (typed.length) importAfterOwnImports(context, PY_CAST.module, typed);
    if (models.length) importAfterOwnImports(context, PY_TYPES_MODULE, models);
    return;
  }
  // Beside the SDK's last import where the model is used, at its indentation (a function's own import, or one under
  // `try:`), else on its line; or first in the function that uses it, where no import of the SDK is in sight of it.
  for (const { anchor, models } of importsUsing(context, used)) {
    const statement = `from ${PY_TYPES_MODULE} import ${models.join(", ")}`;
    const message = following(`imported ${models.join(", ")} from ${PY_TYPES_MODULE}`);
    const indent = indentOf(context.source.text, anchor.node.startIndex);
    // an import of the models already there, on one line (`from firecrawl.types import ScrapeOptions`), takes them too
    const takesModels = anchor.node.childForFieldName("module_name")?.text === PY_TYPES_MODULE && !/[\n(*]/.test(anchor.node.text);
    if (takesModels && !anchor.before) context.edit(anchor.node.endIndex, anchor.node.endIndex, `, ${models.join(", ")}`, message);
    else if (anchor.before) context.edit(anchor.node.startIndex, anchor.node.startIndex, `${statement}${eol}${indent}`, message);
    else context.edit(anchor.node.endIndex, anchor.node.endIndex, `${indent === null ? "; " : `${eol}${indent}`}${statement}`, message);
  }
  if (!typed.length) return;
  // Into the module's own one-line `from typing import ...` where it has one before the names' first use (a notebook's
  // may come in a later cell), else a line above the SDK's import; where the SDK is imported only in a function (a
  // client made when first needed) or under a `try:` (an optional dependency), after the module's own imports: typing
  // is always there, and the names are used in other functions too (and would be unbound where the SDK is missing).
  const firstUse = allOf(context.tree.rootNode, "identifier").find((n) => typed.includes(n.text) && !enclosing(n, "import_from_statement"));
  const own = allOf(context.tree.rootNode, "import_from_statement").find(
    (s) =>
      s.childForFieldName("module_name")?.text === PY_CAST.module &&
      s.parent?.type === "module" &&
      !/[\n(]/.test(s.text) &&
      (!firstUse || s.endIndex < firstUse.startIndex),
  );
  const first = context.sdk.imports[0]!;
  const before = indentOf(context.source.text, first.startIndex);
  const statement = `from ${PY_CAST.module} import ${typed.join(", ")}`;
  const message = following(`imported ${typed.join(", ")} from ${PY_CAST.module}`);
  if (own) context.edit(own.endIndex, own.endIndex, `, ${typed.join(", ")}`, message);
  else if (first.parent?.type === "module")
    context.edit(first.startIndex, first.startIndex, `${statement}${before === null ? "; " : `${eol}${before}`}`, message);
  else importAfterOwnImports(context, PY_CAST.module, typed);
}

/** An import of `names` the migration uses from `module`, after the module's own imports that come before their first use, else first in the module. */
function importAfterOwnImports(context: PyContext, module: string, names: readonly string[]): void {
  placeAfterOwnImports(context, `from ${module} import ${names.join(", ")}`, names, following(`imported ${names.join(", ")} from ${module}`));
}

/** `statement`, which binds `names`, after the module's own imports that come before their first use, else first in the module. */
function placeAfterOwnImports(context: PyContext, statement: string, names: readonly string[], message: Message): void {
  const eol = context.source.eol;
  const firstUse = allOf(context.tree.rootNode, "identifier").find((n) => names.includes(n.text) && !enclosing(n, "import_from_statement"));
  const top = moduleLevelImports(context.tree.rootNode)
    .filter((n) => !firstUse || n.endIndex < firstUse.startIndex)
    .at(-1);
  const opening = context.tree.rootNode.namedChildren.find((n) => n !== null && n.type !== "comment" && !isDocstring(n));
  if (top) context.edit(top.endIndex, top.endIndex, `${eol}${statement}`, message);
  else if (opening) context.edit(opening.startIndex, opening.startIndex, `${statement}${eol}${eol}`, message);
}

/** The module's own import statements at its top level, `from __future__` ones too. */
const moduleLevelImports = (root: Node) =>
  root.namedChildren.filter((n): n is Node => n !== null && ["import_statement", "import_from_statement", "future_import_statement"].includes(n.type));

const isDocstring = (n: Node) => n.type === "expression_statement" && n.namedChildren[0]?.type === "string";

/**
 * Where each model is imported: beside the last SDK import of the function it is used in, or of a function around it,
 * where one imports the SDK itself (a tool that loads it only when it runs), else the module's last. An import in one
 * function is not seen in another: where only other functions import the SDK, the model is imported in the function
 * that uses it (`before` the statement that first does), loaded when it runs as theirs is.
 */
function importsUsing(context: PyContext, used: ReadonlyMap<string, string>): { anchor: Anchor; models: string[] }[] {
  const scope = (node: Node) => enclosing(node, "function_definition")?.id;
  const inScope = new Map<number | undefined, Node[]>();
  for (const statement of context.sdk.imports) inScope.set(scope(statement), [...(inScope.get(scope(statement)) ?? []), statement]);
  const moduleImport = inScope.get(undefined)?.at(-1);
  const last = (fn: number | undefined, use: Node) =>
    fn === undefined ? moduleImport : (inScope.get(fn) ?? []).filter((statement) => bindsAt(statement, use)).at(-1);
  const anchors = new Map<number, { anchor: Anchor; models: string[] }>();
  const models = new Set(used.keys());
  for (const [model, imported] of used) {
    /** the statements a local import of the model goes before: a use after one of them, in its block, has it */
    const local: Node[] = [];
    for (const use of namings(context.tree.rootNode, model)) {
      let near: Node | undefined;
      for (let at: Node | undefined = use; at && !near; at = enclosing(at, "function_definition")) near = last(scope(at), use);
      const fn = enclosing(use, "function_definition");
      // A guarded import (`try: from firecrawl import ...`) may leave the class unbound, for pyright, which then narrows
      // nothing by a scraped hit's test: the code that tests a hit, which has one and so the SDK, imports it, before
      // the statement that tests it (lifted out of loops), once in each branch that does.
      const unbound = model === PY_SEARCH_HITS.scraped.model && !!(near ?? moduleImport) && inTryBody((near ?? moduleImport)!);
      if (unbound && fn && local.some((at) => at.parent && within(use, at.parent) && at.startIndex <= use.startIndex)) continue;
      const first = fn && unbound ? statementAround(use, fn) : !near && !moduleImport && fn ? statementUsing(fn, models) : undefined;
      if (unbound && first) local.push(first);
      const anchor: Anchor = first ? { node: first, before: true } : { node: near ?? moduleImport ?? context.sdk.imports.at(-1)!, before: false };
      const entry = anchors.get(anchor.node.id) ?? { anchor, models: [] };
      if (!entry.models.includes(imported)) entry.models.push(imported);
      anchors.set(anchor.node.id, entry);
    }
  }
  return [...anchors.values()];
}

/**
 * Whether a function's own import has run where `use` is: it binds the name in its block from there on, and after the
 * `try:` it is the body of where every handler leaves (`except ImportError: return None`).
 */
function bindsAt(statement: Node, use: Node): boolean {
  const block = statement.parent!;
  if (within(use, block)) return statement.endIndex <= use.startIndex;
  const attempt = block.parent?.type === "try_statement" && block.parent.childForFieldName("body")?.id === block.id ? block.parent : null;
  const handlers = attempt?.namedChildren.filter((c): c is Node => c?.type === "except_clause") ?? [];
  const leaves = (handler: Node) =>
    ["return_statement", "raise_statement", "continue_statement", "break_statement"].includes(handler.namedChildren.at(-1)?.namedChildren.at(-1)?.type ?? "");
  return !!attempt && handlers.length > 0 && handlers.every(leaves) && within(use, attempt.parent!) && attempt.endIndex <= use.startIndex;
}

/** Where a model's import goes: after an SDK import, or `before` the statement of a function that uses it. */
interface Anchor {
  readonly node: Node;
  readonly before: boolean;
}

/**
 * The statement of a function that first uses one of the models, outside any loop of the function, where it starts a
 * line of its own: the import runs where the result it reads exists, after the function's own guards (`if client is
 * None: return []`), which keep it from running where the SDK is not installed.
 */
function statementUsing(fn: Node, models: ReadonlySet<string>): Node | undefined {
  const use = allOf(fn, "identifier").find((id) => models.has(id.text) && enclosing(id, "function_definition")?.id === fn.id);
  return use && statementAround(use, fn);
}

/** The statement of `fn` a use is in, lifted out of the loops around it in `fn`, where it starts a line of its own. */
function statementAround(use: Node, fn: Node): Node | undefined {
  let statement = statementOf(use);
  for (let at = statement?.parent; statement && at && at.id !== fn.id; at = at.parent)
    if (at.type === "for_statement" || at.type === "while_statement") statement = at;
  return statement && indentOf(fn.tree.rootNode.text, statement.startIndex) !== null ? statement : undefined;
}

/** The whitespace a statement at `index` is indented by; null where code comes before it on its line (`try: import x`). */
function indentOf(text: string, index: number): string | null {
  const indent = text.slice(text.lastIndexOf("\n", index - 1) + 1, index);
  return /^[ \t]*$/.test(indent) ? indent : null;
}

export const step: PyStep = {
  name: "imports",
  description: "renames FirecrawlApp and AsyncFirecrawlApp, and moves option models to firecrawl.types",
  fresh: true,
  run(context) {
    const renamed = new Map<string, boolean>();
    const migrating = context.migrating || hasV1PyCalls(context.calls, context.options.sdk, context.sdk) || context.sdk.imports.some(importsV1Only);
    const cast = castNames(context);
    const used = usedModels(context, cast);
    // A project on v2 already subclasses v2's client under its alias.
    const kept = context.options.sdk === "v2" ? [] : keptSubclasses(context);
    for (const { cls, base, client, overrides } of kept) {
      context.edit(base.startIndex, base.endIndex, client.onV1, SUBCLASS_KEPT_ON_V1);
      context.todo(cls, subclassKeptOnV1(cls.childForFieldName("name")!.text, overrides, client.onV1, client.v2));
    }
    for (const statement of context.sdk.imports)
      if (statement.type === "import_from_statement") migrateStatement(context, statement, renamed, migrating, used, kept);
    if (migrating) migrateModuleAttributes(context);
    if (migrating) keepApiUrlFallback(context);
    importUsedModels(context, used, cast);
    importFunctools(context);
  },
};

/** `functools`, where the migration started calling `functools.partial` (executor-partial) and the module does not import it. */
function importFunctools(context: PyContext): void {
  const { module } = PY_PARTIAL;
  const uses = (root: Node) => allOf(root, "attribute").filter((a) => a.childForFieldName("object")?.text === module).length;
  if (uses(context.tree.rootNode) <= uses(context.input.rootNode)) return;
  const imported = allOf(context.tree.rootNode, "import_statement").some((s) => s.childrenForFieldName("name").some((n) => n?.text === module));
  if (!imported) placeAfterOwnImports(context, `import ${module}`, [module], following(`imported ${module}`));
}
