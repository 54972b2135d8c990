/**
 * Which local names a file binds to the Firecrawl SDK: the client class under any name, the module
 * namespace, and the named exports (error class, watcher, types). Every import style counts: ESM default,
 * named and namespace imports, `require(...)` with or without `.default`, and `await import(...)`.
 */
import type { Path, PathIndex } from "./paths.js";
import type { Expression, Node } from "@babel/types";
import { CLIENT, CLIENT_CLASSES, SDK_MODULES, type ApiVersion } from "../../mapping/imports.js";
import { projectModules, sdkSpecifierOf, type SdkSpecifier } from "../../project/sdk-specifiers.js";
import { packageSdk } from "../../project/package-sdk.js";
import { JS_V1_INTERNALS, methodRow, type OptionsKind, type ResultKind } from "../../mapping/client-methods.js";
import { AWAITED_WRAPPERS, unwrapNode } from "./expressions.js";
import { clientShapes, type HeldShape, type ShapeMember } from "./client-shapes.js";
import { sdkModuleMocks } from "./module-mocks.js";

/** What the type checker knows about a file that its syntax does not say. */
export interface TypeFacts {
  /** whether the expression at [start, end) is a Firecrawl client */
  isClient(start: number, end: number): boolean;
  /** the result kind of the binding declared at `start`, when its type is a v1 response type */
  resultAt?(start: number): ResultKind | undefined;
  /** whether the call that made that binding may answer a failure of its own (FileTypes.ownAnswers) */
  ownAnswerAt?(start: number): boolean;
  /** the options table of the object literal at `start`, when a client call elsewhere takes it as options */
  optionsAt?(start: number): OptionsKind | undefined;
}

/** Clients that a file's imports from the project's own modules bind (linked.ts), by local name. */
export interface LinkedClients {
  /** names bound to a client instance */
  readonly clients: ReadonlySet<string>;
  /** names bound to a function that returns a client */
  readonly factories: ReadonlySet<string>;
  /** the SDK's module specifier as the module that makes the client spells it, for a type the file must name */
  readonly sdk?: string;
}

/** A site that brings in the v1 SDK by a pin the tool cannot move (`pin`: the specifier, or the import map's target). */
export interface StuckSite {
  readonly path: Path;
  readonly pin: string;
}

export interface SdkBindings {
  /** the file reaches the SDK at all (or the type checker may know of clients in it); when false no step looks further */
  readonly found: boolean;
  /** local names of the client class: the v1 default export, or v2's `Firecrawl`, and the file's own subclasses of it */
  readonly clientClasses: ReadonlySet<string>;
  /** the file's own classes that extend the client, whose `this` is one */
  readonly subclasses: ReadonlySet<Node>;
  /** the file's own classes that extend the client and override what v1's has, with what they override: left as they are */
  readonly overriding: ReadonlyMap<Node, readonly string[]>;
  /** the file's own types that stand in for the client (a test's mock interface), with their v1-named members */
  readonly clientShapes: ReadonlyMap<string | Node, readonly ShapeMember[]>;
  /** client types written out on a parameter that calls hand both the client and an object of the code's own */
  readonly heldShapes: readonly HeldShape[];
  /** local names bound to the whole module */
  readonly namespaces: ReadonlySet<string>;
  /** other imported names, local -> exported (FirecrawlError, CrawlWatcher, type names) */
  readonly named: ReadonlyMap<string, string>;
  /** the import declarations and require/import() declarators that bring the SDK in */
  readonly sites: readonly Path[];
  /** the API the specifiers that bring it in pin (`npm:@mendable/firecrawl-js@1.29.3`, an import map's entry, an npm alias) */
  readonly pinned?: ApiVersion;
  /** sites whose specifier pins a v1 release in a form the tool cannot write for v2: their names are not followed */
  readonly stuck: readonly StuckSite[];
  readonly types?: TypeFacts;
  /** clients and factories imported from the project's own modules */
  readonly linked?: LinkedClients;
}

const MODULES: ReadonlySet<string> = new Set(SDK_MODULES);
/** exports that are the client class: the v1 default, and v2's own names for it */
const CLIENT_EXPORTS: ReadonlySet<string> = new Set(["default", ...CLIENT_CLASSES.filter((name) => name !== CLIENT.js.v1)]);

function stringValue(node: Node | null | undefined): string | undefined {
  if (node?.type === "StringLiteral") return node.value;
  if (node?.type === "TemplateLiteral" && node.expressions.length === 0) return node.quasis[0]!.value.cooked ?? undefined;
  return undefined;
}

/** What a module specifier of a file is to the SDK: a name of it, with the version it pins; undefined when it is none. */
export interface SdkModule {
  readonly version?: ApiVersion;
  /** what pins it: the specifier itself, or the import map's entry or the alias the specifier names */
  readonly pin?: SdkSpecifier;
  /** a v1 pin the tool cannot write for v2 */
  readonly stuck: boolean;
  /** a v1 pin beside a v2 one in the same import map or package.json: kept on purpose */
  readonly deliberate: boolean;
}

