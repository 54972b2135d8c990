/**
 * pyright over the Python files a run changed, each in its own project: as it comes out against firecrawl-py
 * 4.x, and as it was against 1.x/2.x. pyright reads files, not texts, so each repository (or a project outside
 * one) is mirrored in a temporary folder per side: the folders on the way to a changed file are made, and every
 * other entry in them is a link to the user's own, so imports of the project's modules (relative or not, from
 * its folder, its repository's root or its extraPaths) resolve as they do in place, to the texts of the same
 * side. Each project's folder in the mirror is an execution environment of one pyright configuration, with the
 * project's own settings (pyrightconfig.json, or [tool.pyright] in pyproject.toml, and the execution environment
 * of theirs that holds the file).
 */
import { execFile, type ChildProcess } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseJsonc } from "jsonc-parser";
import { parse as parseToml } from "smol-toml";
import { upToRepositoryRoot } from "../../project/manifests.js";

const require = createRequire(import.meta.url);
const STUBS = fileURLToPath(new URL("../../../../stubs/python/", import.meta.url));

/** What one file is checked as: the program text before and after (a notebook's: its joined cells). */
export interface Checked {
  readonly path: string;
  readonly before: string;
  readonly after: string;
}

/**
 * What a file is checked as: `before`, its input against 1.x/2.x; `after`, its output against 4.x; `asRan`, its
 * input against 4.x, where it already ran on v2's client. One pyright process checks any of them together.
 */
export type Side = "before" | "after" | "asRan";
const SIDES: readonly Side[] = ["before", "after", "asRan"];
/** each side's folder in the mirror, numbered by repository */
const SIDES_DIR: Record<Side, string> = { before: "b", after: "a", asRan: "r" };

export interface PyrightError {
  /** 0-based, as pyright reports them */
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly rule: string | undefined;
  readonly message: string;
}

/** Where 4.x came from: the user's own environment, or the stubs shipped with the tool. */
export interface Against {
  readonly label: string;
  /** a site-packages folder holding firecrawl-py 4.x; undefined: our stubs */
  readonly sitePackages?: string;
}

/** A project's pyright settings, with the paths in them made absolute (pyright reads them from the configuration's folder). */
function absolutePaths(settings: Record<string, unknown>, from: string): Record<string, unknown> {
  return {
    ...settings,
    ...(Array.isArray(settings.extraPaths) ? { extraPaths: settings.extraPaths.map((p) => resolve(from, String(p))) } : {}),
    ...(typeof settings.venvPath === "string" ? { venvPath: resolve(from, settings.venvPath) } : {}),
  };
}

/**
 * The execution environment of a configuration that holds `dir`, as pyright picks it (the first whose root holds
 * the file): its root, and the configuration's settings with the environment's own over them.
 */
function environmentOf(at: string, settings: Record<string, unknown>, dir: string): { root: string; settings: Record<string, unknown> } {
  const { executionEnvironments: environments, ...rest } = settings;
  const base = absolutePaths(rest, at);
  for (const environment of Array.isArray(environments) ? (environments as Record<string, unknown>[]) : []) {
    if (typeof environment?.root !== "string") continue;
    const root = resolve(at, environment.root);
    const inside = relative(root, dir);
    if (inside.startsWith("..") || isAbsolute(inside)) continue;
    const { root: _, ...own } = environment;
    return { root, settings: { ...base, ...absolutePaths(own, at) } };
  }
  return { root: at, settings: base };
}

/**
 * The folder whose settings a file in `dir` is checked under: the nearest with a pyright configuration (the
 * execution environment of it that holds the file), else its own, which is then not `configured`.
 */
function settingsOf(dir: string): { root: string; settings: Record<string, unknown>; configured: boolean } {
  for (const at of upToRepositoryRoot(dir)) {
    const own = join(at, "pyrightconfig.json");
    if (existsSync(own)) return { ...environmentOf(at, (parseJsonc(readFileSync(own, "utf8")) as Record<string, unknown>) ?? {}, dir), configured: true };
    const pyproject = join(at, "pyproject.toml");
    if (existsSync(pyproject)) {
      try {
        const tool = (parseToml(readFileSync(pyproject, "utf8")) as { tool?: { pyright?: Record<string, unknown> } }).tool;
        if (tool?.pyright) return { ...environmentOf(at, tool.pyright, dir), configured: true };
      } catch {
        // a pyproject.toml that is not TOML configures nothing
      }
    }
  }
  return { root: dir, settings: {}, configured: false };
}

/** The project's settings an execution environment takes: its Python, its paths, its rules' levels. */
function environmentSettings(settings: Record<string, unknown>): Record<string, unknown> {
  const own = Object.entries(settings).filter(
    ([key]) => key === "pythonVersion" || key === "pythonPlatform" || /^(?:report|strict(?!$)|enable|deprecate|analyzeUnannotated|disableBytes)/.test(key),
  );
  return Object.fromEntries(own);
}

