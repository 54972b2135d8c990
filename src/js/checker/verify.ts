/**
 * The run proves its output (DESIGN contract 9). In the type-aware mode every file the migration changed
 * is type-checked twice within its project: as it was, against the v1 SDK's declarations, and as it comes
 * out, against v2's. Both declaration sets ship with the tool, so the proof does not wait for the user to
 * install v2. An error the migration introduced gets a TODO line above its statement quoting the compiler,
 * unless a TODO there already speaks for it; one written there for another reason goes on to quote it. Unchanged files are parsed once and shared by both programs.
 */
import { dirname, resolve } from "node:path";
import { joinTodo, nearestTodoAbove, todoEdit, todosAbove } from "../../core/todo.js";
import { namesIdentifier } from "../../core/text.js";
import { applyEdits, offsetMapper, unmapEnd, unmapOffset, type Edit } from "../../core/edits.js";
import { lineFinder, readSource } from "../../core/source.js";
import { DOCS } from "../../mapping/docs.js";
import { alsoTodo, typeCheckTodo } from "../../mapping/messages.js";
import { SDK_MODULES } from "../../mapping/imports.js";
import { installedPackage, sdkReleaseOf } from "../../project/package-sdk.js";
import { compilerHost, innermostAt, PARENT_LINKS, ts, type TS } from "./compiler.js";
import { SDKS } from "./verification.js";
import { v1AnyCasts, type Cast } from "./v1-any.js";
import { rebuiltShapeCasts } from "./rebuilt-shape.js";
import { type Verified } from "../../core/verified.js";

const STATEMENT_PARENTS = new Set([
  ts.SyntaxKind.SourceFile,
  ts.SyntaxKind.Block,
  ts.SyntaxKind.ModuleBlock,
  ts.SyntaxKind.CaseClause,
  ts.SyntaxKind.DefaultClause,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.ClassExpression,
]);

/** Text where a comment line would become content: template text, JSX text, a string. */
const TEXT_KINDS = new Set([
  ts.SyntaxKind.JsxText,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.StringLiteral,
]);

function statementOf(node: TS.Node): TS.Node {
  let at = node;
  while (at.parent && !STATEMENT_PARENTS.has(at.parent.kind)) at = at.parent;
  return at;
}

/** The statement to mark for an error at `pos`: one whose line a comment line can go above. */
function markable(file: TS.SourceFile, pos: number): TS.Node | undefined {
  for (
    let at: TS.Node | undefined = statementOf(innermostAt(file, pos));
    at && at.kind !== ts.SyntaxKind.SourceFile;
    at = at.parent && statementOf(at.parent)
  ) {
    const start = at.getStart(file);
    const lineStart = file.text.lastIndexOf("\n", start - 1) + 1;
    if (lineStart === 0 || !TEXT_KINDS.has(innermostAt(file, lineStart - 1).kind)) return at;
  }
  return undefined;
}

/** Whether a TODO is about an error: it quotes the error's code, or names what the error names ('url', 'Document'). */
export function speaksFor(todo: string, d: Pick<TS.Diagnostic, "code" | "messageText">): boolean {
  if (todo.includes(`TS${d.code}`)) return true;
  const names = [...ts.flattenDiagnosticMessageText(d.messageText, "\n").matchAll(/'([^']{2,})'/g)].map((m) => m[1]!);
  return names.some((name) => namesIdentifier(todo, name));
}

