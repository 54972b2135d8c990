/**
 * The type-aware mode: a ts-morph project per tsconfig, asked which receivers of client-method calls are
 * typed as the SDK's client class. That finds what syntax alone cannot see: a client made in one module and
 * used in another, a factory in another file, a service injected from elsewhere, a re-export. Only files
 * that can reach the SDK are analysed (they mention it, or import a file that can), one project at a time.
 */
import { resolve } from "node:path";
import { Node, Project, type SourceFile } from "ts-morph";
import { isClientType, type TsType } from "../detect/client-type.js";
import { METHODS } from "../mapping/methods.js";

/** Receivers typed as a client, per file: "start:end" offsets into the file's text. */
export type Receivers = ReadonlyMap<string, readonly string[]>;

const METHOD_NAMES = new Set(METHODS.flatMap((row) => [row.js.v1, ...(row.js.v2 ? [row.js.v2] : [])]));



/** Files whose imports lead, directly or through other files of the project, to one that mentions the SDK. */
function filesReachingSdk(project: Project): SourceFile[] {
  const files = project.getSourceFiles().filter((f) => !f.isDeclarationFile() && !f.isInNodeModules());
  const reaching = new Set(files.filter((f) => f.getFullText().includes("firecrawl")));
  for (let grew = true; grew; ) {
    grew = false;
    for (const file of files) {
      if (reaching.has(file)) continue;
      const imports = [...file.getImportDeclarations().map((d) => d.getModuleSpecifierSourceFile()), ...file.getExportDeclarations().map((d) => d.getModuleSpecifierSourceFile())];
      if (imports.some((f) => f && reaching.has(f))) {
        reaching.add(file);
        grew = true;
      }
    }
  }
  return [...reaching];
}

/** Type-checked receivers of client-method calls, for every file the given tsconfigs cover, one project at a time. */
export function typedReceivers(tsconfigs: readonly string[], wanted: ReadonlySet<string>): Receivers {
  const receivers = new Map<string, string[]>();
  for (const tsconfig of tsconfigs) {
    const project = new Project({ tsConfigFilePath: tsconfig, skipFileDependencyResolution: false });
    const checker = project.getTypeChecker().compilerObject;
    for (const file of filesReachingSdk(project)) {
      const path = resolve(file.getFilePath());
      if (!wanted.has(path) || receivers.has(path)) continue;
      const found: string[] = [];
      file.forEachDescendant((node) => {
        if (!Node.isCallExpression(node)) return;
        const callee = node.getExpression();
        if (!Node.isPropertyAccessExpression(callee) || !METHOD_NAMES.has(callee.getName())) return;
        const receiver = callee.getExpression();
        if (isClientType(checker.getTypeAtLocation(receiver.compilerNode) as unknown as TsType)) found.push(`${receiver.getStart()}:${receiver.getEnd()}`);
      });
      receivers.set(path, found);
    }
    // One project at a time: let this one go before the next is built.
    for (const file of project.getSourceFiles()) project.removeSourceFile(file);
  }
  return receivers;
}
