/**
 * A document a module's public function returns to other modules of the project (src/python/detect/returned-results.ts):
 * the run migrates one module at a time, so the readers elsewhere keep their reads, and the function hands them what
 * they read where it can.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, expect, test } from "vitest";

const CLI = resolve(import.meta.dirname, "../dist/src/cli/main.js");

const HELPER = `from firecrawl import FirecrawlApp

app = FirecrawlApp(api_key="fc-test")


def fetch_page(url):
    return app.scrape_url(url, params={"formats": ["markdown", "rawHtml"]})
`;

function project(reader: string): string {
  const dir = mkdtempSync(join(tmpdir(), "fc-cross-module-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  for (const [name, text] of Object.entries({ "app/__init__.py": "", "app/scraping.py": HELPER, "app/report.py": reader })) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  const { status, stderr } = spawnSync(process.execPath, [CLI, "run", ".", "--force", "--no-verify", "--json"], { cwd: dir, encoding: "utf8" });
  expect(stderr).toBe("");
  expect(status).toBe(0);
  return dir;
}

const helperOut = (returned: string) => `from firecrawl import Firecrawl

app = Firecrawl(api_key="fc-test")


def fetch_page(url):
${returned}
`;

test("read elsewhere by keys its dump spells alike, the document is returned as 1.x's dict, and the readers are left as they are", () => {
  const reader = `from app.scraping import fetch_page


def summary(url):
    page = fetch_page(url)
    return f"{page['metadata'].get('title', url)}: {len(page.get('markdown', ''))} characters"
`;
  const dir = project(reader);
  expect(readFileSync(join(dir, "app/scraping.py"), "utf8")).toBe(
    helperOut('    return app.scrape(url, formats=["markdown", "rawHtml"]).model_dump(exclude_none=True)'),
  );
  expect(readFileSync(join(dir, "app/report.py"), "utf8")).toBe(reader);
});

test("read elsewhere by a key the dump spells otherwise, as 2.x's model, or handed on where the module cannot see, the return is marked for a human", () => {
  const reads = [
    "return page['markdown'] + page.get('rawHtml', '')",
    "return page['markdown'] + page.markdown",
    "return '' if 'rawHtml' not in page else page.get('markdown', '')",
    "meta = page['metadata']\n    return page['markdown'] + meta.get('sourceURL', url)",
    "archive.append(page)\n    return page['markdown']",
  ];
  for (const read of reads) {
    const dir = project(`from app.scraping import fetch_page

archive = []


def html(url):
    page = fetch_page(url)
    ${read}
`);
    expect(readFileSync(join(dir, "app/scraping.py"), "utf8")).toContain(
      "    # TODO(firecrawl-v2): fetch_page() hands this result to other modules of the project, which read it as v1's dict",
    );
  }
});
