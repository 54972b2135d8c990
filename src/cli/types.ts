/**
 * The type-aware mode: a compiler program per tsconfig, asked which receivers of client-method calls are
 * typed as the SDK's client class. That finds what syntax alone cannot see: a client made in one module and
 * used in another, a factory in another file, a service injected from elsewhere, a re-export. Only files
 * that can reach the SDK are analysed (they mention it, or import a file that can). The programs are built
 * once and kept for the verification (verify.ts), which would otherwise parse every file again.
 */
import { resolve } from "node:path";
import { Project, ts } from "ts-morph";
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

/** The program of a tsconfig's files as they are on disk, type-checked against what the project installed. */
export function projectProgram(tsconfig: string): ts.Program {
  return new Project({ tsConfigFilePath: tsconfig }).getProgram().compilerObject;
}

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

/** The project's own files whose imports lead, directly or through other such files, to one that mentions the SDK. */
function filesReachingSdk(program: ts.Program, checker: ts.TypeChecker): ts.SourceFile[] {
  const files = program.getSourceFiles().filter((f) => !f.isDeclarationFile && !f.fileName.includes("/node_modules/"));
  const imported = new Map(
    files.map((file) => [
      file,
      file.statements.flatMap((s) => {
        const specifier = (ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) && s.moduleSpecifier;
        const target = specifier && checker.getSymbolAtLocation(specifier)?.valueDeclaration;
        return target && ts.isSourceFile(target) ? [target] : [];
      }),
    ]),
  );
  const reaching = new Set(files.filter((f) => f.text.includes("firecrawl")));
  for (let grew = true; grew; ) {
    grew = false;
    for (const file of files) {
      if (!reaching.has(file) && imported.get(file)!.some((f) => f && reaching.has(f))) {
        reaching.add(file);
        grew = true;
      }
    }
  }
  return [...reaching];
}

function madeByCall(init: ts.Expression | undefined): boolean {
  const value = init && ts.isAwaitExpression(init) ? init.expression : init;
  return value !== undefined && ts.isCallExpression(value);
}

/** The variable declaration an identifier names, looking through imports. */
function declarationOf(checker: ts.TypeChecker, name: ts.Identifier): ts.Declaration | undefined {
  const symbol = checker.getSymbolAtLocation(name);
  const target = symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  return target?.declarations?.[0];
}

/** What the checker knows of every wanted file the programs cover (the first program to cover a file answers). */
export function typeFacts(programs: readonly ts.Program[], wanted: ReadonlySet<string>): Map<string, FileTypes> {
  const facts = new Map<string, FileTypes>();
  for (const program of programs) {
    const checker = program.getTypeChecker();
    const type = (node: ts.Node) => checker.getTypeAtLocation(node) as unknown as TsType;
    const elsewhere = new Map<string, [number, OptionsKind][]>();
    for (const file of filesReachingSdk(program, checker)) {
      const path = resolve(file.fileName);
      if (!wanted.has(path) || facts.has(path)) continue;
      const receivers: string[] = [];
      const results: [number, ResultKind][] = [];
      const visit = (node: ts.Node): void => {
        if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && METHOD_NAMES.has(node.expression.name.text)) {
          const receiver = node.expression.expression;
          if (isClientType(type(receiver))) {
            receivers.push(`${receiver.getStart(file)}:${receiver.getEnd()}`);
            // An options object declared in another module: that module learns it holds options.
            const options = OPTIONS_ARGUMENT.get(node.expression.name.text);
            const argument = options && node.arguments[options.at];
            const declaration = argument && ts.isIdentifier(argument) ? declarationOf(checker, argument) : undefined;
            const literal = declaration && ts.isVariableDeclaration(declaration) ? declaration.initializer : undefined;
            if (literal && ts.isObjectLiteralExpression(literal) && literal.getSourceFile() !== file) {
              const target = resolve(literal.getSourceFile().fileName);
              elsewhere.set(target, [...(elsewhere.get(target) ?? []), [literal.getStart(), options!.kind]]);
            }
          }
        } else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && !node.type && madeByCall(node.initializer)) {
          // Results come from calls; an annotated binding says its type itself and syntax reads it.
          const kind = resultKindOf(type(node));
          if (kind) results.push([node.name.getStart(file), kind]);
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
      facts.set(path, { receivers, results, options: [] });
    }
    for (const [path, options] of elsewhere) {
      if (!wanted.has(path)) continue;
      const known = facts.get(path) ?? { receivers: [], results: [], options: [] };
      facts.set(path, { ...known, options: [...known.options, ...options] });
    }
  }
  return facts;
}
