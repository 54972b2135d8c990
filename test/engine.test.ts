/** The edit engine's own promises: what a transform relies on when it plans edits. */
import { describe, expect, test } from "vitest";
import { appendProperties, removeListItem } from "../src/js/writing.js";
import { applyEdits, mapOffset } from "../src/core/edits.js";
import { parse } from "../src/js/parse.js";
import { readSource, writeSource } from "../src/core/source.js";
import { runSteps, type StepContext } from "../src/js/steps.js";
import { steps } from "../transforms/v1-to-v2.js";
import type { ObjectExpression } from "@babel/types";

function firstObject(text: string, path = "a.ts") {
  const source = readSource(path, text);
  const ast = parse(source);
  const decl = ast.program.body[0] as unknown as { declarations: { init: ObjectExpression }[] };
  return { source, object: decl.declarations[0]!.init };
}

describe("applyEdits", () => {
  test("refuses overlapping replacements instead of guessing", () => {
    expect(() =>
      applyEdits("abcdef", [
        { start: 1, end: 4, text: "x" },
        { start: 2, end: 5, text: "y" },
      ]),
    ).toThrow(/overlapping/);
  });
  test("keeps insertions at one offset in the order they were made", () => {
    expect(
      applyEdits("ab", [
        { start: 1, end: 1, text: "1" },
        { start: 1, end: 1, text: "2" },
      ]),
    ).toBe("a12b");
  });
  test("maps offsets of the old text into the new one", () => {
    const edits = [
      { start: 0, end: 0, text: "xx" },
      { start: 2, end: 4, text: "" },
    ];
    expect(mapOffset(5, edits)).toBe(5);
    expect(applyEdits("abcdef", edits)[mapOffset(5, edits)]).toBe("f");
  });
});

describe("object literal edits keep the literal's own layout", () => {
  test("a multi-line literal with a trailing comma gets a new line with one", () => {
    const { source, object } = firstObject("const o = {\n  a: 1, // one\n  b: 2,\n};\n");
    expect(applyEdits(source.text, [appendProperties(source, object, ["c: 3"])])).toBe("const o = {\n  a: 1, // one\n  b: 2,\n  c: 3,\n};\n");
  });
  test("a one-line literal stays on one line", () => {
    const { source, object } = firstObject("const o = { a: 1 };\n");
    expect(applyEdits(source.text, [appendProperties(source, object, ["c: 3"])])).toBe("const o = { a: 1, c: 3 };\n");
  });
  test("removing a property on its own line takes its line and comment with it", () => {
    const { source, object } = firstObject("const o = {\n  a: 1,\n  b: 2, // gone\n  c: 3,\n};\n");
    expect(applyEdits(source.text, [removeListItem(source, object, object.properties, object.properties[1]!)])).toBe("const o = {\n  a: 1,\n  c: 3,\n};\n");
  });
  test("removing a property keeps the comment lines above the next one (a @ts-expect-error is theirs)", () => {
    const { source, object } = firstObject("const o = {\n  a: 1,\n  // @ts-expect-error not in the type\n  b: 2,\n};\n");
    expect(applyEdits(source.text, [removeListItem(source, object, object.properties, object.properties[0]!)])).toBe(
      "const o = {\n  // @ts-expect-error not in the type\n  b: 2,\n};\n",
    );
  });
  test("removing the last property of a literal without a trailing comma drops the comma before it", () => {
    const { source, object } = firstObject("const o = {\n  a: 1,\n  b: 2\n};\n");
    expect(applyEdits(source.text, [removeListItem(source, object, object.properties, object.properties[1]!)])).toBe("const o = {\n  a: 1\n};\n");
  });
});

describe("source conventions", () => {
  test("a BOM is kept and CRLF is recognised", () => {
    const source = readSource("a.ts", "\uFEFFconst a = 1;\r\nconst b = 2;\r\n");
    expect(source.bom).toBe(true);
    expect(source.eol).toBe("\r\n");
    expect(writeSource(source, source.text)).toBe("\uFEFFconst a = 1;\r\nconst b = 2;\r\n");
  });
  test("new strings follow the quotes of the file's imports", () => {
    expect(readSource("a.js", "import x from 'y';\nconst s = \"a\";\n").quote).toBe("'");
    expect(readSource("a.js", 'const x = require("y");\n').quote).toBe('"');
  });
  test("a .ts file parses `<T>x` casts and a .tsx file parses JSX", () => {
    expect(() => parse(readSource("a.ts", "const n = <number>value;\n"))).not.toThrow();
    expect(() => parse(readSource("a.tsx", "const e = <div>{value}</div>;\n"))).not.toThrow();
  });
});

describe("the preset", () => {
  test("a file that does not parse is an error naming the parser's position, not a silent skip", () => {
    expect(() => runSteps(steps, "broken.ts", "import FirecrawlApp from '@mendable/firecrawl-js';\nconst = ;\n")).toThrow(/\(2:6\)/);
  });
  test("a step whose output does not parse is refused by name, even when it runs last", () => {
    const text = "import F from 'firecrawl';\nconst app = new F({});\napp.scrapeUrl('u');\n";
    const breaking = {
      name: "breaking",
      description: "writes an invalid assignment target",
      run: (c: StepContext) => c.edit(text.lastIndexOf("app"), text.lastIndexOf("app") + 3, "(app ?? []) = 1;"),
    };
    expect(() => runSteps([steps[0]!, breaking], "a.ts", text)).toThrow(
      /^breaking: produced code that does not parse: Invalid parenthesized assignment pattern/,
    );
    // Early errors count: a name declared twice is not written either.
    const twice = { name: "twice", description: "imports a name twice", run: (c: StepContext) => c.edit(7, 8, "{ F, F }") };
    expect(() => runSteps([twice], "a.ts", text)).toThrow(/^twice: produced code that does not parse: Identifier 'F' has already been declared/);
  });
  test("a file that never reaches the SDK is not rewritten, even with v1-looking calls", () => {
    const text = "const api = { scrapeUrl: (u: string) => u };\napi.scrapeUrl('x');\n";
    expect(runSteps(steps, "a.ts", text)).toEqual({ output: null, changes: [], todos: [] });
  });
  test("changes and TODOs are reported with the lines they end up on", () => {
    const text =
      "import F from 'firecrawl';\nconst app = new F({});\nexport async function f(u: string) {\n  return app.asyncCrawlUrl(u, { maxDepth: 2 }, 'key');\n}\n";
    const result = runSteps(steps, "a.ts", text);
    const lines = result.output!.split("\n");
    for (const todo of result.todos) expect(lines[todo.line - 1]).toContain("TODO(firecrawl-v2):");
    expect(result.todos).toHaveLength(2);
    expect(result.changes.map((c) => c.transform)).toEqual(expect.arrayContaining(["options", "client-methods"]));
  });
});
