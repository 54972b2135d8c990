/**
 * The type-aware mode: a compiler program per tsconfig, asked (detect/type-facts.ts) which receivers of
 * client-method calls are typed as the SDK's client class. That finds what syntax alone cannot see: a
 * client made in one module and used in another, a factory in another file, a service injected from
 * elsewhere, a re-export. Only files that can reach the SDK are analysed. The programs are built once and
 * kept for the verification (verify.ts), which would otherwise parse every file again.
 */
import { resolve } from "node:path";
import { Project, ts } from "ts-morph";
import type * as typescript from "typescript";
import { programFacts, type FileTypes } from "../detect/type-facts.js";

export type { FileTypes } from "../detect/type-facts.js";

/** ts-morph's own TypeScript, as the shared analysis names it (the same API, another copy). */
const t = ts as unknown as typeof typescript;

/** The program of a tsconfig's files as they are on disk, type-checked against what the project installed. */
export function projectProgram(tsconfig: string): ts.Program {
  // The program resolves every import as it is built: ts-morph resolving them first as well costs twice.
  return new Project({ tsConfigFilePath: tsconfig, skipFileDependencyResolution: true }).getProgram().compilerObject;
}

/**
 * What the checker knows of every wanted file the programs cover: the first program that covers a file
 * answers for it, and the options objects its calls take in other modules join those modules' facts.
 */
export function typeFacts(programs: readonly ts.Program[], wanted: ReadonlySet<string>): Map<string, FileTypes> {
  const facts = new Map<string, FileTypes>();
  for (const program of programs) {
    const first = (file: typescript.SourceFile) => wanted.has(resolve(file.fileName)) && !facts.has(resolve(file.fileName));
    const { own, options } = programFacts(t, program as unknown as typescript.Program, first);
    for (const [file, found] of own) facts.set(resolve(file.fileName), found);
    for (const [file, used] of options) {
      const path = resolve(file.fileName);
      if (!wanted.has(path)) continue;
      const known = facts.get(path) ?? { receivers: [], results: [], options: [] };
      facts.set(path, { ...known, options: [...known.options, ...used] });
    }
  }
  return facts;
}
