/**
 * Clients that come from the project's own modules, found without the type checker, the way
 * eslint-plugin-import follows imports: `import { app } from "../lib/firecrawl"`, a factory
 * (`import { getClient } from "@/lib/client"`), a default export, a re-export, `require` with
 * destructuring. The imported module is resolved (modules.ts), read and analysed once per process, and
 * what it exports as clients or client factories counts in every file that imports it. As in
 * eslint-plugin-import, an answer has a lifetime: an editor's long-lived ESLint sees a module's edits
 * after at most that long, and a lint run does not stat every module again for every file importing it.
 */
import { readFileSync } from "node:fs";
import { statIfAny } from "../../core/stat.js";
import type { Node } from "@babel/types";
import { parse } from "../runtime/parse.js";
import { readSource } from "../../core/source.js";
import { ClientTracker } from "./clients.js";
import { resolveImport } from "./modules.js";
import { mentionsFirecrawl } from "../../core/mentions.js";
import { PathIndex, type Path } from "./paths.js";
import { SDK_MODULES } from "../../mapping/imports.js";
import { detectSdk, isModuleLoad, sdkSpecifier, type LinkedClients } from "./sdk.js";
import { AWAITED_WRAPPERS, unwrapNode } from "./expressions.js";

const NO_CLIENTS: LinkedClients = { clients: new Set(), factories: new Set() };

const analysed = new Map<string, { readonly mtimeMs: number; readonly exports: LinkedClients; checkedAt: number }>();
/** How long an answer stands before the module's modification time is looked at again. */
const LIFETIME_MS = 30_000;
/** Modules being analysed: an import cycle ends here with nothing found. */
const underway = new Set<string>();

/**
 * Specifiers whose imports can bind a client by name, as linkedClients reads them: `import x from`,
 * `import { x } from` (not `import type`), and `const { x } = require(...)`. A look before any parse.
 */
const BINDING_IMPORTS = /^\s*import\s+(?!type\b)[\w$\s{},*]*?\bfrom\s*["']([^"']+)["']|(?<=\}\s*=\s*)require\(\s*["']([^"']+)["']\s*\)/gm;
/** Specifiers a module re-exports from (`export { x } from`, `export * from`): how a barrel passes a client on. */
const RE_EXPORTS = /^\s*export\s+(?:type\s+)?(?:\*|\{[^}]*\})(?:\s+as\s+\w+)?\s*from\s*["']([^"']+)["']/gm;

const exportsSomething = (clients: LinkedClients) => clients.clients.size > 0 || clients.factories.size > 0;

/** The clients and factories a project module exports, by exported name (`default` for the default). */
export function clientExports(path: string): LinkedClients {
  const known = analysed.get(path);
  const now = Date.now();
  if (known && now - known.checkedAt < LIFETIME_MS) return known.exports;
  const stat = statIfAny(path);
  if (!stat) return NO_CLIENTS;
  if (known && known.mtimeMs === stat.mtimeMs) {
    known.checkedAt = now;
    return known.exports;
  }
  if (underway.has(path)) return NO_CLIENTS;
  underway.add(path);
  try {
    const text = readFileSync(path, "utf8");
    // A module that names the SDK can export a client; one that does not passes one on only by re-exporting
    // it (a barrel), so only its re-exports are followed: the rest of the project's modules, nearly all of
    // them, are read once and never parsed, and their own imports never looked at.
    const exports =
      mentionsFirecrawl(text) ||
      importsClientsFrom(
        path,
        [...text.matchAll(RE_EXPORTS)].map(([, specifier]) => specifier!),
      )
        ? exported(path, text)
        : NO_CLIENTS;
    analysed.set(path, { mtimeMs: stat.mtimeMs, exports, checkedAt: now });
    return exports;
  } catch {
    // Unreadable or unparsable: it holds no clients anyone can see, and the file itself reports why.
    return NO_CLIENTS;
  } finally {
    underway.delete(path);
  }
}

/**
 * Whether a file that never names the SDK imports a client or a factory from a project module: a look at
 * its import specifiers, before anyone parses it.
 */
export function importsClients(path: string, text: string): boolean {
  return importsClientsFrom(
    path,
    [...text.matchAll(BINDING_IMPORTS)].map(([, imported, required]) => (imported ?? required)!),
  );
}

/** The same, given the specifiers (a linter that has the file's syntax tree reads them from it). */
export function importsClientsFrom(path: string, specifiers: readonly string[]): boolean {
  return specifiers.some((specifier) => {
    const target = SDK.has(specifier) ? undefined : resolveImport(path, specifier);
    return target !== undefined && exportsSomething(clientExports(target));
  });
}

/** Of files that never name the SDK, those that import a client or a factory from a project module. */
export function filesImportingClients(paths: readonly string[]): string[] {
  return paths.filter((path) => {
    try {
      return importsClients(path, readFileSync(path, "utf8"));
    } catch {
      return false;
    }
  });
}

