/**
 * Which language a file holds, told by its path: the one place that reads extensions and file names.
 * Callers that know better than the path (a notebook's cells joined into one Python program, a file ESLint
 * parsed as TypeScript) name the language themselves.
 */

/** The languages the codemod reads; JavaScript comes in the three dialects Babel parses differently. */
export type SourceLanguage =
  /** .js, .jsx, .mjs, .cjs, and any other path the JavaScript steps are given: JavaScript with JSX */
  | "javascript"
  /** .ts, .mts, .cts: TypeScript without JSX, so `<T>x` casts parse */
  | "typescript"
  /** .tsx: TypeScript with JSX */
  | "tsx"
  | "python"
  /** a Jupyter notebook: JSON whose code cells are Python */
  | "notebook"
  /** shell scripts and the files that carry shell commands: Makefiles, Dockerfiles, CI and compose YAML */
  | "shell"
  /** Markdown and MDX: the code blocks are migrated, each in its own language (src/docs/) */
  | "document";

export const JAVASCRIPT_EXTENSIONS = ["js", "jsx", "mjs", "cjs"] as const;
export const TYPESCRIPT_EXTENSIONS = ["ts", "tsx", "mts", "cts"] as const;
export const PYTHON_EXTENSIONS = ["py", "ipynb"] as const;
export const SHELL_EXTENSIONS = ["sh", "bash", "zsh", "yml", "yaml"] as const;
/** Taken when named, or with --docs in the folders named: not in the default extensions. */
export const DOCUMENT_EXTENSIONS = ["md", "mdx", "markdown"] as const;
/** Files of shell commands known by name, as they have no extension to tell them by. */
const SHELL_NAMES = /(?:^|[\\/])(?:[Mm]akefile|GNUmakefile|Dockerfile|Containerfile)(?:\.[\w.-]+)?$|\.(?:mk|dockerfile)$/;

/** What a path's file holds; anything not named here is taken as JavaScript, as the JavaScript steps read it. */
export function languageOf(path: string): SourceLanguage {
  if (SHELL_NAMES.test(path) || (SHELL_EXTENSIONS as readonly string[]).includes(path.slice(path.lastIndexOf(".") + 1))) return "shell";
  if (path.endsWith(".ipynb")) return "notebook";
  if ((DOCUMENT_EXTENSIONS as readonly string[]).includes(path.slice(path.lastIndexOf(".") + 1).toLowerCase())) return "document";
  if (path.endsWith(".py")) return "python";
  if (/\.[cm]?ts$/.test(path)) return "typescript";
  if (/\.tsx$/.test(path)) return "tsx";
  return "javascript";
}

/** Python, on its own or in a notebook's cells: tree-sitter's to parse. */
export function isPython(language: SourceLanguage): boolean {
  return language === "python" || language === "notebook";
}

/** What may need tree-sitter's parser loaded: Python, and a document (it may have a ```python block). */
export function mayHoldPython(language: SourceLanguage): boolean {
  return isPython(language) || language === "document";
}

/** What may need the Markdown parser loaded: a document, and a notebook (its markdown cells' code blocks). */
export function mayHoldMarkdown(language: SourceLanguage): boolean {
  return language === "document" || language === "notebook";
}

/** JavaScript or TypeScript: Babel's to parse, and the type checker's to look at. */
export function isJavaScript(language: SourceLanguage): boolean {
  return language === "javascript" || isTypeScript(language);
}

export function isTypeScript(language: SourceLanguage): boolean {
  return language === "typescript" || language === "tsx";
}

/** A TypeScript declaration file (.d.ts, .d.mts, .d.cts): types only, nothing to migrate. */
export function isDeclaration(path: string): boolean {
  return /\.d\.[cm]?ts$/.test(path);
}
