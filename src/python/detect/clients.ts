/**
 * Which Python expressions are Firecrawl clients: names and `self.<attr>` assigned an instance of the SDK's
 * client class (under any alias, or reached as `firecrawl.FirecrawlApp`), and parameters annotated with
 * it. Tracking is by name in its scope (function, module, class); unrelated objects with the same method names,
 * or the same name, never match.
 */
import { pythonMethodRow, type MethodRow } from "../../mapping/client-methods.js";
import {
  PY_CLIENT_V1_NAMES,
  PY_CLIENT_V2_NAMES,
  PY_CLIENTS,
  PY_LEGACY_MODULES,
  PY_MOCK_SPECS,
  PY_PACKAGE,
  PY_TYPES_MODULE,
  PY_V1_CLIENTS,
  PY_V1_MODULE,
} from "../../mapping/python.js";
import { MOCK_ASSERTIONS, mockClients, patchArguments, patchedClassMethods, patchTargets } from "./mock-clients.js";
import { allOf, argumentFor, argumentsOf, enclosing, parameterName, returnsOf, stringValue, type Node, type Tree } from "../runtime/parser.js";
import { bindingScope, onlyBinding } from "./names.js";
import { classOfMethod, heldAs, instanceClass, moduleClassNamed, staticMethod } from "./callers.js";
import { byName, forwardedBy, forwarderOf, passesOwn, type Forwarder } from "./forwarders.js";
import { invocationsOf } from "./result-values.js";
import { keywords, positional } from "./arguments.js";
import { PY_NO_WAIT } from "../../mapping/results.js";
import { V1_ACCESSOR } from "../../mapping/imports.js";

const PY_SDK_MODULES = new Set<string>([PY_PACKAGE, ...PY_LEGACY_MODULES, `${PY_PACKAGE}.v2`, PY_TYPES_MODULE]);
/** every class name, v1 or v2, that makes a client (v2's own client classes too, which mocks take as spec) -> whether it is async (awaited) */
const PY_CLIENT_IS_ASYNC = new Map<string, boolean>([
  ...PY_CLIENTS.flatMap((c) => [[c.v1, c.async] as const, [c.v2, c.async] as const, [PY_MOCK_SPECS[c.v1]!.name, c.async] as const]),
]);

/** The client classes' names, which patch targets name. */
const PY_CLIENT_CLASSES: ReadonlySet<string> = new Set(PY_CLIENT_IS_ASYNC.keys());

/**
 * A test that patches a v1 method of the SDK's client class by its dotted name (`@patch("firecrawl.FirecrawlApp.map_url")`,
 * `"firecrawl.firecrawl.FirecrawlApp.scrape_url"`) reaches the SDK though it imports none of it: the code it tests
 * makes the client, and on 4.x the class has no such attribute to patch, so the test errors as it starts.
 */
function patchesV1Methods(root: Node): boolean {
  return patchedClassMethods(root, new Set(), PY_CLIENT_CLASSES).some(({ method }) => pythonMethodRow(method)?.isV1Name);
}

/** What 4.x exports for code kept on v1: `V1FirecrawlApp`, `AsyncV1FirecrawlApp`, `V1ScrapeOptions`, ... */
const V1_EXPORT = /^(?:Async)?V1[A-Z]/;

export interface PyBindings {
  readonly found: boolean;
  /** local class name -> whether it is the async client */
  readonly classes: ReadonlyMap<string, boolean>;
  /** local names of `import firecrawl` (and aliases) */
  readonly modules: ReadonlySet<string>;
  /** a receiver's key (a name, `self.attr`, ... in its scope) -> async */
  readonly clients: ReadonlyMap<string, boolean>;
  /** the clients' keys without their scopes */
  readonly names: ReadonlySet<string>;
  /** a name -> whether it is async, where every client of that name agrees: a receiver of that name whose own scope binds it to nothing the module can read is taken for one */
  readonly byName: ReadonlyMap<string, boolean>;
  /** keys a scope binds to something that is plainly no client (`app = Site()`, `app: Site`, a literal): never taken by name */
  readonly notClients: ReadonlySet<string>;
  /** the import statements that bring the SDK in */
  readonly imports: readonly Node[];
  /** patch targets naming the client class in tests: `patch("pkg.module.FirecrawlApp")` */
  readonly patches: readonly Node[];
  /** mocks' specs naming the client class: `Mock(spec=FirecrawlApp)`, `create_autospec(FirecrawlApp)` */
  readonly specs: readonly Node[];
  /** keys the code binds to a client it keeps on v1 (`app = V1FirecrawlApp(...)`) */
  readonly keptOnV1: ReadonlySet<string>;
  /**
   * local names the module binds to what 4.x keeps for v1 (`V1FirecrawlApp as FirecrawlApp`, `V1ScrapeOptions as
   * ScrapeOptions`): code kept on v1, whose other imports of the same names (an older release's fallback) stay too
   */
  readonly v1Names: ReadonlySet<string>;
  /**
   * local names of 4.x's client classes (`Firecrawl`, `AsyncFirecrawl`) where the module imports no v1 client class: clients
   * it makes as 4.x's, whose calls were written for 4.x whatever else it left on v1 (a raw request, a call under v1's
   * name); empty in a half-migrated module, which imports a v1 class too
   */
  readonly v2Classes: ReadonlySet<string>;
  /** parameters' keys some calls hand a client and others something else */
  readonly mixed: ReadonlyMap<string, MixedParameter>;
}

/** A client method named in the code: called, or mocked in a test. */
export interface PyMethodUse {
  readonly node: Node;
  /** the identifier naming the method */
  readonly name: Node;
  readonly receiver: Node;
  readonly method: string;
  readonly row: MethodRow;
  readonly isV1Name: boolean;
}

export interface PyCall extends PyMethodUse {
  readonly async: boolean;
  readonly args: Node;
  /** a test's assertion on a mocked method (`app.scrape_url.assert_called_once_with(...)`): its arguments are the call's */
  readonly mock?: true;
  /**
   * a method handed to a call that runs it with the arguments after it (`pool.submit(app.crawl_url, url)`): `node`
   * and `args` are that call's, whose first `passed.skipped` arguments are its own
   */
  readonly passed?: Forwarder;
  /**
   * a call of a partial of the method (`functools.partial(app.crawl_url, url)(params={...})`): `node` and `args` are
   * that call's, whose arguments follow the partial's; the partial itself is the call with `passed` this names
   */
  readonly invokes?: Node;
}

/** A mocked method named but not called (`node` is `app.scrape_url`): `app.scrape_url.return_value = {...}`. */
export interface PyMockedMethod extends PyMethodUse {
  /** what the test makes the mock return: `.return_value = value`, `.side_effect = [value, ...]`, or what `.side_effect = fn` returns */
  readonly returns?: readonly Node[];
}

/**
 * A receiver's key for tracking, without its scope: a name, `self.attr`, a patched class mock's `m.return_value`,
 * or a call of a function of the module's, `get_client()`, which is a client where that function is a factory of
 * one; and the name whose scope is the key's (none for `self.attr`, whose scope is its class).
 */
function unscoped(node: Node | null | undefined): { name: string; scopedBy?: Node; cls?: Node } | null {
  if (!node) return null;
  if (node.type === "identifier") return { name: node.text, scopedBy: node };
  const fn = node.type === "call" ? node.childForFieldName("function") : null;
  if (fn?.type === "identifier") return { name: `${fn.text}()`, scopedBy: fn };
  // a method of the class's own, `self._make_client()`: scoped by its class, as `self.attr` is
  if (fn?.type === "attribute" && fn.childForFieldName("object")?.text === "self") return { name: `self.${fn.childForFieldName("attribute")!.text}()` };
  const object = node.type === "attribute" ? node.childForFieldName("object") : null;
  const attribute = node.type === "attribute" ? node.childForFieldName("attribute")!.text : "";
  if (object?.text === "self") return { name: `self.${attribute}` };
  if (object?.type === "identifier" && attribute === "return_value") return { name: node.text, scopedBy: object };
  // `crawler.app` where `crawler = Crawler(...)` alone: the instance's attribute, its class's `self.app`
  const cls = object?.type === "identifier" ? moduleClass(object) : null;
  if (cls) return { name: `self.${attribute}`, cls };
  // `settings.app`: a name of a module the file imports (detect/imported-clients.ts), or of any object held by a name
  if (object?.type === "identifier") return { name: `${object.text}.${attribute}`, scopedBy: object };
  return null;
}

