/**
 * Tests that mock the SDK: a mocked method gets v2's name as a call does, a `return_value` (or a
 * `side_effect` list) of v1 response dicts becomes the v2 models the migrated code reads, and a patch
 * target names the client class the migrated module imports. Assertions on calls (`assert_called_once_with`)
 * are client calls to the other steps, so their arguments change as the call's do.
 */
import { METHODS, type MethodRow, type ResultKind } from "../../mapping/client-methods.js";
import { PY_CLIENTS, PY_MOCK_SPECS, PY_PACKAGE, PY_RESULT_MODELS, PY_RETURNED_MODELS, PY_V2_TYPES_MODULE, PY_WAITED_JOB } from "../../mapping/python.js";
import { indentAt, indentUnit } from "../../core/text.js";
import { pyLiteral, pyLiteralAt } from "../writing.js";
import { migrateMethodName } from "./client-methods.js";
import { dictEntries, keywords } from "../detect/arguments.js";
import { patchedInstanceMethods, type PyMockedMethod } from "../detect/clients.js";
import { exportedName, type PyContext, type PyStep } from "../pipeline.js";
import { calledOnClientsMadeIn, mockBoundBy, patchedClassMethods, patchScope, type PatchScope } from "../detect/mock-clients.js";
import { heldValue, usesIn } from "../detect/names.js";
import { importedNames } from "../detect/model-names.js";
import { allOf, stringValue, within, type Node } from "../runtime/parser.js";
import { renamedField } from "./results.js";
import { hasV1PyCalls, isV1PyCall } from "../detect/version.js";
import { mockReturns, patchedClassMethod, renamed, reworded, unreadMockReturn } from "../../mapping/messages.js";

const RENAMES = new Map<string, string>(PY_CLIENTS.map((c) => [c.v1, c.v2]));
const CLIENT_NAMES = new Set<string>(PY_CLIENTS.flatMap((c) => [c.v1, c.v2]));

const RAISES =
  "v2 raises on failure where v1 returned success False or an error: make this mock raise (side_effect = FirecrawlError(...), from firecrawl.v2.utils.error_handler)";

type Built = { readonly text: string } | { readonly todo: string };

/** What a mock's v2 model is written with: the names the file calls the models by, the models it used. */
interface Models {
  readonly named: (model: string) => string | null;
  readonly used: Set<string>;
}

/**
 * A v1 response dict as the v2 model a call returns, laid out as the dict was; or why it cannot be. `waited`: the
 * dict stands for what a v1 waiter answered, a completed job, which the model then says where the dict did not.
 */
function build(context: PyContext, model: string, dict: Node, kind: ResultKind | null, indent: string, models: Models, waited = false): Built {
  const spec = PY_RESULT_MODELS[model]!;
  const local = models.named(model);
  if (!local) return { todo: `make this mock return a v2 ${model}; ${model} and ${aliasOf(model)} already name something else in this file` };
  const entries = dict.type === "dictionary" ? dictEntries(dict) : null;
  if (!entries) return { todo: unreadMockReturn(model) };
  const { eol } = context.source;
  const inner = indent + indentUnit(context.source.text);
  const multiline = dict.text.includes("\n");
  const args: string[] = [];
  for (const entry of entries) {
    if (entry.key === "success" && entry.value.type === "true") continue;
    if (entry.key === "success" || entry.key === "error") return { todo: RAISES };
    const field = renamedField(kind, entry.key).to;
    if (!(field in spec.fields)) return { todo: `make this mock return a v2 ${model}: it has no field ${field} (v1's ${entry.key})` };
    const nested = spec.fields[field];
    let value = entry.value.text;
    if (nested?.startsWith("[")) {
      const element = nested.slice(1, -1);
      if (entry.value.type !== "list") return { todo: `make this mock's ${field} a list of v2 ${element} models` };
      const base = multiline ? inner : indent;
      const items: string[] = [];
      for (const item of entry.value.namedChildren) {
        if (!item || item.type === "comment") continue;
        const from = PY_RESULT_MODELS[element]!.fromString;
        const named = from && item.type === "string" ? models.named(element) : null;
        const built: Built = named
          ? { text: `${named}(${from}=${item.text})` }
          : build(context, element, item, null, base + indentUnit(context.source.text), models);
        if ("todo" in built) return built;
        items.push(built.text);
        models.used.add(element);
      }
      const listIndent = base + indentUnit(context.source.text);
      value =
        entry.value.text.includes("\n") && items.length ? `[${eol}${items.map((i) => `${listIndent}${i},`).join(eol)}${eol}${base}]` : `[${items.join(", ")}]`;
    } else if (nested) {
      const built = build(context, nested, entry.value, null, multiline ? inner : indent, models);
      if ("todo" in built) return built;
      value = built.text;
    }
    args.push(`${field}=${value}`);
  }
  const given = (field: string) => args.some((a) => a.startsWith(`${field}=`));
  if (waited)
    for (const [field, value] of Object.entries(PY_WAITED_JOB))
      if (field in spec.fields && !given(field)) args.unshift(`${field}=${pyLiteral(context.source, value)}`);
  const missing = (spec.required ?? []).filter((f) => !given(f));
  if (missing.length) return { todo: `make this mock return a v2 ${model}: it needs ${missing.join(", ")}` };
  models.used.add(model);
  return { text: multiline && args.length ? `${local}(${eol}${args.map((a) => `${inner}${a},`).join(eol)}${eol}${indent})` : `${local}(${args.join(", ")})` };
}

