/**
 * The dict literal a name stands for at a call: `options = {...}` and then `app.scrape_url(url, params=options)`.
 * Followed in the call's function, then in the module, and only where the literal still says what the call
 * gets: one binding, before the call, nothing changing the dict, and values that read the same at the call.
 */
import { scopeOf, usesIn } from "./names.js";
import { allOf, argumentsOf, calledName, enclosing, lastName, within, type Node } from "../runtime/parser.js";

/**
 * `writes`: the items the code sets after the literal, before the call or after it (for another call), each a
 * subscript with a key of its own (`params["limit"] = n`, perhaps under an `if`); where there are any, the literal alone
 * does not say what the call gets, and the dict is kept.
 */
export type BoundDict =
  | { readonly dict: Node; readonly statement: Node; readonly unused: boolean; readonly writes: readonly Node[]; readonly fallbacks: readonly Node[] }
  | { readonly reason: string };

/**
 * A binding that keeps the dict or, failing that, makes another (`params = params if "params" in locals() else {...}`,
 * `params = params or {...}`, in an `except` that retries): the other literal, whose keys are the dict's too.
 */
function fallbackOf(binding: Node, name: string): Node | null {
  const right = binding.type === "assignment" ? binding.childForFieldName("right") : null;
  const [kept, other] =
    right?.type === "conditional_expression"
      ? [right.namedChildren[0], right.namedChildren[2]]
      : right?.type === "boolean_operator" && right.childForFieldName("operator")?.type === "or"
        ? [right.childForFieldName("left"), right.childForFieldName("right")]
        : [];
  return kept?.type === "identifier" && kept.text === name && other?.type === "dictionary" ? other : null;
}

/** Builtins that only convert or measure what they are given: computed again at the call, they give the same. */
const CONVERSIONS = new Set(["int", "float", "str", "bool", "len", "min", "max", "round", "abs", "list", "tuple", "sorted"]);

/** str's methods that make a new string of the one they are called on (`format.lower()`): computed again, the same. */
const STRING_METHODS = new Set(["lower", "upper", "strip", "lstrip", "rstrip", "title", "casefold", "replace", "removeprefix", "removesuffix"]);

/** pydantic's methods that describe a model class (`Product.model_json_schema()`): computed again, the same. */
const SCHEMA_METHODS = new Set(["model_json_schema", "schema", "schema_json"]);

/**
 * Whether a call gives the same computed again at the call: a conversion, a str method on a name, an attribute or
 * another call (`section.strip("/").lower()`, whose inner call is judged on its own), or a model class's schema.
 */
function sameAgain(call: Node): boolean {
  const callee = call.childForFieldName("function")!;
  if (CONVERSIONS.has(callee.text)) return true;
  const receiver = callee.type === "attribute" ? callee.childForFieldName("object") : null;
  const method = callee.type === "attribute" ? callee.childForFieldName("attribute")!.text : "";
  if (SCHEMA_METHODS.has(method) && receiver && ["identifier", "attribute"].includes(receiver.type) && /^[A-Z]/.test(lastName(receiver))) return true;
  return ["identifier", "attribute", "call"].includes(receiver?.type ?? "") && STRING_METHODS.has(method);
}

/**
 * The dict literal a binding makes: itself, or the literal side of a choice whose other side is an empty dict
 * (`{"search": search} if search else {}`), which is then that choice's other dict, kept where it is as a fallback is.
 */
function chosenDict(value: Node | null): { dict: Node | null; empty?: Node } {
  if (value?.type !== "conditional_expression") return { dict: value };
  const [taken, , other] = value.namedChildren;
  const isEmpty = (n: Node | null | undefined) => n?.type === "dictionary" && n.namedChildren.length === 0;
  if (taken?.type === "dictionary" && isEmpty(other)) return { dict: taken, empty: other! };
  if (other?.type === "dictionary" && isEmpty(taken)) return { dict: other, empty: taken! };
  return { dict: null };
}

/** dict methods that change it in place */
const MUTATORS = new Set(["update", "pop", "popitem", "setdefault", "clear"]);
/** calls a dict can be handed to without being changed */
const READERS = new Set(["print", "len", "str", "repr", "dict", "list", "dumps", "debug", "info", "warning", "error", "exception", "log"]);

function bindingsIn(scope: Node, name: string): Node[] {
  return allOf(scope, ["assignment", "augmented_assignment", "for_statement"]).filter((a) => {
    const left = a.childForFieldName("left");
    return left?.type === "identifier" && left.text === name && scopeOf(a).id === scope.id;
  });
}

function parameterNames(fn: Node): string[] {
  return (fn.childForFieldName("parameters")?.namedChildren ?? []).flatMap((p) => {
    if (!p) return [];
    if (p.type === "identifier") return [p.text];
    const name = p.childForFieldName("name") ?? p.namedChildren.find((c) => c?.type === "identifier");
    return name ? [name.text] : [];
  });
}

