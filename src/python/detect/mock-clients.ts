/**
 * Tests that mock the SDK (unittest.mock, pytest-mock): which names are mocked clients, and where a test
 * names the client class in a patch target. `Mock(spec=FirecrawlApp)`, `create_autospec(FirecrawlApp)`, and
 * the `return_value` of a `patch("pkg.module.FirecrawlApp")` mock (bound by a decorator, `with ... as`, or
 * `mocker.patch(...)`) stand for a client; their methods are read like a client's.
 */
import { allOf, argumentsOf, calledName, enclosing, lastName, stringValue, type Node } from "../runtime/parser.js";
import { keywords } from "./arguments.js";

/** Attributes of a mocked method that assert on its calls: their arguments have the call's shape. */
export const MOCK_ASSERTIONS: ReadonlySet<string> = new Set([
  "assert_called_with",
  "assert_called_once_with",
  "assert_any_call",
  "assert_awaited_with",
  "assert_awaited_once_with",
  "assert_any_await",
]);

const MOCK_FACTORIES = new Set(["Mock", "MagicMock", "AsyncMock", "NonCallableMock", "NonCallableMagicMock", "create_autospec"]);

/** A patch call's arguments: `patch(target, ...)`, `mocker.patch(...)`, or `patch.object(owner, name, ...)`. */
export function patchArguments(call: Node): { isObject: boolean; args: Node[] } | null {
  const fn = call.childForFieldName("function");
  const isObject = fn?.type === "attribute" && lastName(fn) === "object" && lastName(fn.childForFieldName("object")) === "patch";
  if (!isObject && lastName(fn) !== "patch") return null;
  return { isObject, args: argumentsOf(call) };
}

/**
 * The string arguments of patch calls that name one of `classNames`: `patch("pkg.module.FirecrawlApp")`,
 * `mocker.patch(...)`, `patch.object(module, "FirecrawlApp")`.
 */
export function patchTargets(root: Node, classNames: ReadonlySet<string>): Node[] {
  return allOf(root, "call").flatMap((call) => {
    const patch = patchArguments(call);
    if (!patch) return [];
    const { isObject, args } = patch;
    const target = args[isObject ? 1 : 0] ?? null;
    const value = stringValue(target);
    if (value === undefined) return [];
    return classNames.has(isObject ? value : value.slice(value.lastIndexOf(".") + 1)) ? [target!] : [];
  });
}

/** The name a patch call's mock is bound to: `with patch(...) as m`, `m = mocker.patch(...)`, or a decorator's parameter. */
export function mockBoundBy(patch: Node): string | undefined {
  return mockBinding(patch)?.text;
}

/** Where a patch call's mock is bound: the identifier of `as m`, of `m = ...`, or the decorated function's parameter. */
function mockBinding(patch: Node): Node | undefined {
  const at = patch.parent;
  // `with patch(...) as m:`
  if (at?.type === "as_pattern") {
    const alias = at.childForFieldName("alias")?.namedChildren[0] ?? at.childForFieldName("alias");
    return alias?.type === "identifier" ? alias : undefined;
  }
  // `m = mocker.patch(...)`
  if (at?.type === "assignment" && at.childForFieldName("left")?.type === "identifier") return at.childForFieldName("left")!;
  // `@patch(...)` decorators hand their mocks to the function's parameters, the lowest decorator first.
  if (at?.type === "decorator" && at.parent?.type === "decorated_definition") {
    const decorated = at.parent;
    const decorators = decorated.namedChildren.filter((d): d is Node => d?.type === "decorator");
    const patches = decorators.filter(
      (d) => d.namedChildren[0]?.type === "call" && /(^|\.)patch(\.object)?$/.test(d.namedChildren[0].childForFieldName("function")?.text ?? ""),
    );
    const position = patches.length - 1 - patches.findIndex((d) => d.id === at.id);
    const fn = decorated.childForFieldName("definition");
    const params = (fn?.childForFieldName("parameters")?.namedChildren ?? []).filter(
      (p): p is Node => p !== null && p.type === "identifier" && p.text !== "self" && p.text !== "cls",
    );
    return params[position];
  }
  return undefined;
}

/** Where a patch is in force: the code of `body` from `from` on. */
export interface PatchScope {
  readonly body: Node;
  readonly from: number;
}

/** pytest-mock's fixtures, whose patches last until the test (or the class, module, session) ends. */
const MOCKER = /^(class_|module_|session_)?mocker$/;

/**
 * Where a patch is in force and the test can make a client under it: its `with` block, the function its
 * decorator wraps, or, for pytest-mock's `mocker.patch...(...)` as a statement of the test function itself, the
 * rest of that function. A class decorator patches only the `test*` methods: `setUp` runs unpatched, so no scope;
 * nor has a `mocker` patch under an `if` or a loop, which may not have run when the code after it does.
 */
