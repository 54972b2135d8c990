/**
 * How code uses a value as 1.x's dict results were used: a key read (`r["markdown"]`, `r.get("markdown")`), a
 * field read on a model (`r.markdown`), a dict method (`r.keys()`, `r.pop("data")`), a membership test
 * (`"markdown" in r`), an item written. The results step rewrites these; following a result into other modules
 * asks the same question of the callers.
 */
import { argumentsOf, calledName, stringValue, type Node } from "../runtime/parser.js";

/** A field read off a value: `r.markdown`, `r["markdown"]`, `r.get("markdown", "")`. */
export interface Read {
  readonly node: Node;
  readonly field: string;
  readonly form: "attribute" | "subscript" | "get";
  readonly name?: Node;
  readonly fallback?: Node;
}

export function readAbove(node: Node): Read | null {
  const parent = node.parent;
  if (parent?.type === "subscript" && parent.childForFieldName("value")?.id === node.id) {
    const field = stringValue(parent.childForFieldName("subscript"));
    return field === undefined ? null : { node: parent, field, form: "subscript" };
  }
  if (parent?.type !== "attribute" || parent.childForFieldName("object")?.id !== node.id) return null;
  const name = parent.childForFieldName("attribute")!;
  const call = calledAttribute(parent);
  if (!call) return { node: parent, field: name.text, form: "attribute", name };
  // A method call other than get() is not a field read.
  if (name.text !== "get") return null;
  const args = argumentsOf(call);
  const field = stringValue(args[0] ?? null);
  if (field === undefined || args.length > 2 || args.some((a) => a.type === "keyword_argument")) return null;
  return { node: call, field, form: "get", fallback: args[1] && args[1].text !== "None" ? args[1] : undefined };
}

/** The call `x.name(...)` of an attribute `x.name`, if it is called. */
function calledAttribute(attribute: Node): Node | null {
  const call = attribute.parent;
  return call?.type === "call" && call.childForFieldName("function")?.id === attribute.id ? call : null;
}

/** Dict methods that only read: on a model, its dump answers them as 1.x's dict did. */
const DICT_READS = new Set(["keys", "items", "values"]);
/** Dict methods that change the dict: a model is not one, and its dump is a copy the code would not see again. */
const DICT_WRITES = new Set(["pop", "popitem", "update", "setdefault", "clear", "__setitem__"]);

/** Whether 1.x's dicts have an attribute of that name (`hasattr(d, "items")` is true of them): a method of dict's. */
export function isDictAttribute(name: string): boolean {
  return DICT_READS.has(name) || DICT_WRITES.has(name) || ["get", "copy", "fromkeys"].includes(name) || /^__\w+__$/.test(name);
}

/** `x.keys()` (a read) or `x.pop(...)` (a write): the dict method called on `node`, if any. */
export function dictMethodAbove(node: Node): { call: Node; name: Node; writes: boolean } | null {
  const parent = node.parent;
  if (parent?.type !== "attribute" || parent.childForFieldName("object")?.id !== node.id) return null;
  const call = calledAttribute(parent);
  if (!call) return null;
  const name = parent.childForFieldName("attribute")!;
  if (DICT_READS.has(name.text)) return { call, name, writes: false };
  return DICT_WRITES.has(name.text) ? { call, name, writes: true } : null;
}

/** `x["k"] = v`, `x["k"] += v`, `del x["k"]`: a subscript written, not read. */
export function isWritten(subscript: Node): boolean {
  const parent = subscript.parent;
  if ((parent?.type === "assignment" || parent?.type === "augmented_assignment") && parent.childForFieldName("left")?.id === subscript.id) return true;
  return parent?.type === "delete_statement" || (parent?.type === "expression_list" && parent.parent?.type === "delete_statement");
}

/** A membership test: the test, its key, the field it names (undefined where the key is no literal), and unittest's form of it. */
export interface Membership {
  readonly node: Node;
  readonly key: Node;
  readonly field: string | undefined;
  readonly negated: boolean;
  /** `self.assertIn("field", x, msg)`: the test case it is asserted on (`self`), and what follows the container */
  readonly asserted?: { readonly on: Node; readonly rest: string };
}

/** unittest's membership assertions, by whether they assert the key is absent. */
const MEMBERSHIP_ASSERTIONS: Readonly<Record<string, boolean>> = { assertIn: false, assertNotIn: true };

/**
 * `"field" in x` or `"field" not in x`, or unittest's `self.assertIn("field", x)` and `assertNotIn`; `field` is undefined
 * where the key is not a literal (`key in x`).
 */
