/**
 * Each concern's names across the tool: the step (`run --transforms`, `check`'s `rule`, SARIF's `ruleId`,
 * the GitHub annotation title, the fixture folder) and the ESLint rule that reports it, whose page in
 * docs/rules/ is the concern's help. A test walks this table through every output.
 */
export const RULE_DOCS_URL = "https://github.com/firecrawl/firecrawl-codemod/blob/main/docs/rules/";

export const CONCERNS = [
  { step: "client-methods", rule: "no-v1-client-methods" },
  { step: "options", rule: "no-v1-options" },
  { step: "formats", rule: "no-v1-formats" },
  { step: "results", rule: "no-v1-result-shapes" },
  { step: "errors", rule: "no-v1-errors" },
  { step: "imports", rule: "no-v1-imports" },
] as const;

/** The help page of a step's concern: its ESLint rule's page, or the migration guide for steps no rule reports. */
export function helpUri(step: string): string {
  const concern = CONCERNS.find((c) => c.step === step);
  return concern ? `${RULE_DOCS_URL}${concern.rule}.md` : "https://docs.firecrawl.dev/migrate-to-v2";
}
