/**
 * Each file is parsed once per language pass: the plugin's rules share one parse of a file, as the codemod's
 * steps do. Babel's parse, and the check that an output parses, are counted through a wrapper around src/js/runtime/parse.ts.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ESLint, Linter } from "eslint";
import tseslint from "typescript-eslint";
import { beforeEach, describe, expect, test, vi } from "vitest";

const parses = vi.hoisted(() => ({ count: 0, validated: 0 }));
vi.mock("../src/js/runtime/parse.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../src/js/runtime/parse.js")>();
  return {
    ...original,
    parse: (...args: Parameters<typeof original.parse>) => {
      parses.count++;
      return original.parse(...args);
    },
    validate: (...args: Parameters<typeof original.validate>) => {
      parses.validated++;
      return original.validate(...args);
    },
  };
});

// The type checker's questions from the plugin, counted through the same kind of wrapper.
const asked = vi.hoisted(() => ({ program: 0, file: 0 }));
vi.mock("../src/js/checker/facts.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../src/js/checker/facts.js")>();
  return {
    ...original,
    programFacts: (...args: Parameters<typeof original.programFacts>) => {
      asked.program++;
      return original.programFacts(...args);
    },
    fileFacts: (...args: Parameters<typeof original.fileFacts>) => {
      asked.file++;
      return original.fileFacts(...args);
    },
  };
});

const { default: plugin } = await import("../rules/index.js");
const { sdkTsconfig } = await import("./support/sdk-project.mjs");
const { processFile } = await import("../src/run/process-file.js");
await (await import("../src/run/preset.js")).readyFor(["a.ts"]);
const { steps } = await import("../src/js/steps/index.js");

const root = resolve(import.meta.dirname, "..");
const input = readFileSync(join(root, "fixtures/results/success-guard-throw.input.ts"), "utf8");

beforeEach(() => {
  parses.count = parses.validated = 0;
  asked.program = asked.file = 0;
});

describe("the ESLint plugin", () => {
  test("parses a file once for all its rules", () => {
    const linter = new Linter();
    const messages = linter.verify(input, [{ files: ["**/*.ts"], languageOptions: { parser: tseslint.parser } }, plugin.configs.recommended!], {
      filename: join(root, "a.ts"),
    });
    expect(messages.filter((m) => m.ruleId?.startsWith("firecrawl/")).length).toBeGreaterThan(1);
    expect(Object.keys(plugin.configs.recommended!.rules!).length).toBeGreaterThan(1);
    expect(parses.count).toBe(1);
  });

  describe("recommended-type-checked, on a file that never names Firecrawl", () => {
    // A file with calls the checker is asked about (`map` is v2's name of a client method), and nothing of the SDK.
    const plain = "export const double = (xs: number[]) => xs.map((x) => x * 2);\n";
    const lint = async (files: Record<string, string>) => {
      const dir = mkdtempSync(join(root, ".typed-"));
      try {
        for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
        const eslint = new ESLint({
          cwd: dir,
          overrideConfigFile: true,
          overrideConfig: [
            { files: ["**/*.ts"], languageOptions: { parser: tseslint.parser, parserOptions: { tsconfigRootDir: dir } } },
            plugin.configs["recommended-type-checked"]!,
          ],
        });
        const [result] = await eslint.lintFiles([join(dir, "plain.ts")]);
        return result!.messages;
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };

    test("is not parsed when the checker found no client in it", async () => {
      const client = 'import FirecrawlApp from "@mendable/firecrawl-js";\n\nexport const app = new FirecrawlApp({ apiKey: "k" });\n';
      const tsconfig = sdkTsconfig(join(root, "node_modules/firecrawl-v1/dist/index.d.ts"), { include: ["*.ts"] });
      expect(await lint({ "tsconfig.json": tsconfig, "client.ts": client, "plain.ts": plain })).toEqual([]);
      expect(asked.program).toBe(1);
      expect(parses.count).toBe(0);
    });

    test("asks the checker nothing in a program where no file names Firecrawl", async () => {
      const tsconfig = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: [] }, include: ["*.ts"] });
      expect(await lint({ "tsconfig.json": tsconfig, "plain.ts": plain })).toEqual([]);
      expect(asked).toEqual({ program: 0, file: 0 });
      expect(parses.count).toBe(0);
    });
  });
});

describe("the codemod in the type-aware mode", () => {
  test("reads the calls only types found from the steps' own parse of the input", () => {
    // A client the syntax cannot see (a parameter of no declared type) that the checker vouches for.
    const text = `import FirecrawlApp from "@mendable/firecrawl-js";\n\nexport async function page(app: any, url: string) {\n  return app.scrapeUrl(url);\n}\n`;
    const dir = mkdtempSync(join(tmpdir(), "fc-parse-once-"));
    try {
      const path = join(dir, "a.ts");
      writeFileSync(path, text);
      const client = text.indexOf("app.scrapeUrl");
      const types = { isClient: (start: number, end: number) => start === client && end === client + "app".length };
      const report = processFile(path, { steps, pythonSteps: [], write: false }, types);
      expect(report.foundByTypes).toEqual([{ line: 4, method: "scrapeUrl" }]);
      expect(report.status).toBe("changed");
      // the input once for the steps and for what types found; the output is only checked to parse (by oxc)
      expect(parses.count).toBe(1);
      expect(parses.validated).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
