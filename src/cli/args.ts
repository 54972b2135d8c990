/**
 * The command line's words: the flags are an interface users script against, so they live in one place
 * with their help text, and a mistyped one is an error that says what was probably meant.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { expandGlobs } from "./discover.js";

export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig["options"]>;

interface Command {
  readonly summary: string;
  readonly usage: string;
  readonly options: Options;
  readonly help: Readonly<Record<string, string>>;
}

const COMMON: Options = {
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
  // Read by picocolors itself, as are NO_COLOR and FORCE_COLOR: declared here so they are no unknown flags.
  color: { type: "boolean" },
  "no-color": { type: "boolean" },
};

const DISCOVERY: Options = {
  project: { type: "string", multiple: true },
  "no-types": { type: "boolean" },
  ignore: { type: "string", multiple: true },
  extensions: { type: "string" },
  jobs: { type: "string", short: "j" },
  "no-progress": { type: "boolean" },
};

const DISCOVERY_HELP = {
  "--project <tsconfig>": "type-aware mode with this tsconfig (repeatable; default: the tsconfig.json files found)",
  "--no-types": "syntactic mode only, even where a tsconfig.json is found",
  "--ignore <glob>": "skip files matching a gitignore-style pattern (repeatable)",
  "--extensions <list>": "file extensions to look at (default js,jsx,mjs,cjs,ts,tsx,mts,cts)",
  "--jobs, -j <n>": "worker threads (default: one per core beyond the first; 1 runs in the main thread)",
  "--no-progress": "no progress bar on stderr",
};

export const COMMANDS: Readonly<Record<"run" | "check" | "list", Command>> = {
  run: {
    summary: "migrate files in place from the v1 client API to v2",
    usage: "firecrawl-codemod run <paths...> [options]",
    options: {
      ...COMMON,
      ...DISCOVERY,
      dry: { type: "boolean", short: "d" },
      print: { type: "boolean", short: "p" },
      force: { type: "boolean", short: "f" },
      json: { type: "boolean" },
      report: { type: "string" },
      transforms: { type: "string", short: "t" },
      "keep-v1-defaults": { type: "boolean" },
      "no-verify": { type: "boolean" },
      "sdk-version": { type: "string" },
      install: { type: "boolean" },
    },
    help: {
      "--dry, -d": "write nothing; print a unified diff for each file that would change",
      "--print, -p": "print the migrated source of each changed file",
      "--force, -f": "run even when the git tree has uncommitted changes",
      "--json": "print the JSON report on stdout instead of the summary",
      "--report <file>": "also write the JSON report to a file",
      "--transforms, -t <a,b>": "run only these transforms (names as `list` prints them)",
      "--keep-v1-defaults": "write v1's defaults (maxAge: 0, ...) into scrapes so they behave as before",
      "--no-verify": "in the type-aware mode, skip type-checking the migrated files against the v2 SDK",
      "--sdk-version <v>": "the v2 release package.json ranges move to (default: the one the tool verifies against)",
      "--install": "after the run, refresh each lockfile with its package manager (npm, pnpm, yarn, bun install)",
      ...DISCOVERY_HELP,
    },
  },
  check: {
    summary: "report v1 usage left, writing nothing (exit 1 when some is left)",
    usage: "firecrawl-codemod check <paths...> [options]",
    options: { ...COMMON, ...DISCOVERY, format: { type: "string", short: "F" }, "output-file": { type: "string", short: "o" }, todos: { type: "boolean" }, "max-todos": { type: "string" } },
    help: {
      "--format, -F <f>": "text (default), json, sarif or github (workflow annotations)",
      "--output-file, -o <file>": "write the report to this file instead of stdout (as ESLint's -o does)",
      "--todos": "also list the TODO(firecrawl-v2) markers left in the files (text format; json always lists them)",
      "--max-todos <n>": "exit 1 when more than n TODO(firecrawl-v2) markers are left (0: none may be left)",
      ...DISCOVERY_HELP,
    },
  },
  list: {
    summary: "list the transforms in preset order",
    usage: "firecrawl-codemod list",
    options: COMMON,
    help: {},
  },
};

export function helpText(name?: keyof typeof COMMANDS): string {
  if (!name) {
    return [
      "Usage: firecrawl-codemod <command> [options]",
      "",
      "Commands:",
      ...Object.entries(COMMANDS).map(([n, c]) => `  ${n.padEnd(7)}${c.summary}`),
      "",
      "Options: --help, --version. `firecrawl-codemod <command> --help` shows a command's options.",
    ].join("\n");
  }
  const command = COMMANDS[name];
  const flags = Object.entries({ ...command.help, "--color, --no-color": "colours on or off (NO_COLOR and FORCE_COLOR work too)", "--help, -h": "show this help", "--version, -v": "print the version" });
  const width = Math.max(...flags.map(([flag]) => flag.length)) + 2;
  return [`Usage: ${command.usage}`, "", command.summary, "", "Options:", ...flags.map(([flag, text]) => `  ${flag.padEnd(width)}${text}`)].join("\n");
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

export interface Parsed {
  readonly command: keyof typeof COMMANDS | null;
  readonly values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  /** the paths given, each glob pattern replaced by the paths it matches */
  readonly positionals: string[];
  /** the paths that came from a glob pattern (they answer to .gitignore files, as a folder's files do) */
  readonly globbed: ReadonlySet<string>;
}

export function parse(argv: readonly string[]): Parsed {
  const [first, ...rest] = argv;
  if (!first || first.startsWith("-")) {
    const { values } = parseArgs({ args: [...argv], options: COMMON, strict: false });
    return { command: null, values, positionals: [], globbed: new Set() };
  }
  if (!(first in COMMANDS)) {
    const near = Object.keys(COMMANDS).find((c) => distance(c, first) <= 2);
    throw new UsageError(`unknown command '${first}'${near ? `; did you mean '${near}'?` : ""} (see firecrawl-codemod --help)`);
  }
  const name = first as keyof typeof COMMANDS;
  const { options } = COMMANDS[name];
  try {
    const { values, positionals } = parseArgs({ args: rest, options, allowPositionals: true, strict: true });
    const paths = expandGlobs(positionals);
    return { command: name, values, positionals: paths.map((p) => p.given), globbed: new Set(paths.filter((p) => p.matched).map((p) => p.given)) };
  } catch (error) {
    const flag = /'(-{1,2}[^']+)'/.exec((error as Error).message)?.[1];
    const known = Object.keys(options).map((o) => `--${o}`);
    const near = flag && known.find((k) => distance(k, flag.split("=")[0]!) <= 2);
    throw new UsageError(`${(error as Error).message}${near ? `; did you mean '${near}'?` : ""} (see firecrawl-codemod ${name} --help)`);
  }
}

/** What a command line asked to be told in, read leniently: it must be known even when the line is wrong. */
export interface MachineOutput {
  readonly command: keyof typeof COMMANDS | null;
  readonly dry: boolean;
  readonly json: boolean;
  readonly report?: string;
  readonly format: "text" | "json" | "sarif" | "github";
}

export function machineOutput(argv: readonly string[]): MachineOutput {
  const [first, ...rest] = argv;
  const command = first && first in COMMANDS ? (first as keyof typeof COMMANDS) : null;
  const { values } = parseArgs({ args: command ? rest : [], options: command ? COMMANDS[command].options : COMMON, strict: false, allowPositionals: true });
  const format = ["json", "sarif", "github"].find((f) => f === values.format) as MachineOutput["format"] | undefined;
  return { command, dry: values.dry === true, json: values.json === true, report: typeof values.report === "string" ? values.report : undefined, format: format ?? "text" };
}
