/**
 * Which API a file's package depends on (DESIGN contract 8): the nearest package.json that declares
 * `@mendable/firecrawl-js` or `firecrawl` (or, with neither, an npm alias of one). A range that only v1 releases satisfy (below 3.0.0) or only
 * v2 ones says it; a range that spans both (`>=1`, `*`, `latest`, a tag, `workspace:`) is settled by the
 * version installed in the nearest node_modules, then by package-lock.json. Answers are remembered per
 * folder, as a run or a lint pass asks for many files of one package.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { decodeText } from "../core/text-encoding.js";
import type * as Pep440 from "@renovatebot/pep440";
import type Semver from "semver";
import { onFirstUse } from "../core/on-first-use.js";
import { FIRST_V2_MAJOR, PY_V2_RELEASE, SDK_MODULES, type ApiVersion } from "../mapping/imports.js";
import { DEPENDENCY_FIELDS, foldersUp, PY_LOCKFILES, PY_MANIFESTS, readJson } from "./manifests.js";

/** Asked only of a package that declares the SDK. */
const semver = onFirstUse<typeof Semver>(import.meta.url, "semver");
const pep440 = onFirstUse<typeof Pep440>(import.meta.url, "@renovatebot/pep440");

const V1_RELEASES = `<${FIRST_V2_MAJOR}.0.0`;
const V2_RELEASES = `>=${FIRST_V2_MAJOR}.0.0`;

/** The API a released version of the SDK speaks. */
function ofVersion(version: string | undefined): ApiVersion | undefined {
  const parsed = version === undefined ? null : semver().coerce(version);
  return parsed ? (parsed.major < FIRST_V2_MAJOR ? "v1" : "v2") : undefined;
}

/** The API every version a range allows speaks, or undefined when it allows both (or is no semver range). */
export function ofRange(range: string): ApiVersion | undefined {
  const aliased = /^npm:(?:@?[^@]+)@(.+)$/.exec(range);
  const valid = semver().validRange(aliased ? aliased[1]! : range);
  if (!valid) return undefined;
  const v1 = semver().intersects(valid, V1_RELEASES);
  const v2 = semver().intersects(valid, V2_RELEASES);
  return v1 === v2 ? undefined : v1 ? "v1" : "v2";
}

/** The folder of a package installed in node_modules at or above `dir`, as Node would find it. */
export function installedPackage(dir: string, name: string): string | undefined {
  for (const at of foldersUp(dir)) if (existsSync(join(at, "node_modules", name, "package.json"))) return join(at, "node_modules", name);
  return undefined;
}

/** The SDK's version installed in node_modules at or above `dir`. */
function installed(dir: string): string | undefined {
  for (const at of foldersUp(dir)) {
    for (const name of SDK_MODULES) {
      const manifest = join(at, "node_modules", name, "package.json");
      if (existsSync(manifest)) return readJson(manifest)?.version;
    }
  }
  return undefined;
}

/** The SDK's version npm's lockfile beside a package.json resolved. */
function locked(dir: string): string | undefined {
  const lock = readJson(join(dir, "package-lock.json")) as { packages?: Record<string, { version?: string }> } | undefined;
  return SDK_MODULES.map((name) => lock?.packages?.[`node_modules/${name}`]?.version).find((v) => v !== undefined);
}

/** The first of these folders whose package.json declares the SDK: the folder and the range. */
export function declaring(folders: Iterable<string>): { dir: string; range: string } | undefined {
  for (const at of folders) {
    const manifest = existsSync(join(at, "package.json")) ? readJson(join(at, "package.json")) : undefined;
    for (const field of DEPENDENCY_FIELDS) {
      for (const name of SDK_MODULES) {
        const range = manifest?.[field]?.[name];
        if (typeof range === "string") return { dir: at, range };
      }
    }
    // Else under an alias (`"fc": "npm:@mendable/firecrawl-js@^1"`): the package's SDK all the same.
    for (const field of DEPENDENCY_FIELDS) {
      const range = Object.values(manifest?.[field] ?? {}).find((spec) => SDK_MODULES.some((name) => String(spec).startsWith(`npm:${name}@`)));
      if (range !== undefined) return { dir: at, range };
    }
  }
  return undefined;
}

