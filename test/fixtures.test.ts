/**
 * Every fixture, through the whole preset: byte for byte, idempotent, untouched when there is nothing to
 * migrate, and checked against the real SDKs' types (inputs against v1, outputs against v2).
 */
import { describe, expect, test } from "vitest";
import { runSteps } from "../src/js/pipeline.js";
import { steps } from "../src/js/steps/index.js";
import { loadFixtures } from "./support/fixtures.js";
import { checkTogether, typeErrors } from "./support/typecheck.js";

const fixtures = loadFixtures();
checkTogether(
  fixtures.flatMap((f) => [
    { version: f.options.sdk ?? "v1", path: f.id, text: f.input },
    { version: "v2" as const, path: f.id, text: f.output },
  ]),
);

test("the corpus has at least 60 cases across every extension", () => {
  expect(fixtures.length).toBeGreaterThanOrEqual(60);
  expect(new Set(fixtures.map((f) => f.ext))).toEqual(new Set(["ts", "tsx", "js", "mjs", "cjs", "cts"]));
});

describe.each(fixtures)("$id", (fixture) => {
  const result = runSteps(steps, fixture.inputPath, fixture.input, fixture.options);

  test("migrates the input to the output byte for byte", () => {
    expect(result.output ?? fixture.input).toBe(fixture.output);
  });

  test("leaves the output as it is (idempotent)", () => {
    expect(runSteps(steps, fixture.inputPath, fixture.output, fixture.options).output).toBeNull();
  });

  test("does not rewrite a file with nothing to migrate", () => {
    if (fixture.input === fixture.output) expect(result.output).toBeNull();
    else expect(result.changes.length + result.todos.length).toBeGreaterThan(0);
  });

  // A fixture of a concern's folder exercises that concern's step: run with the steps before it, the step
  // itself changes or marks something, so a failure above that this one shares names the step to look at.
  const own = steps.findIndex((step) => step.name === fixture.concern);
  test.runIf(own !== -1 && fixture.input !== fixture.output)(`its own step (${fixture.concern}) finds what the fixture is about`, () => {
    const upTo = runSteps(steps.slice(0, own + 1), fixture.inputPath, fixture.input, fixture.options);
    expect([...upTo.changes, ...upTo.todos].some((c) => c.transform === fixture.concern)).toBe(true);
  });

  test("reports one TODO per marker it wrote", () => {
    const markers = (text: string) => text.split("\n").filter((l) => l.includes("TODO(firecrawl-v2):")).length;
    expect(result.todos.length).toBe(markers(fixture.output) - markers(fixture.input));
  });

  // Code already on v2 (and code kept on v1 through v2's own .v1 and FirecrawlAppV1) is written for v2's SDK.
  test(`input type-checks against the ${fixture.options.sdk ?? "v1"} SDK`, () => {
    expect(typeErrors(fixture.options.sdk ?? "v1", fixture.id, fixture.input)).toEqual([]);
  });

  test("output type-checks against the v2 SDK, except right under a TODO marker", () => {
    const errors = typeErrors("v2", fixture.id, fixture.output);
    expect(errors.filter((e) => !e.underTodo)).toEqual([]);
  });
});
