/**
 * What the verification (verify.ts) checks against and what it answers, without the compiler: the main
 * thread reports on it, and only the type process loads TypeScript.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Edit } from "../core/edits.js";
import type { CellLine } from "../core/pipeline.js";
import { SDK_MODULES } from "../mapping/imports.js";

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

/** The name its TODO lines are reported under. */
export const VERIFY = "verify";

/** What the verification says of the SDK it checked against, for reports. */
export const VERIFIED_AGAINST = `${SDK_MODULES[0]} ${SDKS.v2.version}`;

export interface Verified {
  /** the output, with a TODO line above each statement that fails against v2 because of the migration */
  readonly output: string;
  /** the TODO lines added: 1-based lines in `output`, and what they quote */
  readonly todos: readonly { readonly line: number; readonly message: string; readonly cell?: CellLine }[];
  /** what was repaired rather than marked (a `@ts-expect-error` v2 no longer needs), by line in `output` */
  readonly changes: readonly { readonly line: number; readonly message: string }[];
  /** the edits made to the unverified output, to move what was reported against it */
  readonly edits: readonly Edit[];
  /** type errors the migration introduced, and how many of them sit under a TODO (old or added) */
  readonly newErrors: number;
  readonly marked: number;
}
