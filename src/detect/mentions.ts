/**
 * The first look at a text: every way into the SDK names its package ("firecrawl"), and a request to the
 * API names its host (api.firecrawl.dev) or a variable that holds it (`FIRECRAWL_API_URL`). A text that
 * spells neither is passed over unparsed, by the CLI's screen, the ESLint rules and the type analysis.
 */
export const NAMES = ["firecrawl", "FIRECRAWL"] as const;

export function mentionsFirecrawl(text: string): boolean {
  return NAMES.some((name) => text.includes(name));
}
