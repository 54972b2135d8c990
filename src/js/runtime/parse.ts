/** Babel's parse of JavaScript and TypeScript, with the syntax each file's dialect asks for; and the quick check that an output still parses. */
import type * as Babel from "@babel/parser";
import type * as Oxc from "oxc-parser";
import type { ParserPlugin } from "@babel/parser";
import type { File } from "@babel/types";
import type { SourceLanguage } from "../../core/language.js";
import type { Source } from "../../core/source.js";
import { onFirstUse } from "../../core/on-first-use.js";

/**
 * Required rather than imported, as checker/compiler.ts does TypeScript: an ES import of a CommonJS module
 * has Node scan its whole text for export names first, which for Babel's half a megabyte took about 60 ms
 * of every thread that parses (five times what requiring it takes). On first use: a lint of files that never reach
 * the SDK parses nothing with it.
 */
const babel = onFirstUse<typeof Babel>(import.meta.url, "@babel/parser");

/**
 * oxc's parser, for the one question a parse of the output answers: does the text still parse (pipeline.ts's
 * `validate`). Its native build read the bench's 2,000 outputs in 110 ms of CPU, where Babel, cold in a run this
 * short, took 600 ms, half the Babel time of a run. null where no build of it loads on this machine.
 */
const oxc = onFirstUse<typeof Oxc, null>(import.meta.url, "oxc-parser", null);

/**
 * Throws where the text does not parse. oxc's yes is taken (with its checks of scopes, as Babel makes them: a
 * name declared twice, an export of nothing); its no is Babel's to confirm, since Babel, the parser the steps read,
 * takes what oxc does not (a `return` outside a function) and has the error message the report quotes.
 */
export function validate(source: Source): void {
  const quick = oxc()?.parseSync(source.path, source.text, { lang: oxcLang(source.language), sourceType: "unambiguous", showSemanticErrors: true });
  if (quick?.errors.length === 0) return;
  parse(source);
}

/** An expression alone, as Babel reads it (shell text's request bodies). */
export const parseExpression: typeof Babel.parseExpression = (text, options) => babel().parseExpression(text, options);

const COMMON: ParserPlugin[] = [
  "decorators-legacy",
  "classProperties",
  "classPrivateProperties",
  "classPrivateMethods",
  "decoratorAutoAccessors",
  "importAttributes",
  "explicitResourceManagement",
];

/** oxc's name for a dialect, read as pluginsFor has Babel read it. */
const oxcLang = (language: SourceLanguage) => (language === "typescript" ? "ts" : language === "tsx" ? "tsx" : "jsx");

/**
 * The parser per dialect, as Next.js's codemods choose it by extension (core/language.ts): `ts` for
 * .ts/.mts/.cts so `<T>x` casts parse, TypeScript with JSX for .tsx, and JSX without types for the rest.
 */
export function pluginsFor(language: SourceLanguage): ParserPlugin[] {
  if (language === "typescript") return [...COMMON, "typescript"];
  if (language === "tsx") return [...COMMON, "typescript", "jsx"];
  return [...COMMON, "jsx"];
}

/** A file Babel could not parse: a syntax error with its position, or code nested deeper than its stack goes. */
export class ParseError extends Error {}

function parseWith(source: Source, plugins: ParserPlugin[]): File {
  try {
    return babel().parse(source.text, parserOptions(plugins)) as unknown as File;
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
    // No step reads comments off the nodes (a TODO is placed by offsets, and the walk skips them): attaching
    // them was about a seventh of each parse (the file's `comments` list stays).
    attachComment: false,
    plugins,
  } as const;
}

/**
 * Babel takes one decorator syntax at a time: the legacy one (TypeScript's experimentalDecorators, with
 * parameter decorators) first, then the standard one, which also allows `export @dec class`.
 */
export function parse(source: Source): File {
  const plugins = pluginsFor(source.language);
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
