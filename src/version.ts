/** This package's version, read from its package.json whether running from source or from dist. */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

function findVersion(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, "package.json");
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, "utf8")) as { name?: string; version: string };
      if (pkg.name === "firecrawl-codemod") return pkg.version;
    }
    if (dirname(dir) === dir) throw new Error("firecrawl-codemod: cannot find its own package.json");
  }
}

export const VERSION = findVersion();
