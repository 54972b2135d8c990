/**
 * The stubs the Python verification checks against (stubs/python/) say what the real firecrawl-py says: for
 * every Python fixture, pyright finds the same errors with the stubs as with the SDK's own sources, the
 * outputs against 4.x (4.27.1), the inputs against 1.x (1.17.0) or 2.x (2.16.5), the release they were
 * written for. The sources are the developers' oracle beside the repository (../shared/tools/pyoracle, see its
 * README), or the install PYORACLE names; a clone without it skips this check and says why.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, test } from "vitest";
import { notebookProgram } from "../src/python/notebook.js";
import { loadPython } from "../src/python/runtime/parser.js";
import { tempDir } from "./support/cli.js";

const ROOT = resolve(import.meta.dirname, "..");
// PYORACLE names another install of it (the shared one may be read-only, so its SDK trees absent).
const ORACLE = process.env.PYORACLE ? resolve(process.env.PYORACLE) : resolve(ROOT, "../shared/tools/pyoracle");
const STUBS = join(ROOT, "stubs/python");
const TREES = { v1x: "1.17.0", v2x: "2.16.5", v4: "4.27.1" } as const;
const present = Object.keys(TREES).every((tree) => existsSync(join(ORACLE, tree, "apps/python-sdk/firecrawl")));
const pyright = createRequire(import.meta.url).resolve("pyright/index.js");
/** The oracle's own settings (its check.py): basic mode, Python 3.11, the 4.x SDK's implicit Optionals allowed. */
const SETTINGS = { typeCheckingMode: "basic", pythonVersion: "3.11", reportMissingModuleSource: "none", strictParameterNoneValue: false };
const MISSING = /^(?:Import|Stub file not found for) "([^"]+)"/;

const fixtures = readdirSync(join(ROOT, "fixtures/python"), { recursive: true })
  .map(String)
  .filter((f) => /\.(?:input|output)\.(?:py|ipynb)$/.test(f))
  .sort();

type Side = "stubs-v1" | "stubs-v2" | "v1x" | "v2x" | "v4";

/** Every fixture checked on every side in one pyright run: side -> fixture -> its errors as "line rule: message". */
function errorsBySide(): Map<Side, Map<string, string[]>> {
  const work = tempDir();
  const deps = join(ORACLE, "deps/root/usr/lib/python3/dist-packages");
  const sdk = (tree: keyof typeof TREES) => [join(ORACLE, tree, "apps/python-sdk"), ...(existsSync(deps) ? [deps] : [])];
  // The stubs are checked with the oracle's third-party packages too: requests and pydantic say nothing of firecrawl.
  const thirdParty = existsSync(deps) ? [deps] : [];
  const sides: Record<Side, string[]> = {
    "stubs-v1": [join(STUBS, "v1"), join(STUBS, "shared"), ...thirdParty],
    "stubs-v2": [join(STUBS, "v2"), join(STUBS, "shared"), ...thirdParty],
    v1x: sdk("v1x"),
    v2x: sdk("v2x"),
    v4: sdk("v4"),
  };
  const include: string[] = [];
  const names = new Map<string, [Side, string]>();
  for (const side of Object.keys(sides) as Side[]) {
    mkdirSync(join(work, side));
    fixtures.forEach((fixture, i) => {
      const wanted = fixture.includes(".output.") ? side === "stubs-v2" || side === "v4" : !(side === "stubs-v2" || side === "v4");
      if (!wanted) return;
      const text = readFileSync(join(ROOT, "fixtures/python", fixture), "utf8");
      const name = join(side, `m${String(i).padStart(4, "0")}.py`);
      writeFileSync(join(work, name), fixture.endsWith(".ipynb") ? notebookProgram(text) : text);
      include.push(name);
      names.set(join(work, name), [side, fixture]);
    });
  }
  const config = {
    ...SETTINGS,
    include,
    extraPaths: [join(STUBS, "shared")],
    executionEnvironments: Object.entries(sides).map(([root, extraPaths]) => ({ root, extraPaths })),
  };
  writeFileSync(join(work, "pyrightconfig.json"), JSON.stringify(config));
  let output: string;
  try {
    output = execFileSync(process.execPath, [pyright, "--outputjson", "-p", join(work, "pyrightconfig.json")], {
      cwd: work,
      encoding: "utf8",
      maxBuffer: 1 << 28,
    });
  } catch (error) {
    output = (error as { stdout: string }).stdout;
  }
  const answer = new Map<Side, Map<string, string[]>>();
  for (const d of (
    JSON.parse(output) as { generalDiagnostics: { file: string; severity: string; rule?: string; message: string; range: { start: { line: number } } }[] }
  ).generalDiagnostics) {
    const at = names.get(d.file);
    if (!at || d.severity !== "error") continue;
    // As the oracle does: a module the fixture imports that is not installed here says nothing of the SDK.
    const missing = MISSING.exec(d.message);
    if (d.rule?.startsWith("reportMissing") && !(missing && missing[1]!.split(".")[0] === "firecrawl")) continue;
    const [side, fixture] = at;
    const bySide = answer.get(side) ?? new Map<string, string[]>();
    answer.set(side, bySide);
    bySide.set(fixture, [...(bySide.get(fixture) ?? []), `${d.range.start.line + 1} ${d.rule ?? ""}: ${d.message}`]);
  }
  return answer;
}