/** The name a v2 model is imported as where the file's own code already uses the model's name (LangChain's `Document`). */
const aliasOf = (model: string) => `Firecrawl${model}`;

/** Names the file already binds: a model of the same name cannot be imported beside them. */
function taken(context: PyContext, names: Iterable<string>): string[] {
  const fromSdk = sdkImports(context);
  return [...names].filter((name) => usesIn(context.tree.rootNode, name).some((use) => !fromSdk.some((s) => within(use, s))));
}

/**
 * The names the file calls v2's models by: the name it imports one by from v2's types already; else the model's own, or
 * `Firecrawl<Model>` where the file's own code uses that (LangChain's or agno's `Document`); null where both are taken.
 */
function modelNames(context: PyContext): (model: string) => string | null {
  const fromSdk = new Map<string, string>(
    sdkImports(context)
      .filter((s) => s.childForFieldName("module_name")?.text === PY_V2_TYPES_MODULE)
      .flatMap((s) =>
        s
          .childrenForFieldName("name")
          .map((n): [string, string] =>
            n?.type === "aliased_import" ? [n.childForFieldName("name")!.text, n.childForFieldName("alias")!.text] : [n?.text ?? "", n?.text ?? ""],
          ),
      ),
  );
  const named = new Map<string, string | null>();
  return (model) => {
    if (!named.has(model)) named.set(model, fromSdk.get(model) ?? [model, aliasOf(model)].find((name) => !taken(context, [name]).length) ?? null);
    return named.get(model)!;
  };
}

/** The import clauses of the models `models` used (`Document`, `Document as FirecrawlDocument`), added to `used`. */
function importModels(models: Models, used: Map<string, Set<string>>): void {
  const clauses = [...models.used].map((model) => (models.named(model) === model ? model : `${model} as ${models.named(model)}`));
  used.set(PY_V2_TYPES_MODULE, new Set([...(used.get(PY_V2_TYPES_MODULE) ?? []), ...clauses]));
}

/** The mock's return value(s) as v2 models; the models used are added to `used`. */
function migrateReturns(context: PyContext, mock: PyMockedMethod, named: Models["named"], used: Map<string, Set<string>>): void {
  const model = PY_RETURNED_MODELS[mock.row.js.v1];
  if (!mock.returns || !model) return;
  const dicts = mock.returns.filter((n) => n.type === "dictionary");
  const models = { named, used: new Set<string>() };
  const edits: { node: Node; text: string }[] = [];
  for (const dict of dicts) {
    const built = build(context, model, dict, mock.row.result ?? null, indentAt(context.source.text, dict.startIndex), models, mock.row.waiter);
    if ("todo" in built) return context.todo(mock.node, built.todo);
    edits.push({ node: dict, text: built.text });
  }
  for (const { node, text } of edits) context.edit(node.startIndex, node.endIndex, text, mockReturns(model));
  importModels(models, used);
}

/** The file's `from firecrawl... import` statements. */
const sdkImports = (context: PyContext) =>
  allOf(context.tree.rootNode, "import_from_statement").filter((s) => (s.childForFieldName("module_name")?.text ?? "").split(".")[0] === PY_PACKAGE);

