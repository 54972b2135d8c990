/**
 * Whether a TypeScript type is the SDK's client class: the question the type-aware mode (ts-morph) and the
 * type-checked ESLint config (typescript-eslint) both ask. Each brings its own TypeScript, so this takes the
 * few members it reads structurally.
 */
import { CLIENT_CLASSES } from "../mapping/imports.js";

interface TsSymbol {
  getName(): string;
  getDeclarations(): readonly { getSourceFile(): { fileName: string } }[] | undefined;
}

export interface TsType {
  isUnion(): this is { types: readonly TsType[] };
  getSymbol(): TsSymbol | undefined;
  aliasSymbol?: TsSymbol;
}

const NAMES = new Set(CLIENT_CLASSES);
/** Declared by the SDK package (under either name, or the v1 alias this repository installs it as). */
const SDK_FILE = /[\\/](?:@mendable[\\/]firecrawl-js|firecrawl(?:-v1)?)[\\/]/;

export function isClientType(type: TsType): boolean {
  const types = type.isUnion() ? type.types : [type];
  return types.some((t) => {
    const symbol = t.getSymbol() ?? t.aliasSymbol;
    return symbol !== undefined && NAMES.has(symbol.getName()) && (symbol.getDeclarations() ?? []).some((d) => SDK_FILE.test(d.getSourceFile().fileName));
  });
}