/** The site-packages folders of the project's virtual environment, or the one active, where there is one. */
function sitePackages(root: string, settings: Record<string, unknown>): string[] {
  const venvs = [
    ...(typeof settings.venvPath === "string" && typeof settings.venv === "string" ? [join(settings.venvPath, settings.venv)] : []),
    ...[...upToRepositoryRoot(root)].flatMap((at) => [".venv", "venv", "env"].map((name) => join(at, name))),
    ...(process.env.VIRTUAL_ENV ? [process.env.VIRTUAL_ENV] : []),
  ];
  for (const venv of venvs) {
    const lib = ["lib", "Lib"].map((l) => join(venv, l)).find((l) => existsSync(l));
    if (!lib) continue;
    if (existsSync(join(lib, "site-packages"))) return [join(lib, "site-packages")];
    const found = readdirSync(lib)
      .filter((name) => name.startsWith("python"))
      .map((name) => join(lib, name, "site-packages"))
      .filter((p) => existsSync(p));
    if (found.length) return found;
  }
  return [];
}

/** firecrawl-py's version installed in a site-packages folder, from its dist-info. */
function installedVersion(site: string): string | undefined {
  if (!existsSync(join(site, "firecrawl"))) return undefined;
  const info = readdirSync(site).find((name) => /^firecrawl(?:[-_]py)?-[\d.]+\.dist-info$/i.test(name));
  return info ? /-([\d.]+)\.dist-info$/.exec(info)![1] : undefined;
}

/** 4.x (or 3.x, the same API) in the project's environment, where it holds it; else the shipped stubs. */
function againstFor(root: string, settings: Record<string, unknown>): Against {
  for (const site of sitePackages(root, settings)) {
    const version = installedVersion(site);
    if (version && Number(version.split(".")[0]) >= 3) return { label: `firecrawl-py ${version} (installed)`, sitePackages: site };
  }
  return { label: `firecrawl-py 4.x (the stubs shipped with firecrawl-codemod)` };
}

/**
 * The project a file is checked in: its root, its pyright settings (`configured` where a configuration gave them),
 * the repository it is in, and the firecrawl-py 4.x it is checked against.
 */
export interface Project {
  readonly root: string;
  readonly settings: Record<string, unknown>;
  readonly configured: boolean;
  /** the repository's root (the folder holding .git), where the file is in one */
  readonly workspace: string | undefined;
  readonly against: Against;
}

/** The folder holding .git at or above `dir`, if any. */
function repositoryOf(dir: string): string | undefined {
  let top: string | undefined;
  for (const at of upToRepositoryRoot(dir)) top = at;
  return top !== undefined && existsSync(join(top, ".git")) ? top : undefined;
}

/**
 * Looks up each file's project once a folder, for one verification: the walk up to the repository root for
 * settings and virtual environments took 0.9 s of 1,900 files' verification, file by file.
 */
export function projectLookup(): (path: string) => Project {
  const known = new Map<string, Project>();
  return (path) => {
    const dir = dirname(path);
    let project = known.get(dir);
    if (!project) {
      const { root, settings, configured } = settingsOf(dir);
      project = { root, settings, configured, workspace: repositoryOf(dir), against: againstFor(root, settings) };
      known.set(dir, project);
    }
    return project;
  };
}

/**
 * Makes `dest` a mirror of `root`: the given files with their texts, every other entry a link to the original.
 * Answers the links, relative to `dest`.
 */
function mirror(root: string, dest: string, files: ReadonlyMap<string, string>): string[] {
  const links: string[] = [];
  const onPath = new Set<string>([""]);
  for (const rel of files.keys()) for (let d = dirname(rel); d !== "." && d !== ""; d = dirname(d)) onPath.add(d);
  for (const dir of [...onPath].sort((a, b) => a.length - b.length)) {
    mkdirSync(join(dest, dir), { recursive: true });
    let entries: string[] = [];
    try {
      entries = readdirSync(join(root, dir));
    } catch {
      // a folder we cannot read is left out of the mirror; its imports fail on both sides alike
    }
    for (const name of entries) {
      const rel = dir ? join(dir, name) : name;
      if (onPath.has(rel) || files.has(rel)) continue;
      try {
        const target = join(root, rel);
        symlinkSync(target, join(dest, rel), lstatSync(target).isDirectory() ? "junction" : "file");
        links.push(rel);
      } catch {
        // one entry that cannot be linked only leaves that module unresolved, on both sides
      }
    }
  }
  for (const [rel, text] of files) writeFileSync(join(dest, rel), text);
  return links;
}