/** `from <module> import ...` for the names the mocks now use (`Document as FirecrawlDocument` by its alias), below the file's imports. */
function importNames(context: PyContext, used: ReadonlyMap<string, ReadonlySet<string>>): void {
  const imported = importedNames(context.tree.rootNode, (module) => module.split(".")[0] === PY_PACKAGE);
  const lines = [...used].flatMap(([module, names]) => {
    const missing = [...names].filter((n) => !imported.has(n.split(" as ").at(-1)!)).sort();
    return missing.length ? [`from ${module} import ${missing.join(", ")}`] : [];
  });
  if (!lines.length) return;
  const tops = context.tree.rootNode.namedChildren.filter((n): n is Node => n?.type === "import_statement" || n?.type === "import_from_statement");
  const anchor = context.sdk.imports.filter((i) => i.parent?.type === "module").at(-1) ?? tops.at(-1);
  const { eol } = context.source;
  const message = reworded(`the migrated mocks need: ${lines.join("; ")}`, `imported what the migrated mocks use: ${lines.join("; ")}`);
  if (anchor) context.edit(anchor.endIndex, anchor.endIndex, lines.map((l) => `${eol}${l}`).join(""), message);
  else context.edit(0, 0, lines.map((l) => `${l}${eol}`).join(""), message);
}

/** `Mock(spec=FirecrawlApp)`: v2's client class has its methods only on instances, so the spec is the class that defines them. */
function migrateSpecs(context: PyContext, used: Map<string, Set<string>>): void {
  for (const spec of context.sdk.specs) {
    const imported = spec.type === "attribute" ? spec.childForFieldName("attribute")!.text : importedAs(context, spec.text);
    const to = imported ? PY_MOCK_SPECS[imported] : undefined;
    if (!to) continue;
    if (taken(context, [to.name]).length) {
      context.todo(spec, `v2's ${RENAMES.get(imported!)} has its methods only on instances: give this mock spec=${to.name} (from ${to.module})`);
      continue;
    }
    context.edit(spec.startIndex, spec.endIndex, to.name, renamed(`mock spec ${spec.text}`, `${to.name} (the class that defines v2's methods)`));
    used.set(to.module, new Set([...(used.get(to.module) ?? []), to.name]));
  }
}

/** The SDK name a local class name was imported as (`from firecrawl import FirecrawlApp as App`). */
function importedAs(context: PyContext, local: string): string | undefined {
  for (const statement of context.sdk.imports) {
    for (const n of statement.childrenForFieldName("name")) {
      if (n?.type === "aliased_import" && n.childForFieldName("alias")!.text === local) return n.childForFieldName("name")!.text;
      if (n?.text === local) return local;
    }
  }
  return undefined;
}

/** `patch("pkg.module.FirecrawlApp")`: the migrated module imports `Firecrawl`. */
function migratePatchTargets(context: PyContext): void {
  for (const target of context.sdk.patches) {
    const value = stringValue(target)!;
    const name = value.slice(value.lastIndexOf(".") + 1);
    const to = RENAMES.get(name);
    if (!to) continue;
    const at = target.startIndex + target.text.lastIndexOf(name);
    context.edit(at, at + name.length, to, renamed(`patch target ${value}`, `one naming ${to}`));
  }
}

/**
 * `patch.object(FirecrawlApp, "scrape_url")`, `patch("pkg.FirecrawlApp.scrape_url")`, and pytest-mock's
 * `mocker.patch.object(...)` / `mocker.patch("...")`: v2's `Firecrawl` has no such class attribute to patch, since
 * it sets its methods on each instance from its v2 client's (FirecrawlClient). Where the test makes the client
 * under the patch (in its `with` block, the test function the patch decorates, or after a `mocker` patch in the
 * test function) and calls the method on that client, the patch goes on that class's v2 method and what the mock
 * returns becomes the v2 model; elsewhere (a module-level client, one made before the patch, in `setUp`, by a
 * fixture or in another module, such as the code under test, or a class the patch decorates) when the client is
 * made decides where it can go, so it is marked.
 */
