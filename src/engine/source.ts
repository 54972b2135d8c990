import { parse as babelParse, type ParserPlugin } from "@babel/parser";
import type { File } from "@babel/types";

/** A file as the transforms see it: text without its BOM, plus the conventions edits must follow. */
export interface Source {
  readonly path: string;
  readonly text: string;
  readonly bom: boolean;
  readonly eol: "\n" | "\r\n";
  readonly quote: '"' | "'";
}

export function readSource(path: string, raw: string): Source {
  const bom = raw.charCodeAt(0) === 0xfeff;
  const text = bom ? raw.slice(1) : raw;
  const crlf = text.match(/\r\n/g)?.length ?? 0;
  const lf = (text.match(/\n/g)?.length ?? 0) - crlf;
  return { path, text, bom, eol: crlf > lf ? "\r\n" : "\n", quote: dominantQuote(text) };
}

/** The text to write back: the BOM a file came with stays. */
export function writeSource(source: Source, text: string): string {
  return source.bom ? `\uFEFF${text}` : text;
}

/** New string literals follow the file: the quote its imports and requires use, else the more common one. */
function dominantQuote(text: string): '"' | "'" {
  const module = text.match(/(?:from\s*|require\(\s*|import\(\s*)(["'])/);
  if (module) return module[1] as '"' | "'";
  const single = text.match(/'/g)?.length ?? 0;
  const double = text.match(/"/g)?.length ?? 0;
  return single > double ? "'" : '"';
}

const COMMON: ParserPlugin[] = [
  "decorators-legacy",
  "classProperties",
  "classPrivateProperties",
  "classPrivateMethods",
  "decoratorAutoAccessors",
  "importAttributes",
  "explicitResourceManagement",
];

/**
 * The parser per extension, as Next.js's codemods choose it: `ts` for .ts/.mts/.cts so `<T>x` casts parse,
 * TypeScript with JSX for .tsx, and JSX without types for plain JavaScript.
 */
export function pluginsFor(path: string): ParserPlugin[] {
  if (/\.[cm]?ts$/.test(path)) return [...COMMON, "typescript"];
  if (/\.tsx$/.test(path)) return [...COMMON, "typescript", "jsx"];
  return [...COMMON, "jsx"];
}

function parseWith(source: Source, plugins: ParserPlugin[]): File {
  return babelParse(source.text, {
    sourceType: "unambiguous",
    allowReturnOutsideFunction: true,
    allowImportExportEverywhere: true,
    allowAwaitOutsideFunction: true,
    errorRecovery: false,
    plugins,
  }) as unknown as File;
}

/**
 * Babel takes one decorator syntax at a time: the legacy one (TypeScript's experimentalDecorators, with
 * parameter decorators) first, then the standard one, which also allows `export @dec class`.
 */
export function parse(source: Source): File {
  const plugins = pluginsFor(source.path);
  try {
    return parseWith(source, plugins);
  } catch (error) {
    if (!source.text.includes("@")) throw error;
    try {
      return parseWith(source, [...plugins.filter((p) => p !== "decorators-legacy"), ["decorators", { allowCallParenthesized: true }]]);
    } catch {
      throw error;
    }
  }
}

/** 1-based line of an offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) line++;
  return line;
}