const key = (d: TS.Diagnostic) => `${d.code}:${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;

function diagnostics(program: TS.Program, path: string): readonly TS.Diagnostic[] {
  const file = program.getSourceFile(path);
  return file ? [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)] : [];
}

/** The TODO text quoting an error (mapping/messages.ts). */
const quote = (d: TS.Diagnostic): string => typeCheckTodo(d.code, ts.flattenDiagnosticMessageText(d.messageText, "\n"));

/** The errors of `after` the migration introduced: those `before` (the input against v1) does not have as many of. */
function introduced(after: readonly TS.Diagnostic[], before: readonly TS.Diagnostic[]): TS.Diagnostic[] {
  const remaining = new Map<string, number>();
  for (const d of before) remaining.set(key(d), (remaining.get(key(d)) ?? 0) + 1);
  return after.filter((d) => {
    const known = remaining.get(key(d)) ?? 0;
    remaining.set(key(d), known - 1);
    return known <= 0;
  });
}

/** Whether the errors `repaired` has are fewer than, and each one of, those of `unrepaired`. */
function fewer(repaired: readonly TS.Diagnostic[], unrepaired: readonly TS.Diagnostic[]): boolean {
  return repaired.length < unrepaired.length && introduced(repaired, unrepaired).length === 0;
}

/**
 * Marks the new errors of `output` (or repairs them where a line can go); `repairs` are what was repaired before
 * (casts, at offsets of `output`), reported with the rest.
 */
function mark(
  path: string,
  output: string,
  program: TS.Program,
  after: readonly TS.Diagnostic[],
  before: readonly TS.Diagnostic[],
  repairs: readonly { at: number; message: string }[] = [],
): Verified {
  const file = program.getSourceFile(path)!;
  const source = readSource(path, output);
  const edits: Edit[] = [];
  // Each TODO the verification wrote or went on: the statement it marks, and where its line starts.
  const added: { at: number; line: number; message: string }[] = [];
  const repaired = [...repairs];
  let newErrors = 0;
  let marked = 0;
  for (const d of introduced(after, before)) {
    newErrors++;
    const directive = d.code === UNUSED_DIRECTIVE && d.start !== undefined ? directiveLine(output, d.start) : undefined;
    if (directive) {
      // It silenced a v1 typing problem the migration removed: the directive goes, its line with it.
      edits.push({ ...directive, text: "" });
      repaired.push({ at: directive.start, message: "@ts-expect-error removed: the code it covered type-checks against v2" });
      marked++;
      continue;
    }
    const statement = d.start === undefined ? undefined : markable(file, d.start);
    if (!statement) continue;
    const start = statement.getStart(file);
    if (todosAbove(output, start).some((todo) => speaksFor(todo, d)) || added.some((a) => a.at === start)) {
      marked++;
      continue;
    }
    // A TODO written for another reason does not speak for this error, and a second line would stack two TODOs
    // on one statement: the line there goes on to say this one too.
    const other = nearestTodoAbove(output, start);
    if (other) {
      edits.push(joinTodo(output, other, alsoTodo(quote(d))));
      added.push({ at: start, line: other.start, message: `${other.message}${alsoTodo(quote(d))}` });
      marked++;
      continue;
    }
    const edit = todoEdit(source, start, quote(d), DOCS.migrate);
    if (!edit) continue;
    edits.push(edit);
    added.push({ at: start, line: edit.start, message: quote(d) });
    marked++;
  }
  const text = applyEdits(output, edits);
  const mapped = offsetMapper(edits);
  const lines = lineFinder(text);
  const located = (list: { at: number; line?: number; message: string }[]) =>
    list.map((a) => ({ line: lines.line(mapped(a.line ?? a.at)), message: a.message }));
  return { output: text, todos: located(added), changes: located(repaired), edits, newErrors, marked };
}

/** TS2578: an `@ts-expect-error` with no error left under it. */
const UNUSED_DIRECTIVE = 2578;

/** The whole line of a `// @ts-expect-error` comment at `at`, when the comment is alone on it. */
function directiveLine(text: string, at: number): { start: number; end: number } | undefined {
  const start = text.lastIndexOf("\n", at - 1) + 1;
  const newline = text.indexOf("\n", at);
  const end = newline === -1 ? text.length : newline + 1;
  return /^\s*\/\/\s*@ts-expect-error\b/.test(text.slice(start, end)) ? { start, end } : undefined;
}

/**
 * The program of the migrated texts, built on the one of the files as they are: every file the migration
 * did not touch (and the lib files) is reused as parsed, so only the changed files and the v2
 * declarations are read.
 */
function nextProgram(before: TS.Program, options: TS.CompilerOptions, outputs: ReadonlyMap<string, string>): TS.Program {
  const host = compilerHost(options);
  const read = host.getSourceFile.bind(host);
  const exists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  host.getSourceFile = (fileName, language, onError) => {
    const text = outputs.get(resolve(fileName));
    if (text !== undefined) return ts.createSourceFile(fileName, text, language, PARENT_LINKS);
    // A package installed twice at one version is read once: the second path's file is a redirect to the first's,
    // which a host must not hand back (TypeScript asserts it), so it hands the file that path holds.
    const known = before.getSourceFile(fileName) as (TS.SourceFile & { redirectInfo?: { unredirected: TS.SourceFile } }) | undefined;
    return known?.redirectInfo?.unredirected ?? known ?? read(fileName, language, onError);
  };
  host.fileExists = (fileName) => before.getSourceFile(fileName) !== undefined || exists(fileName);
  host.readFile = (fileName) => before.getSourceFile(fileName)?.text ?? readFile(fileName);
  return ts.createProgram({ rootNames: before.getRootFileNames(), options, host, oldProgram: before });
}

/** The SDK release a program's imports of it resolve to, when they all resolve to one. */
function installedRelease(program: TS.Program): "v1" | "v2" | undefined {
  const releases = new Set(program.getSourceFiles().flatMap((f) => sdkReleaseOf(f.fileName) ?? []));
  return releases.size === 1 ? [...releases][0] : undefined;
}

/**
 * The unchanged files of a program that import a changed one (`import { CrawlStatusResponse } from "./types"`): a
 * name or a type the migration changed there breaks them where they stand, which checking the changed files alone
 * does not see. Declaration files and installed packages are no one's to mark.
 */