/** The class of the module a name is bound only to instances of (callers.ts's instanceClass), if one. */
function moduleClass(object: Node): Node | null {
  const name = instanceClass(object);
  return name ? (moduleClassNamed(object.tree, name) ?? null) : null;
}

/**
 * A receiver's key with the scope it is bound in (`app@12`): a name's is the function that binds it, else the
 * module; `self.attr`'s its class. A name one function binds is another than the same name in another function
 * or in the module.
 */
function keyOf(node: Node | null): string | null {
  const key = unscoped(node);
  if (!key) return null;
  const cls = key.scopedBy ? undefined : (key.cls ?? enclosing(node!, "class_definition"));
  const scope = key.scopedBy ? bindingScope(key.scopedBy).id : cls ? familyOf(cls, key.name).id : "module";
  return `${key.name}@${scope}`;
}

/**
 * The class whose `self.attr` (`attribute`, as written) a class's are: the first base the module defines, followed up
 * (a subclass reads the client its base's `__init__` sets), else the class itself. A class that sets the attribute
 * itself holds its own: two subclasses of one base may set the same name to a client and to something else.
 */
function familyOf(cls: Node, attribute: string): Node {
  const seen = new Set<number>();
  let at = cls;
  while (!seen.has(at.id)) {
    seen.add(at.id);
    const module = at.parent?.type === "module" ? at.parent : at.parent?.type === "decorated_definition" ? at.parent.parent : null;
    const defined = (name: string) =>
      module?.namedChildren
        .map((n) => (n?.type === "decorated_definition" ? n.childForFieldName("definition") : n))
        .find((n) => n?.type === "class_definition" && n.childForFieldName("name")?.text === name);
    const base = (at.childForFieldName("superclasses")?.namedChildren ?? []).map((b) => (b?.type === "identifier" ? defined(b.text) : undefined)).find(Boolean);
    if (!base || setsAttribute(at, attribute)) return at;
    at = base;
  }
  return at;
}

/**
 * Whether a class assigns `self.attr` (`attribute`, as written) in any of its methods, to something: a `None` until
 * its base's `__init__` runs (`self.client = None`) says nothing of what the attribute holds.
 */
function setsAttribute(cls: Node, attribute: string): boolean {
  return allOf(cls, "assignment").some((a) => a.childForFieldName("left")?.text === attribute && a.childForFieldName("right")?.type !== "none");
}

/** A parameter's default's key: the default is read where the function is defined, not in it (`def inner(url, app=app)`). */
function defaultKeyOf(fn: Node, value: Node | null | undefined): string | null {
  const key = unscoped(value);
  return key?.scopedBy ? `${key.name}@${bindingScope(fn.childForFieldName("name")!, key.scopedBy.text).id}` : null;
}

/** A key's part before its scope: its name. */
const nameOfKey = (key: string) => key.slice(0, key.indexOf("@"));

/**
 * Whether some key of `keys` has the name of `node`'s: asked before its scope, which is the costly part, so that
 * most receivers, named as no client is, are passed over without it.
 */
function named(keys: ReadonlyMap<string, unknown> | ReadonlySet<string>, node: Node | null | undefined): boolean {
  const name = unscoped(node)?.name;
  return name !== undefined && [...keys.keys()].some((k) => nameOfKey(k) === name);
}

/**
 * The calls other modules of the run make of a module-level function of this one (detect/importers.ts), undefined
 * where they cannot be told; by default, where no file says, none can.
 */
export type CallsElsewhere = (name: string) => readonly Node[] | undefined;

/**
 * The project's modules as an import statement names them (detect/imported-clients.ts): the top-level clients of the
 * module a `from` import reads (`from config.settings import ...`), or of its submodule `submodule` (`from config import
 * settings`), or of the module an `import` statement names (`submodule`: `config.settings`); undefined where no single
 * file of the project is it. Declared here, where it is asked, so that the module answering it is the one that imports.
 */
export interface ProjectModules {
  clients(statement: Node, submodule?: string): ReadonlyMap<string, boolean> | undefined;
}

/**
 * `shadowed`: the file's `firecrawl` is a module of the project's own (detect/local-package.ts), whose imports are no SDK's.
 * `project`: the project's other modules, whose clients this one may import (detect/imported-clients.ts).
 */