export function patchScope(patch: Node): PatchScope | null {
  const clause = enclosing(patch, "with_clause");
  const whole = (body: Node | null | undefined) => (body ? { body, from: body.startIndex } : null);
  if (clause) return whole(clause.parent?.childForFieldName("body"));
  const at = patch.parent;
  const definition = at?.type === "decorator" && at.parent?.type === "decorated_definition" ? at.parent.childForFieldName("definition") : null;
  if (definition?.type === "function_definition") return whole(definition.childForFieldName("body"));
  const mocker = patch.childForFieldName("function")?.text.split(".")[0] ?? "";
  const statement = at?.type === "assignment" && at.childForFieldName("right")?.id === patch.id ? at.parent : at;
  const body = statement?.type === "expression_statement" ? statement.parent : null;
  const fn = body?.parent?.type === "function_definition" ? body.parent : null;
  const parameters = fn?.childForFieldName("parameters")?.namedChildren ?? [];
  return MOCKER.test(mocker) && parameters.some((p) => p?.text === mocker) ? { body: body!, from: statement!.endIndex } : null;
}

/**
 * Whether the patched method is called in `scope` and each such call is on a client `scope` makes (`Owner(...)`, by one of `owners`)
 * before it: a client made before the patch, in `setUp` or by a fixture, was made without it.
 */
export function calledOnClientsMadeIn({ body: scope, from }: PatchScope, owners: ReadonlySet<string>, methods: ReadonlySet<string>): boolean {
  const made = (value: Node | null | undefined) => value?.type === "call" && owners.has(value.childForFieldName("function")?.text ?? "");
  const calls = allOf(scope, "call").flatMap((call) => {
    const fn = call.childForFieldName("function");
    return fn?.type === "attribute" && methods.has(lastName(fn)) && call.startIndex >= from ? [{ call, receiver: fn.childForFieldName("object")! }] : [];
  });
  return (
    calls.length > 0 &&
    calls.every(({ call, receiver }) => {
      if (made(receiver)) return true;
      if (receiver.type !== "identifier" && receiver.type !== "attribute") return false;
      // The receiver's last assignment before the call, in the function the call is in.
      const within = enclosing(call, "function_definition") ?? scope;
      const last = allOf(within, "assignment")
        .filter((a) => a.childForFieldName("left")?.text === receiver.text && a.endIndex <= call.startIndex)
        .at(-1);
      return !!last && last.startIndex >= from && made(last.childForFieldName("right"));
    })
  );
}

/**
 * Mocked clients, keyed as clients are (a name, `self.attr`, `m.return_value` for a patched class `m`):
 * `app = Mock(spec=FirecrawlApp)`, `app = m.return_value`, `m.return_value = app`, and `m.return_value` itself; and the spec
 * arguments that name the client class.
 */
export function mockClients(
  root: Node,
  classOf: (node: Node | null) => boolean | undefined,
  targets: readonly Node[],
  isAsync: (target: Node) => boolean,
  keyOf: (node: Node | null) => string | null,
): { clients: Map<string, boolean>; specs: Node[] } {
  const clients = new Map<string, boolean>();
  const specs: Node[] = [];
  // The mocks that patch the client class: what calling them gives is a client.
  for (const target of targets) {
    const mock = keyOf(mockBinding(target.parent!.parent!) ?? null);
    // `m@12` is the mock; `m.return_value@12` what calling it gives, as keyOf keys that attribute.
    if (mock) clients.set(mock.replace("@", ".return_value@"), isAsync(target));
    // `patch("pkg.module.FirecrawlApp", return_value=app)`: the mock the test builds is what the patched class gives
    const given = keywords(target.parent!).find((k) => k.name === "return_value")?.value;
    const built = given?.type === "identifier" ? keyOf(given) : null;
    if (built) clients.set(built, isAsync(target));
  }
  const key = (assignment: Node) => keyOf(assignment.childForFieldName("left"));
  const fixtures = fixtureMocks(root, (mock) => clients.get((keyOf(mock) ?? "").replace("@", ".return_value@")));
  for (const assignment of allOf(root, "assignment")) {
    const value = assignment.childForFieldName("right");
    if (!value) continue;
    // `app = m.return_value`, or `app = deps["m"].return_value` off a fixture's dict; keys are looked up only where the
    // attribute is one a mock gives.
    const returned = value.type === "attribute" && value.childForFieldName("attribute")?.text === "return_value" ? value.childForFieldName("object") : null;
    const mocked = returned ? (clients.get(keyOf(value) ?? "") ?? fromFixture(returned, fixtures)) : undefined;
    if (mocked !== undefined) {
      const app = key(assignment);
      if (app) clients.set(app, mocked);
      continue;
    }
    // `m.return_value = app`: the mock the test builds (`app = MagicMock()`) is what the patched class gives
    const left = assignment.childForFieldName("left");
    const given = left?.type === "attribute" && left.childForFieldName("attribute")?.text === "return_value" ? clients.get(keyOf(left) ?? "") : undefined;
    const built = given !== undefined && value.type === "identifier" ? keyOf(value) : null;
    if (built) {
      clients.set(built, given!);
      continue;
    }
    if (value.type !== "call" || !MOCK_FACTORIES.has(calledName(value))) continue;
    const args = value.childForFieldName("arguments")?.namedChildren ?? [];
    const spec =
      args.find((a) => a?.type === "keyword_argument" && /^spec(_set)?$/.test(a.childForFieldName("name")!.text))?.childForFieldName("value") ??
      (calledName(value) === "create_autospec" ? args[0] : null);
    const isAsyncClient = classOf(spec ?? null);
    const app = isAsyncClient === undefined ? null : key(assignment);
    if (!app) continue;
    clients.set(app, isAsyncClient!);
    specs.push(spec!);
  }
  return { clients, specs };
}