/** How a use of the dict may change it: written into, emptied, or handed to code that might. */
function changedBy(use: Node, readers: ReadonlySet<number>): string | null {
  const parent = use.parent;
  if (parent?.type === "subscript" && parent.childForFieldName("value")?.id === use.id) {
    // An item of an item too (`params["scrapeOptions"]["jsonOptions"] = ...`): the dict holds what it holds.
    let item = parent;
    while (item.parent?.type === "subscript" && item.parent.childForFieldName("value")?.id === item.id) item = item.parent;
    const outer = item.parent;
    const written = (outer?.type === "assignment" || outer?.type === "augmented_assignment") && outer.childForFieldName("left")?.id === item.id;
    const mutated =
      outer?.type === "attribute" && outer.childForFieldName("object")?.id === item.id && MUTATORS.has(outer.childForFieldName("attribute")!.text);
    return written || mutated || outer?.type === "delete_statement" ? `${item.id === parent.id ? `${use.text}[...]` : item.text} is changed` : null;
  }
  if (parent?.type === "attribute" && parent.childForFieldName("object")?.id === use.id) {
    const method = parent.childForFieldName("attribute")!.text;
    return MUTATORS.has(method) ? `${use.text}.${method}() changes it` : null;
  }
  if (parent?.type === "augmented_assignment" && parent.childForFieldName("left")?.id === use.id) return `${use.text} is changed in place`;
  const handed = parent?.type === "argument_list" ? parent.parent : parent?.type === "keyword_argument" ? parent.parent?.parent : null;
  if (handed?.type === "call" && !readers.has(handed.id) && !READERS.has(calledName(handed))) return `${use.text} is handed to ${calledName(handed)}()`;
  return null;
}

/** `readers`: the calls known to only read the dict (the client calls that take it as their params). */
export function boundDict(name: Node, call: Node, readers: ReadonlySet<number>): BoundDict {
  const local = scopeOf(call);
  const module = local.type === "module" ? local : scopeOf(local);
  const inFunction = local.type === "function_definition";
  if (inFunction && parameterNames(local).includes(name.text)) return { reason: `it is the parameter ${name.text}` };
  const scope = inFunction && bindingsIn(local, name.text).length ? local : module;
  const all = bindingsIn(scope, name.text);
  // Bound again elsewhere in the function (another branch makes its own dict): the block the call and one binding share.
  const region = all.length > 1 && all.every((b) => !fallbackOf(b, name.text)) ? sharedBlock(call, all) : scope;
  const bindings = all.filter((b) => region.id === scope.id || within(b, region));
  const binding = bindings[0];
  const fallbacks = bindings.slice(1).map((b) => fallbackOf(b, name.text));
  if (!binding || binding.type !== "assignment" || fallbacks.some((f) => f === null)) return { reason: `${name.text} is not bound once to a dict literal` };
  const { dict, empty } = chosenDict(binding.childForFieldName("right"));
  if (dict?.type !== "dictionary") return { reason: `${name.text} is not bound to a dict literal` };
  if (empty) fallbacks.push(empty);
  if (scope.id === local.id && binding.startIndex > call.startIndex) return { reason: `${name.text} is bound after the call` };
  const uses = usesIn(region, name.text).filter((u) => u.id !== binding.childForFieldName("left")!.id);
  const writes: Node[] = [];
  for (const use of uses) {
    // `params.update({...})`, `params.update(PAGE_OPTIONS)`: keys of the dict too, as a fallback's are
    const merged = mergedDict(use);
    if (merged) {
      fallbacks.push(merged);
      continue;
    }
    const change = changedBy(use, readers);
    // Set after the call too (`params["proxy"] = "stealth"` before a retry): a key of the same dict, which the caller keeps.
    if (change && itemSet(use)) writes.push(use.parent!);
    else if (change) return { reason: change };
  }
  // The literal's values are read again at the call: they must read the same there.
  const values = dict.namedChildren.flatMap((pair) => (pair?.type === "pair" ? [pair.childForFieldName("value")!] : []));
  const calls = values.flatMap((v) => allOf(v, "call")).filter((c) => !/^[A-Z]/.test(calledName(c)) && !sameAgain(c));
  if (calls.length) return { reason: `its value ${calls[0]!.text} would be computed again at the call` };
  if (scope.id === local.id) {
    const read = new Set(values.flatMap((v) => allOf(v, "identifier")).map((i) => i.text));
    const rebound = [...read].find((n) => bindingsIn(scope, n).some((b) => b.startIndex > binding.endIndex && b.startIndex < call.startIndex));
    if (rebound) return { reason: `${rebound} changes between the dict and the call` };
  }
  const statement = binding.parent?.type === "expression_statement" && binding.parent.namedChildren.length === 1 ? binding.parent : binding;
  // A module's name may be imported elsewhere: only a function's own dict goes once the call took it in.
  return { dict, statement, unused: inFunction && scope.id === local.id && uses.length === 1 && statement !== binding, writes, fallbacks: fallbacks as Node[] };
}

