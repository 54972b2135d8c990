/**
 * Python parsed with tree-sitter in WebAssembly: web-tree-sitter and the grammar's .wasm from the
 * tree-sitter-python package, both loaded from node_modules, with no native build and no download.
 * Loading is asynchronous and done once; parsing is synchronous after that.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Node, Parser, Tree } from "web-tree-sitter";
import { indentation, python3Refusal } from "./python3-rules.js";

export type { Node, Tree };

let parser: Parser | null = null;
let loading: Promise<void> | null = null;

/**
 * Loads the parser once, however many ask at the same time: a worker handed two batches at once asks for
 * each, and a second Parser.init while the first is still running broke the first ("null function or
 * function signature mismatch" on every file of its batch).
 */
export function loadPython(): Promise<void> {
  return (loading ??= load());
}

async function load(): Promise<void> {
  // Imported here: the Python steps are loaded with the transforms whatever the files' languages, and
  // web-tree-sitter's JavaScript (150 KB) was loaded by every run that transformed a file, Python or not.
  const { Language, Parser } = await import("web-tree-sitter");
  const require = createRequire(import.meta.url);
  await Parser.init({ locateFile: (name: string) => join(dirname(require.resolve("web-tree-sitter")), name) });
  const grammar = await Language.load(join(dirname(require.resolve("tree-sitter-python/package.json")), "tree-sitter-python.wasm"));
  const ready = new Parser();
  ready.setLanguage(grammar);
  parser = ready;
}

/** Node offsets are in UTF-16 code units, the same as JavaScript string offsets, so edits slice strings. */
export function parsePython(text: string): Tree {
  if (!parser) throw new Error("the Python parser is not loaded (call loadPython first)");
  const tree = parser.parse(text);
  if (!tree) throw new Error("tree-sitter returned no tree");
  return tree;
}

/** The first syntax error in a tree, as a parser message with its position (and what Python 3 refuses in it), or null. */
export function syntaxError(tree: Tree): { line: number; column: number; reason?: string } | null {
  const at = (node: Node) => ({ line: node.startPosition.row + 1, column: node.startPosition.column });
  if (!tree.rootNode.hasError) {
    const misplaced = misplacedArgument(tree.rootNode);
    if (misplaced) return at(misplaced);
    const indented = misindented(tree.rootNode);
    if (indented) return { ...at(indented), reason: "an unexpected indent" };
    return python3Refusal(tree.rootNode);
  }
  const bad = firstError(tree.rootNode);
  return bad ? at(bad) : { line: 1, column: 0 };
}

const NOT_POSITIONAL = new Set(["keyword_argument", "list_splat", "dictionary_splat", "comment"]);

/**
 * `f(a=1, b)` and `f(a=1, a=2)`: the grammar takes them, Python refuses them when it compiles the file. The parse
 * check of a migrated file counts them as the syntax errors they are.
 */
function misplacedArgument(root: Node): Node | null {
  for (const list of root.descendantsOfType(["argument_list"])) {
    let keyword = false;
    const names = new Set<string>();
    for (const argument of list?.namedChildren ?? []) {
      if (!argument) continue;
      if (argument.type === "keyword_argument") {
        const name = argument.childForFieldName("name")?.text ?? "";
        if (names.has(name)) return argument;
        names.add(name);
      }
      if (argument.type === "keyword_argument" || argument.type === "dictionary_splat") keyword = true;
      else if (keyword && !NOT_POSITIONAL.has(argument.type)) return argument;
    }
  }
  return null;
}

/**
 * A statement that starts its line indented unlike the others of its block (Python's "unexpected indent"), which
 * tree-sitter takes as the next statement of the block around: a line written at the margin inside a function body
 * left the rest of the body indented under no block, and that parsed.
 */
function misindented(root: Node): Node | null {
  // The module's text begins at its first statement or comment: what stands before that on its line is indentation.
  const text = root.text;
  const offset = root.startIndex;
  for (const block of [root, ...allOf(root, "block")]) {
    // The module's statements stand at the margin; a block's, where its first on a line of its own stands.
    let indent: number | undefined = block === root ? 0 : undefined;
    let row = -1;
    for (const statement of block.namedChildren) {
      if (!statement || statement.type === "comment") continue;
      const startsLine = statement.startPosition.row > row;
      row = statement.endPosition.row;
      if (!startsLine) continue;
      const from = statement.startIndex - offset;
      const line = text.lastIndexOf("\n", from - 1) + 1;
      const before = (line === 0 ? " ".repeat(root.startPosition.column) : "") + text.slice(line, from);
      // code before it on its line: a block's header (`if ready: go()`)
      if (!/^[ \t]*$/.test(before)) continue;
      // Measured as Python measures it: a tab and eight spaces are the same indent, or a TabError, told apart later.
      const col = indentation(before).col;
      indent ??= col;
      if (col !== indent) return statement;
    }
  }
  return null;
}

/**
 * Where the parse first went wrong: the innermost error on the way down through the first erroneous child each time.
 * tree-sitter's recovery can wrap most of a file in one ERROR node that starts at its first line (a docstring's
 * quotes unbalanced below), so the outermost ERROR's start says little; what it wraps says where.
 */
function firstError(node: Node): Node | null {
  for (const child of node.children) if (child && (child.hasError || child.isMissing)) return firstError(child) ?? child;
  return node.type === "ERROR" || node.isMissing ? node : null;
}

