/**
 * The type checker's word on receivers, for `recommended-type-checked`: an expression whose TypeScript
 * type is the SDK's client class is a client, wherever it was made (another module, a factory, an
 * injected service). Reached through typescript-eslint's parser services.
 */
import type { SourceCode } from "eslint";
import type * as ts from "typescript";
import { isClientType, type TsType } from "../src/detect/client-type.js";
import type { TypeFacts } from "../src/detect/sdk.js";

interface Services {
  program?: ts.Program;
}

/** The node that spans exactly [start, end), searched only through nodes that contain the range. */
function nodeAt(file: ts.SourceFile, start: number, end: number): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (node: ts.Node): void => {
    if (node.getStart(file) <= start && node.getEnd() >= end) {
      if (node.getStart(file) === start && node.getEnd() === end) found = node;
      node.forEachChild(visit);
    }
  };
  file.forEachChild(visit);
  return found;
}

/** An oracle when the file was parsed with type information and the settings ask for it, else null. */
export function typeOracle(sourceCode: SourceCode, settings?: Record<string, unknown>): TypeFacts | null {
  const wanted = (settings?.firecrawl as { typeAware?: boolean } | undefined)?.typeAware;
  const program = (sourceCode.parserServices as Services | undefined)?.program;
  if (!wanted || !program) return null;
  const checker = program.getTypeChecker();
  const file = program.getSourceFiles().find((f) => f.text === sourceCode.text);
  if (!file) return null;
  return {
    isClient(start, end) {
      const node = nodeAt(file, start, end);
      return node !== undefined && isClientType(checker.getTypeAtLocation(node) as unknown as TsType);
    },
  };
}
