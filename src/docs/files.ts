/**
 * Which files are documents whose code blocks are migrated: Markdown and MDX. Apart from the migration
 * (document.ts, and the Markdown parser it loads) so that discovery and the reports know them without it.
 */
export const DOCUMENT_EXTENSIONS = ["md", "mdx", "markdown"] as const;

/** Whether a path is a Markdown or MDX document, by its extension. */
export function isDocument(path: string): boolean {
  return (DOCUMENT_EXTENSIONS as readonly string[]).includes(path.slice(path.lastIndexOf(".") + 1).toLowerCase());
}