/** Mirrors still being removed. */
const removing = new Set<Promise<void>>();

/** The mirrors not yet removed, and the pyright processes still checking them: what an interrupted run leaves. */
const leftovers = { mirrors: new Set<string>(), checkers: new Set<ChildProcess>() };
const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * Ctrl-C, or a CI job cancelled, while pyright checks: Node ends the process there without running any
 * `finally`, which left each mirror in the temporary folder (a link to every entry on the way to a changed file)
 * and pyright running on. They go first; then the signal takes its usual course, unless the program running
 * the verification listens for it itself, which then decides.
 */
function interrupted(signal: NodeJS.Signals): void {
  for (const checker of leftovers.checkers) checker.kill(signal);
  for (const dir of leftovers.mirrors) rmSync(dir, { recursive: true, force: true });
  leftovers.mirrors.clear();
  for (const each of SIGNALS) process.off(each, interrupted);
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

/**
 * A new mirror's folder, removed on an interrupt until its removal is done. The signals are listened for before the
 * folder is made: one that comes while no listener is there ends Node at once, which left the folder behind (a
 * test that interrupts as soon as the folder shows met that under load).
 */
function mirrorFolder(): string {
  if (leftovers.mirrors.size === 0) for (const signal of SIGNALS) process.on(signal, interrupted);
  let dir: string;
  try {
    dir = realpathSync(mkdtempSync(join(tmpdir(), "firecrawl-codemod-pyright-")));
  } catch (error) {
    if (leftovers.mirrors.size === 0) for (const signal of SIGNALS) process.off(signal, interrupted);
    throw error;
  }
  leftovers.mirrors.add(dir);
  return dir;
}

function removed(dir: string): void {
  if (leftovers.mirrors.delete(dir) && leftovers.mirrors.size === 0) for (const signal of SIGNALS) process.off(signal, interrupted);
}

/**
 * Removes a mirror while the run goes on (the next pyright run, the marking): each unlink waits on the disk, 4.5 s for
 * the 2,200 entries of 1,900 files' mirrors on ext4 mounted with discard. mirrorsRemoved() waits for the end.
 */
function removeLater(dir: string): void {
  const removal: Promise<void> = rm(dir, { recursive: true, force: true })
    .catch(() => undefined)
    .finally(() => {
      removing.delete(removal);
      removed(dir);
    });
  removing.add(removal);
}

/** Once every mirror made so far is removed: a verification leaves no folder behind, whoever runs it. */
export async function mirrorsRemoved(): Promise<void> {
  await Promise.all(removing);
}

/**
 * Where a project's own imports are searched beside its root, as pyright searches them in place: its
 * configuration's extraPaths, else its `src` folder where that is no package (pyright's automatic search path);
 * and for a project no configuration roots, the repository's root, which an editor opened on the repository
 * searches (after the file's own folder, so a sibling module still comes first, as Python runs a script).
 */
function searchPaths(project: Project): string[] {
  const configured = Array.isArray(project.settings.extraPaths) ? (project.settings.extraPaths as string[]) : undefined;
  const base = project.configured ? project.root : (project.workspace ?? project.root);
  const src = join(base, "src");
  const auto = !configured && existsSync(src) && !existsSync(join(src, "__init__.py")) ? [src] : [];
  const workspace = !project.configured && project.workspace && project.workspace !== project.root ? [project.workspace] : [];
  return [...(configured ?? []), ...workspace, ...auto];
}

/** The module name a file is checked under: a notebook's program is Python beside it. */
const checkedName = (path: string) => (path.endsWith(".py") ? basename(path) : `${basename(path)}.py`);

/**
 * Runs pyright once over every file, on the sides asked for (the same for all, or each file's own), all in the one
 * process; answers each file's errors on each side, or the reason the check could not be made.
 */
export async function runPyright(
  files: readonly Checked[],
  sides: readonly Side[] | ((file: Checked) => readonly Side[]) = ["before", "after"],
  projectOf = projectLookup(),
): Promise<Map<string, Record<Side, PyrightError[]>> | Error> {
  // each file's sides asked once: a choice of them may read the file's text
  const asked = new Map(files.map((f) => [f, typeof sides === "function" ? sides(f) : sides]));
  const onSide = (f: Checked, side: Side) => asked.get(f)!.includes(side);
  const work = mirrorFolder();
  try {
    // One mirror a side for each repository (else each project outside one): every project in it is an execution
    // environment rooted at its folder in the mirror, so a module of the repository imported from another folder
    // (`from app.util import x` in app/jobs/, through the repository's root or an extraPaths entry) is read with
    // the same side's text, as pyright reads it in place.
    const tops = new Map<string, Map<string, { project: Project; files: Checked[] }>>();
    for (const file of files) {
      const project = projectOf(file.path);
      const top = project.workspace ?? project.root;
      const projects = tops.get(top) ?? new Map<string, { project: Project; files: Checked[] }>();
      const own = projects.get(project.root) ?? { project, files: [] };
      own.files.push(file);
      projects.set(project.root, own);
      tops.set(top, projects);
    }
    // Each project's folder in the mirror is its environment's root, which pyright searches before installed packages
    // and the stubs it bundles, as it searches the project in place: a project's own `markdown.py` is found before
    // the installed package of that name. The mirror is included and every link in it excluded, rather than the files
    // named one by one: pyright matches the importing file against every include entry at each import it resolves
    // (2.4 s of an 18 s run on 1,900 files). A link whose name pyright would read as a wildcard stays included; it is
    // checked for nothing, its errors are not the run's.
    const environments: { root: string; [setting: string]: unknown }[] = [];
    const include: string[] = [];
    const exclude: string[] = [];
    const where = new Map<string, { path: string; side: Side }>();
    let n = 0;
    for (const [top, projects] of tops) {
      for (const side of SIDES) {
        const all = [...projects.values()].flatMap((p) => p.files).filter((f) => onSide(f, side));
        if (!all.length) continue;
        const dir = `${SIDES_DIR[side]}${n}`;
        const inMirror = (path: string) => {
          const inside = relative(top, path);
          return inside.startsWith("..") || isAbsolute(inside) ? path : join(work, dir, inside);
        };
        const texts = new Map(all.map((f) => [join(relative(top, dirname(f.path)), checkedName(f.path)), side === "after" ? f.after : f.before] as const));
        include.push(dir);
        for (const link of mirror(top, join(work, dir), texts)) if (!/[*?]/.test(link)) exclude.push(join(dir, link));
        all.forEach((f) => where.set(inMirror(join(dirname(f.path), checkedName(f.path))), { path: f.path, side }));
        for (const { project, files: own } of projects.values()) {
          if (!own.some((f) => onSide(f, side))) continue;
          const sdk = side === "before" ? [join(STUBS, "v1")] : project.against.sitePackages ? [project.against.sitePackages] : [join(STUBS, "v2")];
          environments.push({
            ...environmentSettings(project.settings),
            root: relative(work, inMirror(project.root)) || ".",
            extraPaths: [...sdk, join(STUBS, "shared"), ...searchPaths(project).map(inMirror)],
          });
        }
      }
      n++;
    }
    // pyright takes the first environment whose root holds a file: a project's folder inside another's comes first.
    environments.sort((a, b) => b.root.split(sep).length - a.root.split(sep).length);
    // The stubs' own imports of the shared pydantic declarations resolve in the default environment.
    const config = { include, exclude, extraPaths: [join(STUBS, "shared")], executionEnvironments: environments };
    writeFileSync(join(work, "pyrightconfig.json"), JSON.stringify(config));
    const output = await new Promise<string | Error>((done) => {
      const checker = execFile(
        process.execPath,
        [require.resolve("pyright/index.js"), "--outputjson", "-p", join(work, "pyrightconfig.json")],
        { cwd: work, maxBuffer: 1 << 28 },
        // pyright exits 1 when it finds errors: its JSON says what it found either way
        (error, stdout) => {
          leftovers.checkers.delete(checker);
          done(stdout ? stdout : (error ?? new Error("pyright printed nothing")));
        },
      );
      leftovers.checkers.add(checker);
    });
    if (output instanceof Error) return output;
    const report = JSON.parse(output) as {
      generalDiagnostics?: {
        file: string;
        severity: string;
        message: string;
        rule?: string;
        range: { start: { line: number; character: number }; end: { line: number; character: number } };
      }[];
    };
    // pyright names the user's own modules from the mirror's root (`type[a0.tools.scraper.BaseModel]`): a name the
    // user's code never had, which would tell the two sides' messages apart and show in a TODO.
    const mirrorNames = new RegExp(`(?<![\\w.])(?:${include.join("|")})\\.`, "g");
    // none on a side a file was not checked on: nothing pyright found there to tell the sides' errors apart by
    const answer = new Map(files.map((f) => [f.path, { before: [] as PyrightError[], after: [] as PyrightError[], asRan: [] as PyrightError[] }]));
    for (const d of report.generalDiagnostics ?? []) {
      const at = where.get(resolve(d.file));
      if (!at || d.severity !== "error") continue;
      const { start, end } = d.range;
      const side = answer.get(at.path)![at.side];
      const message = d.message.replace(mirrorNames, "");
      side.push({ line: start.line, column: start.character, endLine: end.line, endColumn: end.character, rule: d.rule, message });
    }
    return answer;
  } catch (error) {
    return error as Error;
  } finally {
    removeLater(work);
  }
}
