/**
 * A function of the code's own that reads a value by the key it is handed (`def safe_get(key, default=""):` with
 * `getattr(metadata, key, default)` or `metadata.get(key, default)`), called with string keys (`safe_get("statusCode")`):
 * the strings are the keys read, as `metadata.get("statusCode")` would name them where it is.
 */
import { argumentFor, argumentsOf, enclosing, parameterName, stringValue, type Node } from "../runtime/parser.js";
import { readKeyNode } from "./dict-reads.js";
import { bindingScope, rebinds, usesIn } from "./names.js";

/** The name a read of `value` takes its key from: `value.get(key)`, `value[key]`, `getattr(value, key)`, `hasattr(value, key)`. */
function computedKey(value: Node): Node | null {
  const key = readKeyNode(value, true);
  return key?.type === "identifier" ? key : null;
}

/** The argument a call hands a parameter (argumentFor); null where a splat may hand it. */
function handedArgument(call: Node, place: number, name: string): Node | null | undefined {
  const args = argumentsOf(call);
  return args.some((a) => a.type === "list_splat" || a.type === "dictionary_splat") ? null : argumentFor(args, name, place);
}

/**
 * Where every read of a value that names its key by a computed name (`uses`: the value's uses) takes it from one
 * parameter of the plain function around them, and each call of that function, all seen in the scope that defines it,
 * hands it a string literal: those strings, and the reads that take them. null where not.
 */
export function keyedHelper(uses: readonly Node[]): { keys: Node[]; reads: Set<number> } | null {
  const keyed = uses.flatMap((use) => {
    const key = computedKey(use);
    return key ? [{ use, key }] : [];
  });
  const fn = keyed.length ? enclosing(keyed[0]!.key, "function_definition") : undefined;
  const parameters = (fn?.childForFieldName("parameters")?.namedChildren ?? []).filter((p): p is Node => !!p && p.type !== "comment");
  const place = parameters.findIndex((p) => parameterName(p)?.text === keyed[0]?.key.text);
  if (!fn || place < 0 || fn.parent?.parent?.type === "class_definition") return null;
  const name = keyed[0]!.key.text;
  const own = (key: Node) => key.text === name && enclosing(key, "function_definition")?.id === fn.id;
  if (!keyed.every(({ key }) => own(key)) || usesIn(fn.childForFieldName("body")!, name).some(rebinds)) return null;
  const defined = fn.childForFieldName("name")!;
  const others = usesIn(bindingScope(defined), defined.text).filter((use) => use.id !== defined.id);
  const calls = others.map((use) => (use.parent?.type === "call" && use.parent.childForFieldName("function")?.id === use.id ? use.parent : null));
  const handed = calls.map((call) => (call ? handedArgument(call, place, name) : null));
  const fallback = parameters[place]!.childForFieldName("value");
  const keys = [...handed, ...(fallback ? [fallback] : [])];
  if (!calls.length || !keys.every((key) => key === undefined || stringValue(key ?? null) !== undefined)) return null;
  return { keys: keys.filter((key): key is Node => !!key), reads: new Set(keyed.map(({ use }) => use.id)) };
}
