/**
 * Which Python expressions are Firecrawl clients: names and `self.<attr>` assigned an instance of the SDK's
 * client class (under any alias, or reached as `firecrawl.FirecrawlApp`), and parameters annotated with
 * it. Tracking is by name within the file; unrelated objects with the same method names never match.
 */
import { METHODS, type MethodRow } from "../mapping/methods.js";
import { PY_CLIENTS, PY_LEGACY_MODULES, PY_PACKAGE, PY_TYPES_MODULE } from "../mapping/python.js";
import { allOf, type Node, type Tree } from "./parser.js";

const SDK_MODULES = new Set<string>([PY_PACKAGE, ...PY_LEGACY_MODULES, `${PY_PACKAGE}.v2`, PY_TYPES_MODULE]);
/** every class name, v1 or v2, that makes a client; the async ones are awaited */
const CLIENT_CLASSES = new Map<string, boolean>([
  ...PY_CLIENTS.flatMap((c) => [[c.v1, c.async] as const, [c.v2, c.async] as const]),
]);

export interface PyBindings {
  readonly found: boolean;
  /** local class name -> whether it is the async client */
  readonly classes: ReadonlyMap<string, boolean>;
  /** local names of `import firecrawl` (and aliases) */
  readonly modules: ReadonlySet<string>;
  /** local name or `self.attr` -> async */
  readonly clients: ReadonlyMap<string, boolean>;
  /** the import statements that bring the SDK in */
  readonly imports: readonly Node[];
}

export interface PyCall {
  readonly node: Node;
  /** the identifier naming the method */
  readonly name: Node;
  readonly receiver: Node;
  readonly method: string;
  readonly row: MethodRow;
  readonly isV1Name: boolean;
  readonly async: boolean;
  readonly args: Node;
}

/** A receiver's key for tracking: a name, or `self.attr`. */
function keyOf(node: Node | null): string | null {
  if (!node) return null;
  if (node.type === "identifier") return node.text;
  if (node.type === "attribute" && node.childForFieldName("object")?.text === "self") return `self.${node.childForFieldName("attribute")!.text}`;
  return null;
}

export function detect(tree: Tree): PyBindings {
  const root = tree.rootNode;
  const classes = new Map<string, boolean>();
  const modules = new Set<string>();
  const imports: Node[] = [];
  for (const statement of allOf(root, "import_from_statement")) {
    const module = statement.childForFieldName("module_name")?.text ?? "";
    if (!SDK_MODULES.has(module)) continue;
    imports.push(statement);
    for (const name of statement.childrenForFieldName("name")) {
      if (!name) continue;
      const imported = name.type === "aliased_import" ? name.childForFieldName("name")!.text : name.text;
      const local = name.type === "aliased_import" ? name.childForFieldName("alias")!.text : name.text;
      const isAsync = CLIENT_CLASSES.get(imported);
      if (isAsync !== undefined) classes.set(local, isAsync);
    }
  }
  for (const statement of allOf(root, "import_statement")) {
    for (const name of statement.childrenForFieldName("name")) {
      if (!name) continue;
      const imported = name.type === "aliased_import" ? name.childForFieldName("name")!.text : name.text;
      if (imported !== PY_PACKAGE) continue;
      imports.push(statement);
      modules.add(name.type === "aliased_import" ? name.childForFieldName("alias")!.text : imported);
    }
  }

  /** The class an expression names: `FirecrawlApp`, an alias of it, or `firecrawl.FirecrawlApp`. */
  const classOf = (node: Node | null): boolean | undefined => {
    if (!node) return undefined;
    if (node.type === "identifier") return classes.get(node.text);
    if (node.type === "attribute" && modules.has(node.childForFieldName("object")?.text ?? "")) {
      return CLIENT_CLASSES.get(node.childForFieldName("attribute")!.text);
    }
    if (node.type === "subscript" || node.type === "binary_operator") {
      // Optional[FirecrawlApp], FirecrawlApp | None
      for (const child of node.namedChildren) {
        const found = classOf(child);
        if (found !== undefined) return found;
      }
    }
    if (node.type === "type") return classOf(node.namedChildren[0] ?? null);
    if (node.type === "generic_type" || node.type === "union_type") {
      for (const child of allOf(node, "identifier")) {
        const found = classes.get(child.text);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  };

  const clients = new Map<string, boolean>();
  for (const assignment of allOf(root, "assignment")) {
    const key = keyOf(assignment.childForFieldName("left"));
    if (!key) continue;
    let value = assignment.childForFieldName("right");
    if (value?.type === "await") value = value.namedChildren[0] ?? null;
    const made = value?.type === "call" ? classOf(value.childForFieldName("function")) : undefined;
    const annotated = classOf(assignment.childForFieldName("type"));
    const isAsync = made ?? annotated;
    if (isAsync !== undefined) clients.set(key, isAsync);
  }
  for (const parameter of allOf(root, ["typed_parameter", "typed_default_parameter"])) {
    const name = parameter.type === "typed_parameter" ? parameter.namedChildren[0] : parameter.childForFieldName("name");
    const isAsync = classOf(parameter.childForFieldName("type"));
    if (name && isAsync !== undefined) clients.set(name.text, isAsync);
  }
  return { found: imports.length > 0, classes, modules, clients, imports };
}

/** Calls of client methods by their v1 or v2 name, on receivers known to be clients. */
export function clientCalls(tree: Tree, sdk: PyBindings): PyCall[] {
  const calls: PyCall[] = [];
  for (const call of allOf(tree.rootNode, "call")) {
    const fn = call.childForFieldName("function");
    if (fn?.type !== "attribute") continue;
    const name = fn.childForFieldName("attribute")!;
    const receiver = fn.childForFieldName("object")!;
    const found = pythonRow(name.text);
    if (!found) continue;
    const key = keyOf(receiver);
    const isAsync = key !== null ? sdk.clients.get(key) : undefined;
    if (isAsync === undefined) continue;
    calls.push({ node: call, name, receiver, method: name.text, ...found, async: isAsync, args: call.childForFieldName("arguments")! });
  }
  return calls;
}

/** The method row for a Python method name, v1 (any spelling the table lists) or v2. */
function pythonRow(name: string): { row: MethodRow; isV1Name: boolean } | undefined {
  for (const row of METHODS) {
    if (row.python.v1.includes(name)) return { row, isV1Name: row.python.v2 !== name };
    if (row.python.v2 === name) return { row, isV1Name: false };
  }
  return undefined;
}
