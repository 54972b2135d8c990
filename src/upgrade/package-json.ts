/**
 * The JavaScript SDK's dependency range, after npm-check-updates: where migrated code's package (its nearest
 * package.json that declares the SDK: a workspace package, or the workspace root it is hoisted to) still
 * asks for a v1 release (below 3), the range moves to the current v2 release in the user's own style (`^`,
 * `~`, exact, `>=... <...`, `4.x`, an `npm:` alias), edited with jsonc-parser so the rest of the file keeps
 * its bytes. A `catalog:` range is moved where pnpm keeps it, in pnpm-workspace.yaml. The search stops at
 * the root of the file's repository: a package.json above it belongs to someone else's tree. Lockfiles are
 * not edited: the report names the package manager's command that refreshes each (install.ts runs it).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { applyEdits, findNodeAtLocation, modify, parseTree } from "jsonc-parser";
import { globSync } from "tinyglobby";
import type * as Yaml from "yaml";
import { onFirstUse } from "../core/on-first-use.js";
import { SDK_MODULES } from "../mapping/imports.js";
import { DEPENDENCY_FIELDS, LOCKFILES, readJson, upToRepositoryRoot } from "../project/manifests.js";
import { declaring } from "../project/package-sdk.js";
import { manifestAliases, movedRange, sdkRelease } from "../project/sdk-specifiers.js";
import type { LockRefresh, PackageBump } from "./bump.js";

/** Required on first use: only a pnpm workspace has YAML to read here, and loading the parser was 26 ms of every run's end. */
const yaml = onFirstUse<typeof Yaml>(import.meta.url, "yaml");

export { movedRange };

/** The v2 release a run moves dependencies to unless --sdk-version says another. */
export const SDK_RELEASE = sdkRelease();

/** What a run says of a dependency file it could not read or would not edit, for the summary and the report. */
export interface DependencyNote {
  readonly path: string;
  readonly message: string;
}

/**
 * The package.json nearest above a folder that declares the SDK (a workspace package, else the root it is
 * hoisted to). One that is not valid JSON on the way stops the search, noted: the code's package may be the
 * one it describes, and a range further up is not that package's to move.
 */
function declaringManifest(dir: string, known: Map<string, string | null>, notes: Map<string, DependencyNote>): string | null {
  let found = known.get(dir);
  if (found === undefined) {
    found = null;
    for (const at of upToRepositoryRoot(dir)) {
      const path = join(at, "package.json");
      if (!existsSync(path)) continue;
      const invalid = jsonError(path);
      if (invalid) {
        notes.set(path, { path, message: `not valid JSON (${invalid}); the SDK's range in it was neither read nor updated` });
        break;
      }
      if (declaring([at])) {
        found = path;
        break;
      }
    }
    known.set(dir, found);
  }
  return found;
}

/** Why a JSON file does not parse, or undefined when it does (or cannot be read: that is another matter). */
function jsonError(path: string): string | undefined {
  try {
    JSON.parse(readFileSync(path, "utf8"));
    return undefined;
  } catch (error) {
    return error instanceof SyntaxError ? error.message : undefined;
  }
}

/** A dependency spec that names a source instead of a version: a git URL, a GitHub shorthand, a file: tarball or folder, a tarball URL. */
const isSourceSpec = (spec: string) => !/^(?:npm|catalog|workspace):/.test(spec) && /[:/]/.test(spec);

/** Where pnpm keeps the range of a `catalog:` dependency: the nearest pnpm-workspace.yaml above. */
function catalogFile(dir: string): string | undefined {
  for (const at of upToRepositoryRoot(dir)) if (existsSync(join(at, "pnpm-workspace.yaml"))) return join(at, "pnpm-workspace.yaml");
  return undefined;
}

