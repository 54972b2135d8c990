/**
 * The type oracle: fixture inputs are checked against the last v1-only SDK (1.29.3, installed as
 * `firecrawl-v1`) and outputs against the current v2 SDK, through their real declaration files. Output
 * errors are allowed only on a statement directly under a `TODO(firecrawl-v2)` marker, and are counted.
 */
import { createRequire } from "node:module";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { FIXTURES } from "./fixtures.js";
import { Node, Project, ts, type SourceFile } from "ts-morph";
import { languageOf } from "../../src/core/language.js";
import { TODO_TAG } from "../../src/core/todo.js";
import { SDK_URL_FORMS } from "../../src/mapping/imports.js";

const root = resolve(import.meta.dirname, "../..");
const require = createRequire(import.meta.url);

const DECLARATIONS = {
  v1: join(dirname(require.resolve("firecrawl-v1/package.json")), "dist/index.d.ts"),
  v2: join(dirname(require.resolve("@mendable/firecrawl-js/package.json")), "dist/index.d.ts"),
};

export type SdkVersion = keyof typeof DECLARATIONS;

export interface TypeError {
  readonly line: number;
  readonly message: string;
  /** the statement carrying the error sits right under a TODO marker */
  readonly underTodo: boolean;
}

/**
 * JavaScript has no annotations to give, so only TypeScript files are held to noImplicitAny. A .cts file is
 * CommonJS (`import x = require(...)`), which only the Node module settings compile.
 */
function project(version: SdkVersion, javascript: boolean, commonjs: boolean): Project {
  const sdk = [DECLARATIONS[version]];
  return new Project({
    compilerOptions: {
      strict: true,
      noImplicitAny: !javascript,
      target: ts.ScriptTarget.ES2022,
      module: commonjs ? ts.ModuleKind.NodeNext : ts.ModuleKind.ESNext,
      moduleResolution: commonjs ? ts.ModuleResolutionKind.NodeNext : ts.ModuleResolutionKind.Bundler,
      jsx: ts.JsxEmit.ReactJSX,
      allowJs: true,
      checkJs: true,
      skipLibCheck: true,
      noEmit: true,
      esModuleInterop: true,
      types: ["node"],
      typeRoots: [join(root, "node_modules/@types")],
      // The SDK's other spellings (project/sdk-specifiers.ts) as a Deno or Bun project resolves them: a fixture's pin
      // names the release its side of the check stands for.
      paths: {
        "@mendable/firecrawl-js": sdk,
        firecrawl: sdk,
        ...Object.fromEntries(SDK_URL_FORMS.map(({ prefix }) => [`${prefix}@mendable/firecrawl-js@*`, sdk])),
      },
    },
  });
}

const projects = new Map<string, Project>();

/** The statement an error belongs to: the node that is a direct child of a block or the file. */
function statementOf(node: Node): Node {
  let at = node;
  while (
    at.getParent() &&
    !Node.isBlock(at.getParent()!) &&
    !Node.isSourceFile(at.getParent()!) &&
    !Node.isCaseClause(at.getParent()!) &&
    !Node.isClassDeclaration(at.getParent()!)
  ) {
    at = at.getParent()!;
  }
  return at;
}

/** Whether the comment lines right above a statement include a TODO(firecrawl-v2) marker. */
export function isUnderTodo(text: string, statementStart: number): boolean {
  const lines = text.slice(0, statementStart).split("\n");
  lines.pop();
  while (lines.length) {
    const line = lines.pop()!.trim();
    if (!line.startsWith("//")) return false;
    if (line.includes(TODO_TAG)) return true;
  }
  return false;
}

/**
 * The project modules a fixture imports by a relative path (`./lib/client`, a module that makes the client, as a
 * user's project has), read from beside the fixture and put beside its virtual path, so the import resolves there.
 * Such a module is written to type-check against both SDKs.
 */
function addProjectModules(p: Project, virtual: string, path: string, text: string): void {
  for (const [, specifier] of text.matchAll(/\bfrom\s*["'](\.\.?\/[^"']+)["']/g)) {
    const real = [".ts", ".js"].map((ext) => resolve(FIXTURES, dirname(path), specifier + ext)).find(existsSync);
    if (real) p.createSourceFile(join(dirname(virtual), relative(join(FIXTURES, dirname(path)), real)), readFileSync(real, "utf8"), { overwrite: true });
  }
}

/** The project a file is checked in against one SDK version, made once. */
function projectOf(version: SdkVersion, path: string): Project {
  const javascript = languageOf(path) === "javascript";
  const commonjs = path.endsWith(".cts");
  const key = `${version}:${javascript}:${commonjs}`;
  let p = projects.get(key);
  if (!p) projects.set(key, (p = project(version, javascript, commonjs)));
  return p;
}

/** A virtual path under the repository, so node_modules resolution works from it. */
const virtualPath = (version: SdkVersion, path: string) => join(root, ".typecheck", version, path);

/** The texts the projects hold for good, by virtual path: those checkedTogether put there. */
const held = new Map<string, string>();

/**
 * Puts these files in their projects at once, to stay: each project then builds one program for all of them, where
 * a file added and removed for its own check built a program each (a quarter of a second a fixture, 125 s of the
 * fixture suite). A file checked later with the text held here is read from that program.
 */
export function checkTogether(files: readonly { version: SdkVersion; path: string; text: string }[]): void {
  for (const { version, path, text } of files) {
    const virtual = virtualPath(version, path);
    if (held.has(virtual)) continue;
    const p = projectOf(version, path);
    addProjectModules(p, virtual, path, text);
    p.createSourceFile(virtual, text, { overwrite: true });
    held.set(virtual, text);
  }
}

/** Type errors of one file, checked against one SDK version. */
export function typeErrors(version: SdkVersion, path: string, text: string): TypeError[] {
  const p = projectOf(version, path);
  const virtual = virtualPath(version, path);
  const holding = held.get(virtual);
  if (holding === text) return errorsOf(p.getSourceFileOrThrow(virtual), text);
  addProjectModules(p, virtual, path, text);
  const file = p.createSourceFile(virtual, text, { overwrite: true });
  try {
    return errorsOf(file, text);
  } finally {
    if (holding === undefined) p.removeSourceFile(file);
    else p.createSourceFile(virtual, holding, { overwrite: true });
  }
}

function errorsOf(file: SourceFile, text: string): TypeError[] {
  return file.getPreEmitDiagnostics().map((d) => {
    const start = d.getStart() ?? 0;
    const node = file.getDescendantAtPos(start) ?? file;
    const statement = statementOf(node);
    const message = ts.flattenDiagnosticMessageText(d.compilerObject.messageText, "\n");
    return { line: d.getLineNumber() ?? 0, message, underTodo: isUnderTodo(text, statement.getStart()) };
  });
}
