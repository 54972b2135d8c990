/**
 * The SDK under other names than its package's own: Deno's and Bun's `npm:` specifiers, a CDN's URL that serves it
 * as an ES module (mapping/imports.ts SDK_URL_FORMS), and the names a project gives one of those: a Deno import
 * map's entry (deno.json, deno.jsonc, import_map.json) and an npm alias in package.json. A specifier that names a
 * version pins the SDK the code runs on, whatever a package.json says: code migrated to v2 moves its pin to the
 * release the dependency upgrade moves to, and where the tool cannot move it the code is left as it is.
 *
 * A v1 pin beside a v2 one in the same file, manifest or import map is kept on purpose (v2 code with a v1 copy of
 * the SDK for what v2 does not do): it is never moved and its code never reported, as `.v1` is not.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type * as Jsonc from "jsonc-parser";
import type Semver from "semver";
import { onFirstUse } from "../core/on-first-use.js";
import { SDK_MODULES, SDK_URL_FORMS, V2_RANGE, type ApiVersion } from "../mapping/imports.js";
import { DEPENDENCY_FIELDS, readJson, upToRepositoryRoot } from "./manifests.js";
import { ofRange } from "./package-sdk.js";

/** Asked only where a specifier, a manifest or an import map names the SDK. */
const semver = onFirstUse<typeof Semver>(import.meta.url, "semver");
const jsonc = onFirstUse<typeof Jsonc>(import.meta.url, "jsonc-parser");

let release: string | undefined;

/**
 * The v2 release a pin or a range moves to unless --sdk-version says another (the one the verification checks
 * against). Read once a thread: the imports step asks for it on every file, and reading the range was 2% of a run.
 */
export function sdkRelease(): string {
  return (release ??= semver().minVersion(V2_RANGE)!.version);
}

/** A specifier that names the SDK other than by its package's name. */
export interface SdkSpecifier {
  readonly text: string;
  /** the version or range it names (`1.29.3`, `^1.2.0`), when it names one */
  readonly range?: string;
  /** the API every version that range allows speaks */
  readonly version?: ApiVersion;
  /** the tool knows the form, so it can write the specifier for another release */
  readonly movable: boolean;
  /** the text before the range and after it */
  readonly head: string;
  readonly tail: string;
}

const NAMES = SDK_MODULES.map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|");
/** `npm:<sdk>[@range][tail]`, or an http(s) URL with `/<sdk>[@range]` as a whole path segment. */
const SPELLED = new RegExp(`^(npm:|https?://[^?#]*?/)(${NAMES})(?:@([^/?#]+))?([/?#].*)?$`);

/** What a module specifier says of the SDK, when it names the SDK other than by its plain package name. */
export function sdkSpecifierOf(text: string): SdkSpecifier | undefined {
  const m = SPELLED.exec(text);
  if (!m) return undefined;
  const [, prefix, name, range, tail = ""] = m;
  const movable = SDK_URL_FORMS.some((form) => form.prefix === prefix && form.tail.test(tail));
  const version = range === undefined ? undefined : ofRange(decoded(range));
  return { text, range, version, movable, head: `${prefix}${name}@`, tail };
}

/** The specifier written for `release`, in the style its range had; undefined when it pins no v1 release or its form is unknown. */
export function movedSpecifier(specifier: SdkSpecifier, release: string): string | undefined {
  if (specifier.version !== "v1" || !specifier.movable || specifier.range === undefined) return undefined;
  // A URL may spell the range encoded (`@%5E1.2.0`): it is moved as read, and written back as it was spelled.
  const range = decoded(specifier.range);
  const to = movedRange(range, release);
  return to && `${specifier.head}${range === specifier.range ? to : encodeURIComponent(to)}${specifier.tail}`;
}

/** A range as a URL may encode it; as written where it is no valid encoding (which then names no version). */
function decoded(range: string): string {
  try {
    return decodeURIComponent(range);
  } catch {
    return range;
  }
}

/**
 * The range that asks for `release` the way `range` asked for its v1 release, or undefined when `range`
 * already allows v2 (or is no range a person can reason about: a tag, a URL, `workspace:`).
 */
export function movedRange(range: string, release: string): string | undefined {
  const alias = /^(npm:(?:@[^@/]+\/)?[^@]+@)(.+)$/.exec(range);
  if (alias) {
    const inner = movedRange(alias[2]!, release);
    return inner && alias[1] + inner;
  }
  if (ofRange(range) !== "v1") return undefined;
  const trimmed = range.trim();
  const major = semver().major(release);
  if (/^\^/.test(trimmed)) return `^${release}`;
  if (/^~/.test(trimmed)) return `~${release}`;
  if (/^[=v]*\d+\.\d+\.\d+(?:-[\w.]+)?$/.test(trimmed)) return release;
  if (/^\d+(?:\.[x*])*$/i.test(trimmed)) return trimmed.replace(/^\d+/, String(major));
  if (/^\d+\.\d+(?:\.[x*])?$/i.test(trimmed))
    return `${major}.${semver().minor(release)}${trimmed.endsWith("x") || trimmed.endsWith("*") ? trimmed.slice(-2) : ""}`;
  if (/^>=?\s*[\d.]+\s+<=?\s*[\d.]+$/.test(trimmed)) return `>=${release} <${major + 1}`;
  return `^${release}`;
}