function migratePatchedClassMethods(context: PyContext, named: Models["named"], used: Map<string, Set<string>>, onV1: boolean): void {
  const locals = new Set(context.sdk.classes.keys());
  for (const { node, method, object, target } of patchedClassMethods(context.tree.rootNode, locals, CLIENT_NAMES)) {
    // A method v2 calls the same (search, extract) misses the instance's just the same, where the file is on v1;
    // a v1 name says so by itself.
    const row = METHODS.find((r) => r.python.v1.includes(method) && (r.python.v2 !== method || onV1));
    if (!row) continue;
    const to = row.python.v2 ?? `v1.${method}`;
    const scope = row.python.v2 ? patchScope(node) : null;
    // The class the patch names, and the names this file makes it by.
    const owner = object ? importedAs(context, object.owner.text) : target!.path.at(-2);
    const makers = new Set(object ? [object.owner.text] : [...locals].filter((local) => importedAs(context, local) === owner));
    const spec = owner ? PY_MOCK_SPECS[owner] : undefined;
    const made = scope && calledOnClientsMadeIn(scope, makers, new Set([method, to]));
    if (!made || !spec || (object && taken(context, [spec.name]).length)) {
      context.todo(node, patchedClassMethod(method, to));
      continue;
    }
    if (object) {
      context.edit(object.owner.startIndex, object.owner.endIndex, spec.name, renamed(`patch.object(${object.owner.text}, ...)`, `one on ${spec.name}`));
      const quote = object.name.text.endsWith("'") ? "'" : '"';
      if (to !== method) context.edit(object.name.startIndex, object.name.endIndex, `${quote}${to}${quote}`, renamed(`patched method ${method}`, to));
      used.set(spec.module, new Set([...(used.get(spec.module) ?? []), spec.name]));
    } else {
      // The string names the class wherever the test reaches it; v2's methods are the v2 client class's, wherever it is.
      const content = target!.node.namedChildren.find((c) => c?.type === "string_content")!;
      const path = `${spec.module}.${spec.name}.${to}`;
      context.edit(content.startIndex, content.endIndex, path, renamed(`patch target ${target!.path.join(".")}`, path));
    }
    patchedReturns(context, node, scope!, row, named, used);
  }
}

/**
 * `patch.object(app, "map_url", return_value={...})` on a client instance: 4.x's instance has v2's methods of its own,
 * so the patch names v2's method there, and its mock returns the v2 model. Under v1's name the patch raises, and the
 * migrated code would call the unpatched method anyway.
 */
function migratePatchedInstanceMethods(context: PyContext, named: Models["named"], used: Map<string, Set<string>>): void {
  for (const patch of patchedInstanceMethods(context.tree, context.sdk)) {
    const v2 = patch.row.python.v2;
    if (!patch.isV1Name || !v2 || v2 === "watcher") continue;
    context.edit(patch.name.startIndex, patch.name.endIndex, pyLiteralAt(context.source, patch.name, v2), renamed(`patched method ${patch.method}`, v2));
    const scope = patchScope(patch.node);
    if (scope) patchedReturns(context, patch.node, scope, patch.row, named, used);
  }
}

/** What a patched method's mock returns (`return_value=` in the patch, or `mock.return_value = ...` under it), as the v2 model. */
function patchedReturns(
  context: PyContext,
  patch: Node,
  { body, from }: PatchScope,
  row: MethodRow,
  named: Models["named"],
  used: Map<string, Set<string>>,
): void {
  const model = PY_RETURNED_MODELS[row.js.v1];
  if (!model) return;
  const given = keywords(patch.childForFieldName("arguments")!).find((k) => k.name === "return_value")?.value;
  const mock = mockBoundBy(patch);
  const set = mock
    ? allOf(body, "assignment").flatMap((a) =>
        a.startIndex >= from && a.childForFieldName("left")?.text === `${mock}.return_value` ? [a.childForFieldName("right")!] : [],
      )
    : [];
  const models = { named, used: new Set<string>() };
  for (const value of [...(given ? [given] : []), ...set]) {
    const dict = value.type === "identifier" ? heldValue(value, exportedName(context)) : value;
    if (dict?.type !== "dictionary") continue;
    const built = build(context, model, dict, row.result ?? null, indentAt(context.source.text, dict.startIndex), models, row.waiter);
    if ("todo" in built) context.todo(value, built.todo);
    else context.edit(dict.startIndex, dict.endIndex, built.text, mockReturns(model));
  }
  importModels(models, used);
}

export const step: PyStep = {
  name: "mocks",
  description: "migrates tests' mocks of the client: mocked method names, return values as v2 models, patch targets",
  run(context) {
    const { calls, mocks } = context;
    const sdk = context.options.sdk;
    const v1 = mocks.filter((mock) => isV1PyCall(mock, [...calls, ...mocks], sdk, context.sdk));
    const used = new Map<string, Set<string>>();
    const named = modelNames(context);
    for (const mock of v1) {
      migrateMethodName(context, mock);
      migrateReturns(context, mock, named, used);
    }
    // a project that pins a 1.x/2.x release is on v1 in a test that only patches the client
    const onV1 = v1.length > 0 || hasV1PyCalls(calls, sdk, context.sdk) || sdk === "v1";
    if (onV1) {
      migratePatchTargets(context);
      migrateSpecs(context, used);
    }
    migratePatchedClassMethods(context, named, used, onV1);
    if (onV1) migratePatchedInstanceMethods(context, named, used);
    importNames(context, used);
  },
};
