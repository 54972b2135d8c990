/** The empty defaults code gives beside a value (`r.get("metadata") or {}`, `(result or {})`), where the value was None or empty. */
import { inner, outer, type Node } from "../runtime/parser.js";

/** A default that `or` gives exactly where the field is None or empty: "", [], {}. */
export function isEmptyLiteral(node: Node): boolean {
  return /^(""|''|\[\s*\]|\{\s*\}|dict\(\s*\)|list\(\s*\))$/.test(node.text);
}

/** `{}` or `dict()`: where a dict was wanted, an empty one. */
export function isEmptyDict(node: Node): boolean {
  return /^(\{\s*\}|dict\(\s*\))$/.test(node.text);
}

/** `value or <default>`: the default, where the value (parentheses aside) is the left of an `or`. */
export function orDefault(value: Node): Node | null {
  const or = outer(value).parent;
  const isOr = or?.type === "boolean_operator" && or.childForFieldName("operator")?.type === "or" && or.childForFieldName("left")?.id === outer(value).id;
  return isOr ? or.childForFieldName("right") : null;
}

/** `r.get("metadata") or {}` (or `dict()`) around the read: the `or`. */
export function emptyOr(read: Node): Node | null {
  const right = orDefault(read);
  return right && isEmptyDict(inner(right)) ? right.parent : null;
}

/**
 * `r or []`: the value itself, with an empty one in its place (`r.get("data", []) if isinstance(r, dict) else (r or [])`),
 * iterated as the list v0 answered; no model's fields are read there (a model iterates as its (name, value) pairs).
 */
export function emptyFallback(use: Node): boolean {
  const right = orDefault(use);
  return !!right && isEmptyLiteral(inner(right));
}