/** `awaited`: sync client classes the code only awaits the calls of (awaited-clients.ts), taken for the async one. */
export function detect(
  tree: Tree,
  callsElsewhere: CallsElsewhere = () => undefined,
  shadowed = false,
  project?: ProjectModules,
  awaited: ReadonlySet<string> = new Set(),
): PyBindings {
  const root = tree.rootNode;
  const classes = new Map<string, boolean>();
  const modules = new Set<string>();
  const imports: Node[] = [];
  const v1Classes = new Set<string>();
  const v1Names = new Set<string>();
  const v2Classes = new Set<string>();
  let importsV1Class = false;
  const importedClients: ImportedClient[] = [];
  let text: string | undefined;
  for (const statement of allOf(root, "import_from_statement")) {
    const module = statement.childForFieldName("module_name")?.text ?? "";
    const sdk = !shadowed && PY_SDK_MODULES.has(module);
    if (!sdk && project && module.split(".")[0] !== PY_PACKAGE) importedClients.push(...clientsImported(statement, project, (text ??= root.text)));
    if (!sdk && (shadowed || module !== PY_V1_MODULE)) continue;
    if (sdk) imports.push(statement);
    for (const name of statement.childrenForFieldName("name")) {
      if (!name) continue;
      const imported = name.type === "aliased_import" ? name.childForFieldName("name")!.text : name.text;
      const local = name.type === "aliased_import" ? name.childForFieldName("alias")!.text : name.text;
      const isAsync = PY_CLIENT_IS_ASYNC.get(imported);
      if (isAsync !== undefined && sdk) classes.set(local, isAsync || awaited.has(local));
      if (PY_V1_CLIENTS.has(imported)) v1Classes.add(local);
      if (sdk && V1_EXPORT.test(imported)) v1Names.add(local);
      if (sdk && PY_CLIENT_V1_NAMES.has(imported)) importsV1Class = true;
      if (sdk && PY_CLIENT_V2_NAMES.has(imported)) v2Classes.add(local);
    }
  }
  if (importsV1Class) v2Classes.clear();
  // `try: from firecrawl import V1FirecrawlApp as FirecrawlApp` / `except ImportError: from firecrawl import FirecrawlApp`
  for (const local of v1Names) classes.delete(local);
  for (const statement of allOf(root, "import_statement")) {
    if (!shadowed && project) importedClients.push(...clientsImported(statement, project, (text ??= root.text)));
    for (const name of statement.childrenForFieldName("name")) {
      if (!name) continue;
      const imported = name.type === "aliased_import" ? name.childForFieldName("name")!.text : name.text;
      if (shadowed || imported !== PY_PACKAGE) continue;
      imports.push(statement);
      modules.add(name.type === "aliased_import" ? name.childForFieldName("alias")!.text : imported);
    }
  }

  /** The class an expression names: `FirecrawlApp`, an alias of it, or `firecrawl.FirecrawlApp`. */
  const classOf = (node: Node | null): boolean | undefined => {
    if (!node) return undefined;
    if (node.type === "identifier" || node.type === "attribute") return clientClassNamed(node, classes, modules);
    if (node.type === "subscript" || node.type === "binary_operator") {
      // Optional[FirecrawlApp], FirecrawlApp | None
      for (const child of node.namedChildren) {
        const found = classOf(child);
        if (found !== undefined) return found;
      }
    }
    if (node.type === "type") return classOf(node.namedChildren[0] ?? null);
    if (node.type === "generic_type" || node.type === "union_type") {
      for (const child of allOf(node, "identifier")) {
        const found = classes.get(child.text);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  };

  // The module's own subclasses of a client class are client classes (`class Client(FirecrawlApp)`, then
  // `Client(api_key=k).scrape_url(url)`), but for one that overrides what v1's client has: it stays on v1
  // (steps/imports.ts), and its calls with it.
  const subclasses = new Set<number>();
  for (let grown = true; grown;) {
    grown = false;
    for (const cls of allOf(root, "class_definition")) {
      const name = cls.childForFieldName("name")!.text;
      if (classes.has(name) || v1Overrides(cls).length) continue;
      const base = (cls.childForFieldName("superclasses")?.namedChildren ?? []).map(classOf).find((a) => a !== undefined);
      if (base === undefined) continue;
      classes.set(name, base);
      subclasses.add(cls.id);
      grown = true;
    }
  }

  const madeBy = (value: Node | null) => {
    const kinds = (callsMaking(value) ?? []).map((call) => classOf(call.childForFieldName("function")));
    return kinds.length && kinds.every((kind) => kind !== undefined && kind === kinds[0]) ? kinds[0] : undefined;
  };
  const clients = new Map<string, boolean>();
  /** whether a name (`app`, `self.app`, ...) holds a client the map has so far: async or not */
  const held = (v: Node | null | undefined) => (named(clients, v) ? clients.get(keyOf(v!)!) : undefined);
  /** a value that makes a client, or holds one */
  const clientIn = (v: Node | null | undefined) => madeBy(v ?? null) ?? held(v);
  for (const { key, isAsync } of importedClients) clients.set(key, isAsync);
  for (const assignment of allOf(root, "assignment")) {
    let value = assignment.childForFieldName("right");
    if (value?.type === "await") value = value.namedChildren[0] ?? null;
    const isAsync = madeBy(value) ?? classOf(assignment.childForFieldName("type"));
    // The key last: its scope is the costly part, and few assignments make a client.
    const key = isAsync === undefined ? null : keyOf(assignment.childForFieldName("left"));
    if (key) clients.set(key, isAsync!);
  }
  // A class's own attribute, set in its body (`app: FirecrawlApp = firecrawl_app`, `client = FirecrawlApp(...)`, a
  // pydantic tool's `app: Optional[FirecrawlApp] = None`), is the client its methods read as `self.app`.
  for (const cls of allOf(root, "class_definition")) {
    for (const statement of cls.childForFieldName("body")?.namedChildren ?? []) {
      const assignment = statement?.type === "expression_statement" ? statement.namedChildren[0] : null;
      const left = assignment?.type === "assignment" ? assignment.childForFieldName("left") : null;
      if (left?.type !== "identifier") continue;
      const value = assignment!.childForFieldName("right");
      const isAsync = classOf(assignment!.childForFieldName("type")) ?? clientIn(value);
      if (isAsync !== undefined) clients.set(`self.${left.text}@${familyOf(cls, `self.${left.text}`).id}`, isAsync);
    }
  }
  // `object.__setattr__(self, "app", FirecrawlApp(...))`, as a pydantic model (a crewAI or LangChain tool) sets an
  // attribute it does not declare; `setattr(self, "app", ...)` likewise: `self.app = ...` by another spelling.
  for (const call of allOf(root, "call")) {
    const setter = call.childForFieldName("function")?.text;
    if (setter !== "setattr" && setter !== "object.__setattr__") continue;
    const [target, name, value] = positional(call.childForFieldName("arguments")!);
    const attribute = name && stringValue(name);
    const cls = target?.text === "self" && attribute && /^\w+$/.test(attribute) ? enclosing(call, "class_definition") : undefined;
    const isAsync = cls ? madeBy(value ?? null) : undefined;
    if (cls && isAsync !== undefined) clients.set(`self.${attribute}@${familyOf(cls, `self.${attribute}`).id}`, isAsync);
  }
  // Such a subclass's own methods call the client they are on (`self.scrape_url(url)`).
  for (const cls of allOf(root, "class_definition").filter((c) => subclasses.has(c.id))) {
    const isAsync = classes.get(cls.childForFieldName("name")!.text)!;
    for (const fn of methodsOf(cls)) {
      const self = fn.childForFieldName("parameters")?.namedChildren[0];
      const key = self?.type === "identifier" && !staticMethod(fn) ? keyOf(self) : null;
      if (key) clients.set(key, isAsync);
    }
  }
  for (const parameter of allOf(root, ["typed_parameter", "typed_default_parameter"])) {
    const name = parameterName(parameter);
    const isAsync = classOf(parameter.childForFieldName("type"));
    if (name && isAsync !== undefined) clients.set(keyOf(name)!, isAsync);
  }
  // Factories (`def get_client() -> FirecrawlApp`, or one returning a client it makes or holds, alone or at a
  // place of the tuple it returns): what their calls give, and the names assigned it, are clients.
  const factories = new Set<string>(importedClients.flatMap(({ factory }) => (factory ? [factory] : [])));
  for (const fn of allOf(root, "function_definition")) {
    const name = fn.childForFieldName("name")!;
    // a method is called through self (`self.app = self._initialize_app()`), in its class and the ones it is a base of
    const method = classOfMethod(fn);
    const called = method && !staticMethod(fn) ? `self.${name.text}` : name.text;
    const factory = method && called !== name.text ? `${called}()@${familyOf(method, `${called}()`).id}` : `${name.text}()@${bindingScope(name).id}`;
    const returned = returnsOf(fn).map((r) => r.namedChildren[0] ?? null);
    const isAsync = classOf(fn.childForFieldName("return_type")) ?? returned.map(clientIn).find((a) => a !== undefined);
    if (isAsync !== undefined && !clients.has(factory)) clients.set(factory, isAsync);
    if (isAsync !== undefined) factories.add(called);
    // A property that gives the client (`@property def client(self) -> FirecrawlApp`) is read as an attribute.
    const cls = isAsync !== undefined && isProperty(fn) ? classOfMethod(fn) : null;
    const attribute = cls ? `self.${name.text}@${familyOf(cls, `self.${name.text}`).id}` : null;
    if (attribute && !clients.has(attribute)) clients.set(attribute, isAsync!);
    const tuples = returned.map((v) => (v?.type === "expression_list" || v?.type === "tuple" ? v.namedChildren : null));
    if (!tuples.length || tuples.some((t) => !t)) continue;
    tuples[0]!.forEach((_, i) => {
      const at = tuples.map((t) => clientIn(t![i]));
      if (!at.every((a) => a !== undefined && a === at[0])) return;
      clients.set(`${factory}[${i}]`, at[0]!);
      factories.add(name.text);
    });
  }
  for (const assignment of allOf(root, "assignment")) {
    const left = assignment.childForFieldName("left");
    let value = assignment.childForFieldName("right");
    // an async factory's client is awaited (`app = await get_client()`)
    if (value?.type === "await") value = value.namedChildren[0] ?? null;
    const callee = value?.type === "call" ? value.childForFieldName("function") : null;
    const made = (callee?.type === "identifier" || callee?.type === "attribute") && factories.has(callee.text) ? keyOf(value) : null;
    if (!made) continue;
    // `openai, client = make_clients()`
    const targets =
      left?.type === "pattern_list" || left?.type === "tuple_pattern"
        ? left.namedChildren.map((t, i) => [t, `${made}[${i}]`] as const)
        : [[left, made] as const];
    for (const [target, from] of targets) {
      const key = keyOf(target);
      const isAsync = clients.get(from);
      if (key && isAsync !== undefined && !clients.has(key)) clients.set(key, isAsync);
    }
  }
  // A name a scope binds to a v1 client anywhere is kept on v1 in all that scope, whatever it binds before.
  const v1Class = (made: Node | null) =>
    made?.type === "identifier"
      ? v1Classes.has(made.text)
      : made?.type === "attribute" && modules.has(made.childForFieldName("object")?.text ?? "") && PY_V1_CLIENTS.has(made.childForFieldName("attribute")!.text);
  const madeOnV1 = (value: Node | null | undefined) => {
    const calls = callsMaking(value ?? null) ?? [];
    return calls.length > 0 && calls.every((call) => v1Class(call.childForFieldName("function")));
  };
  const keptOnV1 = new Set<string>();
  for (const assignment of allOf(root, "assignment")) {
    let value = assignment.childForFieldName("right");
    if (value?.type === "await") value = value.namedChildren[0] ?? null;
    const key = madeOnV1(value) ? keyOf(assignment.childForFieldName("left")) : null;
    if (key) keptOnV1.add(key);
  }
  const callees = calleesOf(root);
  // A client made where it is handed over (`Pages(FirecrawlApp(api_key=key))`) is handed as one held by a name is;
  // only a module that imports a client class can make one.
  const makes = classes.size > 0 || modules.size > 0 || v1Classes.size > 0;
  const made = (value: Node | null | undefined) => (!makes ? undefined : madeOnV1(value) ? ("v1" as const) : madeBy(value ?? null));
  const passed = passedClients(callees, allOf(root, "assignment"), clients, keptOnV1, keyOf, callsElsewhere, made, makes);
  for (const [key, isAsync] of passed.found) if (!clients.has(key)) clients.set(key, isAsync);
  for (const key of passed.kept) keptOnV1.add(key);
  const patches = patchTargets(root, PY_CLIENT_CLASSES);
  const asyncTarget = (target: Node) => PY_CLIENT_IS_ASYNC.get(target.text.slice(1, -1).split(".").at(-1)!) ?? false;
  const mocked = mockClients(root, classOf, patches, asyncTarget, keyOf);
  for (const [key, isAsync] of mocked.clients) if (!clients.has(key)) clients.set(key, isAsync);
  for (const [key, isAsync] of fixtureClients(root, held)) if (!clients.has(key)) clients.set(key, isAsync);
  const names = new Set([...clients.keys()].map(nameOfKey));
  const kinds = new Map<string, Set<boolean>>();
  for (const [key, isAsync] of clients) kinds.set(nameOfKey(key), (kinds.get(nameOfKey(key)) ?? new Set()).add(isAsync));
  const byName = new Map([...kinds].filter(([, k]) => k.size === 1).map(([name, k]) => [name, [...k][0]!] as const));
  const notClients = plainlyNoClients(root, callees, byName, classOf);
  return {
    found: imports.length > 0 || patches.length > 0 || importedClients.length > 0 || patchesV1Methods(root),
    classes,
    modules,
    clients,
    names,
    byName,
    notClients,
    imports,
    patches,
    specs: mocked.specs,
    keptOnV1,
    v1Names,
    v2Classes,
    mixed: passed.mixed,
  };
}

/**
 * A pytest fixture of the module that yields or returns a client, or a test's mock of one (`yield client`): the
 * parameters of the module's functions named after it (`def test_title(firecrawl_client)`) are given that client by
 * pytest, and its methods are read there too (`firecrawl_client.scrape_url.assert_called_once()`).
 */
function fixtureClients(root: Node, held: (value: Node | null) => boolean | undefined): Map<string, boolean> {
  const found = new Map<string, boolean>();
  for (const decorated of allOf(root, "decorated_definition")) {
    const fn = decorated.childForFieldName("definition");
    if (fn?.type !== "function_definition" || !decorated.namedChildren.some((d) => d?.type === "decorator" && /^@\s*(?:pytest\.)?fixture\b/.test(d.text)))
      continue;
    const given = [...returnsOf(fn), ...allOf(fn, "yield").filter((y) => y.isNamed && enclosing(y, "function_definition")?.id === fn.id)]
      .map((r) => r.namedChildren[0] ?? null)
      .map(held);
    if (!given.length || !given.every((g) => g !== undefined && g === given[0])) continue;
    const name = fn.childForFieldName("name")!.text;
    for (const parameter of allOf(root, "identifier"))
      if (parameter.text === name && parameter.parent?.type === "parameters") found.set(keyOf(parameter)!, given[0]!);
  }
  return found;
}

/** A client another module of the project makes, by its key here; `factory`: the local name of a function that gives it. */
interface ImportedClient {
  readonly key: string;
  readonly isAsync: boolean;
  readonly factory?: string;
}

/** Whether a text reads an attribute of `name` (and of its attribute `then`): `name.x`, `name.then.x`. */
const readsOf = (text: string, name: string, then?: string) => new RegExp(`(?<![\\w.])${name}\\s*\\.\\s*${then ? `${then}\\s*\\.\\s*` : ""}\\w`).test(text);
const calledIn = (text: string, name: string) => new RegExp(`(?<![\\w.])${name}\\s*\\(`).test(text);

/**
 * The clients an import brings in from the project's own modules (detect/imported-clients.ts), by their keys here, with
 * whether each is async: a name the module imported from binds to one (`from .services import app`, `... import app as
 * firecrawl`) or a function of it that gives one (`from clients import get_client`), or one read off a module imported
 * whole (`from config import settings`, `import settings as s`, then `settings.app`). Asked only of names the file uses
 * past their import.
 */
function clientsImported(statement: Node, modules: ProjectModules, text: string): ImportedClient[] {
  const found: ImportedClient[] = [];
  const fromModule = statement.type === "import_from_statement";
  for (const name of statement.childrenForFieldName("name")) {
    const original = name?.type === "aliased_import" ? name.childForFieldName("name") : name;
    const local = name?.type === "aliased_import" ? name.childForFieldName("alias") : original?.namedChildren.length === 1 ? original.namedChildren[0] : null;
    if (original?.type !== "dotted_name" || local?.type !== "identifier" || (!fromModule && original.text.split(".")[0] === PY_PACKAGE)) continue;
    // a name the file uses past its import: read, called, or handed on (`self.app = firecrawl_app`)
    const used = (text.match(new RegExp(`(?<![\\w.])${local.text}(?!\\w)`, "g"))?.length ?? 0) > 1;
    const read = used && readsOf(text, local.text);
    const called = used && fromModule && original.namedChildren.length === 1 && calledIn(text, local.text);
    if (!used) continue;
    const scope = bindingScope(local).id;
    const own = fromModule && original.namedChildren.length === 1 ? modules.clients(statement) : undefined;
    const client = own?.get(original.text);
    const made = called ? own?.get(`${original.text}()`) : undefined;
    if (client !== undefined) found.push({ key: `${local.text}@${scope}`, isAsync: client });
    if (made !== undefined) found.push({ key: `${local.text}()@${scope}`, isAsync: made, factory: local.text });
    if (client !== undefined || made !== undefined || !read) continue;
    for (const [held, isAsync] of modules.clients(statement, original.text) ?? [])
      if (!held.endsWith("()") && readsOf(text, local.text, held)) found.push({ key: `${local.text}.${held}@${scope}`, isAsync });
  }
  return found;
}

/**
 * The clients a module binds at its top level to be imported by others (`firecrawl_app = FirecrawlApp(api_key=k)`),
 * by name, and the functions that give one, as `name()`, with whether each is async; not one kept on v1 (`V1FirecrawlApp(...)`) nor a name the module also binds
 * to what is plainly no client.
 */
export function moduleClients(tree: Tree): Map<string, boolean> {
  const sdk = detect(tree);
  const found = new Map<string, boolean>();
  if (!sdk.found) return found;
  for (const statement of tree.rootNode.namedChildren) {
    const assignment = statement?.type === "expression_statement" ? statement.namedChildren[0] : null;
    const left = assignment?.type === "assignment" ? assignment.childForFieldName("left") : null;
    const key = left?.type === "identifier" ? keyOf(left) : null;
    const isAsync = key ? sdk.clients.get(key) : undefined;
    if (isAsync !== undefined && !sdk.keptOnV1.has(key!) && !sdk.notClients.has(key!)) found.set(left!.text, isAsync);
  }
  // its functions that give one (`def get_client() -> FirecrawlApp`), as `name()`
  for (const statement of tree.rootNode.namedChildren) {
    const fn = statement?.type === "decorated_definition" ? statement.childForFieldName("definition") : statement;
    const name = fn?.type === "function_definition" ? fn.childForFieldName("name") : null;
    const isAsync = name ? sdk.clients.get(`${name.text}()@${bindingScope(name).id}`) : undefined;
    if (isAsync !== undefined) found.set(`${name!.text}()`, isAsync);
  }
  return found;
}

/**
 * The calls a value that may make a client is: the call itself, or the branches of a choice between a client and
 * none (`FirecrawlApp(api_key=key) if key else None`) or a client handed in (`app or FirecrawlApp(...)`,
 * `app if app is not None else FirecrawlApp(...)`); null for any other value.
 */
function callsMaking(value: Node | null): Node[] | null {
  const sides = choices(value).filter((side) => side?.type !== "none" && !(side && handedIn(side)));
  return sides.length > 0 && sides.every((side) => side?.type === "call") ? (sides as Node[]) : null;
}

/**
 * A parameter that defaults to None (`def __init__(self, app=None)`), read in its function: the client a caller may
 * hand in (a test's stand-in, a shared one) in place of the one the function makes, a client all the same.
 */
function handedIn(side: Node): boolean {
  const fn = side.type === "identifier" ? enclosing(side, "function_definition") : undefined;
  return !!fn
    ?.childForFieldName("parameters")!
    .namedChildren.some(
      (p) =>
        (p?.type === "default_parameter" || p?.type === "typed_default_parameter") &&
        p.childForFieldName("name")?.text === side.text &&
        p.childForFieldName("value")?.type === "none",
    );
}

/** The module's calls of a plain name (`fetch(...)`), by that name. */
function callsByName(root: Node): Map<string, Node[]> {
  const calls = new Map<string, Node[]>();
  for (const call of allOf(root, "call")) {
    const callee = calleeOf(call);
    if (callee?.type !== "identifier") continue;
    const list = calls.get(callee.text);
    if (list) list.push(call);
    else calls.set(callee.text, [call]);
  }
  return calls;
}

/**
 * The module's function a call hands a forwarder to run with the arguments after it (`asyncio.to_thread(search, client,
 * q)`, `loop.run_in_executor(None, search, client, q)`, `pool.submit(...)`, `functools.partial(...)`), and how many of
 * the call's arguments come before the function's own.
 */
function forwardedFunction(call: Node): { fn: Node; skipped: number } | null {
  const forwarder = byName(call);
  const fn = forwarder ? positional(call.childForFieldName("arguments")!)[forwarder.skipped - 1] : undefined;
  return fn?.type === "identifier" ? { fn, skipped: forwarder!.skipped } : null;
}

/** The function a call runs: the one it hands a forwarder, or its own callee. */
function calleeOf(call: Node): Node | null {
  return forwardedFunction(call)?.fn ?? call.childForFieldName("function");
}

/** A function with the calls that hand it its arguments, and how many of its parameters they do not give (a method's self). */
interface Callee {
  readonly fn: Node;
  readonly handed: readonly Node[];
  /** its calls are through self or cls, whose scope is the class's: no name of another scope can be meant */
  readonly method: boolean;
  readonly skipped: number;
}

/**
 * Every function of the module: a function with the calls of its name, a method with its class's calls through
 * self or cls, which do not give the first parameter (none for a function nothing here calls).
 */
function calleesOf(root: Node): Callee[] {
  const byName = callsByName(root);
  const throughSelf = callsThroughSelf(root);
  const classes = madeBy(root, byName);
  return allOf(root, "function_definition").map((fn) => {
    const name = fn.childForFieldName("name")!.text;
    const cls = classOfMethod(fn);
    // A class's calls (`Report(app)`), its subclasses' that inherit its `__init__`, and their `super().__init__(...)`
    // hand its `__init__` its arguments.
    const made = cls && name === "__init__" ? constructorCalls(classes, cls) : [];
    const handed = [...((cls ? throughSelf.get(`${cls.id}\u0000${name}`) : byName.get(name)) ?? []), ...made];
    return { fn, handed, method: cls !== null, skipped: cls && !staticMethod(fn) ? 1 : 0 };
  });
}

/** The parameters a function's calls give, past the `skipped` first (a method's self). */
function parametersGiven(fn: Node, skipped: number): Node[] {
  return (fn.childForFieldName("parameters")?.namedChildren ?? []).filter((p): p is Node => p !== null).slice(skipped);
}

/** Decorators that make a method a property, read as an attribute of the instance. */
const PROPERTIES = new Set(["property", "cached_property", "functools.cached_property"]);

function isProperty(fn: Node): boolean {
  const decorated = fn.parent?.type === "decorated_definition" ? fn.parent : null;
  return !!decorated?.namedChildren.some((d) => d?.type === "decorator" && PROPERTIES.has(d.namedChildren[0]?.text ?? ""));
}

/** A method its class calls with no instance or class to give first: `@staticmethod`. */

/**
 * How the module makes its classes, read once a module, not once a class: the calls by name, the classes by each
 * base they name as written (`class CachedArchive(Archive)`), and the calls through an attribute (`Outer.Nested(app)`),
 * by object and attribute, read at the first nested class.
 */
interface Makers {
  readonly byName: ReadonlyMap<string, Node[]>;
  readonly subclasses: ReadonlyMap<string, Node[]>;
  readonly throughAttribute: () => ReadonlyMap<string, Node[]>;
}

function madeBy(root: Node, byName: ReadonlyMap<string, Node[]>): Makers {
  const subclasses = new Map<string, Node[]>();
  for (const c of allOf(root, "class_definition")) {
    const bases = new Set((c.childForFieldName("superclasses")?.namedChildren ?? []).flatMap((b) => (b?.type === "identifier" ? [b.text] : [])));
    for (const base of bases) subclasses.set(base, [...(subclasses.get(base) ?? []), c]);
  }
  let through: Map<string, Node[]> | undefined;
  const throughAttribute = () => {
    if (through) return through;
    through = new Map();
    for (const c of allOf(root, "call")) {
      const callee = c.childForFieldName("function");
      if (callee?.type !== "attribute") continue;
      const key = `${callee.childForFieldName("object")?.text}\u0000${callee.childForFieldName("attribute")!.text}`;
      through.set(key, [...(through.get(key) ?? []), c]);
    }
    return through;
  };
  return { byName, subclasses, throughAttribute };
}

/** Whether a class defines its own `__init__`. */
const ownInit = (cls: Node) =>
  allOf(cls, "function_definition").some((fn) => fn.childForFieldName("name")!.text === "__init__" && classOfMethod(fn)?.id === cls.id);

/**
 * The calls that run a class's `__init__`: of the class, of the subclasses that inherit it (followed down), and
 * `super().__init__(...)` in a subclass's own `__init__`; none gives `self`.
 */
function constructorCalls(makers: Makers, cls: Node, seen = new Set<number>()): Node[] {
  seen.add(cls.id);
  const name = cls.childForFieldName("name")!.text;
  const calls = [...(makers.byName.get(name) ?? [])];
  // A class nested in another is made through it: `Outer.Nested(app)`.
  const outer = cls.parent?.parent?.type === "class_definition" ? cls.parent.parent.childForFieldName("name")!.text : null;
  if (outer) calls.push(...(makers.throughAttribute().get(`${outer}\u0000${name}`) ?? []));
  for (const sub of makers.subclasses.get(name) ?? []) {
    if (seen.has(sub.id)) continue;
    if (!ownInit(sub)) calls.push(...constructorCalls(makers, sub, seen));
    else
      calls.push(
        ...allOf(sub, "call").filter((c) => {
          const callee = c.childForFieldName("function");
          const object = callee?.type === "attribute" ? callee.childForFieldName("object") : null;
          if (callee!.childForFieldName("attribute")?.text !== "__init__") return false;
          // `super().__init__(app)`, or the base named by hand: `Base.__init__(self, app)`
          return (object?.type === "call" && object.childForFieldName("function")?.text === "super") || (object?.type === "identifier" && object.text === name);
        }),
      );
  }
  return calls;
}

/** What a call hands a function's parameters: its arguments, but for the `self` a base's `__init__` is given by hand. */
function handedArguments(call: Node): Node[] {
  // a forwarder's arguments after the function are the function's
  const args = argumentsOf(call).slice(forwardedFunction(call)?.skipped ?? 0);
  const callee = call.childForFieldName("function");
  const byHand =
    callee?.type === "attribute" && callee.childForFieldName("attribute")?.text === "__init__" && callee.childForFieldName("object")?.type === "identifier";
  return byHand && args[0]?.type === "identifier" && args[0].text === "self" ? args.slice(1) : args;
}

/** A class's calls of its own methods (`self.fetch(...)`, `cls.make(...)`), by the class and the method's name. */
function callsThroughSelf(root: Node): Map<string, Node[]> {
  const calls = new Map<string, Node[]>();
  for (const call of allOf(root, "call")) {
    const callee = call.childForFieldName("function");
    const object = callee?.type === "attribute" ? callee.childForFieldName("object") : null;
    if (object?.type !== "identifier" || (object.text !== "self" && object.text !== "cls")) continue;
    const cls = enclosing(call, "class_definition");
    if (!cls) continue;
    const key = `${cls.id}\u0000${callee!.childForFieldName("attribute")!.text}`;
    const list = calls.get(key);
    if (list) list.push(call);
    else calls.set(key, [call]);
  }
  return calls;
}

/** Values no client can be: literals, and a call of a class (a capitalised name) other than the client's. */
const LITERALS = new Set(["string", "concatenated_string", "integer", "float", "list", "dictionary", "set", "tuple", "none", "true", "false"]);
function plainlyNoClient(value: Node | null | undefined, classOf: (node: Node | null) => boolean | undefined): boolean {
  if (!value) return false;
  if (LITERALS.has(value.type) || value.type.endsWith("_comprehension")) return true;
  if (value.type !== "call") return false;
  const callee = value.childForFieldName("function");
  const last = callee?.type === "attribute" ? callee.childForFieldName("attribute") : callee;
  return last?.type === "identifier" && /^[A-Z]/.test(last.text) && classOf(callee) === undefined && !PY_V1_CLIENTS.has(last.text);
}

/**
 * The keys a scope binds, under a client's name, to what is plainly no client: `app = Site()`, `app: Site`,
 * a parameter some call of the module hands `Site()`. Any other binding the module cannot read (`app =
 * get_app()`, `CLIENTS["main"]`, a default, a loop variable, a base class it does not follow) leaves the name
 * to mean what it means elsewhere in the module, as it did before scopes were told apart.
 */
function plainlyNoClients(
  root: Node,
  callees: readonly Callee[],
  byName: ReadonlyMap<string, boolean>,
  classOf: (node: Node | null) => boolean | undefined,
): Set<string> {
  const found = new Set<string>();
  if (!byName.size) return found;
  const mark = (target: Node | null | undefined) => {
    if (target && byName.has(unscoped(target)?.name ?? "")) found.add(keyOf(target)!);
  };
  // Whatever its name: a value bound to what is plainly no client (`self.site = Site()`) is none where it is handed on either.
  const bound = new Set<string>();
  for (const assignment of allOf(root, "assignment")) {
    let value = assignment.childForFieldName("right");
    if (value?.type === "await") value = value.namedChildren[0] ?? null;
    const type = assignment.childForFieldName("type");
    if (!plainlyNoClient(value, classOf) && !(type && typedOtherwise(type, classOf))) continue;
    const left = assignment.childForFieldName("left");
    mark(left);
    const key = keyOf(left);
    if (key) bound.add(key);
  }
  const noClient = (value: Node | null | undefined) => plainlyNoClient(value, classOf) || (value != null && bound.has(keyOf(value) ?? ""));
  for (const { fn, handed, skipped } of callees) {
    parametersGiven(fn, skipped).forEach((param, i) => {
      const id = parameterName(param);
      if (!id || !byName.has(id.text)) return;
      const type = param.childForFieldName("type");
      const given = handed.map((c) => argumentFor(handedArguments(c), id.text, i));
      const fallback = param.childForFieldName("value");
      const otherByDefault = fallback && fallback.type !== "none" && (plainlyNoClient(fallback, classOf) || bound.has(defaultKeyOf(fn, fallback) ?? ""));
      if ((type && typedOtherwise(type, classOf)) || given.some(noClient) || otherByDefault) mark(id);
    });
  }
  return found;
}

/** An annotation that names a type, and not the client's: `Site`, `Optional[Site]`; not `Any`, `object` or a string. */
function typedOtherwise(type: Node, classOf: (node: Node | null) => boolean | undefined): boolean {
  const inner = type.type === "type" ? type.namedChildren[0] : type;
  if (!inner || inner.type === "string" || classOf(type) !== undefined) return false;
  return allOf(inner, "identifier").some((n) => !["Any", "object", "Optional", "Union", "None"].includes(n.text));
}

/** A parameter some call hands a client and another call something else (or nothing): `fetch(app, url)`, `fetch(Site(), url)`. */
export interface MixedParameter {
  /** what a call hands it that is a client, and what another hands it instead (null: nothing, its default) */
  readonly client: Node;
  readonly other: Node | null;
}

/**
 * Parameters that take no type but a client at every call: `def fetch(app, url)` where each `fetch(...)` of the
 * module passes a client there, or passes nothing where the client is the default (`def fetch(url, app=app)`);
 * those handed only clients kept on v1, which are kept too; and, apart, those some calls pass a client and others
 * something else, which are neither. A function the module never calls, but by its default, or calls with
 * `*args`, says nothing of them.
 */
function passedClients(
  callees: readonly Callee[],
  assignments: readonly Node[],
  clients: ReadonlyMap<string, boolean>,
  keptOnV1: ReadonlySet<string>,
  keyOf: (node: Node | null) => string | null,
  callsElsewhere: CallsElsewhere,
  made: (value: Node | null | undefined) => boolean | "v1" | undefined,
  makes: boolean,
): { found: Map<string, boolean>; kept: Set<string>; mixed: Map<string, MixedParameter> } {
  const found = new Map<string, boolean>();
  const kept = new Set<string>();
  const mixed = new Map<string, MixedParameter>();
  if (!clients.size && !keptOnV1.size && !makes) return { found, kept, mixed };
  // Scopes are looked up only for a name a client has.
  const some = (value: Node | null | undefined) =>
    named(clients, value) || named(found, value) || named(keptOnV1, value) || named(kept, value) || made(value) !== undefined;
  const lookup = (key: string | null) =>
    key === null ? undefined : (clients.get(key) ?? found.get(key) ?? (keptOnV1.has(key) || kept.has(key) ? ("v1" as const) : undefined));
  const known = (value: Node | null | undefined) => made(value) ?? (some(value) ? lookup(keyOf(value!)) : undefined);
  // A default is read where the function is defined, not in it.
  const knownDefault = (fn: Node, value: Node | null | undefined) => made(value) ?? (some(value) ? lookup(defaultKeyOf(fn, value)) : undefined);
  // Twice: a client passed on from one function to the next; then twice more for the parameters left mixed, which
  // a mixed one handed on makes mixed too.
  const mixedOf = (values: readonly (Node | null | undefined)[]) => values.map((v) => (named(mixed, v) ? mixed.get(keyOf(v!) ?? "") : undefined)).find(Boolean);
  for (let round = 0; round < 4; round++) {
    for (const { fn, handed, method, skipped } of callees) {
      const name = fn.childForFieldName("name")!;
      const passed = (a: Node | null) => (a?.type === "keyword_argument" ? a.childForFieldName("value") : a);
      const params = parametersGiven(fn, skipped);
      const byDefault = params.some((p) => p.type === "default_parameter" && some(p.childForFieldName("value")));
      const handing = (a: Node | null) => some(passed(a)) || named(mixed, passed(a));
      if (!byDefault && !handed.some((c) => c.childForFieldName("arguments")?.namedChildren.some(handing))) continue;
      const scope = bindingScope(name).id;
      const calls = method ? handed : handed.filter((c) => bindingScope(calleeOf(c)!).id === scope);
      // A public function nothing here calls is another module's to call: its calls there say what it is handed,
      // and where they cannot be told, its default alone does not.
      const elsewhere = !calls.length && byDefault ? callsFromElsewhere(fn, callsElsewhere) : [];
      if (elsewhere === undefined) continue;
      const args = [...calls, ...elsewhere].map(handedArguments);
      const splat = args.some((list) => list.some((a) => a.type === "list_splat" || a.type === "dictionary_splat"));
      if ((!calls.length && !byDefault) || (splat && round < 2)) continue;
      params.forEach((param, i) => {
        // Untyped only: a typed parameter is a client by its annotation or none.
        const id = param.type === "identifier" || param.type === "default_parameter" ? parameterName(param) : null;
        if (!id) return;
        const fallback = param.type === "default_parameter" ? param.childForFieldName("value") : null;
        // What a call that passes nothing gives, and the default itself: a call may always pass nothing.
        const given = [...args.map((list) => argumentFor(list, id.text, i) ?? fallback), ...(fallback ? [fallback] : [])]
          // None, given or by default, is no other value: no method of the client's can be called on it either.
          .filter((v) => v?.type !== "none");
        // Another module's value is no name of this one's.
        const foreign = (v: Node | null) => v !== null && v.tree !== fn.tree;
        const each = given.map((v) => (v && v.id === fallback?.id ? knownDefault(fn, v) : foreign(v) ? undefined : known(v)));
        const agree = each.length > 0 && each.every((a) => a !== undefined && a === each[0]);
        if (round < 2 && agree && each[0] === "v1") kept.add(keyOf(id)!);
        else if (round < 2 && agree) found.set(keyOf(id)!, each[0] as boolean);
        const client = each.findIndex((a) => typeof a === "boolean");
        const from =
          round >= 2 && !agree
            ? client >= 0
              ? { client: given[client]!, other: given[each.findIndex((a) => a !== each[client])] ?? null }
              : mixedOf(given)
            : undefined;
        if (from) mixed.set(keyOf(id)!, from);
      });
    }
    handedOn(
      assignments,
      (v) => some(v) || named(mixed, v),
      keyOf,
      (key, values) => {
        const each = values.map(known);
        const agree = each.every((a) => a !== undefined && a === each[0]);
        if (agree && each[0] === "v1") kept.add(key);
        else if (agree && !clients.has(key)) found.set(key, each[0] as boolean);
        const from = round >= 2 && !agree ? mixedOf(values) : undefined;
        if (from) mixed.set(key, from);
      },
    );
  }
  return { found, kept, mixed };
}

/** The calls of a module-level public function in other modules; none for a private or nested one, which no other module calls. */
function callsFromElsewhere(fn: Node, callsElsewhere: CallsElsewhere): readonly Node[] | undefined {
  const holder = heldAs(fn);
  const name = fn.childForFieldName("name")!.text;
  return holder.parent?.type !== "module" || name.startsWith("_") ? [] : callsElsewhere(name);
}

/**
 * The names and `self.attr`s the code assigns a name or attribute some client has (`self.app = app`, `c = app`),
 * each with every value its scope assigns it: it holds a client where they all are one.
 */
function handedOn(
  assignments: readonly Node[],
  some: (value: Node | null | undefined) => boolean,
  keyOf: (node: Node | null) => string | null,
  each: (key: string, values: Node[]) => void,
): void {
  // `app = local_client() if local else cloud`: each side is a value the name may hold.
  const sides = assignments.flatMap((a) => choices(a.childForFieldName("right")).map((value) => [a.childForFieldName("left"), value] as const));
  // Keys, the costly part, only for the names some client is assigned to.
  const names = new Set(sides.flatMap(([left, value]) => (some(value) ? [unscoped(left)?.name] : [])));
  const values = new Map<string, Node[]>();
  const handed = new Set<string>();
  for (const [left, value] of sides) {
    if (!value || value.type === "none" || !names.has(unscoped(left)?.name)) continue;
    const key = keyOf(left);
    if (key === null) continue;
    values.set(key, [...(values.get(key) ?? []), value]);
    if (some(value)) handed.add(key);
  }
  for (const key of handed) each(key, values.get(key)!);
}

/** The values a choice gives (`a if test else b`, `a or b`, in parentheses or not), each side's own; the value itself where it is none. */
function choices(value: Node | null): (Node | null)[] {
  if (value?.type === "parenthesized_expression") return choices(value.namedChildren.find((c) => c?.type !== "comment") ?? null);
  if (value?.type === "conditional_expression") return [...choices(value.namedChildren[0] ?? null), ...choices(value.namedChildren[2] ?? null)];
  if (value?.type === "boolean_operator" && value.childForFieldName("operator")?.type === "or")
    return [...choices(value.childForFieldName("left")), ...choices(value.childForFieldName("right"))];
  return [value];
}

/**
 * Whether `receiver` is a `self.attr` its class (or the base it reads it from) assigns: what that holds is the
 * class's own, told by its assignments, not by what another class's attribute of that name holds.
 */
function ownAttribute(receiver: Node): boolean {
  const attribute = receiver.type === "attribute" && receiver.childForFieldName("object")?.text === "self" ? receiver.text : null;
  const cls = attribute ? enclosing(receiver, "class_definition") : null;
  return cls !== null && cls !== undefined && setsAttribute(familyOf(cls, attribute!), attribute!);
}

/** `client.method`: a client method named by its v1 or v2 name, on a receiver known to be a client. */
function methodOf(sdk: PyBindings, node: Node | null) {
  if (node?.type !== "attribute") return null;
  const name = node.childForFieldName("attribute")!;
  const receiver = node.childForFieldName("object")!;
  const found = pythonMethodRow(name.text);
  const isAsync = found ? clientAt(sdk, receiver) : undefined;
  return found && isAsync !== undefined ? { name, receiver, method: name.text, ...found, async: isAsync } : null;
}

/** Whether a receiver is a client migrated to v2: async or not; undefined where it is none, or one kept on v1. */
function clientAt(sdk: PyBindings, receiver: Node): boolean | undefined {
  const made = constructedHere(sdk, receiver);
  if (made !== undefined) return made;
  if (!sdk.names.has(unscoped(receiver)?.name ?? "")) return undefined;
  const key = keyOf(receiver);
  const kept = key !== null && sdk.keptOnV1.has(key);
  const byName = sdk.notClients.has(key ?? "") || ownAttribute(receiver) ? undefined : sdk.byName.get(nameOfKey(key ?? ""));
  return key === null || kept ? undefined : (sdk.clients.get(key) ?? byName);
}

/**
 * Whether the client class a name or an attribute names (`FirecrawlApp`, an alias of it, `firecrawl.FirecrawlApp`) is
 * the async one; undefined where it names none. `classes` and `modules`: the module's, as PyBindings has them.
 */
function clientClassNamed(node: Node, classes: ReadonlyMap<string, boolean>, modules: ReadonlySet<string>): boolean | undefined {
  if (node.type === "identifier") return classes.get(node.text);
  const module = node.type === "attribute" ? node.childForFieldName("object")?.text : undefined;
  return module !== undefined && modules.has(module) ? PY_CLIENT_IS_ASYNC.get(node.childForFieldName("attribute")!.text) : undefined;
}

/** `AsyncFirecrawlApp(api_key=key).scrape_url(url)`: a client made where its method is called; whether it is the async one. */
function constructedHere(sdk: PyBindings, receiver: Node): boolean | undefined {
  const made = receiver.type === "call" ? receiver.childForFieldName("function") : null;
  return made ? clientClassNamed(made, sdk.classes, sdk.modules) : undefined;
}

/** Calls that name a method of a client by a string, the client and the string as `naming` finds them in the call. */
function namedMethods(tree: Tree, sdk: PyBindings, naming: (call: Node) => (Node | undefined)[] | null): PyMethodUse[] {
  return allOf(tree.rootNode, "call").flatMap((node): PyMethodUse[] => {
    const [receiver, name] = naming(node) ?? [];
    const method = stringValue(name ?? null);
    const found = method === undefined ? undefined : pythonMethodRow(method);
    return found && receiver && clientAt(sdk, receiver) !== undefined ? [{ node, name: name!, receiver, method: method!, ...found }] : [];
  });
}

/**
 * Code that asks a client whether it has a method (`hasattr(app, "scrape_url")`), to call it if so: `node` is the
 * hasattr call, `name` the string naming the method.
 */
export const methodProbes = (tree: Tree, sdk: PyBindings): PyMethodUse[] =>
  namedMethods(tree, sdk, (call) => (call.childForFieldName("function")?.text === "hasattr" ? argumentsOf(call) : null));

/**
 * A test's patch of a client instance's method (`patch.object(app, "map_url", return_value=...)`): `node` is the patch
 * call, `name` the string naming the method. 4.x's client has its methods on the instance, by v2's names.
 */
export const patchedInstanceMethods = (tree: Tree, sdk: PyBindings): PyMethodUse[] =>
  namedMethods(tree, sdk, (call) => {
    const patch = patchArguments(call);
    return patch?.isObject ? patch.args : null;
  });

/** The assertion a test makes on a mocked method, when `node` is `client.method.assert_called_once_with`. */
function assertionOn(node: Node | null): Node | null {
  if (node?.type !== "attribute" || !MOCK_ASSERTIONS.has(node.childForFieldName("attribute")!.text)) return null;
  return node.childForFieldName("object");
}

/**
 * Calls of client methods by their v1 or v2 name, on receivers known to be clients, tests' assertions on them, and
 * methods handed to a call that runs them with the arguments after them (`pool.submit(app.crawl_url, url)`).
 */
export function clientCalls(tree: Tree, sdk: PyBindings): PyCall[] {
  const calls: PyCall[] = [];
  for (const call of allOf(tree.rootNode, "call")) {
    const fn = call.childForFieldName("function");
    const args = call.childForFieldName("arguments")!;
    const method = methodOf(sdk, fn);
    if (method) calls.push({ node: call, ...method, ...startedInstead(method, args), args });
    const asserted = methodOf(sdk, assertionOn(fn));
    if (asserted) calls.push({ node: call, ...asserted, args, mock: true });
    const passed = forwarderOf(call);
    const reference = passed && args.type === "argument_list" ? args.namedChildren.find((a) => forwardedBy(a!)?.call.id === call.id) : undefined;
    // a wrapper's own keyword arguments (`with_retry(app.scrape_url, url, attempts=5)`) are not the method's: the steps would read them as its
    const forwarded = reference && !passesOwn(call, passed!) ? methodOf(sdk, reference) : null;
    if (forwarded) calls.push({ ...forwarded, node: call, args, passed });
    if (forwarded && passed?.gives === "callable")
      for (const invoked of invocationsOf(call)) calls.push({ ...forwarded, node: invoked, args: invoked.childForFieldName("arguments")!, invokes: call });
  }
  return calls;
}

/**
 * v0's `crawl_url(url, params, wait_until_done=False)` started the job and answered its id without waiting, as 1.x's
 * `async_crawl_url` went on to: the call is that method's (v2's `start_crawl`). 1.x's `crawl_url` took no such keyword.
 */
function startedInstead(method: { row: MethodRow; isV1Name: boolean; method: string }, args: Node): { row: MethodRow } | object {
  if (!method.row.waiter || !method.isV1Name || args.type !== "argument_list") return {};
  if (keywords(args).find((k) => k.name === PY_NO_WAIT)?.value.type !== "false") return {};
  const started = pythonMethodRow(`async_${method.method}`);
  return started ? { row: started.row } : {};
}

/** Mocked methods that tests name without calling them or asserting on their calls. */
export function mockedMethods(tree: Tree, sdk: PyBindings): PyMockedMethod[] {
  return allOf(tree.rootNode, "attribute").flatMap((node): PyMockedMethod[] => {
    const method = methodOf(sdk, node);
    const parent = node.parent;
    if (!method || parent?.type !== "attribute" || parent.childForFieldName("object")?.id !== node.id) return [];
    if (assertionOn(parent) && parent.parent?.type === "call") return [];
    const assignment = parent.parent;
    const set = assignment?.type === "assignment" && assignment.childForFieldName("left")?.id === parent.id ? parent.childForFieldName("attribute")!.text : "";
    const value = assignment?.childForFieldName("right");
    const returns =
      set === "return_value"
        ? [value!]
        : set === "side_effect" && value?.type === "list"
          ? value.namedChildren.filter((n): n is Node => n !== null && n.type !== "comment")
          : set === "side_effect" && value?.type === "identifier"
            ? returnedBy(value)
            : undefined;
    return [{ ...method, node, returns }];
  });
}

/**
 * `mock.side_effect = respond`: what the function `respond`, defined where the name is bound, returns; the mock
 * answers each call with what the function gives it. None where the name is bound otherwise too.
 */
function returnedBy(name: Node): Node[] | undefined {
  const defined = onlyBinding(name)?.parent;
  if (defined?.type !== "function_definition") return undefined;
  return returnsOf(defined).flatMap((r) => r.namedChildren.filter((n): n is Node => n !== null && n.type !== "comment").slice(0, 1));
}

/**
 * Client methods passed on rather than called, to a call that does not run them with the arguments after them
 * (those are calls: clientCalls): `Thread(target=app.crawl_url, args=(url,))`, `map(app.scrape_url, urls)`.
 */
export function methodReferences(tree: Tree, sdk: PyBindings): PyMethodUse[] {
  return allOf(tree.rootNode, "attribute").flatMap((node): PyMethodUse[] => {
    const method = methodOf(sdk, node);
    const parent = node.parent;
    const passed = parent?.type === "argument_list" || (parent?.type === "keyword_argument" && parent.childForFieldName("value")?.id === node.id);
    const by = method && passed ? forwardedBy(node) : null;
    return method && passed && (!by || passesOwn(by.call, by.forwarder)) ? [{ ...method, node }] : [];
  });
}

/**
 * v1 methods named on a parameter that is a client at some calls and something else at others (`client.scrape_url`
 * in `fetch`, handed `app` and `Site()`): neither migrated nor left as they are with certainty.
 */
export function mixedReceivers(tree: Tree, sdk: PyBindings): (PyMethodUse & MixedParameter)[] {
  if (!sdk.mixed.size) return [];
  return allOf(tree.rootNode, "attribute").flatMap((node) => {
    const receiver = node.childForFieldName("object")!;
    const name = node.childForFieldName("attribute")!;
    const found = named(sdk.mixed, receiver) ? pythonMethodRow(name.text) : undefined;
    const mixed = found?.isV1Name ? sdk.mixed.get(keyOf(receiver) ?? "") : undefined;
    // a receiver the module reads as a client after all (by its name) is migrated as one
    return mixed && !methodOf(sdk, node) ? [{ node, name, receiver, method: name.text, ...found!, ...mixed }] : [];
  });
}

/** The method row for a Python method name, v1 (any spelling the table lists) or v2. */
/** The methods a class defines in its body (decorated ones too). */
function methodsOf(cls: Node): Node[] {
  return (cls.childForFieldName("body")?.namedChildren ?? []).flatMap((n) => {
    const fn = n?.type === "decorated_definition" ? n.childForFieldName("definition") : n;
    return fn?.type === "function_definition" ? [fn] : [];
  });
}

/**
 * What a class that extends the client overrides of v1's client: its internals (`_async_request`, `_prepare_headers`)
 * and its methods. v2's client has neither to override, nor calls them, so such a class stays on v1's.
 */
export function v1Overrides(cls: Node): string[] {
  return methodsOf(cls).flatMap((fn) => {
    const name = fn.childForFieldName("name")!.text;
    return (name.startsWith("_") && !name.startsWith("__")) || pythonMethodRow(name) ? [name] : [];
  });
}

/** Whether a node is a call through the client's `.v1` proxy (`app.v1.scrape_url(...)`): code kept on v1. */
export function callsThroughV1(node: Node | null | undefined): boolean {
  const callee = node?.type === "call" ? node.childForFieldName("function") : null;
  const object = callee?.type === "attribute" ? callee.childForFieldName("object") : null;
  return object?.type === "attribute" && object.childForFieldName("attribute")?.text === V1_ACCESSOR;
}
