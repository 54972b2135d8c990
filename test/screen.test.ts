/** The screen's promise: a file passes when its bytes name Firecrawl anywhere, in any spelling and marked encoding. */
import { afterAll, describe, expect, test } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isSettled, MAX_BYTES, screenFile } from "../src/run/screen.js";

const dir = mkdtempSync(join(tmpdir(), "fc-screen-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let written = 0;
/** Whether the screen lets a file through (or skips it, saying why): only a file never naming the SDK is settled unchanged. */
function passes(bytes: Buffer, extension = "ts"): boolean {
  const path = join(dir, `f${written++}.${extension}`);
  writeFileSync(path, bytes);
  const outcome = screenFile(path);
  return !isSettled(outcome) || outcome.status !== "unchanged";
}

// Many near misses (the names' last letters, their other letters) before the name, and one straddling the start.
const NEAR = "const newline = '\\n'; // crawl, rawl, WL, wL, Wl, lrecrawl\n".repeat(200);

describe("screenFile", () => {
  test.each(["firecrawl", "Firecrawl", "FIRECRAWL", "FireCrawl", "api.firecrawl.dev"])("passes a file naming %s after many near misses", (name) => {
    expect(passes(Buffer.from(`${NEAR}// ${name}\n`))).toBe(true);
    expect(passes(Buffer.from(name.slice(name.search(/[iI]recrawl/i))))).toBe(true);
  });

  test("passes a Python file or notebook that calls a v1 client method by name only (a client another module makes); not other files", () => {
    const call = `${NEAR}from app.extensions import scraper\npage = scraper.scrape_url(url)\n`;
    expect(passes(Buffer.from(call), "py")).toBe(true);
    expect(passes(Buffer.from(JSON.stringify({ cells: [{ source: ["jobs = client.batch_scrape_urls(urls)"] }] })), "ipynb")).toBe(true);
    expect(passes(Buffer.from(call), "ts")).toBe(false);
    expect(passes(Buffer.from(`${NEAR}def scrape(url):\n    return url\n`), "py")).toBe(false);
  });

  test("settles a file of near misses only", () => {
    expect(passes(Buffer.from(`${NEAR}// Firecrawk, firecraw l, irecraw\n`))).toBe(false);
  });

  test("reads the names in UTF-16 text of either byte order", () => {
    const le = Buffer.from(`\uFEFF${NEAR}import Firecrawl from "x";\n`, "utf16le");
    const be = Buffer.from(le).swap16();
    expect(passes(le)).toBe(true);
    expect(passes(be)).toBe(true);
    expect(passes(Buffer.from(`\uFEFF${NEAR}`, "utf16le"))).toBe(false);
    expect(passes(Buffer.from(Buffer.from(`\uFEFF${NEAR}`, "utf16le")).swap16())).toBe(false);
  });

  test("finds a name past the first read of a file too large to migrate, and one split across two reads", () => {
    for (const at of [MAX_BYTES + 100, MAX_BYTES - 3]) {
      const bytes = Buffer.alloc(at + 100, " ");
      bytes.write("FireCrawl", at);
      const path = join(dir, `big${at}.js`);
      writeFileSync(path, bytes);
      expect(screenFile(path)).toMatchObject({ status: "skipped", error: "larger than 2 MB" });
    }
    const path = join(dir, "big-none.js");
    writeFileSync(path, Buffer.alloc(MAX_BYTES + 100, " wl"));
    expect(screenFile(path)).toMatchObject({ status: "unchanged" });
  });
});
