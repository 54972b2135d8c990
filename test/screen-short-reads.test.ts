/**
 * The screen reads a file once, trusting that a read comes back short only at the file's end. A network or FUSE
 * file system may stop short before it: the screen then decides on what it read, but a file it lets through,
 * whose bytes a run writes back changed, is read to its size, so no end is lost.
 */
import { afterAll, expect, test, vi } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const READ_AT_MOST = 1000;

vi.mock("node:fs", async (actual) => {
  const fs = await actual<typeof import("node:fs")>();
  const readSync = (fd: number, buffer: Buffer, offset: number, length: number, position: null) =>
    fs.readSync(fd, buffer, offset, Math.min(length, READ_AT_MOST), position);
  return { ...fs, readSync, default: { ...fs, readSync } };
});

const { isSettled, screenFile } = await import("../src/run/screen.js");

const dir = mkdtempSync(join(tmpdir(), "fc-screen-short-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("a file let through after a short read holds every byte of it", () => {
  const text = `import FirecrawlApp from "@mendable/firecrawl-js";\n${"// filler line\n".repeat(500)}export const end = true;\n`;
  const path = join(dir, "long.ts");
  writeFileSync(path, text);
  const outcome = screenFile(path);
  expect(isSettled(outcome)).toBe(false);
  if (!isSettled(outcome)) expect(outcome.bytes.toString()).toBe(text);
});

test("a file too large to migrate, read short, is skipped and said so", () => {
  const path = join(dir, "large.ts");
  writeFileSync(path, `// firecrawl\n${" ".repeat(3 * 1024 * 1024)}`);
  expect(screenFile(path)).toMatchObject({ status: "skipped", error: "larger than 2 MB" });
});