function dependents(program: TS.Program, outputs: ReadonlyMap<string, string>): string[] {
  const options = program.getCompilerOptions();
  const cache = ts.createModuleResolutionCache(program.getCurrentDirectory(), (name) => name, options);
  const changed = (from: string, specifier: string) => {
    const found = ts.resolveModuleName(specifier, from, options, ts.sys, cache).resolvedModule;
    return !!found && !found.isExternalLibraryImport && outputs.has(resolve(found.resolvedFileName));
  };
  return program
    .getSourceFiles()
    .filter((file) => !file.isDeclarationFile && !program.isSourceFileFromExternalLibrary(file) && !outputs.has(resolve(file.fileName)))
    .filter((file) =>
      file.statements.some(
        (s) =>
          (ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) &&
          s.moduleSpecifier !== undefined &&
          ts.isStringLiteral(s.moduleSpecifier) &&
          changed(file.fileName, s.moduleSpecifier.text),
      ),
    )
    .map((file) => resolve(file.fileName));
}

/**
 * Verifies the changed files each program covers (path -> migrated text); a file no program covers is not
 * in the answer. An unchanged file that imports a changed one and breaks against v2 because of it is in the
 * answer too, its own text marked. The programs are the analysis's, one per tsconfig (programs.ts), so unchanged files are parsed
 * once for the analysis and both checks: as they are against v1, then with the new texts against v2.
 */
export function verifyMigration(programs: ReadonlyMap<string, TS.Program>, outputs: ReadonlyMap<string, string>): Map<string, Verified> {
  const verified = new Map<string, Verified>();
  for (const [tsconfig, analysed] of programs) {
    const targets = analysed
      .getSourceFiles()
      .map((f) => resolve(f.fileName))
      .filter((path) => outputs.has(path) && !verified.has(path));
    if (targets.length === 0) continue;
    // The SDK's own imports (zod, axios) resolve to the project's copies where it has them, as in a real
    // install: a zod schema of the project checked against the tool's zod compares two copies of every zod
    // type, which can exhaust memory on one extract() call.
    const options = analysed.getCompilerOptions();
    const against = (version: keyof typeof SDKS) => ({
      ...options,
      paths: {
        ...options.paths,
        ...Object.fromEntries(
          SDKS[version].imports.flatMap((name) => {
            const own = installedPackage(dirname(resolve(tsconfig)), name);
            return own ? [[name, [own]]] : [];
          }),
        ),
        ...Object.fromEntries(SDK_MODULES.map((m) => [m, [SDKS[version].declarations]])),
      },
    });
    // The program of the files as they are stays valid once the next one is built on it; it is asked about
    // a file only when the file has errors against v2, which most migrated files do not. A project whose
    // installed SDK is a v1 release already is that program, its checker warm from the analysis.
    const before = installedRelease(analysed) === "v1" ? analysed : nextProgram(analysed, against("v1"), new Map());
    const after = nextProgram(before, against("v2"), outputs);
    for (const path of dependents(after, outputs)) {
      if (verified.has(path)) continue;
      const errors = diagnostics(after, path);
      const known = errors.length ? diagnostics(before, path) : [];
      if (introduced(errors, known).length) verified.set(path, mark(path, before.getSourceFile(path)!.text, after, errors, known));
    }
    const cast = new Map<string, { text: string; casts: Cast[]; errors: readonly TS.Diagnostic[]; known: readonly TS.Diagnostic[] }>();
    for (const path of targets) {
      const errors = diagnostics(after, path);
      const known = errors.length ? diagnostics(before, path) : [];
      const output = outputs.get(path)!;
      const casts = introduced(errors, known).flatMap((d) => [
        ...v1AnyCasts(
          d,
          after.getSourceFile(path)!,
          after.getTypeChecker(),
          before.getSourceFile(path)!,
          before.getTypeChecker(),
          readSource(path, output).quote,
        ),
        ...rebuiltShapeCasts(d, after.getSourceFile(path)!),
      ]);
      if (casts.length)
        cast.set(path, {
          text: applyEdits(
            output,
            casts.flatMap((c) => c.edits),
          ),
          casts,
          errors,
          known,
        });
      else verified.set(path, mark(path, output, after, errors, known));
    }
    if (cast.size === 0) continue;
    // The casts are kept in a file only where it then type-checks with fewer new errors and none of its own.
    const again = nextProgram(after, against("v2"), new Map([...cast].map(([path, c]) => [path, c.text])));
    for (const [path, { text, casts, errors, known }] of cast) {
      const repaired = diagnostics(again, path);
      if (fewer(introduced(repaired, known), introduced(errors, known))) verified.set(path, withCasts(path, text, casts, again, repaired, known));
      else verified.set(path, mark(path, outputs.get(path)!, after, errors, known));
    }
  }
  return verified;
}

/** A file's verification after casts (v1-any.ts): what mark makes of the cast text, its edits told against the text before them. */
function withCasts(
  path: string,
  text: string,
  casts: readonly Cast[],
  program: TS.Program,
  errors: readonly TS.Diagnostic[],
  known: readonly TS.Diagnostic[],
): Verified {
  const castEdits = casts.flatMap((c) => c.edits);
  const mapped = offsetMapper(castEdits);
  const marked = mark(
    path,
    text,
    program,
    errors,
    known,
    casts.map((c) => ({ at: mapped(c.at), message: c.message })),
  );
  const before = marked.edits.map((e) => ({ start: unmapOffset(e.start, castEdits), end: unmapEnd(e.end, castEdits), text: e.text }));
  return { ...marked, edits: [...castEdits, ...before] };
}