/** Every node below `node` (itself included) of one of these types, in document order. */
function descendants(node: Node, types: string | readonly string[]): Node[] {
  return node.descendantsOfType(typeof types === "string" ? [types] : [...types]).filter((n): n is Node => n !== null);
}

/**
 * The module's answers, per tree: the detectors ask a module for its calls, assignments, functions, ... about a
 * hundred times a file, and each asking walked the whole tree in WebAssembly and wrapped every node it found (8 s of
 * a 28 s run over 2,260 Python files, with 15 questions asked 230,000 times).
 */
const moduleAnswers = new WeakMap<Tree, { readonly root: number; readonly answers: Map<string, readonly Node[]> }>();

/** Every node below `node` (itself included) of one of these types, in document order. */
export function allOf(node: Node, types: string | readonly string[]): Node[] {
  let known = moduleAnswers.get(node.tree);
  if (!known) moduleAnswers.set(node.tree, (known = { root: node.tree.rootNode.id, answers: new Map() }));
  if (node.id !== known.root) return descendants(node, types);
  const key = typeof types === "string" ? types : types.join(",");
  let answer = known.answers.get(key);
  if (!answer) known.answers.set(key, (answer = descendants(node, types)));
  // a copy: callers sort and filter what they are given
  return [...answer];
}

/** Whether `node` lies within `around` (or is it). */
export function within(node: Node, around: Node): boolean {
  return node.startIndex >= around.startIndex && node.endIndex <= around.endIndex;
}

/** The nearest node of this type around `node`, itself left out. */
export function enclosing(node: Node, type: string): Node | undefined {
  for (let at = node.parent; at; at = at.parent) if (at.type === type) return at;
  return undefined;
}

/** Whether a statement is in the body of a `try` (an import the module goes on without where it fails). */
export function inTryBody(statement: Node): boolean {
  const block = statement.parent;
  return block?.type === "block" && block.parent?.type === "try_statement" && block.parent.childForFieldName("body")?.id === block.id;
}

/** A function's own `return` statements, not those of the functions defined in it. */
export function returnsOf(fn: Node): Node[] {
  return allOf(fn, "return_statement").filter((r) => enclosing(r, "function_definition")?.id === fn.id);
}

/** A string literal's value, when it is a plain one (no interpolation, no implicit concatenation). */
export function stringValue(node: Node | null): string | undefined {
  if (node?.type !== "string") return undefined;
  const content = node.children.filter((c) => c?.type === "string_content");
  if (node.children.some((c) => c?.type === "interpolation")) return undefined;
  return content.map((c) => c!.text).join("");
}

/** The last name in a dotted name (`mocker.patch` is `patch`), or the node's text. */
export function lastName(node: Node | null): string {
  if (node?.type === "attribute") return node.childForFieldName("attribute")!.text;
  return node?.text ?? "";
}

/** A call's arguments, without the comments between them. */
export function argumentsOf(call: Node): Node[] {
  return call.childForFieldName("arguments")?.namedChildren.filter((a): a is Node => a !== null && a.type !== "comment") ?? [];
}

/** The argument `args` hand the parameter `name` at place `at`: its keyword's, else the one at that place unless that is another's keyword. */
export function argumentFor(args: readonly Node[], name: string, at: number): Node | null | undefined {
  const keyword = args.find((a) => a.type === "keyword_argument" && a.childForFieldName("name")?.text === name);
  if (keyword) return keyword.childForFieldName("value");
  return args[at]?.type === "keyword_argument" ? undefined : args[at];
}

/** The name a parameter binds (`app`, `app=…`, `app: T`, `app: T = …`); null for `*args`, `**kw`, `/` and `*`. */
export function parameterName(parameter: Node): Node | null {
  if (parameter.type === "identifier") return parameter;
  const name = parameter.type === "typed_parameter" ? parameter.namedChildren[0] : parameter.childForFieldName("name");
  return name?.type === "identifier" ? name : null;
}

/** The annotation of the parameter a name is, of the function around it (`params` in `def f(params: Dict[str, Any])`). */
export function parameterAnnotation(name: Node): Node | null {
  if (name.type !== "identifier") return null;
  const parameters = enclosing(name, "function_definition")?.childForFieldName("parameters")?.namedChildren ?? [];
  return parameters.find((p) => !!p && parameterName(p)?.text === name.text)?.childForFieldName("type") ?? null;
}

/** The name a call calls, by its last part: `loop.run_in_executor(...)` calls `run_in_executor`. */
export function calledName(call: Node): string {
  return lastName(call.childForFieldName("function"));
}

/** A node without the parentheses around it, or with all of them. */
export const inner = (node: Node): Node => (node.type === "parenthesized_expression" && node.namedChildren[0] ? inner(node.namedChildren[0]) : node);
export const outer = (node: Node): Node => (node.parent?.type === "parenthesized_expression" ? outer(node.parent) : node);

/** The operands of a test's chain of `and`s, parentheses taken off: the test alone where it is none. */
export function andOperands(test: Node): Node[] {
  const node = inner(test);
  if (node.type !== "boolean_operator" || node.childForFieldName("operator")?.type !== "and") return [node];
  return [...andOperands(node.childForFieldName("left")!), ...andOperands(node.childForFieldName("right")!)];
}
