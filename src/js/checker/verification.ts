/**
 * What the verification (verify.ts) checks against and what it answers, without the compiler: the main
 * thread reports on it, and only the type process loads TypeScript.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { SDK_MODULES } from "../../mapping/imports.js";

const require = createRequire(import.meta.url);

function sdkPackage(name: string): { declarations: string; version: string; imports: readonly string[] } {
  const manifest = require.resolve(`${name}/package.json`);
  const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version: string };
  const declarations = join(dirname(manifest), "dist/index.d.ts");
  const imports = [...readFileSync(declarations, "utf8").matchAll(/^import .* from ['"]([^'"./][^'"]*)['"]/gm)].map((m) => m[1]!);
  return { declarations, version, imports };
}

/** The last v1-only release and the current v2 one, installed with the tool under these names. */
export const SDKS = { v1: sdkPackage("firecrawl-v1"), v2: sdkPackage(SDK_MODULES[0]) };

/** What the verification says of the SDK it checked against, for reports. */
export const VERIFIED_AGAINST = `${SDK_MODULES[0]} ${SDKS.v2.version}`;