const known = new Map<string, ApiVersion | undefined>();

/** The API the package holding `file` depends on; undefined when no package.json declares the SDK. */
export function packageSdk(file: string): ApiVersion | undefined {
  const dir = dirname(resolve(file));
  if (known.has(dir)) return known.get(dir);
  const declared = declaring(foldersUp(dir));
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
    const folder = [...foldersUp(dir)].find((at) => existsSync(join(at, "package.json")));
    const manifest = folder === undefined ? undefined : readJson(join(folder, "package.json"));
    if ((SDK_MODULES as readonly string[]).includes(manifest?.name ?? "")) answer = ofVersion(manifest?.version) ?? null;
    shipped.set(dir, answer);
  }
  return answer ?? undefined;
}

/**
 * firecrawl-py speaks v1 below 3.0 (1.x with params dicts, 2.x with keyword arguments) and v2 from 3.0
 * on, where FirecrawlApp is v2's Firecrawl (sdk-facts 1.2). The files that may pin it are manifests.ts's
 * PY_LOCKFILES and PY_MANIFESTS. PyPI has the same SDK under its import name too, `firecrawl`, with the same
 * releases: a dependency on either (or `firecrawl_py`) is one on firecrawl-py, and no other package is.
 */
const PY_NAME = String.raw`(?<![\w.-])(firecrawl(?:[-_]py)?)(?![\w.-])`;
const PY_DISTRIBUTION = new RegExp(PY_NAME, "i");

/** Versions on either side of the 3.0 line, to ask a PEP 440 specifier which side it allows. */
const V1_PROBES = ["0.0.20", "1.0.0", "1.17.0", "2.0.0", "2.16.5"];
const V2_PROBES = ["3.0.0", "3.5.0", "4.0.0", "4.27.1", "9.0.0"];

/** The API every version a requirement allows speaks: PEP 440 specifiers, and Poetry's ^ and ~ too. */
export function ofPythonSpecifier(specifier: string): ApiVersion | undefined {
  const spec = specifier.trim();
  if (spec === "" || spec === "*") return undefined;
  const poetry = /^[\^~]\s*(\d+)/.exec(spec);
  if (poetry) return Number(poetry[1]) < FIRST_V2_MAJOR ? "v1" : "v2";
  // An exact pin (==1.11.0) allows no probe: the versions the specifier names are asked too.
  const named = [...spec.matchAll(/\d+(?:\.\d+)*/g)].map((m) => m[0]);
  const side = (v1: boolean) => named.filter((v) => Number(v.split(".")[0]) < FIRST_V2_MAJOR === v1);
  const allows = (probes: string[]) => probes.some((v) => pep440().satisfies(v, spec));
  const v1 = allows([...V1_PROBES, ...side(true)]);
  const v2 = allows([...V2_PROBES, ...side(false)]);
  return v1 === v2 ? undefined : v1 ? "v1" : "v2";
}

/**
 * Where a dependency file gives firecrawl-py a version specifier: requirements "firecrawl-py>=1,<3",
 * PEP 621 "firecrawl-py==4.3.0", Poetry/Pipfile firecrawl-py = "^1.5" or { version = "..." }, setup files;
 * with the distribution's name as written there.
 */
export function firecrawlSpecifiers(text: string): { start: number; end: number; specifier: string; name: string }[] {
  const pin = new RegExp(String.raw`${PY_NAME}\s*(?:\[[^\]]*\])?\s*(?:=(?!=)\s*(?:\{[^}]*?version\s*=\s*)?)?["']?\s*([~^=<>!][^"';\]\\\r\n#]*)`, "dgi");
  // A commented-out line names a version nobody installs.
  const live = (m: RegExpMatchArray) => !text.slice(text.lastIndexOf("\n", m.index!) + 1, m.index).includes("#");
  return [...text.matchAll(pin)].filter(live).map((m) => {
    const specifier = m[2]!.trimEnd();
    const start = m.indices![2]![0];
    return { start, end: start + specifier.length, specifier, name: m[1]! };
  });
}

