/**
 * Each concern has one name across the tool: the step (`run --transforms`), `check`'s `rule`, SARIF's
 * `ruleId`, the GitHub annotation title `firecrawl-v2/<name>`, the ESLint rule `firecrawl/<name>`, its docs
 * page docs/rules/<name>.md and the fixture folder fixtures/<name>/. `legacyRule` is the ESLint rule's earlier name
 * (from before the rules took their concerns' names), still accepted (deprecated) so existing configs keep working; concerns added since have
 * none. `pythonStep` is the module of src/python/ whose step has the concern's name, null where Python has
 * no such step. `concernParts` says where every part of a concern lives. A test walks this table through
 * every output and every part.
 */
export const RULE_DOCS_URL = "https://github.com/firecrawl/firecrawl-codemod/blob/main/docs/rules/";

const TABLE = [
  { name: "client-methods", legacyRule: "no-v1-client-methods", pythonStep: "client-methods" },
  { name: "options", legacyRule: "no-v1-options", pythonStep: "options" },
  { name: "formats", legacyRule: "no-v1-formats", pythonStep: "formats" },
  { name: "api-requests", pythonStep: "requests" },
  { name: "results", legacyRule: "no-v1-result-shapes", pythonStep: "results" },
  { name: "errors", legacyRule: "no-v1-errors", pythonStep: null },
  { name: "imports", legacyRule: "no-v1-imports", pythonStep: "imports" },
] as const;

export type ConcernName = (typeof TABLE)[number]["name"];

export interface Concern {
  readonly name: ConcernName;
  readonly legacyRule?: string;
  readonly pythonStep: string | null;
}

export const CONCERNS: readonly Concern[] = TABLE;

/** Where each part of a concern lives, as paths from the repository's root. */
export interface ConcernParts {
  /** the JavaScript/TypeScript step (src/js/steps/index.ts runs it) */
  readonly jsStep: string;
  /** the Python step (src/python/steps/index.ts runs it); null where Python has none */
  readonly pythonStep: string | null;
  /** the ESLint rule `firecrawl/<name>` (rules/index.ts registers it) */
  readonly rule: string;
  /** the rule's docs page, also SARIF's help page */
  readonly docs: string;
  /** the rule's own cases, one test file a rule */
  readonly ruleTests: string;
  /** the spec-derived cases, JavaScript/TypeScript and Python */
  readonly fixtures: string;
  readonly pythonFixtures: string | null;
  /** what `check`, SARIF (`ruleId`) and GitHub annotations (`firecrawl-v2/<id>`) call it */
  readonly reportId: string;
}

/** From a concern's name to all its parts in one hop. */
export function concernParts(concern: Concern): ConcernParts {
  const { name, pythonStep } = concern;
  return {
    jsStep: `transforms/${name}.ts`,
    pythonStep: pythonStep && `src/python/${pythonStep}.ts`,
    rule: `rules/${name}.ts`,
    docs: `docs/rules/${name}.md`,
    ruleTests: `test/rules/${name}.test.ts`,
    fixtures: `fixtures/${name}/`,
    pythonFixtures: pythonStep && `fixtures/python/${name}/`,
    reportId: name,
  };
}

/** The help page of a concern: its docs page, or the migration guide for steps no ESLint rule reports. */
export function helpUri(name: string): string {
  return CONCERNS.some((c) => c.name === name) ? `${RULE_DOCS_URL}${name}.md` : "https://docs.firecrawl.dev/migrate-to-v2";
}
