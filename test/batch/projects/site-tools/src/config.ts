// Shared crawl settings: this module never imports the SDK.
export const crawlDefaults = {
  limit: 50,
  maxDepth: 2,
  ignoreSitemap: true,
};
