/**
 * The compiler the type-aware mode runs: the TypeScript that ts-morph bundles (@ts-morph/common), with
 * the lib files it carries in memory, so the analysis and the verification behave alike on every machine,
 * whatever TypeScript the project installed. Required rather than imported: an ES import of a CommonJS
 * module has Node scan its whole text for export names first, and a type-aware run waits for this load.
 */
import { createRequire } from "node:module";
import type * as Common from "@ts-morph/common";

export type { ts as TS } from "@ts-morph/common";

const common = createRequire(import.meta.url)("@ts-morph/common") as typeof Common;

export const ts = common.ts;

/** The deepest node of `file` whose text (with its leading trivia) holds the offset `pos`. */
export function innermostAt(file: Common.ts.SourceFile, pos: number): Common.ts.Node {
  let node: Common.ts.Node = file;
  for (let found = true; found;) {
    found = false;
    ts.forEachChild(node, (child) => {
      if (!found && child.getFullStart() <= pos && pos < child.getEnd()) {
        node = child;
        found = true;
      }
    });
  }
  return node;
}

/** Where the lib files (lib.es2022.d.ts, ...) live in every program this module builds. */
const LIB_FOLDER = common.libFolderInMemoryPath as string;
const LIBS = new Map(common.getLibFiles().map((lib) => [`${LIB_FOLDER}/${lib.fileName}`, lib.text]));

/**
 * Whether the parser links each node to its parent. The checker's binder does it for every file of a program
 * as the checker starts (tsc parses without it too), and every walk up a tree here comes after the checker
 * has answered about that file; linking them twice was 4% of the type process's CPU on the bench project.
 */
export const PARENT_LINKS = false;

/**
 * Which JSDoc comments the parser reads: in TypeScript files only those a type error can depend on (@see,
 * @link), in JavaScript all, as tsc itself parses. Nothing here reads a comment through the compiler, and
 * the lib files and @types/node are mostly JSDoc: parsing it all cost 9% of building the bench project's
 * program.
 */
const JSDOC = ts.JSDocParsingMode.ParseForTypeErrors;

/** A compiler host on the real file system, with the bundled lib files at LIB_FOLDER. */
export function compilerHost(options: Common.ts.CompilerOptions): Common.ts.CompilerHost {
  const host = ts.createCompilerHost(options, PARENT_LINKS);
  host.jsDocParsingMode = JSDOC;
  const read = host.getSourceFile.bind(host);
  const exists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  host.getDefaultLibLocation = () => LIB_FOLDER;
  host.getDefaultLibFileName = (o) => `${LIB_FOLDER}/${ts.getDefaultLibFileName(o)}`;
  host.getSourceFile = (fileName, language, onError) => {
    const lib = LIBS.get(fileName);
    return lib === undefined ? read(fileName, language, onError) : ts.createSourceFile(fileName, lib, language, PARENT_LINKS);
  };
  host.fileExists = (fileName) => LIBS.has(fileName) || exists(fileName);
  host.readFile = (fileName) => LIBS.get(fileName) ?? readFile(fileName);
  return host;
}