/**
 * pytest fixtures that hand a test the mocks of the client class they patch in a dict (`with patch("pkg.mod.FirecrawlApp")
 * as m: yield {"app": m, ...}`), by the fixture's name and the key: the test reads `deps["app"].return_value`.
 * `classMock`: whether a name is a mock of the client class, and of the async one.
 */
function fixtureMocks(root: Node, classMock: (name: Node) => boolean | undefined): Map<string, Map<string, boolean>> {
  const found = new Map<string, Map<string, boolean>>();
  for (const decorated of allOf(root, "decorated_definition")) {
    const fn = decorated.childForFieldName("definition");
    const isFixture = decorated.namedChildren.some((d) => d?.type === "decorator" && /(?:^|\.)fixture\b/.test(d.text.slice(1)));
    if (fn?.type !== "function_definition" || !isFixture) continue;
    const handed = [...allOf(fn, "yield"), ...allOf(fn, "return_statement")].flatMap((n) => n.namedChildren.filter((c) => c?.type === "dictionary") as Node[]);
    const keys = new Map<string, boolean>();
    for (const pair of handed.flatMap((dict) => dict.namedChildren.filter((c) => c?.type === "pair") as Node[])) {
      const name = stringValue(pair.childForFieldName("key"));
      const value = pair.childForFieldName("value");
      const isAsync = value?.type === "identifier" ? classMock(value) : undefined;
      if (name !== undefined && isAsync !== undefined) keys.set(name, isAsync);
    }
    if (keys.size) found.set(fn.childForFieldName("name")!.text, keys);
  }
  return found;
}

/** `deps["app"]` in a test that takes the fixture `deps`: the class mock that fixture hands under that key. */
function fromFixture(node: Node | null, fixtures: ReadonlyMap<string, ReadonlyMap<string, boolean>>): boolean | undefined {
  const fixture = node?.type === "subscript" ? node.childForFieldName("value") : null;
  const parameter = fixture?.type === "identifier" ? fixtures.get(fixture.text) : undefined;
  const fn = parameter && enclosing(node!, "function_definition");
  const takes = fn?.childForFieldName("parameters")?.namedChildren.some((p) => p?.text === fixture!.text);
  return takes ? parameter!.get(stringValue(node!.childForFieldName("subscript")) ?? "") : undefined;
}

/** A method patched on the client class: by `patch.object`'s `object`, or by a string `target`. */
interface PatchedClassMethod {
  readonly node: Node;
  readonly method: string;
  readonly object?: { owner: Node; name: Node; args: Node[] };
  readonly target?: { node: Node; path: string[] };
}

/**
 * Methods a test patches on the client class itself: `patch.object(FirecrawlApp, "scrape_url")` (by the
 * class's local name) or `patch("pkg.module.FirecrawlApp.scrape_url")` (by its SDK name, the string `target`).
 */
export function patchedClassMethods(root: Node, locals: ReadonlySet<string>, classNames: ReadonlySet<string>): PatchedClassMethod[] {
  return allOf(root, "call").flatMap((call): PatchedClassMethod[] => {
    const patch = patchArguments(call);
    if (!patch) return [];
    const { isObject, args } = patch;
    if (isObject) {
      const method = stringValue(args[1] ?? null);
      return args[0]?.type === "identifier" && locals.has(args[0].text) && method !== undefined
        ? [{ node: call, method, object: { owner: args[0], name: args[1]!, args } }]
        : [];
    }
    const path = stringValue(args[0] ?? null)?.split(".") ?? [];
    return path.length >= 2 && classNames.has(path.at(-2)!) ? [{ node: call, method: path.at(-1)!, target: { node: args[0]!, path } }] : [];
  });
}
