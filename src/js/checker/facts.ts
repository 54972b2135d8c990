/**
 * What the type checker knows of a file that its syntax does not say (DESIGN contract 7), asked the same
 * way by the CLI's type-aware mode (the compiler ts-morph bundles) and the ESLint plugin's type-checked config (the
 * project's own TypeScript, through typescript-eslint). Each brings its own TypeScript, whose syntax kinds
 * differ between versions, so the caller passes the module that made its program.
 */
import type * as ts from "typescript";
import { isClientType, type TsType } from "./client-type.js";
import { mentionsFirecrawl } from "../../core/mentions.js";
import { sdkReleaseOf } from "../../project/package-sdk.js";
import type { TypeFacts } from "../detect/sdk.js";
import { TYPES } from "../../mapping/imports.js";
import { METHODS, type OptionsKind, type ResultKind } from "../../mapping/client-methods.js";
import type { FileTypes } from "./file-types.js";

export type { FileTypes } from "./file-types.js";

type Ts = typeof ts;

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

/**
 * Whether the call that made a result (`await safeScrape(url)`) may answer a failure of its own (`return { success:
 * false, error }` on a catch, a constant, a helper's object): any function but one that only hands a client call's
 * answer on (`return app.scrapeUrl(url)`, `(url) => app.scrapeUrl(url)`), which answers what v1 answered, and any
 * function the checker cannot see into.
 */
