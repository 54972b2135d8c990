/** The edit engine's own promises: what a transform relies on when it plans edits. */
import { describe, expect, test } from "vitest";
import { appendProperties, removeListItem } from "../src/js/writing.js";
import { applyEdits, mapOffset, offsetMapper, offsetUnmapper, unmapEnd, unmapOffset, type Edit } from "../src/core/edits.js";
import { parse } from "../src/js/runtime/parse.js";
import { onFirstUse } from "../src/core/on-first-use.js";
import { PathIndex } from "../src/js/detect/paths.js";
import { lineStart } from "../src/core/text.js";
import { readSource, writeSource } from "../src/core/source.js";
import { runSteps, type StepContext } from "../src/js/pipeline.js";
import { steps } from "../src/js/steps/index.js";
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
  test("an output the quick check refuses but Babel reads is written: a `return` outside a function, as CommonJS allows", () => {
    const text = "import F from 'firecrawl';\nconst app = new F({});\nif (!process.env.KEY) return;\napp.scrapeUrl('u');\n";
    const result = runSteps(steps, "a.js", text);
    expect(result.output).toContain("return;\napp.scrape('u');");
  });
  test("a package that does not load on this machine (a native build missing) gives way to what the caller has instead", () => {
    expect(onFirstUse(import.meta.url, "no-such-package-for-this-test", null)()).toBeNull();
    expect(() => onFirstUse(import.meta.url, "no-such-package-for-this-test")()).toThrow(/Cannot find module/);
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

describe("PathIndex", () => {
  // Nested scopes, a shadowing parameter and a name used as a property: what the lookups must keep apart.
  const text = [
    "const res = 1;",
    "function a(res: number) {",
    "  const other = { res };",
    "  return () => res + other.res;",
    "}",
    "class B { res = res; m() { for (const res of [res]) res; } }",
    "const x = 'res';",
    ...Array.from({ length: 40 }, (_, i) => `function f${i}() { const res = ${i}; if (res) return res; }`),
  ].join("\n");
  const index = new PathIndex(parse(readSource("a.ts", text)));

  test("looks up paths by name as a filter over every path of the type would", () => {
    const all = index.of("Identifier");
    for (const name of ["res", "other", "a", "missing"]) expect(index.of("Identifier", { name })).toEqual(all.filter((p) => p.node.name === name));
    expect(index.of("VariableDeclaration", { kind: "const" })).toEqual(index.of("VariableDeclaration").filter((p) => p.node.kind === "const"));
  });

  test("finds the paths inside a node as a filter by position would, in the same order", () => {
    const containers = [...index.of("FunctionDeclaration"), ...index.of("BlockStatement"), ...index.of("ClassBody"), index.root];
    for (const { node } of containers) {
      const inside = (p: { node: { start?: number | null; end?: number | null } }) => p.node.start! >= node.start! && p.node.end! <= node.end!;
      expect(index.within("Identifier", node, { name: "res" })).toEqual(index.of("Identifier", { name: "res" }).filter(inside));
      expect(index.within("Identifier", node)).toEqual(index.of("Identifier").filter(inside));
      expect(index.within("ReturnStatement", node)).toEqual(index.of("ReturnStatement").filter(inside));
    }
  });
});

describe("lineStart", () => {
  test("finds the line's start after \\n, \\r\\n or a lone \\r, reading back only to it", () => {
    const text = "one\ntwo\r\nthree\rfour";
    expect([0, 2, 4, 6, 9, 12, 15, 16, 18].map((at) => lineStart(text, at))).toEqual([0, 0, 4, 4, 9, 9, 15, 15, 15]);
  });
  test("at offset 0 looks at the first character as lastIndexOf did", () => {
    expect(lineStart("\nx", 0)).toBe(1);
    expect(lineStart("x\n", 0)).toBe(0);
  });
});

describe("offsetMapper and offsetUnmapper", () => {
  /** Edits applyEdits accepts, at random: disjoint replacements, insertions between them and at their ends. */
  function randomEdits(seed: number, length: number): Edit[] {
    let state = seed;
    const next = (n: number) => ((state = (state * 1103515245 + 12345) % 2147483648), state % n);
    const edits: Edit[] = [];
    for (let at = next(4); at < length; at += 1 + next(6)) {
      const kind = next(3);
      const text = "x".repeat(next(5));
      if (kind === 0) edits.push({ start: at, end: at, text });
      else {
        const end = Math.min(length, at + 1 + next(4));
        edits.push({ start: at, end, text });
        if (kind === 2) edits.push({ start: at, end: at, text: "z" }, { start: end, end, text: "y" });
        at = end;
      }
    }
    // in the order steps made them, not by position
    return edits
      .map((e, i) => ({ e, k: next(1000) + i / 1e6 }))
      .sort((a, b) => a.k - b.k)
      .map(({ e }) => e);
  }

  test("answer as mapOffset, unmapOffset and unmapEnd do, for every offset", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const edits = randomEdits(seed, 200);
      const output = applyEdits("a".repeat(200), edits);
      const mapped = offsetMapper(edits);
      const unmapped = offsetUnmapper(edits);
      expect(edits.length).toBeGreaterThan(16);
      for (let at = 0; at <= 200; at++) expect(mapped(at)).toBe(mapOffset(at, edits));
      for (let at = 0; at <= output.length; at++) {
        expect(unmapped.offset(at)).toBe(unmapOffset(at, edits));
        expect(unmapped.end(at)).toBe(unmapEnd(at, edits));
      }
    }
  });
});
