/** Names within a scope, as Python resolves them for the code this migration reads: a function, or the module. */
import { allOf, type Node } from "../runtime/parser.js";

/** The scope a name lives in: its function, or the module. */
export function scopeOf(node: Node): Node {
  let at: Node | null = node.parent;
  while (at && at.type !== "function_definition" && at.type !== "module") at = at.parent;
  return at ?? node;
}

/** Uses of a name in `scope` as a value: not an attribute's or a keyword argument's name. */
export function usesIn(scope: Node, name: string): Node[] {
  return allOf(scope, "identifier").filter((n) => {
    if (n.text !== name) return false;
    const parent = n.parent;
    if (parent?.type === "attribute" && parent.childForFieldName("attribute")?.id === n.id) return false;
    if (parent?.type === "keyword_argument" && parent.childForFieldName("name")?.id === n.id) return false;
    return true;
  });
}

/**
 * The scope whose `name` a use reads, as Python resolves it: the nearest function around the use (a closure's
 * enclosing ones too) that binds the name (assigns it, takes it as a parameter, binds it with `for`, `with ... as`,
 * `except ... as`, `:=`, `def` or `class`), else the module; `global` sends it to the module. Class bodies are
 * no scope their methods see.
 */
export function bindingScope(use: Node, name = use.text): Node {
  let root = use;
  while (root.parent) root = root.parent;
  for (let fn = enclosingFunction(use); fn; fn = enclosingFunction(fn)) {
    const names = namesOf(fn);
    if (names.globals.has(name)) return root;
    if (!names.nonlocals.has(name) && names.bound.has(name)) return fn;
  }
  return root;
}

/** What a function does with names itself (not the functions defined in it): binds them, or declares them global or nonlocal. */
interface FunctionNames {
  readonly bound: ReadonlySet<string>;
  readonly globals: ReadonlySet<string>;
  readonly nonlocals: ReadonlySet<string>;
}

/**
 * Per parse, every function's names, read in one walk of the tree: every key of a file's clients asks, and a
 * walk of the function for each took seconds over a few dozen files.
 */
const functionNames = new WeakMap<object, Map<number, FunctionNames>>();
const NO_NAMES: FunctionNames = { bound: new Set(), globals: new Set(), nonlocals: new Set() };

function namesOf(fn: Node): FunctionNames {
  let known = functionNames.get(fn.tree);
  if (!known) {
    const all = new Map<number, { bound: Set<string>; globals: Set<string>; nonlocals: Set<string> }>();
    const of = (node: Node) => {
      const owner = enclosingFunction(node);
      if (!owner) return undefined;
      let names = all.get(owner.id);
      if (!names) all.set(owner.id, (names = { bound: new Set(), globals: new Set(), nonlocals: new Set() }));
      return names;
    };
    let root = fn;
    while (root.parent) root = root.parent;
    for (const n of allOf(root, ["identifier", "global_statement", "nonlocal_statement"])) {
      if (n.type === "identifier") {
        if (isBinding(n)) of(n)?.bound.add(n.text);
        continue;
      }
      const names = of(n);
      const into = n.type === "global_statement" ? names?.globals : names?.nonlocals;
      for (const name of n.namedChildren) if (name) into?.add(name.text);
    }
    functionNames.set(fn.tree, (known = all));
  }
  return known.get(fn.id) ?? NO_NAMES;
}

/** The function a node is in; a function's own name and decorators are in the one around it. */
function enclosingFunction(node: Node): Node | undefined {
  let at = node.parent;
  if (node.type === "identifier" && at?.type === "function_definition" && at.childForFieldName("name")?.id === node.id) at = at.parent;
  while (at && at.type !== "function_definition") at = at.parent;
  return at ?? undefined;
}

/** Patterns a binding target may be nested in: `a, b = ...`, `for (k, v) in ...`. */
const PATTERNS = new Set(["pattern_list", "tuple_pattern", "list_pattern", "list_splat_pattern", "parenthesized_expression", "as_pattern_target"]);
const PARAMETERS = new Set(["parameters", "typed_parameter", "default_parameter", "typed_default_parameter", "list_splat_pattern", "dictionary_splat_pattern"]);