/** What one file says of firecrawl-py: the locked version, else the first specifier given for it. */
function pythonPin(path: string, name: string): ApiVersion | undefined {
  let text: string;
  try {
    text = decodeText(readFileSync(path)).text;
  } catch {
    return undefined;
  }
  if (!PY_DISTRIBUTION.test(text)) return undefined;
  if (PY_LOCKFILES.includes(name)) return ofVersion(/name = "firecrawl(?:[-_]py)?"\s*\r?\nversion = "([^"]+)"/i.exec(text)?.[1]);
  const pin = firecrawlSpecifiers(text)[0];
  return pin ? ofPythonSpecifier(pin.specifier) : undefined;
}

/** The Python project a file belongs to: the nearest folder whose files say which API firecrawl-py speaks. */
export interface PythonProject {
  readonly dir: string;
  readonly version: ApiVersion;
}

const knownPython = new Map<string, PythonProject | undefined>();

export function pythonProject(file: string): PythonProject | undefined {
  const dir = dirname(resolve(file));
  if (knownPython.has(dir)) return knownPython.get(dir);
  let project: PythonProject | undefined;
  for (const at of foldersUp(dir)) {
    const names = existsSync(at) ? readdirSync(at) : [];
    const candidates = [...PY_LOCKFILES, ...names.filter((n) => /^requirements.*\.txt$/.test(n)), ...PY_MANIFESTS].filter((n) => names.includes(n));
    for (const name of candidates) {
      const version = pythonPin(join(at, name), name);
      if (version) {
        project = { dir: at, version };
        break;
      }
    }
    if (project) break;
  }
  knownPython.set(dir, project);
  return project;
}

/** The API the Python project holding `file` depends on; undefined when no file there pins firecrawl-py. */
export function pythonPackageSdk(file: string): ApiVersion | undefined {
  return pythonProject(file)?.version;
}

/** One release specifier clause moved to PY_V2_RELEASE, keeping its operator and how many parts its version has. */
function retargetClause(clause: string): string {
  const m = /^(\s*)(===|==|~=|!=|<=|>=|<|>|\^|~)(\s*)(\d+(?:\.\d+)*)(\.\*)?(\s*)$/.exec(clause);
  if (!m) return clause;
  const [, before, op, gap, version, wildcard = "", after] = m;
  if (op === "!=") return clause;
  const parts = version!.split(".").length;
  const target = PY_V2_RELEASE.split(".");
  const cut = (n: number) => [...target, "0", "0", "0"].slice(0, n).join(".");
  // An upper bound becomes the next major's: `<2` and `<=1.9.9` both mean "not the next breaking release".
  if (op === "<" || op === "<=") return `${before}<${gap}${[String(Number(target[0]) + 1), "0", "0"].slice(0, parts).join(".")}${after}`;
  return `${before}${op === ">" ? ">=" : op}${gap}${cut(Math.max(parts, op === "~=" ? 2 : 1))}${wildcard}${after}`;
}

/** A specifier that allows only v1 releases, moved to v2 in its own style; undefined when it allows v2 already. */
export function retargeted(specifier: string): string | undefined {
  if (ofPythonSpecifier(specifier) !== "v1") return undefined;
  const moved = specifier.split(",").map(retargetClause).join(",");
  // A lone upper bound (`<3`) moved to `<5` would still allow v1: it gains the floor it never had.
  const floored = ofPythonSpecifier(moved) === undefined ? `>=${PY_V2_RELEASE},${moved}` : moved;
  return ofPythonSpecifier(floored) === "v2" ? floored : undefined;
}