/**
 * The dict literal `name.update(...)` merges into the dict: written there, or a name bound once to one (in the
 * function, or the module) that nothing else reads but to test or log it, so its keys are the dict's alone.
 */
function mergedDict(use: Node): Node | null {
  const method = use.parent?.type === "attribute" && use.parent.childForFieldName("object")?.id === use.id ? use.parent : null;
  const call = method?.childForFieldName("attribute")?.text === "update" ? method.parent : null;
  const args = call?.type === "call" ? argumentsOf(call) : [];
  const given = args.length === 1 ? args[0]! : null;
  if (given?.type === "dictionary") return given;
  if (given?.type !== "identifier") return null;
  const fn = enclosing(given, "function_definition");
  const scope = fn && bindingsIn(fn, given.text).length ? fn : given.tree.rootNode;
  const bindings = bindingsIn(scope, given.text);
  const dict = bindings.length === 1 ? bindings[0]!.childForFieldName("right") : null;
  if (dict?.type !== "dictionary") return null;
  const left = bindings[0]!.childForFieldName("left")!;
  const others = usesIn(scope, given.text).filter((u) => u.id !== left.id && u.id !== given.id);
  return others.every(testedOrLogged) ? dict : null;
}

/** `if OPTIONS:`, `not OPTIONS`, `print(OPTIONS)`: a read that neither changes a dict nor hands it on. */
function testedOrLogged(use: Node): boolean {
  const parent = use.parent;
  if (parent?.type === "not_operator" || parent?.type === "boolean_operator") return true;
  if (
    (parent?.type === "if_statement" || parent?.type === "elif_clause" || parent?.type === "while_statement") &&
    parent.childForFieldName("condition")?.id === use.id
  )
    return true;
  const call = parent?.type === "argument_list" ? parent.parent : null;
  return call?.type === "call" && READERS.has(calledName(call));
}

/**
 * The block around a call that holds one of a name's bindings, as a statement of its own before the call's statement,
 * and no other (`params = {...}` in the branch that then calls with it, another branch binding its own): every run
 * of the call has just made that dict. The function itself where there is none.
 */
function sharedBlock(call: Node, bindings: readonly Node[]): Node {
  for (let block = call.parent; block && block.type !== "function_definition" && block.type !== "module"; block = block.parent) {
    if (block.type !== "block") continue;
    const held = bindings.filter((b) => within(b, block!));
    if (held.length > 1) break;
    const statement = held[0]?.parent;
    if (statement?.type === "expression_statement" && statement.parent?.id === block.id && statement.endIndex <= call.startIndex) return block;
    if (held.length) break;
  }
  return scopeOf(call);
}

/** `name["key"] = value`: an item of the dict set under a key the code spells out, as a statement of its own. */
function itemSet(use: Node): boolean {
  const subscript = use.parent;
  const assignment = subscript?.parent;
  return (
    subscript?.type === "subscript" &&
    subscript.childForFieldName("subscript")?.type === "string" &&
    assignment?.type === "assignment" &&
    assignment.childForFieldName("left")?.id === subscript.id &&
    assignment.parent?.type === "expression_statement"
  );
}

/**
 * The dict literal an instance's attribute stands for at a call (`**self.params`): `self.params = {...}` set once in
 * the class, in any method, and otherwise only handed over whole as keyword arguments (`**self.params`), so the
 * literal says what every call gets.
 */
export function attributeDict(attribute: Node): BoundDict {
  const self = attribute.childForFieldName("object");
  const name = attribute.childForFieldName("attribute")?.text;
  const method = enclosing(attribute, "function_definition");
  const owner = method && enclosing(method, "class_definition");
  if (self?.type !== "identifier" || !name || !owner || parameterNames(method)[0] !== self.text)
    return { reason: `${attribute.text} is not an attribute of the instance` };
  const same = allOf(owner, "attribute").filter((a) => a.childForFieldName("object")?.text === self.text && a.childForFieldName("attribute")?.text === name);
  const bindings = same.filter((a) => a.parent?.type === "assignment" && a.parent.childForFieldName("left")?.id === a.id);
  const dict = bindings[0]?.parent?.childForFieldName("right");
  if (bindings.length !== 1 || dict?.type !== "dictionary") return { reason: `${attribute.text} is not set once to a dict literal` };
  const other = same.find((a) => a.id !== bindings[0]!.id && a.parent?.type !== "dictionary_splat");
  if (other) return { reason: `${other.parent?.text ?? other.text} uses it otherwise` };
  const binding = bindings[0]!.parent!;
  const statement = binding.parent?.type === "expression_statement" && binding.parent.namedChildren.length === 1 ? binding.parent : binding;
  return { dict, statement, unused: false, writes: [], fallbacks: [] };
}
