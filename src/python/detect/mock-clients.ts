/**
 * Tests that mock the SDK (unittest.mock, pytest-mock): which names are mocked clients, and where a test
 * names the client class in a patch target. `Mock(spec=FirecrawlApp)`, `create_autospec(FirecrawlApp)`, and
 * the `return_value` of a `patch("pkg.module.FirecrawlApp")` mock (bound by a decorator, `with ... as`, or
 * `mocker.patch(...)`) stand for a client; their methods are read like a client's.
 */
import { allOf, calledName, enclosing, lastName, stringValue, type Node } from "../runtime/parser.js";

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
function patchArguments(call: Node): { isObject: boolean; args: Node[] } | null {
  const fn = call.childForFieldName("function");
  const isObject = fn?.type === "attribute" && lastName(fn) === "object" && lastName(fn.childForFieldName("object")) === "patch";
  if (!isObject && lastName(fn) !== "patch") return null;
  return { isObject, args: call.childForFieldName("arguments")?.namedChildren.filter((a): a is Node => a !== null && a.type !== "comment") ?? [] };
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
  const at = patch.parent;
  // `with patch(...) as m:`
  if (at?.type === "as_pattern") {
    const alias = at.childForFieldName("alias")?.namedChildren[0] ?? at.childForFieldName("alias");
    return alias?.type === "identifier" ? alias.text : undefined;
  }
  // `m = mocker.patch(...)`
  if (at?.type === "assignment" && at.childForFieldName("left")?.type === "identifier") return at.childForFieldName("left")!.text;
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
    return params[position]?.text;
  }
  return undefined;
}

/** The names bound to the mocks that patch the client class, with whether that class is the async one. */
function patchMocks(targets: readonly Node[], isAsync: (target: Node) => boolean): Map<string, boolean> {
  const mocks = new Map<string, boolean>();
  for (const target of targets) {
    const name = mockBoundBy(target.parent!.parent!);
    if (name) mocks.set(name, isAsync(target));
  }
  return mocks;
}

/** Where a patch is in force and the test can make a client under it: its `with` block, or the function its decorator wraps. */
export function patchScope(patch: Node): Node | null {
  const clause = enclosing(patch, "with_clause");
  if (clause) return clause.parent?.childForFieldName("body") ?? null;
  const at = patch.parent;
  if (at?.type === "decorator" && at.parent?.type === "decorated_definition")
    return at.parent.childForFieldName("definition")?.childForFieldName("body") ?? null;
  return null;
}

/**
 * Mocked clients, keyed as clients are (a name, `self.attr`) plus `m.return_value` for a patched class `m`:
 * `app = Mock(spec=FirecrawlApp)`, `app = m.return_value`, and `m.return_value` itself; and the spec
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
  for (const [name, async] of patchMocks(targets, isAsync)) clients.set(`${name}.return_value`, async);
  for (const assignment of allOf(root, "assignment")) {
    const key = keyOf(assignment.childForFieldName("left"));
    const value = assignment.childForFieldName("right");
    if (!key || !value) continue;
    if (value.type === "attribute" && clients.has(value.text)) {
      clients.set(key, clients.get(value.text)!);
      continue;
    }
    if (value.type !== "call" || !MOCK_FACTORIES.has(calledName(value))) continue;
    const args = value.childForFieldName("arguments")?.namedChildren ?? [];
    const spec =
      args.find((a) => a?.type === "keyword_argument" && /^spec(_set)?$/.test(a.childForFieldName("name")!.text))?.childForFieldName("value") ??
      (calledName(value) === "create_autospec" ? args[0] : null);
    const isAsyncClient = classOf(spec ?? null);
    if (isAsyncClient === undefined) continue;
    clients.set(key, isAsyncClient);
    specs.push(spec!);
  }
  return { clients, specs };
}

/**
 * Methods a test patches on the client class itself: `patch.object(FirecrawlApp, "scrape_url")` (by the
 * class's local name) or `patch("pkg.module.FirecrawlApp.scrape_url")` (by its SDK name).
 */
export function patchedClassMethods(
  root: Node,
  locals: ReadonlySet<string>,
  classNames: ReadonlySet<string>,
): { node: Node; method: string; object?: { owner: Node; name: Node; args: Node[] } }[] {
  return allOf(root, "call").flatMap((call) => {
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
    return path.length >= 2 && classNames.has(path.at(-2)!) ? [{ node: call, method: path.at(-1)! }] : [];
  });
}