const PLAIN: SdkModule = { stuck: false, deliberate: false };

/** The SDK as a file's imports may name it: its package's names and their other spellings, and the names its project gives it. */
export function sdkModuleOf(specifier: string, path?: string): SdkModule | undefined {
  const named = path !== undefined && !specifier.startsWith(".") ? projectModules(path).get(specifier) : undefined;
  if (named) {
    const { version, movable } = named.target;
    return { version, pin: named.target, stuck: version === "v1" && !movable, deliberate: named.deliberate };
  }
  if (MODULES.has(specifier)) return PLAIN;
  const pin = sdkSpecifierOf(specifier);
  return pin && { version: pin.version, pin, stuck: pin.version === "v1" && !pin.movable, deliberate: false };
}

/** The argument naming the module a call loads: `require("...")` or `import("...")`, awaited or not. */
function loadedModule(node: Node | null | undefined): Node | undefined {
  if (!node) return undefined;
  const n = unwrapNode(node, AWAITED_WRAPPERS);
  if (n.type !== "CallExpression") return undefined;
  const isLoader = (n.callee.type === "Identifier" && n.callee.name === "require") || n.callee.type === "Import";
  return isLoader ? n.arguments[0] : undefined;
}

const loaded = (node: Node | null | undefined) => stringValue(loadedModule(node));

/** `require("@mendable/firecrawl-js")` or `import("@mendable/firecrawl-js")`, awaited or not. */
export function isModuleLoad(node: Node | null | undefined, path?: string): boolean {
  const specifier = loaded(node);
  return specifier !== undefined && sdkModuleOf(specifier, path) !== undefined;
}

/** The string naming the module of a site that may bring the SDK in: an import, `import x = require(...)`, a require or import() declarator. */
export function siteModule(node: Node): Node | undefined {
  if (node.type === "ImportDeclaration") return node.source;
  if (node.type === "TSImportEqualsDeclaration") return node.moduleReference.type === "TSExternalModuleReference" ? node.moduleReference.expression : undefined;
  return node.type === "VariableDeclarator" ? loadedModule(node.init) : undefined;
}

const siteSpecifier = (node: Node) => stringValue(siteModule(node));

/**
 * The sites that bring the SDK in, with what their specifiers pin. A v1 pin beside a v2 one in the same file (or a
 * plain import of a package that declares v2) is kept on purpose and left out, as a stuck one is (kept apart, for its TODO).
 */
function sdkSites(index: PathIndex, path: string | undefined): { sites: Map<Node, SdkModule>; pinned?: ApiVersion; stuck: StuckSite[] } {
  const found: { path: Path; module: SdkModule }[] = [];
  for (const type of ["ImportDeclaration", "TSImportEqualsDeclaration", "VariableDeclarator"] as const) {
    for (const at of index.of(type)) {
      const specifier = siteSpecifier(at.node as Node);
      const module = specifier === undefined ? undefined : sdkModuleOf(specifier, path);
      if (module && !module.deliberate) found.push({ path: at as Path, module });
    }
  }
  // A plain import speaks the version its package declares: a v1 pin beside it in a v2 package is kept on purpose too.
  const plain = path !== undefined && found.some(({ module }) => module === PLAIN) && found.some(({ module }) => module.version) ? packageSdk(path) : undefined;
  const versions = new Set([...found.flatMap(({ module }) => (module.version ? [module.version] : [])), ...(plain ? [plain] : [])]);
  const kept = versions.size > 1 ? found.filter(({ module }) => module.version !== "v1") : found;
  const bound = kept.filter(({ module }) => !module.stuck);
  const pins = new Set(bound.flatMap(({ module }) => (module.version ? [module.version] : [])));
  return {
    sites: new Map(bound.map(({ path, module }) => [path.node as Node, module])),
    pinned: pins.size === 1 ? [...pins][0] : undefined,
    stuck: kept.flatMap(({ path, module }) => (module.stuck ? [{ path, pin: module.pin!.text }] : [])),
  };
}