/** Whether an identifier is where a name is bound: a target, a parameter, a `def`'s or `class`'s name. */
function isBinding(n: Node): boolean {
  let at = n;
  while (at.parent && PATTERNS.has(at.parent.type)) at = at.parent;
  const parent = at.parent;
  if (!parent) return false;
  const field = (name: string) => parent.childForFieldName(name)?.id === at.id;
  switch (parent.type) {
    case "assignment":
    case "augmented_assignment":
    case "for_statement":
    case "for_in_clause":
      return field("left");
    case "named_expression":
    case "function_definition":
    case "class_definition":
      return field("name");
    case "as_pattern":
      return field("alias");
    case "default_parameter":
    case "typed_default_parameter":
      return field("name");
    case "typed_parameter":
      return parent.namedChildren[0]?.id === at.id;
    default:
      return PARAMETERS.has(parent.type);
  }
}

/** Whether an identifier binds its name or unbinds it (`del name`, `del a, name`): where the value it holds may change. */
export function rebinds(n: Node): boolean {
  const parent = n.parent;
  return isBinding(n) || parent?.type === "delete_statement" || (parent?.type === "expression_list" && parent.parent?.type === "delete_statement");
}

/** The bindings of a name in the scope that binds it (the identifiers bound: targets, a `def`'s name, ...). */
export function bindingsOf(name: Node): Node[] {
  const scope = bindingScope(name);
  return usesIn(scope, name.text).filter((n) => bindingScope(n).id === scope.id && rebinds(n));
}

/** The one binding of a name in the scope that binds it; null where there are more. */
export function onlyBinding(name: Node): Node | null {
  const bindings = bindingsOf(name);
  return bindings.length === 1 ? bindings[0]! : null;
}

/** The one binding of a name in the scope that binds it, where that is an assignment (`pages = []`): its target and value. */
export function onlyAssignment(name: Node): { target: Node; value: Node | null } | null {
  const target = onlyBinding(name);
  const binding = target?.parent;
  return binding?.type === "assignment" ? { target: target!, value: binding.childForFieldName("right") } : null;
}

const assigns = (n: Node) => n.parent?.type === "assignment" && n.parent.childForFieldName("left")?.id === n.id;

/** Whether the function assigns `name` itself (not one of the functions defined in it). */
function assignsIn(fn: Node, name: string): boolean {
  return usesIn(fn, name).some((n) => assigns(n) && scopeOf(n).id === fn.id);
}

/**
 * The value a name holds where `use` reads it, when its scope (the function that assigns it, else the module)
 * assigns it once (`actions = [...]`) and reads it only there: code that changes it (`actions.append(...)`,
 * `actions += ...`) or reads it elsewhere reads it too. A function's own name of the same spelling is another.
 * A module's public name may be imported by another module, which would get what the migration makes of it:
 * only a `_private` one counts there, or one `exported` says no other module imports (python/detect/importers.ts).
 * Other reads count as this one where `sameRead` says they take the value as it does (the same keyword of another
 * call the migration rewrites alike), so what is made of the value serves them all.
 */
export function heldValue(use: Node, exported: (name: string) => boolean, sameRead: (read: Node) => boolean = () => false): Node | null {
  if (use.type !== "identifier") return null;
  const name = use.text;
  let root = use;
  while (root.parent) root = root.parent;
  // `global name` lets a function assign the module's name: too far to follow.
  if (allOf(root, "global_statement").some((g) => g.namedChildren.some((n) => n?.text === name))) return null;
  const local = (scope: Node) => scope.type === "function_definition" && assignsIn(scope, name);
  const scope = bindingScope(use);
  const uses = usesIn(scope, name).filter((n) => scope.id !== root.id || !local(scopeOf(n)));
  const assigned = uses.filter(assigns);
  const reads = uses.filter((n) => !assigns(n));
  if (assigned.length !== 1 || !reads.some((n) => n.id === use.id) || !reads.every((n) => n.id === use.id || sameRead(n))) return null;
  // Asked last: it may read the project's other modules.
  if (scope.id === root.id && !name.startsWith("_") && exported(name)) return null;
  return assigned[0]!.parent!.childForFieldName("right");
}
