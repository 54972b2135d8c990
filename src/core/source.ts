import { languageOf, type SourceLanguage } from "./language.js";

/** A file as the transforms see it: text without its BOM, plus the conventions edits must follow. */
export interface Source {
  readonly path: string;
  /** what the text is written in: by default what its path says (core/language.ts) */
  readonly language: SourceLanguage;
  readonly text: string;
  readonly bom: boolean;
  /** the line end new lines get: the file's most common one (a lone \r in old Mac files) */
  readonly eol: "\n" | "\r\n" | "\r";
  readonly quote: '"' | "'";
}

export function readSource(path: string, raw: string, language: SourceLanguage = languageOf(path)): Source {
  const bom = raw.charCodeAt(0) === 0xfeff;
  const text = bom ? raw.slice(1) : raw;
  const crlf = text.match(/\r\n/g)?.length ?? 0;
  const lf = (text.match(/\n/g)?.length ?? 0) - crlf;
  const cr = (text.match(/\r/g)?.length ?? 0) - crlf;
  const eol = cr > lf && cr > crlf ? "\r" : crlf > lf ? "\r\n" : "\n";
  return { path, language, text, bom, eol, quote: dominantQuote(text) };
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