describe.skipIf(!present)(
  `the firecrawl-py stubs against the real sources${present ? "" : ` (skipped: ${ORACLE} holds no SDK trees; PYORACLE may name an install that does)`}`,
  async () => {
    if (present) await loadPython();
    const errors = present ? errorsBySide() : new Map<Side, Map<string, string[]>>();
    const of = (side: Side, fixture: string) => errors.get(side)?.get(fixture) ?? [];

    test.each(fixtures.filter((f) => f.includes(".output.")))("%s: the 4.x stubs find what 4.27.1 finds", (fixture) => {
      expect(of("stubs-v2", fixture)).toEqual(of("v4", fixture));
    });

    test.each(fixtures.filter((f) => f.includes(".input.")))("%s: the 1.x/2.x stubs find what both releases find, and nothing neither does", (fixture) => {
      // The stubs accept code written for either release: an error is theirs only if 1.x or 2.x has it too,
      // and what is wrong for both is wrong for them.
      const v1x = of("v1x", fixture);
      const v2x = of("v2x", fixture);
      const stubs = of("stubs-v1", fixture);
      expect(stubs.filter((e) => !v1x.includes(e) && !v2x.includes(e))).toEqual([]);
      expect(v1x.filter((e) => v2x.includes(e) && !stubs.includes(e))).toEqual([]);
    });
  },
);

test("the 4.x stubs type the options that take a type alias: formats, sources and categories refuse what 4.27.1 refuses", async () => {
  // A name a stub imported twice (a star import beside an explicit one) made pyright read the alias FormatOption as
  // a variable, and every parameter annotated with it took anything: `formats=` given a List[str] went unmarked.
  const dir = tempDir();
  const path = join(dir, "options.py");
  const after = [
    "from firecrawl import Firecrawl",
    "from firecrawl.v2.client import FirecrawlClient",
    "",
    'app = Firecrawl(api_key="fc-test")',
    'app.scrape("https://example.com", formats=[1])',
    'FirecrawlClient(api_key="fc-test").scrape("https://example.com", formats=[1])',
    'app.batch_scrape(["https://example.com"], formats=[1])',
    'app.search("firecrawl", sources=[1], categories=[1])',
    "",
  ].join("\n");
  writeFileSync(path, after);
  // The built module, as the CLI runs it: the stubs are found from where it is.
  const { runPyright } = (await import(
    pathToFileURL(join(ROOT, "dist/src/python/checker/pyright.js")).href
  )) as typeof import("../src/python/checker/pyright.js");
  const checked = await runPyright([{ path, before: "", after }], ["after"]);
  if (checked instanceof Error) throw checked;
  const refused = checked
    .get(path)!
    .after.filter((e) => e.rule === "reportArgumentType")
    .map((e) => `${e.line + 1} ${/parameter "(\w+)"/.exec(e.message)?.[1]}`);
  expect(refused).toEqual(["5 formats", "6 formats", "7 formats", "8 sources", "8 categories"]);
}, 120_000);
