/**
 * What a test puts where the client goes (issue 23, tests that mock the SDK): object literals that stand in for
 * a client (`{ scrapeUrl } as unknown as FirecrawlApp`, the instance a `jest.mock("@mendable/firecrawl-js", ...)`
 * factory makes), and the values its mock functions resolve to (`vi.fn().mockResolvedValue({ success: true, ... })`).
 * Their method names and values are v1's where the code under test is about to call v2's.
 */
import type { ASTPath } from "jscodeshift";
import type { ClassMethod, Node, ObjectExpression } from "@babel/types";
import { EXPECT, MOCK_FUNCTION, MOCK_IMPLEMENTATION, MOCK_RESOLVED_VALUE, MOCK_TYPE_WRAPPERS } from "../../mapping/mocks.js";
import { isRunnerCall, sdkModuleMocks } from "./module-mocks.js";
import { oncePerBindings, type ClientCall } from "./calls.js";
import type { SdkBindings } from "./sdk.js";
import { bindingOf, propertyKey, resolveObject, unwrapPath } from "./expressions.js";
import { CLIENT_CLASSES, V1_CLIENT_EXPORT } from "../../mapping/imports.js";
import { enclosingFunction, type PathIndex } from "./paths.js";

type AnyPath = ASTPath<Node>;

/** The module objects the SDK module's mock factories give (`vi.mock(M, () => ({ default: ... }))`). */
function mockedModules(index: PathIndex): AnyPath[] {
  return sdkModuleMocks(index).flatMap((mock) => {
    const factory = mock.get("arguments", 1) as AnyPath;
    const module = factory.node ? returned(factory) : null;
    return module?.node.type === "ObjectExpression" ? [module] : [];
  });
}

/** What a mock of the SDK module gives for the v1 client kept on purpose (`FirecrawlAppV1: class {...}`): v1's, left alone. */
export function keptV1Mocks(index: PathIndex): Node[] {
  return mockedModules(index).flatMap((module) =>
    (module.node as ObjectExpression).properties.flatMap((prop) =>
      prop.type === "ObjectProperty" && propertyKey(prop) === V1_CLIENT_EXPORT ? [prop.value] : [],
    ),
  );
}

/** What a function returns, when it is an arrow with an expression body or a body that is one `return`. */
function returned(fn: AnyPath): AnyPath | null {
  const node = fn.node;
  if (node.type !== "ArrowFunctionExpression" && node.type !== "FunctionExpression") return null;
  if (node.body.type !== "BlockStatement") return unwrapPath(fn.get("body") as AnyPath);
  const last = node.body.body.at(-1);
  return last?.type === "ReturnStatement" && last.argument ? unwrapPath(fn.get("body", "body", node.body.body.length - 1, "argument") as AnyPath) : null;
}

/**
 * The values a mock function gives, followed through `jest.fn(impl)`, `.mockImplementation(impl)` and
 * `.mockResolvedValue(value)` chains (an identifier is followed to its literal), or returned by a function given
 * in its place: for a mocked method, its result.
 */
export function mockValues(path: AnyPath): AnyPath[] {
  const found: AnyPath[] = [];
  const fromImplementation = (fn: AnyPath) => {
    const value = returned(unwrapPath(fn));
    const object = value && resolveObject(value);
    if (object) found.push(object);
  };
  const start = unwrapPath(path);
  if (start.node.type === "ArrowFunctionExpression" || start.node.type === "FunctionExpression") fromImplementation(start);
  for (let at: AnyPath | null = start; at && at.node.type === "CallExpression";) {
    const node = at.node as Extract<Node, { type: "CallExpression" }>;
    if (isRunnerCall(node, MOCK_FUNCTION)) {
      if (node.arguments[0]) fromImplementation(at.get("arguments", 0) as AnyPath);
      break;
    }
    if (node.callee.type !== "MemberExpression" || node.callee.property.type !== "Identifier") break;
    const name = node.callee.property.name;
    if (MOCK_RESOLVED_VALUE.has(name) && node.arguments[0]) {
      const object = resolveObject(at.get("arguments", 0) as AnyPath);
      if (object) found.push(object);
    } else if (MOCK_IMPLEMENTATION.has(name) && node.arguments[0]) {
      fromImplementation(at.get("arguments", 0) as AnyPath);
    }
    at = unwrapPath(at.get("callee", "object") as AnyPath);
  }
  return found;
}

/**
 * Object literals that stand in for a client: cast or annotated as one (`{ scrapeUrl } as unknown as FirecrawlApp`,
 * `const app: jest.Mocked<FirecrawlApp> = {...}`), or made by a mock of the SDK module (`jest.mock(M, () => ({
 * default: jest.fn().mockImplementation(() => instance) }))`).
 */
