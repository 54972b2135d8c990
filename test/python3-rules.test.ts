/**
 * The rules the tool applies where the tree-sitter grammar is more lenient than CPython 3 (Python 2 forms,
 * an annotation inside a chained assignment, TabError, strings that reuse an f-string's quote before 3.12), checked against CPython's own compile() where a
 * python3 is on the machine: the tool itself never needs one.
 */
import { spawnSync } from "node:child_process";
import { beforeAll, expect, test } from "vitest";
import { allOf, loadPython, parsePython, syntaxError } from "../src/python/runtime/parser.js";
import { quotesReusedInFStrings } from "../src/python/runtime/python3-rules.js";
import { runPython, type PyStep } from "../src/python/pipeline.js";

beforeAll(loadPython);

const SNIPPETS: Record<string, string> = {
  "print statement": 'print "hello"\n',
  "exec statement": 'exec "x = 1"\n',
  "except comma": "try:\n    pass\nexcept ValueError, e:\n    pass\n",
  backticks: "y = 1\nx = `y`\n",
  "not-equal <>": "x = 1 <> 2\n",
  "old octal": "x = 0777\n",
  "long suffix": "x = 10L\n",
  "ur prefix": 'x = ur"a"\n',
  "raise comma": 'raise ValueError, "m"\n',
  "tuple parameter": "def f((a, b)):\n    pass\n",
  "lambda tuple parameter": "f = lambda (a, b): a\n",
  "spaces then a tab at the same depth": "def f():\n        x = 1\n\treturn x\n",
  "a tab then spaces deeper": "if True:\n\tif True:\n\t        pass\n        pass\n",
  // a key that is no name, written as an attribute: the grammar reads `m.og: title` as an annotated second target
  "an annotation inside a chained assignment": "class M:\n    og = 1\nm = M()\ntitle = m.og:title\n",
  // What Python 3 takes, and so must the tool:
  "print call": 'print("x")\n',
  "print with a space": 'print ("x")\n',
  // An operator after the name makes an expression Python 3 compiles (and fails at run time).
  "print chevron": 'import sys\nprint >>sys.stderr, "x"\n',
  "print minus": "print -1\n",
  "except as": "try:\n    pass\nexcept ValueError as e:\n    pass\n",
  "new octal and zeros": "x = 0o777\ny = 0\nz = 00\nw = 0x1F\n",
  "byte and raw strings": 'x = rb"a"\ny = u"b"\nz = Rb"c"\nf = rf"{x}"\n',
  "raise from": 'raise ValueError("m") from None\n',
  "tabs only": "def f():\n\tif True:\n\t\treturn 1\n\treturn 2\n",
  "a tab as 8 columns, consistently": "if True:\n\tx = 1\n\tif x:\n\t    y = 2\n",
  "continuation lines indented any way": "x = (1,\n\t  2,\n        3)\nif x:\n    y = [\n\t1]\n",
  "a tuple pattern in a for loop": "for (a, b) in [(1, 2)]:\n    pass\n",
  "annotated assignments": "x: int = 1\ny: int\nclass M:\n    og: str = ''\nM.og: str = 'a'\na = b = 2\n",
  // the tokenizer measures no comment line's indentation
  "a comment line indented with a tab among spaces": "if True:\n        x = 1\n\t# a comment\n        y = 2\n",
};

const refused = (code: string) => syntaxError(parsePython(code)) !== null;

test("Python 2 forms, an annotated chained target and mixed indentation are refused; their Python 3 spellings are not", () => {
  const verdicts = Object.fromEntries(Object.entries(SNIPPETS).map(([name, code]) => [name, refused(code)]));
  const python3 = Object.keys(SNIPPETS).indexOf("print call");
  expect(verdicts).toEqual(Object.fromEntries(Object.keys(SNIPPETS).map((name, i) => [name, i < python3])));
});

const cpython = spawnSync("python3", ["--version"]).status === 0;

test.runIf(cpython)("the tool refuses exactly what CPython's compile() refuses", () => {
  const script =
    "import json,sys\nout=[]\nfor code in json.load(sys.stdin):\n  try:\n    compile(code,'<s>','exec'); out.append(False)\n  except SyntaxError:\n    out.append(True)\nprint(json.dumps(out))";
  const run = spawnSync("python3", ["-c", script], { input: JSON.stringify(Object.values(SNIPPETS)), encoding: "utf8" });
  const theirs = JSON.parse(run.stdout) as boolean[];
  expect(Object.fromEntries(Object.keys(SNIPPETS).map((name) => [name, refused(SNIPPETS[name]!)]))).toEqual(
    Object.fromEntries(Object.keys(SNIPPETS).map((name, i) => [name, theirs[i]])),
  );
});

const FSTRINGS: Record<string, string> = {
  "a key in the f-string's own quote": 'd = {}\nx = f"{d["k"]}"\n',
  "the same, two f-strings deep": 'd = {}\nx = f"{f\'{d["k"]}\'}"\n',
  "a key in the other quote": "d = {}\nx = f\"{d['k']}\"\n",
  "a key in a triple-quoted f-string": 'd = {}\nx = f"""{d["k"]}"""\n',
  "a format spec with a nested field": 'a, w = 1, 5\nx = f"{a!r:>{w}}"\n',
};

const olderPython = spawnSync("python3", ["-c", "import sys; sys.exit(sys.version_info >= (3, 12))"]).status === 0;

test.runIf(olderPython)("the strings counted as reusing an f-string's quote are the ones Python before 3.12 refuses", () => {
  const script =
    "import json,sys\nout=[]\nfor code in json.load(sys.stdin):\n  try:\n    compile(code,'<s>','exec'); out.append(False)\n  except SyntaxError:\n    out.append(True)\nprint(json.dumps(out))";
  const run = spawnSync("python3", ["-c", script], { input: JSON.stringify(Object.values(FSTRINGS)), encoding: "utf8" });
  const theirs = JSON.parse(run.stdout) as boolean[];
  const ours = Object.values(FSTRINGS).map((code) => quotesReusedInFStrings(parsePython(code).rootNode).length > 0);
  expect(ours).toEqual(theirs);
});

test("a migration that writes a string in an f-string's own quote fails the file; the user's own such strings do not", () => {
  const requote: PyStep = {
    name: "requote",
    description: "writes a key in the other quote",
    run(context) {
      const key = allOf(context.tree.rootNode, "string").find((s) => s.text === "'markdown'")!;
      context.edit(key.startIndex, key.endIndex, '"markdown"');
    },
  };
  const input = 'from firecrawl import FirecrawlApp\n\napp = FirecrawlApp()\npage = app.scrape_url("https://example.com")\nprint(f"{page[\'markdown\']}")\n';
  expect(() => runPython([requote], "page.py", input)).toThrow(/requote: produced code that does not parse: .*Python before 3\.12/);
  const own = input.replace("page['markdown']", 'page["markdown"]');
  expect(runPython([], "page.py", own).output ?? own).toBe(own);
});
