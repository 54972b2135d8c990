/**
 * The command line's words, on commander: the flags are an interface users script against, so they live in
 * one place with their help text, and a mistyped flag or command is a one-line error that says what was
 * probably meant (commander's suggestions, worded as this tool's other messages are).
 */
import { createRequire } from "node:module";
import type * as Commander from "commander";
import { DEFAULT_EXTENSIONS, expandGlobs } from "../run/discover.js";
import { VERSION } from "../version.js";

// Required, not imported: commander is CommonJS, and node's ESM face of it (its esm.mjs, then a scan of its
// index.js for the names it exports) cost about 4 ms more of every start than require.
const { Command, CommanderError } = createRequire(import.meta.url)("commander") as typeof Commander;
type Command = Commander.Command;
type CommanderError = Commander.CommanderError;

export class UsageError extends Error {}

export type CommandName = "run" | "check" | "list";

/** Values keyed by the long flag as users type it (`dry`, `no-types`, `output-file`), as main.ts reads them. */
type Values = Record<string, string | boolean | string[] | undefined>;

/** A repeatable flag: each use adds a value. */
const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

function discoveryOptions(command: Command): Command {
  return command
    .option("--project <tsconfig>", "type-aware mode with this tsconfig (repeatable; default: the tsconfig.json files found)", collect)
    .option("--no-types", "syntactic mode only, even where a tsconfig.json is found")
    .option("--ignore <glob>", "skip files matching a gitignore-style pattern (repeatable)", collect)
    .option("--docs", "also the Markdown and MDX documents in the folders given: their code blocks (.md/.mdx files named outright always are)")
    .option("--extensions <list>", `file extensions to look at (default ${DEFAULT_EXTENSIONS.join(",")}; sh also takes Makefiles and Dockerfiles)`)
    .option("-j, --jobs <n>", "worker threads (default: as many as the files pay for, on idle cores; 1 runs in the main thread)")
    .option("--no-progress", "no progress bar on stderr");
}

interface Outcome {
  command: CommandName | null;
  values: Values;
  paths: string[];
}

/**
 * The whole command line. Commander prints nothing itself: what it would print (help, the version, an error)
 * is handed back through `output` and the thrown CommanderError, so main.ts decides where it goes.
 */
function program(outcome: Outcome, output: { out: string }, { lenient = false } = {}): Command {
  const root = new Command("firecrawl-codemod")
    .usage("<command> [options]")
    .description("Migrates code from Firecrawl's v1 client API to v2, and keeps it there.")
    .version(VERSION, "-v, --version", "print the version")
    .helpOption("-h, --help", "show this help")
    // Read by picocolors itself, as are NO_COLOR and FORCE_COLOR: declared so they are no unknown flags.
    .option("--color", "colours on (FORCE_COLOR works too)")
    .option("--no-color", "colours off (NO_COLOR works too)")
    .configureHelp({ showGlobalOptions: true })
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput({ writeOut: (text) => void (output.out += text), writeErr: () => {}, outputError: () => {} });
  const leaf = (name: CommandName, summary: string) => {
    const command = root.command(name).summary(summary).description(summary);
    if (lenient) command.allowUnknownOption().allowExcessArguments();
    return command.action(() => {
      Object.assign(outcome, { command: name, values: command.opts(), paths: (command.processedArgs[0] as string[] | undefined) ?? [] });
    });
  };
  discoveryOptions(
    leaf("run", "migrate files in place from the v1 client API to v2")
      .usage("[paths...] [options]")
      .argument("[paths...]", "files, folders and glob patterns (default: the current folder)")
      .option("-d, --dry", "write nothing; print a unified diff for each file that would change")
      .option("-p, --print", "print the migrated source of each changed file")
      .option("-f, --force", "run even when the git tree has uncommitted changes")
      .option("--json", "print the JSON report on stdout instead of the summary")
      .option("--verbose", "also print each file's status (OK changed, NOC no change, ERR, SKIP) and how clients were found")
      .option("--report <file>", "also write the JSON report to a file")
      .option("-t, --transforms <a,b>", "run only these transforms (names as `list` prints them)")
      .option("--keep-v1-defaults", "write v1's defaults (maxAge: 0, ...) into scrapes so they behave as before")
      .option("--no-verify", "skip type-checking the migrated files against the v2 SDK (TypeScript in the type-aware mode, Python with pyright)")
      .option("--sdk-version <v>", "the v2 release package.json ranges move to (default: the one the tool verifies against)")
      .option("--install", "after the run, refresh each lockfile with its package manager (npm, pnpm, yarn, bun install)"),
  );
  discoveryOptions(
    leaf("check", "report v1 usage left, writing nothing (exit 1 when some is left)")
      .usage("<paths...> [options]")
      .argument("[paths...]", "files, folders and glob patterns")
      .option("-F, --format <f>", "text (default), json, sarif or github (workflow annotations)")
      .option("-o, --output-file <file>", "write the report to this file instead of stdout (as ESLint's -o does)")
      .option("--todos", "also list the TODO(firecrawl-v2) markers left in the files (text format; json always lists them)")
      .option("--max-todos <n>", "exit 1 when more than n TODO(firecrawl-v2) markers are left (0: none may be left)"),
  );
  leaf("list", "list the transforms in preset order, with their languages and docs").option(
    "--json",
    "print them as JSON (name, languages, description, docs)",
  );
  return root;
}