export const clientStandIns = oncePerBindings((index, tracker): ASTPath<ObjectExpression>[] => {
  const found = new Set<AnyPath>();
  const add = (path: AnyPath | null) => {
    if (path?.node.type === "ObjectExpression") found.add(path);
  };
  for (const type of ["TSAsExpression", "TSSatisfiesExpression"] as const) {
    for (const path of index.of(type)) {
      if (tracker.isClientAnnotation(path.node.typeAnnotation)) add(unwrapPath(path.get("expression") as AnyPath));
    }
  }
  for (const path of index.of("VariableDeclarator")) {
    const { id, init } = path.node;
    if (init && id.type === "Identifier" && tracker.isClientAnnotation(id.typeAnnotation)) add(unwrapPath(path.get("init") as AnyPath));
  }
  for (const module of mockedModules(index)) {
    (module.node as ObjectExpression).properties.forEach((prop, i) => {
      if (prop.type !== "ObjectProperty") return;
      // The client class the module exports, as a mock function that makes the instance.
      for (const instance of mockValues(module.get("properties", i, "value") as AnyPath)) add(instance);
    });
  }
  return [...found] as ASTPath<ObjectExpression>[];
});

/** Whether the file is a test: it asserts with `expect(...)`. */
function assertsWithExpect(index: PathIndex): boolean {
  // Through the index's names: scanning every call of the file for each call made a file's cost grow with the square of its calls.
  return index.of("Identifier", { name: EXPECT }).some(({ node, parent }) => parent?.node.type === "CallExpression" && parent.node.callee === node);
}

/**
 * Whether a call goes to a test double, whose result is what the test made it give, never a v2 job: a stand-in
 * (callsStandIn), or any client of a test that mocks the SDK module (`vi.mock("@mendable/firecrawl-js")`), where
 * every instance is the mock's.
 */
export function callsTestDouble(call: ClientCall, sdk: SdkBindings): boolean {
  return callsStandIn(call, sdk) || (sdkModuleMocks(call.index).length > 0 && assertsWithExpect(call.index));
}

/**
 * Whether a call's receiver is a test's stand-in for the client: in a test (a file that asserts with `expect`),
 * a value typed as the file's own interface of client methods (`client: MockFirecrawlClient`,
 * `MockProxy<MockFirecrawlClient>`), which no v2 service answers. Outside a test such an interface may be the
 * narrow type production code gives the real client.
 */
export function callsStandIn(call: ClientCall, sdk: SdkBindings): boolean {
  if (!assertsWithExpect(call.index)) return false;
  const callee = call.node.callee;
  const receiver = callee.type === "MemberExpression" || callee.type === "OptionalMemberExpression" ? callee.object : null;
  if (receiver?.type !== "Identifier") return false;
  const binding = bindingOf(call.path, receiver.name);
  let type = (binding?.node as { typeAnnotation?: Node | null } | undefined)?.typeAnnotation;
  if (type?.type === "TSTypeAnnotation") type = type.typeAnnotation;
  while (type?.type === "TSTypeReference" && type.typeName.type === "Identifier" && MOCK_TYPE_WRAPPERS.has(type.typeName.name)) {
    type = type.typeParameters?.params[0];
  }
  return type?.type === "TSTypeReference" && type.typeName.type === "Identifier" && sdk.clientShapes.has(type.typeName.name);
}

/** A method of a class that stands in for the client, with the objects it returns (its results). */
export interface StandInMethod {
  readonly method: ClassMethod;
  readonly name: string;
  readonly returns: AnyPath[];
}

/**
 * The methods of the classes a mock of the SDK module gives for the client (`vi.mock("@mendable/firecrawl-js", () =>
 * ({ default: class MockFirecrawl { async scrapeUrl(url) { return { markdown: "..." }; } } }))`): the code under
 * test makes its client of them, so their names and results are the client's.
 */
export const standInMethods = oncePerBindings((index): StandInMethod[] => {
  const classes = new Set<Node>();
  for (const module of mockedModules(index)) {
    for (const prop of (module.node as ObjectExpression).properties) {
      // The client the code under test makes (the default export, FirecrawlApp, Firecrawl), not the v1 one kept on purpose.
      const name = prop.type === "ObjectProperty" ? propertyKey(prop) : undefined;
      if (prop.type === "ObjectProperty" && prop.value.type === "ClassExpression" && (name === "default" || CLIENT_CLASSES.includes(name ?? "")))
        classes.add(prop.value.body);
    }
  }
  if (classes.size === 0) return [];
  const methods = new Map<ClassMethod, StandInMethod>();
  for (const path of index.of("ClassMethod")) {
    const method = path.node as ClassMethod;
    const body = path.parent?.node;
    if (!body || !classes.has(body) || method.kind !== "method" || method.computed || method.key.type !== "Identifier") continue;
    methods.set(method, { method, name: method.key.name, returns: [] });
  }
  for (const path of index.of("ReturnStatement")) {
    const fn = enclosingFunction(path as AnyPath);
    const method = fn && methods.get(fn as ClassMethod);
    const argument = (path.node as Extract<Node, { type: "ReturnStatement" }>).argument;
    const object = method && argument ? resolveObject(unwrapPath(path.get("argument") as AnyPath)) : null;
    if (object) method!.returns.push(object);
  }
  return [...methods.values()];
});
