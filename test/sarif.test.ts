/**
 * `check --format sarif` as code scanning reads it: valid against the SARIF 2.1.0 schema (the copy
 * @microsoft/jest-sarif ships), locations from the repository's root under %SRCROOT% wherever the check ran,
 * fingerprints that follow a finding when lines move, and `invocations` that say how the run ended.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test } from "vitest";
import { cli, repo, V1_CRAWL, V1_SCRAPE } from "./support/cli.js";

const require = createRequire(import.meta.url);
const { default: Ajv } = require("ajv-draft-04") as typeof import("ajv-draft-04");
const { default: addFormats } = require("ajv-formats") as typeof import("ajv-formats");
const schema = JSON.parse(readFileSync(require.resolve("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json"), "utf8"));
const validate = addFormats(new Ajv({ strict: false, allErrors: true, unicodeRegExp: false })).compile(schema);

interface SarifResult {
  ruleId: string;
  message: { text: string };
  locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region: { startLine: number } } }[];
  partialFingerprints: Record<string, string>;
}

function sarifOf(cwd: string, ...paths: string[]) {
  const { code, stdout } = cli(cwd, "check", ...paths, "--format", "sarif", "--no-types");
  const log = JSON.parse(stdout);
  expect(validate(log) ? [] : validate.errors).toEqual([]);
  return { code, run: log.runs[0] as { results: SarifResult[]; invocations: unknown[]; originalUriBaseIds: Record<string, { uri: string }> } };
}

test("run from a subfolder, locations are relative to the repository's root under %SRCROOT%", () => {
  const dir = repo({ "packages/web/src/a.ts": V1_SCRAPE });
  const { run } = sarifOf(join(dir, "packages/web"), "src");
  expect(run.originalUriBaseIds["%SRCROOT%"]!.uri).toBe(pathToFileURL(`${dir}/`).href);
  for (const result of run.results)
    expect(result.locations[0]!.physicalLocation.artifactLocation).toEqual({ uri: "packages/web/src/a.ts", uriBaseId: "%SRCROOT%" });
});

test("each result's fingerprint stays when lines are added above it, and differs between results", () => {
  const dir = repo({ "a.ts": V1_SCRAPE, "b.ts": V1_CRAWL });
  const before = sarifOf(dir, ".").run.results;
  const prints = before.map((r) => Object.values(r.partialFingerprints)[0]);
  expect(new Set(prints).size).toBe(before.length);
  writeFileSync(join(dir, "a.ts"), `// a comment\n// another\n${V1_SCRAPE}`);
  const after = sarifOf(dir, ".").run.results;
  expect(after.map((r) => r.locations[0]!.physicalLocation.region.startLine)).not.toEqual(before.map((r) => r.locations[0]!.physicalLocation.region.startLine));
  expect(after.map((r) => Object.values(r.partialFingerprints)[0])).toEqual(prints);
});

test("invocations carry the exit code, and the notes the check printed", () => {
  const dirty = sarifOf(repo({ "a.ts": V1_SCRAPE }), ".");
  expect(dirty.code).toBe(1);
  expect(dirty.run.invocations).toEqual([{ executionSuccessful: true, exitCode: 1 }]);
  const clean = sarifOf(repo({ "a.ts": "export const x = 1;\n" }), ".");
  expect(clean.run.invocations).toEqual([{ executionSuccessful: true, exitCode: 0 }]);
  const notebook = repo({}, { commit: false });
  mkdirSync(join(notebook, "nb"));
  writeFileSync(
    join(notebook, "nb/n.ipynb"),
    JSON.stringify({
      cells: [{ cell_type: "code", source: ["%%bash\n", "echo firecrawl\n"], metadata: {}, outputs: [], execution_count: null }],
      metadata: { kernelspec: { language: "python", name: "python3" } },
      nbformat: 4,
      nbformat_minor: 5,
    }),
  );
  const noted = sarifOf(notebook, ".").run.invocations[0] as { toolExecutionNotifications?: { level: string; message: { text: string } }[] };
  expect(noted.toolExecutionNotifications?.[0]).toMatchObject({ level: "note", message: { text: expect.stringContaining("nb/n.ipynb: ") } });
});
