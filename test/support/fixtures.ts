/** The fixture corpus: fixtures/<concern>/<case>.input.<ext> with its .output.<ext>. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { packageSdk, pythonPackageSdk } from "../../src/project/package-sdk.js";
import type { TransformOptions } from "../../src/js/pipeline.js";

export const FIXTURES = resolve(import.meta.dirname, "../../fixtures");

export interface Fixture {
  /** concern/case.ext, as test titles show it */
  readonly id: string;
  readonly concern: string;
  readonly name: string;
  readonly ext: string;
  readonly inputPath: string;
  readonly input: string;
  readonly output: string;
  readonly options: TransformOptions;
}

/**
 * Options a concern's fixtures run with: the defaults folder is the one that opts in. The SDK version comes
 * from the package.json above the fixture (fixtures/ is a v1 package, fixtures/already-v2 a v2 one), or for
 * Python from the requirements beside it (fixtures/python/already-v2 pins firecrawl-py 4), found the way
 * the CLI and the plugin find a user's.
 */
const OPTIONS: Record<string, TransformOptions> = { "v1-defaults": { keepV1Defaults: true } };

/** Corpora of other languages, each in a folder of its own: fixtures/<language>/<concern>/. */
const OTHER_LANGUAGES = ["python", "shell", "docs"] as const;

/**
 * The cases of the type-aware verification (test/verify-fixtures.test.ts): what only a run that type-checks its
 * output makes of an input, so the steps alone do not give their outputs.
 */
export const VERIFY_FIXTURES = join(FIXTURES, "verify");

/** The JavaScript/TypeScript corpus, or with `language` the one under fixtures/<language>. */
export function loadFixtures({ language = "js" }: { language?: "js" | (typeof OTHER_LANGUAGES)[number] } = {}): Fixture[] {
  const base = language === "js" ? FIXTURES : join(FIXTURES, language);
  const fixtures: Fixture[] = [];
  for (const concern of readdirSync(base).sort()) {
    if ((language === "js" && [...OTHER_LANGUAGES, "verify"].includes(concern)) || !statSync(join(base, concern)).isDirectory()) continue;
    for (const file of readdirSync(join(base, concern)).sort()) {
      const m = /^(.+)\.input\.(\w+)$/.exec(file);
      if (!m) continue;
      const [, name, ext] = m;
      const inputPath = join(base, concern, file);
      fixtures.push({
        id: `${concern}/${name}.${ext}`,
        concern,
        name: name!,
        ext: ext!,
        inputPath,
        input: readFileSync(inputPath, "utf8"),
        output: readFileSync(join(base, concern, `${name}.output.${ext}`), "utf8"),
        options: { ...OPTIONS[concern], sdk: language === "python" ? pythonPackageSdk(inputPath) : packageSdk(inputPath) },
      });
    }
  }
  return fixtures;
}
