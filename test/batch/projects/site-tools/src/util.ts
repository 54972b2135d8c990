// No Firecrawl here: a local helper that happens to have a method called scrapeUrl.
export const cache = {
  pages: new Map<string, string>(),
  scrapeUrl(url: string): string | undefined {
    return this.pages.get(url);
  },
};

export const slug = (text: string) => text.toLowerCase().replace(/\W+/g, "-");
