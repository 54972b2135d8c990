/**
 * Whether a TypeScript type is the SDK's client class: the question the type-aware mode (ts-morph) and the
 * type-checked ESLint config (typescript-eslint) both ask. Each brings its own TypeScript, so this takes the
 * few members it reads structurally.
 */
import { CLIENT, CLIENT_CLASSES } from "../../mapping/imports.js";
import { sdkReleaseOf } from "../../project/package-sdk.js";

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

/**
 * A client class the SDK declares. v2 releases still ship the v1 class (declared `FirecrawlApp`, exported
 * as `FirecrawlAppV1`, returned by `.v1`): code typed with it stays on v1 on purpose, so it is no client here.
 */
export function isClientType(type: TsType): boolean {
  const types = type.isUnion() ? type.types : [type];
  return types.some((t) => {
    const symbol = t.getSymbol() ?? t.aliasSymbol;
    if (symbol === undefined || !NAMES.has(symbol.getName())) return false;
    return (symbol.getDeclarations() ?? []).some((d) => {
      const release = sdkReleaseOf(d.getSourceFile().fileName);
      return release !== undefined && !(release === "v2" && symbol.getName() === CLIENT.js.v1);
    });
  });
}
