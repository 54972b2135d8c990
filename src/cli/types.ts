/**
 * The type-aware mode: a ts-morph project per tsconfig, asked which receivers of client-method calls are
 * typed as the SDK's client class. That finds what syntax alone cannot see: a client made in one module and
 * used in another, a factory in another file, a service injected from elsewhere, a re-export. Only files
 * that can reach the SDK are analysed (they mention it, or import a file that can), one project at a time.
 */
import { resolve } from "node:path";
import { Node, Project, type SourceFile } from "ts-morph";
import { isClientType, type TsType } from "../detect/client-type.js";
import { sdkReleaseOf } from "../detect/package-sdk.js";
import { TYPES } from "../mapping/imports.js";
import { METHODS, type OptionsKind, type ResultKind } from "../mapping/methods.js";

/** What the checker found in one file, in forms that cross to a worker thread. */
export interface FileTypes {
  /** receivers of client-method calls typed as a client: "start:end" offsets into the file's text */
  readonly receivers: readonly string[];
  /** bindings (variables, parameters) typed as a v1 response type: [offset of the name, result kind] */
  readonly results: readonly (readonly [number, ResultKind])[];
  /** object literals that a client call in another module takes as options: [offset, options table] */
  readonly options: readonly (readonly [number, OptionsKind])[];
}

/** Where each method takes its options object, by any of its names (v1 `params`, else the second argument). */
const OPTIONS_ARGUMENT = new Map(
  METHODS.flatMap((row) => {
    if (!row.options) return [];
    const at = row.js.args ? row.js.args.v1.indexOf("params") : 1;
    return [row.js.v1, ...(row.js.v2 ? [row.js.v2] : [])].map((name) => [name, { at: at === -1 ? 1 : at, kind: row.options! }] as const);
  }),
);

const METHOD_NAMES = new Set(METHODS.flatMap((row) => [row.js.v1, ...(row.js.v2 ? [row.js.v2] : [])]));
const RESULT_TYPES = new Map(TYPES.flatMap((row) => (row.result ? [[row.js.v1, row.result] as const] : [])));

/** The result kind of a v1 response type (or a union holding one, as v1's `X | ErrorResponse` returns are). */
function resultKindOf(type: TsType): ResultKind | undefined {
  for (const t of type.isUnion() ? type.types : [type]) {
    const symbol = t.getSymbol() ?? t.aliasSymbol;
    const kind = symbol && RESULT_TYPES.get(symbol.getName());
    // v1 response types of a v2 release belong to its `.v1` client: code using them stays on v1 on purpose.
    if (kind && (symbol.getDeclarations() ?? []).some((d) => sdkReleaseOf(d.getSourceFile().fileName) === "v1")) return kind;
  }
  return undefined;
}

/** Files whose imports lead, directly or through other files of the project, to one that mentions the SDK. */
function filesReachingSdk(project: Project): SourceFile[] {
  const files = project.getSourceFiles().filter((f) => !f.isDeclarationFile() && !f.isInNodeModules());
  const reaching = new Set(files.filter((f) => f.getFullText().includes("firecrawl")));
  for (let grew = true; grew; ) {
    grew = false;
    for (const file of files) {
      if (reaching.has(file)) continue;
      const imports = [...file.getImportDeclarations().map((d) => d.getModuleSpecifierSourceFile()), ...file.getExportDeclarations().map((d) => d.getModuleSpecifierSourceFile())];
      if (imports.some((f) => f && reaching.has(f))) {
        reaching.add(file);
        grew = true;
      }
    }
  }
  return [...reaching];
}

function madeByCall(init: Node | undefined): boolean {
  const value = init && Node.isAwaitExpression(init) ? init.getExpression() : init;
  return value !== undefined && Node.isCallExpression(value);
}

/** What the checker knows of every wanted file the given tsconfigs cover, one project at a time. */
export function typeFacts(tsconfigs: readonly string[], wanted: ReadonlySet<string>): Map<string, FileTypes> {
  const facts = new Map<string, FileTypes>();
  const elsewhere = new Map<string, [number, OptionsKind][]>();
  for (const tsconfig of tsconfigs) {
    const project = new Project({ tsConfigFilePath: tsconfig, skipFileDependencyResolution: false });
    const checker = project.getTypeChecker().compilerObject;
    for (const file of filesReachingSdk(project)) {
      const path = resolve(file.getFilePath());
      if (!wanted.has(path) || facts.has(path)) continue;
      const receivers: string[] = [];
      const results: [number, ResultKind][] = [];
      file.forEachDescendant((node) => {
        if (Node.isCallExpression(node)) {
          const callee = node.getExpression();
          if (!Node.isPropertyAccessExpression(callee) || !METHOD_NAMES.has(callee.getName())) return;
          const receiver = callee.getExpression();
          if (!isClientType(checker.getTypeAtLocation(receiver.compilerNode) as unknown as TsType)) return;
          receivers.push(`${receiver.getStart()}:${receiver.getEnd()}`);
          // An options object declared in another module: that module learns it holds options.
          const options = OPTIONS_ARGUMENT.get(callee.getName());
          const argument = options && node.getArguments()[options.at];
          const declaration = argument && Node.isIdentifier(argument) ? argument.getSymbol()?.getAliasedSymbol()?.getDeclarations()[0] ?? argument.getSymbol()?.getDeclarations()[0] : undefined;
          const literal = declaration && Node.isVariableDeclaration(declaration) ? declaration.getInitializer() : undefined;
          if (literal && Node.isObjectLiteralExpression(literal) && literal.getSourceFile() !== file) {
            const target = resolve(literal.getSourceFile().getFilePath());
            elsewhere.set(target, [...(elsewhere.get(target) ?? []), [literal.getStart(), options!.kind]]);
          }
        } else if (Node.isVariableDeclaration(node) && Node.isIdentifier(node.getNameNode()) && !node.getTypeNode() && madeByCall(node.getInitializer())) {
          // Results come from calls; an annotated binding says its type itself and syntax reads it.
          const kind = resultKindOf(checker.getTypeAtLocation(node.compilerNode) as unknown as TsType);
          if (kind) results.push([node.getNameNode().getStart(), kind]);
        }
      });
      facts.set(path, { receivers, results, options: [] });
    }
    for (const [path, options] of elsewhere) {
      if (!wanted.has(path)) continue;
      const known = facts.get(path) ?? { receivers: [], results: [], options: [] };
      facts.set(path, { ...known, options: [...known.options, ...options] });
    }
    elsewhere.clear();
    // One project at a time: let this one go before the next is built.
    for (const file of project.getSourceFiles()) project.removeSourceFile(file);
  }
  return facts;
}