/** `file`: the file's path, whose project may name the SDK otherwise (an import map, an npm alias). */
export function detectSdk(index: PathIndex, types?: TypeFacts, linked?: LinkedClients, file?: string): SdkBindings {
  const clientClasses = new Set<string>();
  const namespaces = new Set<string>();
  const named = new Map<string, string>();
  const sites: Path[] = [];
  const modules = sdkSites(index, file);
  const bringsSdk = (node: Node) => modules.sites.has(node);

  for (const path of index.of("ImportDeclaration")) {
    const decl = path.node;
    if (!bringsSdk(decl)) continue;
    sites.push(path);
    for (const spec of decl.specifiers) {
      if (spec.type === "ImportDefaultSpecifier") clientClasses.add(spec.local.name);
      else if (spec.type === "ImportNamespaceSpecifier") namespaces.add(spec.local.name);
      else {
        const imported = spec.imported.type === "Identifier" ? spec.imported.name : spec.imported.value;
        if (CLIENT_EXPORTS.has(imported)) clientClasses.add(spec.local.name);
        else named.set(spec.local.name, imported);
      }
    }
  }

  // TypeScript's `import F = require("@mendable/firecrawl-js")`: the CommonJS module object, as require gives it.
  for (const path of index.of("TSImportEqualsDeclaration")) {
    const reference = path.node.moduleReference;
    if (reference.type !== "TSExternalModuleReference" || !bringsSdk(path.node)) continue;
    sites.push(path);
    namespaces.add(path.node.id.name);
  }

  for (const path of index.of("VariableDeclarator")) {
    const decl = path.node;
    if (!decl.init) continue;
    const init = unwrapNode(decl.init, AWAITED_WRAPPERS);
    if (loaded(init) !== undefined && bringsSdk(decl)) {
      sites.push(path);
      if (decl.id.type === "Identifier") namespaces.add(decl.id.name);
      else if (decl.id.type === "ObjectPattern") {
        for (const prop of decl.id.properties) {
          if (prop.type !== "ObjectProperty" || prop.value.type !== "Identifier") continue;
          const key = prop.key.type === "Identifier" ? prop.key.name : stringValue(prop.key);
          if (!key) continue;
          if (CLIENT_EXPORTS.has(key)) clientClasses.add(prop.value.name);
          else named.set(prop.value.name, key);
        }
      }
    } else if (decl.id.type === "Identifier" && isClientClassRef(init, namespaces, file)) {
      sites.push(path);
      clientClasses.add(decl.id.name);
    }
  }

  // The file's own subclasses of the client make clients, and their `this` is one (`class Docs extends FirecrawlApp`),
  // unless they override v1's client: v2's has neither those methods nor calls them.
  const subclasses = new Set<Node>();
  const overriding = new Map<Node, readonly string[]>();
  for (let grown = true; grown;) {
    grown = false;
    for (const { node } of index.of("ClassDeclaration")) {
      const base = node.superClass && unwrapNode(node.superClass, AWAITED_WRAPPERS);
      const extendsClient = base && ((base.type === "Identifier" && clientClasses.has(base.name)) || isClientClassRef(base, namespaces, file));
      if (!node.id || !extendsClient || subclasses.has(node) || overriding.has(node)) continue;
      const overrides = v1Overrides(node);
      if (overrides.length) overriding.set(node, overrides);
      else {
        clientClasses.add(node.id.name);
        subclasses.add(node);
        grown = true;
      }
    }
  }

  const linkedAny = linked !== undefined && (linked.clients.size > 0 || linked.factories.size > 0);
  // A stand-in for the client is one only in a file that reaches the SDK (a test that mocks it).
  const { shapes, held } = sites.length > 0 ? clientShapes(index) : { shapes: new Map<string | Node, ShapeMember[]>(), held: [] };
  // A test that mocks the SDK module and imports only the code under test reaches the SDK through its mock.
  const found = sites.length > 0 || modules.stuck.length > 0 || types !== undefined || linkedAny || sdkModuleMocks(index).length > 0;
  return {
    found,
    clientClasses,
    subclasses,
    overriding,
    clientShapes: shapes,
    heldShapes: held,
    namespaces,
    named,
    sites,
    pinned: modules.pinned,
    stuck: modules.stuck,
    types,
    linked,
  };
}

/** `ns.default`, `ns.Firecrawl`, `require(M).default`, `(await import(M)).default`. */
function isClientClassRef(node: Node, namespaces: ReadonlySet<string>, path?: string): boolean {
  if (node.type !== "MemberExpression" || node.computed || node.property.type !== "Identifier") return false;
  if (!CLIENT_EXPORTS.has(node.property.name)) return false;
  const object = unwrapNode(node.object, AWAITED_WRAPPERS);
  return (object.type === "Identifier" && namespaces.has(object.name)) || isModuleLoad(object, path);
}

/** The SDK's specifier as a site that brings it in spells it (`"firecrawl"`, `"@mendable/firecrawl-js"`); none for `ns.default`. */
export function sdkSpecifier(site: Path): string | undefined {
  return siteSpecifier(site.node as Node);
}

/** The methods a class overrides of v1's client: its own methods named as v1's client's are (constructor aside). */
function v1Overrides(cls: Extract<Node, { type: "ClassDeclaration" }>): string[] {
  return cls.body.body.flatMap((member) => {
    if (member.type !== "ClassMethod" || member.kind === "constructor" || member.static || member.key.type !== "Identifier") return [];
    const name = member.key.name;
    return methodRow(name) || JS_V1_INTERNALS.has(name) ? [name] : [];
  });
}

/** Whether an expression names the client class itself (the thing after `new`). */
export function isClientClass(sdk: SdkBindings, node: Expression | Node): boolean {
  const n = unwrapNode(node, AWAITED_WRAPPERS);
  if (n.type === "Identifier") return sdk.clientClasses.has(n.name);
  return isClientClassRef(n, sdk.namespaces);
}
