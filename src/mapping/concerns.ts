/**
 * Each concern has one name across the tool: the step (`run --transforms`), `check`'s `rule`, SARIF's
 * `ruleId`, the GitHub annotation title `firecrawl-v2/<name>`, the ESLint rule `firecrawl/<name>`, its docs
 * page docs/rules/<name>.md and the fixture folder fixtures/<name>/. `legacyRule` is the ESLint rule's earlier name
 * (from before the rules took their concerns' names), still accepted (deprecated) so existing configs keep working; concerns added since have
 * none. `python` says whether Python has the concern's step (src/python/steps/<name>.ts), `shell` whether shell text has
 * it (src/shell/requests.ts, shell's one module: it has one concern and no parser). `concernParts` says where
 * every part of a concern lives, each found from the name alone. A test walks this table through every output and
 * every part.
 */
export const RULE_DOCS_URL = "https://github.com/firecrawl/firecrawl-codemod/blob/main/docs/rules/";

const TABLE = [
  { name: "client-methods", legacyRule: "no-v1-client-methods", python: true, shell: false },
  { name: "options", legacyRule: "no-v1-options", python: true, shell: false },
  { name: "formats", legacyRule: "no-v1-formats", python: true, shell: false },
  { name: "api-requests", python: true, shell: true },
  { name: "results", legacyRule: "no-v1-result-shapes", python: true, shell: false },
  { name: "errors", legacyRule: "no-v1-errors", python: false, shell: false },
  { name: "imports", legacyRule: "no-v1-imports", python: true, shell: false },
] as const;

export type ConcernName = (typeof TABLE)[number]["name"];

export interface Concern {
  readonly name: ConcernName;
  readonly legacyRule?: string;
  readonly python: boolean;
  readonly shell: boolean;
}

export const CONCERNS: readonly Concern[] = TABLE;

/** Where each part of a concern lives, as paths from the repository's root. */
export interface ConcernParts {
  /** the table's rows for it: what v1 wrote and what v2 wants */
  readonly table: string;
  /** the JavaScript/TypeScript step (src/js/steps/index.ts runs it) */
  readonly jsStep: string;
  /** the same step as a jscodeshift transform, for `jscodeshift -t` and codemod runners */
  readonly transform: string;
  /** the Python step (src/python/steps/index.ts runs it); null where Python has none */
  readonly pythonStep: string | null;
  /** the ESLint rule `firecrawl/<name>` (rules/index.ts registers it) */
  readonly rule: string;
  /** the rule's docs page, also SARIF's help page */
  readonly docs: string;
  /** the rule's own cases, one test file a rule */
  readonly ruleTests: string;
  /** the spec-derived cases, JavaScript/TypeScript, Python and shell text (scripts, Makefiles, CI files) */
  readonly fixtures: string;
  readonly pythonFixtures: string | null;
  readonly shellFixtures: string | null;
  /** what `check`, SARIF (`ruleId`) and GitHub annotations (`firecrawl-v2/<id>`) call it */
  readonly reportId: string;
}

/** From a concern's name to all its parts in one hop: every path is the name in a folder of its own. */
export function concernParts(concern: Concern): ConcernParts {
  const { name, python, shell } = concern;
  return {
    table: `src/mapping/${name}.ts`,
    jsStep: `src/js/steps/${name}.ts`,
    transform: `transforms/${name}.ts`,
    pythonStep: python ? `src/python/steps/${name}.ts` : null,
    rule: `rules/${name}.ts`,
    docs: `docs/rules/${name}.md`,
    ruleTests: `test/rules/${name}.test.ts`,
    fixtures: `fixtures/${name}/`,
    pythonFixtures: python ? `fixtures/python/${name}/` : null,
    shellFixtures: shell ? `fixtures/shell/${name}/` : null,
    reportId: name,
  };
}

/** The help page of a concern: its docs page, or the migration guide for steps no ESLint rule reports. */
export function helpUri(name: string): string {
  return CONCERNS.some((c) => c.name === name) ? `${RULE_DOCS_URL}${name}.md` : "https://docs.firecrawl.dev/migrate-to-v2";
}