/** What a file's own imports from project modules bind: local names of clients and factories. */
export function linkedClients(index: PathIndex, path: string): LinkedClients {
  const clients = new Set<string>();
  const factories = new Set<string>();
  let sdk: string | undefined;
  const bind = (from: string | undefined, imported: string, local: string) => {
    const target = from === undefined || SDK.has(from) ? undefined : resolveImport(path, from);
    if (!target) return;
    const exports = clientExports(target);
    if (exports.clients.has(imported)) clients.add(local);
    if (exports.factories.has(imported)) factories.add(local);
    if (exports.clients.has(imported) || exports.factories.has(imported)) sdk ??= exports.sdk;
  };
  for (const { node } of index.of("ImportDeclaration")) {
    for (const spec of node.specifiers) {
      if (spec.type === "ImportDefaultSpecifier") bind(node.source.value, "default", spec.local.name);
      else if (spec.type === "ImportSpecifier") bind(node.source.value, nameOf(spec.imported), spec.local.name);
    }
  }
  // `const { app } = require("./client")`
  for (const { node } of index.of("VariableDeclarator")) {
    const init = node.init && unwrapNode(node.init, AWAITED_WRAPPERS);
    if (!init || init.type !== "CallExpression" || node.id.type !== "ObjectPattern" || isModuleLoad(init)) continue;
    if (init.callee.type !== "Identifier" || init.callee.name !== "require" || init.arguments[0]?.type !== "StringLiteral") continue;
    for (const prop of node.id.properties) {
      if (prop.type === "ObjectProperty" && prop.value.type === "Identifier") bind(init.arguments[0].value, nameOf(prop.key), prop.value.name);
    }
  }
  return clients.size || factories.size ? { clients, factories, sdk } : NO_CLIENTS;
}

const SDK: ReadonlySet<string> = new Set(SDK_MODULES);

function nameOf(node: Node): string {
  return node.type === "Identifier" ? node.name : node.type === "StringLiteral" ? node.value : "";
}

/** The clients and factories among a parsed module's exports. */
function exported(path: string, text: string): LinkedClients {
  const index = new PathIndex(parse(readSource(path, text)));
  const sdk = detectSdk(index, undefined, linkedClients(index, path), path);
  const tracker = new ClientTracker(sdk, index);
  const clients = new Set<string>();
  const factories = new Set<string>();
  // The SDK as this module names it, else as the module it took its client from does.
  let specifier = sdk.sites.map(sdkSpecifier).find((s) => s !== undefined) ?? sdk.linked?.sdk;
  /** An expression or local binding exported under `name`. */
  const classify = (name: string, at: Path) => {
    if (tracker.isClient(at)) clients.add(name);
    else if (at.node.type === "Identifier" && tracker.isFactory(at, at.node.name)) factories.add(name);
    else if (isFunction(at.node) && tracker.returnsClient(at)) factories.add(name);
  };
  for (const decl of index.of("ExportNamedDeclaration")) {
    const { node } = decl;
    if (node.source) {
      const from = resolveImport(path, node.source.value);
      const theirs = from ? clientExports(from) : NO_CLIENTS;
      for (const spec of node.specifiers) {
        if (spec.type !== "ExportSpecifier") continue;
        const local = nameOf(spec.local);
        if (theirs.clients.has(local)) clients.add(nameOf(spec.exported));
        if (theirs.factories.has(local)) factories.add(nameOf(spec.exported));
      }
      specifier ??= theirs.sdk;
      continue;
    }
    if (node.declaration?.type === "VariableDeclaration") {
      node.declaration.declarations.forEach((d, i) => {
        if (d.id.type !== "Identifier") return;
        const declarator = decl.get("declaration", "declarations", i) as Path;
        if (tracker.isClientAnnotation(d.id.typeAnnotation)) clients.add(d.id.name);
        else if (d.init) classify(d.id.name, declarator.get("init") as Path);
      });
    } else if (node.declaration?.type === "FunctionDeclaration" && node.declaration.id) {
      if (tracker.returnsClient(decl.get("declaration") as Path)) factories.add(node.declaration.id.name);
    }
    node.specifiers.forEach((spec, i) => {
      if (spec.type === "ExportSpecifier") classify(nameOf(spec.exported), decl.get("specifiers", i, "local") as Path);
    });
  }
  for (const decl of index.of("ExportAllDeclaration")) {
    const from = resolveImport(path, decl.node.source.value);
    const theirs = from ? clientExports(from) : NO_CLIENTS;
    theirs.clients.forEach((name) => name !== "default" && clients.add(name));
    theirs.factories.forEach((name) => name !== "default" && factories.add(name));
    specifier ??= theirs.sdk;
  }
  for (const decl of index.of("ExportDefaultDeclaration")) classify("default", decl.get("declaration") as Path);
  // CommonJS: `module.exports = client`, `module.exports = { client }`, `exports.client = ...`
  for (const assignment of index.of("AssignmentExpression")) {
    const { left, right } = assignment.node;
    const target = exportTarget(left);
    if (target === undefined) continue;
    if (target === "default" && right.type === "ObjectExpression") {
      right.properties.forEach((prop, i) => {
        if (prop.type === "ObjectProperty") classify(nameOf(prop.key), assignment.get("right", "properties", i, "value") as Path);
      });
    } else classify(target, assignment.get("right") as Path);
  }
  return clients.size || factories.size ? { clients, factories, sdk: specifier } : NO_CLIENTS;
}

function isFunction(node: Node): boolean {
  return node.type === "ArrowFunctionExpression" || node.type === "FunctionExpression" || node.type === "FunctionDeclaration";
}

/** `module.exports` is the default export (as Node's ESM interop sees it), `exports.x`/`module.exports.x` a named one. */
function exportTarget(left: Node): string | undefined {
  const isModuleExports = (n: Node) =>
    n.type === "MemberExpression" &&
    n.object.type === "Identifier" &&
    n.object.name === "module" &&
    n.property.type === "Identifier" &&
    n.property.name === "exports";
  if (isModuleExports(left)) return "default";
  if (left.type !== "MemberExpression" || left.computed || left.property.type !== "Identifier") return undefined;
  const object = left.object;
  return (object.type === "Identifier" && object.name === "exports") || isModuleExports(object) ? left.property.name : undefined;
}