/** The catalog entries (`catalog:` default, `catalog:<name>`) of pnpm-workspace.yaml moved to `release`. */
function catalogBump(path: string, catalogs: ReadonlySet<string>, release: string): PackageBump | undefined {
  const before = readFileSync(path, "utf8");
  const document = yaml().parseDocument(before);
  const ranges: { dependency: string; from: string; to: string }[] = [];
  const edits: { offset: number; length: number; content: string }[] = [];
  const entriesOf = (name: string) =>
    name === "default" ? (document.get("catalog") ?? document.getIn(["catalogs", "default"])) : document.getIn(["catalogs", name]);
  for (const name of catalogs) {
    const entries = entriesOf(name);
    if (!yaml().isMap(entries)) continue;
    for (const dependency of SDK_MODULES) {
      const value = entries.get(dependency, true);
      if (!yaml().isScalar(value) || typeof value.value !== "string" || !value.range) continue;
      const to = movedRange(value.value, release);
      if (!to) continue;
      const [start, end] = value.range;
      const quote = value.type === "QUOTE_DOUBLE" ? '"' : value.type === "QUOTE_SINGLE" ? "'" : "";
      edits.push({ offset: start, length: end - start, content: `${quote}${to}${quote}` });
      ranges.push({ dependency, from: value.value, to });
    }
  }
  if (!edits.length) return undefined;
  return { path, ranges, before, after: applyEdits(before, edits), stat: statSync(path) };
}

/** The package.json's v1 ranges moved to `release`, and the catalogs its `catalog:` ranges name. */
function manifestBump(path: string, release: string, notes: Map<string, DependencyNote>): { bump?: PackageBump; catalogs: Set<string> } {
  const before = readFileSync(path, "utf8");
  const tree = parseTree(before);
  const ranges: { dependency: string; from: string; to: string }[] = [];
  const catalogs = new Set<string>();
  let after = before;
  // An npm alias of the SDK (`"fc": "npm:@mendable/firecrawl-js@^1"`) moves as the SDK does, but not one kept on v1 beside v2.
  const aliases = manifestAliases(path).filter((alias) => !alias.deliberate);
  for (const field of DEPENDENCY_FIELDS) {
    for (const dependency of [...SDK_MODULES, ...aliases.filter((alias) => alias.location[0] === field).map((alias) => alias.name)]) {
      const node = tree && findNodeAtLocation(tree, [field, dependency]);
      if (node?.type !== "string") continue;
      const range = node.value as string;
      if (range.startsWith("catalog:")) {
        catalogs.add(range.slice("catalog:".length) || "default");
        continue;
      }
      const to = movedRange(range, release);
      // A git URL or a tarball may well hold a v1 release, but no range says which: the user moves it.
      if (!to && isSourceSpec(range))
        notes.set(`${path}\0${dependency}`, {
          path,
          message: `${dependency} comes from "${range}", not a version range: it was left as it is; point it at a v2 release (${release}) yourself`,
        });
      if (!to) continue;
      after = applyEdits(after, modify(after, [field, dependency], to, {}));
      ranges.push({ dependency, from: range, to });
    }
  }
  return { bump: ranges.length ? { path, ranges, before, after, stat: statSync(path) } : undefined, catalogs };
}

/** The bumps for the packages of the changed files: their package.json files and the pnpm catalogs they use. */
export function packageBumps(
  changedFiles: readonly string[],
  release = SDK_RELEASE,
  /** the paths the run was given: a workspace package outside them keeps its range, with a note */
  paths: readonly string[] = ["."],
): { bumps: PackageBump[]; notes: DependencyNote[] } {
  const known = new Map<string, string | null>();
  const notes = new Map<string, DependencyNote>();
  const manifests = new Set<string>();
  // The workspace packages moved for code of a package that declares no SDK of its own, with that code's folder.
  const hoisted = new Map<string, string>();
  const members = new Map<string, string[]>();
  // What follows depends on a file's folder alone: once a folder, not once a file (a folder of 2,000 changed
  // files looked up its ancestors for a workspace root 2,000 times, 2% of a run over them).
  for (const dir of new Set(changedFiles.map((file) => dirname(resolve(file))))) {
    const own = declaringManifest(dir, known, notes);
    if (own) manifests.add(own);
    else {
      for (const { path, root } of hoistedFrom(dir, members)) {
        if (manifests.has(path)) continue;
        const code = relative(root, dir) || ".";
        // Its own code may still be v1's where the run did not look: moving its range would break that code.
        if (!covers(paths, dirname(path))) {
          notes.set(`${path}\0hoisted`, {
            path,
            message: `the code in ${code} runs the SDK this package declares, which was left at v1: this run did not cover the package's own code; run the migration over it too, then move the range`,
          });
          continue;
        }
        manifests.add(path);
        hoisted.set(path, code);
      }
    }
  }
  const bumps: PackageBump[] = [];
  const catalogs = new Map<string, Set<string>>();
  for (const path of manifests) {
    const { bump, catalogs: named } = manifestBump(path, release, notes);
    if (bump) bumps.push(bump);
    const code = hoisted.get(path);
    if (bump && code)
      notes.set(`${path}\0hoisted`, {
        path,
        message: `moved with the code in ${code}, whose own package declares no SDK and runs the copy this package's dependency installs`,
      });
    const file = named.size ? catalogFile(dirname(path)) : undefined;
    if (file) catalogs.set(file, new Set([...(catalogs.get(file) ?? []), ...named]));
  }
  for (const [file, names] of catalogs) {
    const bump = catalogBump(file, names, release);
    if (bump) bumps.push(bump);
  }
  return { bumps, notes: [...notes.values()] };
}

