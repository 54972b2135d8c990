/**
 * Each concern has one name across the tool: the step (`run --transforms`), `check`'s `rule`, SARIF's
 * `ruleId`, the GitHub annotation title `firecrawl-v2/<name>`, the ESLint rule `firecrawl/<name>`, its docs
 * page docs/rules/<name>.md and the fixture folder fixtures/<name>/. `legacyRule` is the ESLint rule's name
 * before 0.2, still accepted (deprecated) so existing configs keep working; concerns added since have
 * none. A test walks this table through every output.
 */
export const RULE_DOCS_URL = "https://github.com/firecrawl/firecrawl-codemod/blob/main/docs/rules/";

const TABLE = [
  { name: "client-methods", legacyRule: "no-v1-client-methods" },
  { name: "options", legacyRule: "no-v1-options" },
  { name: "formats", legacyRule: "no-v1-formats" },
  { name: "api-requests" },
  { name: "results", legacyRule: "no-v1-result-shapes" },
  { name: "errors", legacyRule: "no-v1-errors" },
  { name: "imports", legacyRule: "no-v1-imports" },
] as const;

export type ConcernName = (typeof TABLE)[number]["name"];

export const CONCERNS: readonly { readonly name: ConcernName; readonly legacyRule?: string }[] = TABLE;


/** The help page of a concern: its docs page, or the migration guide for steps no ESLint rule reports. */
export function helpUri(name: string): string {
  return CONCERNS.some((c) => c.name === name) ? `${RULE_DOCS_URL}${name}.md` : "https://docs.firecrawl.dev/migrate-to-v2";
}
