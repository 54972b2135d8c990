import { fetchPage } from "./pages";

// The page comes from another module: only its type says it is a scrape result.
export async function digest(url: string): Promise<string> {
  const page = await fetchPage(url);
  if (!page.success) {
    throw new Error(page.error);
  }
  return page.markdown ?? "";
}
