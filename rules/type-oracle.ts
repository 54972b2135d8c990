/**
 * The type checker's word, for `recommended-type-checked`: the same facts the CLI's type-aware mode gets
 * (src/js/checker/facts.ts): receivers typed as the client class wherever they were made, bindings typed as
 * v1 results, and options literals that a client call in another module takes. Reached through
 * typescript-eslint's parser services, with the project's own TypeScript, which made the program.
 */
import { createRequire } from "node:module";
import type { SourceCode } from "eslint";
import type * as ts from "typescript";
import { fileFacts, programFacts, typeFactsOf } from "../src/js/checker/facts.js";
import type { TypeFacts } from "../src/js/detect/sdk.js";
import { hasFacts, type FileTypes } from "../src/js/checker/file-types.js";
import { mentionsFirecrawl } from "../src/core/mentions.js";

interface Services {
  program?: ts.Program;
}

/** The checker's facts for a file, and whether it found anything there (a receiver, a result, an options literal). */
export interface TypedFile {
  readonly facts: TypeFacts;
  readonly found: boolean;
}

const require = createRequire(import.meta.url);

/** Every rule asks about the same file: the answer is kept with the file's parse. */
const perFile = new WeakMap<SourceCode, TypedFile | null>();
/**
 * Options used across modules need a look at every file, which finds every file's facts too: once per program, as a lint run keeps it.
 * Null for a program none of whose files (its packages' declarations included) names Firecrawl: no type in it is the
 * SDK's, so no file is asked. Asking each file's calls for their receivers' types cost a lint of such a project
 * 10% of its CPU time, for nothing.
 */
const perProgram = new WeakMap<ts.Program, ReturnType<typeof programFacts> | null>();

const NOTHING: FileTypes = { receivers: [], results: [], options: [] };

/** The facts when the file was parsed with type information and the settings ask for them, else null. */
export function typeOracle(sourceCode: SourceCode, filename: string, settings?: Record<string, unknown>): TypedFile | null {
  const known = perFile.get(sourceCode);
  if (known !== undefined) return known;
  const wanted = (settings?.firecrawl as { typeAware?: boolean } | undefined)?.typeAware;
  const program = (sourceCode.parserServices as Services | undefined)?.program;
  const file = wanted && program ? program.getSourceFile(filename) : undefined;
  let typed: TypedFile | null = null;
  if (program && file) {
    // The TypeScript that made the program: typescript-eslint's peer, which is the project's.
    const t = require("typescript") as typeof ts;
    let known = perProgram.get(program);
    if (known === undefined) {
      known = program.getSourceFiles().some((f) => mentionsFirecrawl(f.text)) ? programFacts(t, program) : null;
      perProgram.set(program, known);
    }
    // A file that reaches the SDK only through a type (no import leads there) is asked on its own.
    const found = known ? { ...(known.own.get(file) ?? fileFacts(t, program.getTypeChecker(), file).facts), options: known.options.get(file) ?? [] } : NOTHING;
    typed = { facts: typeFactsOf(found), found: hasFacts(found) };
  }
  perFile.set(sourceCode, typed);
  return typed;
}
