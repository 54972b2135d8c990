import { parse as babelParse, type ParserPlugin } from "@babel/parser";
import type { File } from "@babel/types";

/** A file as the transforms see it: text without its BOM, plus the conventions edits must follow. */
export interface Source {
  readonly path: string;
  readonly text: string;
  readonly bom: boolean;
  /** the line end new lines get: the file's most common one (a lone \r in old Mac files) */
  readonly eol: "\n" | "\r\n" | "\r";
  readonly quote: '"' | "'";
}

export function readSource(path: string, raw: string): Source {
  const bom = raw.charCodeAt(0) === 0xfeff;
  const text = bom ? raw.slice(1) : raw;
  const crlf = text.match(/\r\n/g)?.length ?? 0;
  const lf = (text.match(/\n/g)?.length ?? 0) - crlf;
  const cr = (text.match(/\r/g)?.length ?? 0) - crlf;
  const eol = cr > lf && cr > crlf ? "\r" : crlf > lf ? "\r\n" : "\n";
  return { path, text, bom, eol, quote: dominantQuote(text) };
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

/** A file Babel could not parse: a syntax error with its position, or code nested deeper than its stack goes. */
export class ParseError extends Error {}

function parseWith(source: Source, plugins: ParserPlugin[]): File {
  try {
    return babelParse(source.text, parserOptions(plugins)) as unknown as File;
  } catch (error) {
    // Babel recurses per nesting level; its stack running out says the code is too deep for it, not that a step failed.
    if (error instanceof RangeError) throw new ParseError(`nested too deeply for the parser (${error.message})`, { cause: error });
    throw error;
  }
}

function parserOptions(plugins: ParserPlugin[]) {
  return {
    sourceType: "unambiguous",
    allowReturnOutsideFunction: true,
    allowImportExportEverywhere: true,
    allowAwaitOutsideFunction: true,
    errorRecovery: false,
    plugins,
  } as const;
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

/**
 * The 1-based line and column of offsets in one text. A line ends at \n, \r\n or a lone \r (as old Mac
 * files have them, and as Babel and editors count them). The lines are found once, so locating every
 * change of a file costs a search each, not a scan.
 */
export function lineFinder(text: string): { line(offset: number): number; column(offset: number): number } {
  const starts = [0];
  for (const match of text.matchAll(/\r\n?|\n/g)) starts.push(match.index + match[0].length);
  const index = (offset: number) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  return { line: (offset) => index(offset) + 1, column: (offset) => offset - starts[index(offset)]! + 1 };
}

/** 1-based line of an offset. */
export function lineAt(text: string, offset: number): number {
  return lineFinder(text).line(offset);
}