/** Whether the run's paths take in a folder's code: one of them is the folder or holds it, or lies inside it. */
function covers(paths: readonly string[], dir: string): boolean {
  return paths.map((p) => resolve(p)).some((p) => !relative(p, dir).startsWith("..") || !relative(dir, p).startsWith(".."));
}

/**
 * The workspace packages that declare the SDK, for code in a workspace whose own package does not (it imports the
 * copy another package's dependency hoists to the root): theirs is the range that code runs against, so it moves
 * with the code (a note says why). Outside a workspace, none.
 */
function hoistedFrom(dir: string, known: Map<string, string[]>): { path: string; root: string }[] {
  const root = [...upToRepositoryRoot(dir)].find(isWorkspaceRoot);
  if (!root) return [];
  // Globbed and read once a workspace (`known`), though every changed file of such a package asks.
  let found = known.get(root);
  if (!found) {
    found = workspaceManifests(root).filter((path) => declaring([dirname(path)]));
    known.set(root, found);
  }
  return found.map((path) => ({ path, root }));
}

/** The package.json files of a workspace's packages: its package.json's `workspaces` globs and pnpm-workspace.yaml's `packages`. */
function workspaceManifests(root: string): string[] {
  const listed = readJson(join(root, "package.json"))?.workspaces as unknown;
  const npm = Array.isArray(listed) ? listed : ((listed as { packages?: unknown } | undefined)?.packages ?? []);
  const pnpmFile = join(root, "pnpm-workspace.yaml");
  const pnpm = existsSync(pnpmFile) ? (yaml().parseDocument(readFileSync(pnpmFile, "utf8")).toJS() as { packages?: unknown } | null)?.packages : [];
  const patterns = [npm, pnpm].flatMap((list) => (Array.isArray(list) ? list.filter((p): p is string => typeof p === "string") : []));
  const globs = patterns.map((p) => (p.startsWith("!") ? p : `${p.replace(/\/+$/, "")}/package.json`));
  return globs.length ? globSync(globs, { cwd: root, absolute: true, ignore: ["**/node_modules/**"] }).map((path) => resolve(path)) : [];
}

/** A folder whose package.json lists workspaces, or that holds pnpm's workspace file. */
function isWorkspaceRoot(dir: string): boolean {
  return existsSync(join(dir, "pnpm-workspace.yaml")) || readJson(join(dir, "package.json"))?.workspaces !== undefined;
}

/**
 * The lockfile each bumped package is installed from (the nearest above it, in the repository) and the
 * command that brings it in line with the new range. The lockfile names the manager, not a `packageManager`
 * field: another manager would write a lockfile of its own beside it. With no lockfile there is nothing to
 * refresh.
 */
export function lockRefreshes(bumps: readonly PackageBump[]): LockRefresh[] {
  const found = new Map<string, LockRefresh>();
  for (const bump of bumps) {
    for (const at of upToRepositoryRoot(dirname(bump.path))) {
      const lock = LOCKFILES.find((l) => existsSync(join(at, l.name)));
      if (!lock) continue;
      // A lockfile above the package locks it only as a workspace root: another project's lockfile (a
      // repository that holds examples) is none of this package's business.
      if (at !== dirname(bump.path) && !isWorkspaceRoot(at)) break;
      const path = join(at, lock.name);
      found.set(path, { path, command: `${lock.manager} install` });
      break;
    }
  }
  return [...found.values()];
}