export function membershipAbove(node: Node): Membership | null {
  const parent = node.parent;
  const args = parent?.type === "argument_list" ? parent.namedChildren.filter((a): a is Node => !!a && a.type !== "comment") : [];
  const callee = args.length ? parent!.parent?.childForFieldName("function") : null;
  const assertion = callee?.type === "attribute" ? callee.childForFieldName("attribute")!.text : "";
  if (Object.hasOwn(MEMBERSHIP_ASSERTIONS, assertion) && args[1]?.id === node.id && args[0]!.type !== "keyword_argument") {
    const rest = parent!.text.slice(node.endIndex - parent!.startIndex, -1);
    const on = callee!.childForFieldName("object")!;
    return { node: parent!.parent!, key: args[0]!, field: stringValue(args[0]!), negated: MEMBERSHIP_ASSERTIONS[assertion]!, asserted: { on, rest } };
  }
  const [key, container] = parent?.type === "comparison_operator" ? parent.namedChildren : [];
  if (!key || container?.id !== node.id || parent!.namedChildren.length !== 2) return null;
  const operator = parent!.text
    .slice(key.endIndex - parent!.startIndex, node.startIndex - parent!.startIndex)
    .trim()
    .replace(/\s+/g, " ");
  if (operator !== "in" && operator !== "not in") return null;
  return { node: parent!, key, field: stringValue(key), negated: operator === "not in" };
}

/**
 * The key a read of `value` names, whatever it is: `value[key]`, `value.get(key)`, `getattr(value, key)`, and with
 * `probes` `hasattr(value, key)` too.
 */
export function readKeyNode(value: Node, probes = false): Node | null {
  const parent = value.parent;
  if (parent?.type === "subscript" && parent.childForFieldName("value")?.id === value.id) return parent.childForFieldName("subscript");
  if (parent?.type === "attribute" && parent.childForFieldName("attribute")?.text === "get" && parent.parent?.type === "call")
    return parent.parent.childForFieldName("arguments")?.namedChildren[0] ?? null;
  const call = parent?.type === "argument_list" && parent.namedChildren[0]?.id === value.id ? parent.parent : null;
  const reader = call?.type === "call" ? call.childForFieldName("function")?.text : undefined;
  return reader === "getattr" || (probes && reader === "hasattr") ? (parent!.namedChildren[1] ?? null) : null;
}

/** Whether code writes into a value: an item assigned or deleted, or a dict method that changes it. */
export function writesInto(head: Node): boolean {
  const parent = head.parent;
  if (parent?.type === "subscript" && parent.childForFieldName("value")?.id === head.id && isWritten(parent)) return true;
  return !!dictMethodAbove(head)?.writes;
}

/** `x["k"]`, `x.get(k)`, `x.keys()`, `k in x`: a use of `node` that only a dict answers. */
export function readAsDict(node: Node): boolean {
  const parent = node.parent;
  if (parent?.type === "subscript" && parent.childForFieldName("value")?.id === node.id) return true;
  const getter = parent?.type === "attribute" && parent.childForFieldName("object")?.id === node.id && parent.childForFieldName("attribute")?.text === "get";
  return (getter && !!calledAttribute(parent!)) || !!dictMethodAbove(node) || !!membershipAbove(node);
}

/** Calls that only show or measure a value: a model there does what the dict did, near enough. */
export const SHOWN: ReadonlySet<string> = new Set(["print", "len", "bool", "str", "repr", "isinstance", "type"]);

/** A value only shown: printed or measured, put in an f-string, or a statement alone (a notebook cell's display). */
export function onlyShown(node: Node): boolean {
  const parent = node.parent;
  if (parent?.type === "expression_statement" || parent?.type === "interpolation") return true;
  return parent?.type === "argument_list" && parent.parent?.type === "call" && SHOWN.has(calledName(parent.parent));
}

/** Where a value stands as an element of what holds it. */
const HELD = new Set(["list", "tuple", "set", "return_statement", "dictionary_splat", "list_splat", "expression_list"]);

/**
 * A value the code keeps or hands on whole: stored in a container or an item, passed to a call that does more than
 * show it, returned, unpacked (`**meta`), iterated, or asked a dict method (`meta.items()`). Where 1.x gave a dict
 * there, whoever gets it next expects one.
 */
export function keptWhole(node: Node): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (dictMethodAbove(node)) return true;
  if (parent.type === "argument_list") return parent.parent?.type === "call" && !SHOWN.has(calledName(parent.parent));
  if (parent.type === "keyword_argument" || parent.type === "pair") return parent.childForFieldName("value")?.id === node.id;
  if (parent.type === "for_statement" || parent.type === "for_in_clause") return parent.childForFieldName("right")?.id === node.id;
  if (parent.type === "assignment") return parent.childForFieldName("right")?.id === node.id && parent.childForFieldName("left")?.type !== "identifier";
  return HELD.has(parent.type);
}
