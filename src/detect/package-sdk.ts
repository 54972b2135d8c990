/**
 * Which API a file's package depends on (DESIGN contract 8): the nearest package.json that declares
 * `@mendable/firecrawl-js` or `firecrawl`. A range that only v1 releases satisfy (below 3.0.0) or only
 * v2 ones says it; a range that spans both (`>=1`, `*`, `latest`, a tag, `workspace:`) is settled by the
 * version installed in the nearest node_modules, then by package-lock.json. Answers are remembered per
 * folder, as a run or a lint pass asks for many files of one package.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import semver from "semver";
import { FIRST_V2_MAJOR, SDK_MODULES, type ApiVersion } from "../mapping/imports.js";

const V1_RELEASES = `<${FIRST_V2_MAJOR}.0.0`;
const V2_RELEASES = `>=${FIRST_V2_MAJOR}.0.0`;
const FIELDS = ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"] as const;

type Manifest = Partial<Record<(typeof FIELDS)[number], Record<string, string>>> & { name?: string; version?: string };

function readJson(path: string): Manifest | undefined {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as Manifest;
  } catch {
    return undefined;
  }
}

/** The API a released version of the SDK speaks. */
function ofVersion(version: string | undefined): ApiVersion | undefined {
  const parsed = version === undefined ? null : semver.coerce(version);
  return parsed ? (parsed.major < FIRST_V2_MAJOR ? "v1" : "v2") : undefined;
}

/** The API every version a range allows speaks, or undefined when it allows both (or is no semver range). */
function ofRange(range: string): ApiVersion | undefined {
  const aliased = /^npm:(?:@?[^@]+)@(.+)$/.exec(range);
  const valid = semver.validRange(aliased ? aliased[1]! : range);
  if (!valid) return undefined;
  const v1 = semver.intersects(valid, V1_RELEASES);
  const v2 = semver.intersects(valid, V2_RELEASES);
  return v1 === v2 ? undefined : v1 ? "v1" : "v2";
}

/** The SDK's version installed in node_modules at or above `dir`. */
function installed(dir: string): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    for (const name of SDK_MODULES) {
      const manifest = join(at, "node_modules", name, "package.json");
      if (existsSync(manifest)) return readJson(manifest)?.version;
    }
    if (dirname(at) === at) return undefined;
  }
}

/** The SDK's version npm's lockfile beside a package.json resolved. */
function locked(dir: string): string | undefined {
  const lock = readJson(join(dir, "package-lock.json")) as { packages?: Record<string, { version?: string }> } | undefined;
  return SDK_MODULES.map((name) => lock?.packages?.[`node_modules/${name}`]?.version).find((v) => v !== undefined);
}

/** The nearest package.json at or above `dir` that declares the SDK: its folder and its range. */
function declaring(dir: string): { dir: string; range: string } | undefined {
  for (let at = dir; ; at = dirname(at)) {
    const manifest = existsSync(join(at, "package.json")) ? readJson(join(at, "package.json")) : undefined;
    for (const field of FIELDS) {
      for (const name of SDK_MODULES) {
        const range = manifest?.[field]?.[name];
        if (typeof range === "string") return { dir: at, range };
      }
    }
    if (dirname(at) === at) return undefined;
  }
}

const known = new Map<string, ApiVersion | undefined>();

/** The API the package holding `file` depends on; undefined when no package.json declares the SDK. */
export function packageSdk(file: string): ApiVersion | undefined {
  const dir = dirname(resolve(file));
  if (known.has(dir)) return known.get(dir);
  const declared = declaring(dir);
  const version = declared && (ofRange(declared.range) ?? ofVersion(installed(dir)) ?? ofVersion(locked(declared.dir)));
  known.set(dir, version);
  return version;
}

const shipped = new Map<string, ApiVersion | null>();

/**
 * Which API the SDK release that declares a file speaks, when the file belongs to the SDK: the package is
 * known by the name in its own package.json, so an aliased or symlinked install is still recognised.
 */
export function sdkReleaseOf(declarationFile: string): ApiVersion | undefined {
  const dir = dirname(resolve(declarationFile));
  let answer = shipped.get(dir);
  if (answer === undefined) {
    answer = null;
    for (let at = dir; ; at = dirname(at)) {
      if (existsSync(join(at, "package.json"))) {
        const manifest = readJson(join(at, "package.json"));
        if ((SDK_MODULES as readonly string[]).includes(manifest?.name ?? "")) answer = ofVersion(manifest?.version) ?? null;
        break;
      }
      if (dirname(at) === at) break;
    }
    shipped.set(dir, answer);
  }
  return answer ?? undefined;
}