function answersOwn(t: Ts, checker: ts.TypeChecker, init: ts.Expression): boolean {
  const call = t.isAwaitExpression(init) ? init.expression : init;
  if (!t.isCallExpression(call)) return true;
  let symbol = checker.getSymbolAtLocation(call.expression);
  if (symbol && symbol.flags & t.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.valueDeclaration;
  const fn = declaration && t.isVariableDeclaration(declaration) ? declaration.initializer : declaration;
  const body = fn && (t.isFunctionDeclaration(fn) || t.isMethodDeclaration(fn) || t.isFunctionExpression(fn) || t.isArrowFunction(fn)) ? fn.body : undefined;
  if (!body || fn!.getSourceFile().isDeclarationFile) return true;
  /** A client method's call, through `await`, parentheses and casts. */
  const clientCall = (node: ts.Expression | undefined): boolean => {
    let at = node;
    while (at && (t.isAwaitExpression(at) || t.isParenthesizedExpression(at) || t.isAsExpression(at))) at = at.expression;
    return (
      !!at &&
      t.isCallExpression(at) &&
      t.isPropertyAccessExpression(at.expression) &&
      METHOD_NAMES.has(at.expression.name.text) &&
      isClientType(checker.getTypeAtLocation(at.expression.expression) as unknown as TsType)
    );
  };
  if (!t.isBlock(body)) return !clientCall(body as ts.Expression);
  let passes = 0;
  let other = false;
  const visit = (node: ts.Node): void => {
    if (t.isReturnStatement(node)) {
      if (clientCall(node.expression)) passes++;
      else other = true;
    }
    // A function inside answers for itself.
    if (!t.isFunctionLike(node)) t.forEachChild(node, visit);
  };
  t.forEachChild(body, visit);
  return other || passes === 0;
}

/** The program's own files whose imports lead, directly or through other such files, to one that mentions the SDK. */
export function filesReachingSdk(t: Ts, program: ts.Program): ts.SourceFile[] {
  const checker = program.getTypeChecker();
  const files = program.getSourceFiles().filter((f) => !f.isDeclarationFile && !f.fileName.includes("/node_modules/"));
  const imported = new Map(
    files.map((file) => [
      file,
      file.statements.flatMap((s) => {
        const specifier = (t.isImportDeclaration(s) || t.isExportDeclaration(s)) && s.moduleSpecifier;
        const target = specifier && checker.getSymbolAtLocation(specifier)?.valueDeclaration;
        return target && t.isSourceFile(target) ? [target] : [];
      }),
    ]),
  );
  const reaching = new Set(files.filter((f) => mentionsFirecrawl(f.text)));
  for (let grew = true; grew;) {
    grew = false;
    for (const file of files) {
      if (!reaching.has(file) && imported.get(file)!.some((f) => reaching.has(f))) {
        reaching.add(file);
        grew = true;
      }
    }
  }
  return [...reaching];
}

/** What one file's client calls and results are, and the options literals of other files its calls take. */
export function fileFacts(t: Ts, checker: ts.TypeChecker, file: ts.SourceFile): { facts: FileTypes; elsewhere: [ts.SourceFile, number, OptionsKind][] } {
  const type = (node: ts.Node) => checker.getTypeAtLocation(node) as unknown as TsType;
  const receivers: string[] = [];
  const results: [number, ResultKind][] = [];
  const ownAnswers: number[] = [];
  const elsewhere: [ts.SourceFile, number, OptionsKind][] = [];
  const madeByCall = (init: ts.Expression | undefined) => {
    const value = init && t.isAwaitExpression(init) ? init.expression : init;
    return value !== undefined && t.isCallExpression(value);
  };
  const declarationOf = (name: ts.Identifier) => {
    const symbol = checker.getSymbolAtLocation(name);
    return (symbol && symbol.flags & t.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol)?.declarations?.[0];
  };
  const visit = (node: ts.Node): void => {
    if (t.isCallExpression(node) && t.isPropertyAccessExpression(node.expression) && METHOD_NAMES.has(node.expression.name.text)) {
      const receiver = node.expression.expression;
      if (isClientType(type(receiver))) {
        receivers.push(`${receiver.getStart(file)}:${receiver.getEnd()}`);
        // An options object declared in another module: that module learns it holds options.
        const options = OPTIONS_ARGUMENT.get(node.expression.name.text);
        const argument = options && node.arguments[options.at];
        const declaration = argument && t.isIdentifier(argument) ? declarationOf(argument) : undefined;
        const literal = declaration && t.isVariableDeclaration(declaration) ? declaration.initializer : undefined;
        if (literal && t.isObjectLiteralExpression(literal) && literal.getSourceFile() !== file)
          elsewhere.push([literal.getSourceFile(), literal.getStart(), options!.kind]);
      }
    } else if (t.isVariableDeclaration(node) && t.isIdentifier(node.name) && !node.type && madeByCall(node.initializer)) {
      // Results come from calls; an annotated binding says its type itself and syntax reads it.
      const kind = resultKindOf(type(node));
      if (kind) results.push([node.name.getStart(file), kind]);
      if (kind && answersOwn(t, checker, node.initializer!)) ownAnswers.push(node.name.getStart(file));
    }
    t.forEachChild(node, visit);
  };
  visit(file);
  return { facts: { receivers, results, options: [], ownAnswers }, elsewhere };
}

/**
 * What the checker knows of the program's files that reach the SDK (`own`; only those `walked` admits, each
 * also told to `each` as soon as it is known), and the options literals of each file that client calls in
 * those files take (`options`): one walk serves both.
 */
export function programFacts(
  t: Ts,
  program: ts.Program,
  walked: (file: ts.SourceFile) => boolean = () => true,
  each?: (file: ts.SourceFile, own: FileTypes) => void,
): { own: Map<ts.SourceFile, FileTypes>; options: Map<ts.SourceFile, [number, OptionsKind][]> } {
  const checker = program.getTypeChecker();
  const own = new Map<ts.SourceFile, FileTypes>();
  const options = new Map<ts.SourceFile, [number, OptionsKind][]>();
  for (const file of filesReachingSdk(t, program).filter(walked)) {
    const found = fileFacts(t, checker, file);
    own.set(file, found.facts);
    each?.(file, found.facts);
    for (const [target, at, kind] of found.elsewhere) options.set(target, [...(options.get(target) ?? []), [at, kind]]);
  }
  return { own, options };
}

/** A file's facts as the transforms ask for them. */
export function typeFactsOf(found: FileTypes): TypeFacts {
  const receivers = new Set(found.receivers);
  const results = new Map(found.results);
  const options = new Map(found.options);
  const ownAnswers = new Set(found.ownAnswers ?? []);
  return {
    isClient: (start, end) => receivers.has(`${start}:${end}`),
    resultAt: (start) => results.get(start),
    ownAnswerAt: (start) => ownAnswers.has(start),
    optionsAt: (start) => options.get(start),
  };
}
