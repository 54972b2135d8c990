/** Where a human reads about each kind of change; every TODO marker ends with one of these. */
export const DOCS = {
  migrate: "https://docs.firecrawl.dev/migrate-to-v2",
  crawlOptions: "https://docs.firecrawl.dev/migrate-to-v2#crawl-options-mapping-v1-%E2%86%92-v2",
  formats: "https://docs.firecrawl.dev/migrate-to-v2#formats",
  methods: "https://docs.firecrawl.dev/migrate-to-v2#method-name-changes-v1-%E2%86%92-v2",
  behaviour: "https://docs.firecrawl.dev/migrate-to-v2#key-improvements",
} as const;

export type DocLink = keyof typeof DOCS;
