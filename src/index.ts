/**
 * firecrawl-codemod as a library: migrate or check one source text the way `run` and `check` do, and read
 * the mapping table everything comes from. Files are not read or written here; the path only says which
 * language the text is in and where its package.json (which SDK it depends on) is.
 */
import { migrateText } from "./run/migrate-text.js";
import type { Change, Result } from "./core/pipeline.js";
import type { ApiVersion } from "./mapping/imports.js";
import { isFinding } from "./mapping/messages.js";
import * as table from "./mapping/index.js";
import { catalog, readyFor } from "./run/preset.js";
import { unknownTransforms } from "./core/transform-names.js";

export type { ApiVersion, Change, Result };

export interface MigrateOptions {
  /** run only the transforms with these names (as `firecrawl-codemod list` prints them); all by default */
  readonly transforms?: readonly string[];
  /** write v1's defaults into migrated scrapes so they behave as before */
  readonly keepV1Defaults?: boolean;
  /** the SDK the text's package depends on; by default read from the nearest package.json (or Python pins) */
  readonly sdk?: ApiVersion;
}

/**
 * The text migrated to v2 (`output` is null when nothing changes), with what was changed and marked. A
 * transform name no step has throws, with the CLI's words: a typo must not look like nothing to migrate.
 */
export async function migrate(path: string, text: string, options: MigrateOptions = {}): Promise<Result> {
  const names = options.transforms && [...options.transforms];
  const unknown = names && unknownTransforms(names, await catalog());
  if (unknown) throw new Error(unknown);
  await readyFor([path]);
  return migrateText(path, text, { transforms: names, keepV1Defaults: options.keepV1Defaults, sdk: options.sdk });
}

/** A place `check` reports: a v1 usage the migration changes by itself (`fixable`), or one it marks. */
export interface Finding {
  /** 1-based, in the text as given */
  readonly line: number;
  readonly column: number;
  readonly rule: string;
  readonly message: string;
  readonly fixable: boolean;
}

/** The v1 usages left in a text, as `check` reports them; an empty list when it is on v2. */
export async function check(path: string, text: string, options: Omit<MigrateOptions, "keepV1Defaults"> = {}): Promise<Finding[]> {
  const { changes, todos } = await migrate(path, text, options);
  const finding =
    (fixable: boolean) =>
    (c: Change): Finding => ({ line: c.source.line, column: c.source.column, rule: c.transform, message: c.finding, fixable });
  return [...changes.filter((c) => isFinding(c.finding)).map(finding(true)), ...todos.map(finding(false))].sort(
    (a, b) => a.line - b.line || a.column - b.column,
  );
}

type DeepReadonly<T> = T extends (...args: never[]) => unknown ? T : T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;

function frozen<T>(value: T): DeepReadonly<T> {
  const copy = structuredClone(value);
  const freeze = (v: unknown): void => {
    if (v && typeof v === "object" && !Object.isFrozen(v)) {
      Object.freeze(v);
      Object.values(v).forEach(freeze);
    }
  };
  freeze(copy);
  return copy as DeepReadonly<T>;
}

/** The mapping table (src/mapping/), as data: read-only copies, so no caller can change what the codemod does. */
export const mapping = frozen({
  methods: table.METHODS,
  options: table.OPTIONS,
  formats: table.FORMATS,
  unchangedFormats: table.UNCHANGED_FORMATS,
  results: table.RESULTS,
  types: table.TYPES,
  errors: table.ERRORS,
  defaults: table.DEFAULTS,
  newInV2: table.NEW_IN_V2,
  sdkModules: table.SDK_MODULES,
});