/** A name the project gives the SDK: an import map's key, or a package.json alias's name. */
export interface ProjectModule {
  readonly name: string;
  readonly target: SdkSpecifier;
  /** a v1 pin beside a v2 one in the same file: kept on purpose */
  readonly deliberate: boolean;
  /** the file that names it, and where in it: `[field, name]` of package.json, `["imports", name]` of an import map */
  readonly kind: "alias" | "import map";
  readonly file: string;
  readonly location: readonly string[];
}

/** The entries of one file that point at the SDK, with the ranges of its plain dependency (package.json's). */
function entriesOf(
  kind: ProjectModule["kind"],
  file: string,
  fields: readonly string[],
  json: unknown,
  plain: readonly (string | undefined)[],
): ProjectModule[] {
  const found: Omit<ProjectModule, "deliberate">[] = [];
  for (const field of fields) {
    const entries = (json as Record<string, unknown> | undefined)?.[field];
    if (!entries || typeof entries !== "object") continue;
    for (const [name, value] of Object.entries(entries)) {
      const target = typeof value === "string" && !name.endsWith("/") ? sdkSpecifierOf(value) : undefined;
      if (target) found.push({ name, target, kind, file, location: [field, name] });
    }
  }
  const v2Beside = found.some((entry) => entry.target.version === "v2") || plain.some((range) => range !== undefined && ofRange(range) === "v2");
  return found.map((entry) => ({ ...entry, deliberate: v2Beside && entry.target.version === "v1" }));
}

function readJsonc(path: string): unknown {
  try {
    return jsonc().parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

/** Deno's configuration files, and the import map file a configuration names or that sits beside it. */
const DENO_CONFIGS = ["deno.json", "deno.jsonc"];
const IMPORT_MAP = "import_map.json";

/** The import maps of the nearest folder that has one: the configuration's own `imports` and the map file it names. */
function importMaps(dir: string): ProjectModule[] {
  for (const at of upToRepositoryRoot(dir)) {
    const configs = DENO_CONFIGS.map((name) => join(at, name)).filter(existsSync);
    const maps = configs.flatMap((config) => {
      const json = readJsonc(config) as { importMap?: unknown } | undefined;
      const named = typeof json?.importMap === "string" ? resolve(at, json.importMap) : undefined;
      return [{ file: config, json }, ...(named && existsSync(named) ? [{ file: named, json: readJsonc(named) }] : [])];
    });
    if (!configs.length && existsSync(join(at, IMPORT_MAP))) maps.push({ file: join(at, IMPORT_MAP), json: readJsonc(join(at, IMPORT_MAP)) });
    if (maps.length) return maps.flatMap(({ file, json }) => entriesOf("import map", file, ["imports"], json, []));
  }
  return [];
}

/** The npm aliases of the SDK a package.json declares. */
export function manifestAliases(path: string): ProjectModule[] {
  const manifest = readJson(path);
  const plain = DEPENDENCY_FIELDS.flatMap((field) => SDK_MODULES.map((name) => manifest?.[field]?.[name]));
  // `"@mendable/firecrawl-js": "npm:@mendable/firecrawl-js@^1"` is the SDK's own dependency, moved as such; the
  // SDK under its other package name (`"firecrawl": "npm:@mendable/firecrawl-js@1"`) is an alias like any other.
  return entriesOf("alias", path, DEPENDENCY_FIELDS, manifest, plain).filter((entry) => `npm:${entry.name}@` !== entry.target.head);
}

/** The aliases of the nearest package.json above that has any: as Node finds an aliased name, in the nearest node_modules that holds it. */
function aliases(dir: string): ProjectModule[] {
  for (const at of upToRepositoryRoot(dir)) {
    const path = join(at, "package.json");
    const found = existsSync(path) ? manifestAliases(path) : [];
    if (found.length) return found;
  }
  return [];
}

const known = new Map<string, ReadonlyMap<string, ProjectModule>>();

/** The names the project of a file gives the SDK, by name: an import map's entry before a package.json alias (Deno reads the map). */
export function projectModules(file: string): ReadonlyMap<string, ProjectModule> {
  const dir = dirname(resolve(file));
  let found = known.get(dir);
  if (!found) {
    found = new Map([...aliases(dir), ...importMaps(dir)].map((entry) => [entry.name, entry]));
    known.set(dir, found);
  }
  return found;
}
