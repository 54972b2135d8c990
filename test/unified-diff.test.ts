/**
 * The --dry diff (src/run/unified-diff.ts) aligns by unique lines instead of jsdiff's Myers search: every
 * patch it prints must still turn the old text into the new one, and read as jsdiff's would.
 */
import { applyPatch, createTwoFilesPatch } from "diff";
import { describe, expect, test } from "vitest";
import { unifiedDiff } from "../src/run/unified-diff.js";

/** A small deterministic generator, so a failure names the case that reproduces it. */
function generator(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state % n;
  };
}

const LINES = ["a\n", "b\n", "}\n", "  call();\n", "\n", "const x = 1;\r\n", "last", "x\n", "y\n"];

describe("unifiedDiff", () => {
  test("every patch applies: repeated lines, no anchors, CRLF, a last line without its newline", () => {
    const random = generator(13);
    for (let round = 0; round < 5_000; round++) {
      const before = Array.from({ length: random(14) }, () => LINES[random(LINES.length)]).join("");
      const after = before
        .split(/(?<=\n)/)
        .flatMap((line) => (random(4) === 0 ? [] : random(5) === 0 ? [LINES[random(LINES.length)]!, line] : [line]))
        .join("");
      expect(applyPatch(before, unifiedDiff("f.ts", before, after)), `round ${round}: ${JSON.stringify([before, after])}`).toBe(after);
    }
  });

  test("a migration's diff reads as jsdiff lays it out", () => {
    const before = `import FirecrawlApp from "x";\n\nconst app = new FirecrawlApp();\n${"// filler\n".repeat(10)}await app.scrapeUrl(u);\n${"// more\n".repeat(10)}`;
    const after = before.replace("FirecrawlApp from", "Firecrawl from").replace("new FirecrawlApp", "new Firecrawl").replace("scrapeUrl", "scrape");
    expect(unifiedDiff("f.ts", before, after)).toBe(createTwoFilesPatch("f.ts", "f.ts", before, after, "", "", { context: 3 }));
  });
});
