/**
 * The type-aware mode: a compiler program per tsconfig, asked (facts.ts) which receivers of
 * client-method calls are typed as the SDK's client class. That finds what syntax alone cannot see: a
 * client made in one module and used in another, a factory in another file, a service injected from
 * elsewhere, a re-export. Only files that can reach the SDK are analysed. The programs are built once and
 * kept for the verification (verify.ts), which would otherwise parse every file again.
 */
import { resolve } from "node:path";
import type * as typescript from "typescript";
import { programFacts, type FileTypes } from "./facts.js";
import { compilerHost, ts, type TS } from "./compiler.js";

/** The bundled TypeScript (compiler.ts), as the shared analysis names it (the same API, another copy). */
const t = ts as unknown as typeof typescript;

/** The program of a tsconfig's files as they are on disk, type-checked against what the project installed. */
export function projectProgram(tsconfig: string): TS.Program {
  const parsed = ts.getParsedCommandLineOfConfigFile(tsconfig, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(`${tsconfig}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
    },
  });
  if (!parsed) throw new Error(`${tsconfig}: cannot be read`);
  const { fileNames: rootNames, options, projectReferences } = parsed;
  return ts.createProgram({ rootNames, options, projectReferences, host: compilerHost(options) });
}

/**
 * What the checker knows of every wanted file the programs cover: the first program that covers a file
 * answers for it, and the options objects its calls take in other modules join those modules' facts.
 * `each` hears every file's own facts as soon as they are found.
 */
export function typeFacts(programs: readonly TS.Program[], wanted: ReadonlySet<string>, each?: (path: string, own: FileTypes) => void): Map<string, FileTypes> {
  const facts = new Map<string, FileTypes>();
  for (const program of programs) {
    const first = (file: typescript.SourceFile) => wanted.has(resolve(file.fileName)) && !facts.has(resolve(file.fileName));
    const { own, options } = programFacts(t, program as unknown as typescript.Program, first, each && ((file, found) => each(resolve(file.fileName), found)));
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