/** Commander's values under the flags' own spellings: `--no-types` is `no-types: true`, not `types: false`. */
function asTyped(command: Command | undefined, values: Values): Values {
  const typed: Values = {};
  for (const option of command?.options ?? []) {
    const value = values[option.attributeName()];
    const flag = option.long!.slice(2);
    if (option.negate) typed[flag] = value === false ? true : undefined;
    else typed[flag] = value;
  }
  return typed;
}

/** Commander's error as one line in this tool's words: `unknown option '--dyr'; did you mean '--dry'?`. */
function usageMessage(error: CommanderError, command: CommandName | null): string {
  const [first, ...more] = error.message.replace(/^error: /, "").split("\n");
  const hint = more.join(" ").replace(
    /^\(Did you mean (one of )?(.+)\?\)$/,
    (_, oneOf: string | undefined, names: string) =>
      `did you mean ${oneOf ?? ""}${names
        .split(", ")
        .map((n) => `'${n}'`)
        .join(", ")}?`,
  );
  return `${first!.replace(/\.$/, "")}${hint ? `; ${hint}` : ""} (see firecrawl-codemod${command ? ` ${command}` : ""} --help)`;
}

export interface Parsed {
  readonly command: CommandName | null;
  readonly values: Values;
  /** the paths given, each glob pattern replaced by the paths it matches */
  readonly positionals: string[];
  /** the paths that came from a glob pattern (they answer to .gitignore files, as a folder's files do) */
  readonly globbed: ReadonlySet<string>;
  /** instead of a command: help or the version to print, on stdout (code 0) or, for a bare command line, stderr (2) */
  readonly shown?: { readonly text: string; readonly code: 0 | 2 };
}

/** The command a command line names, if it names one of ours (so an error can point at its help). */
function named(argv: readonly string[]): CommandName | null {
  const first = argv.find((arg) => !arg.startsWith("-"));
  return first === "run" || first === "check" || first === "list" ? first : null;
}

export function parse(argv: readonly string[]): Parsed {
  const outcome: Outcome = { command: null, values: {}, paths: [] };
  const output = { out: "" };
  const root = program(outcome, output);
  try {
    root.parse([...argv], { from: "user" });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    if (error.code === "commander.version")
      return { command: named(argv), values: { version: true }, positionals: [], globbed: new Set(), shown: { text: VERSION, code: 0 } };
    if (error.code === "commander.helpDisplayed" || error.code === "commander.help") {
      // `commander.help` with exit code 1: no command at all, so the overall help, as an error.
      const shown = error.exitCode === 0 ? { text: output.out.trimEnd(), code: 0 as const } : { text: root.helpInformation().trimEnd(), code: 2 as const };
      return { command: named(argv), values: { help: true }, positionals: [], globbed: new Set(), shown };
    }
    throw new UsageError(usageMessage(error, named(argv)));
  }
  const command = root.commands.find((c) => c.name() === outcome.command);
  // `run` alone migrates the folder it is started in, as other codemods do; the git guard still stands.
  const paths = expandGlobs(outcome.command === "run" && outcome.paths.length === 0 ? ["."] : outcome.paths);
  return {
    command: outcome.command,
    values: asTyped(command, outcome.values),
    positionals: paths.map((p) => p.given),
    globbed: new Set(paths.filter((p) => p.matched).map((p) => p.given)),
  };
}

/** What a command line asked to be told in, read leniently: it must be known even when the line is wrong. */
export interface MachineOutput {
  readonly command: CommandName | null;
  readonly dry: boolean;
  readonly json: boolean;
  readonly report?: string;
  readonly format: "text" | "json" | "sarif" | "github";
}

export function machineOutput(argv: readonly string[]): MachineOutput {
  const outcome: Outcome = { command: null, values: {}, paths: [] };
  const root = program(outcome, { out: "" }, { lenient: true });
  try {
    root.parse([...argv], { from: "user" });
  } catch {
    // a flag missing its value, help, the version: what was read before it still counts
  }
  const command = named(argv);
  const leaf = root.commands.find((c) => c.name() === command);
  const values = leaf ? asTyped(leaf, leaf.opts()) : {};
  const format = ["json", "sarif", "github"].find((f) => f === values.format) as MachineOutput["format"] | undefined;
  return {
    command,
    dry: values.dry === true,
    json: values.json === true,
    report: typeof values.report === "string" ? values.report : undefined,
    format: format ?? "text",
  };
}
