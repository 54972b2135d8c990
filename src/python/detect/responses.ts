/**
 * What Python code reads of a raw request's response body (issue 16), as js/detect/responses.ts does for
 * JavaScript: the body is followed from the request through `await`, `.json()`, the names that hold it
 * (`r = requests.post(...)`, `async with session.post(...) as r`, `data = r.json()`) and its subscripts and
 * `.get()` calls (`data["data"]["extract"]`, `data.get("links", [])`) to the fields the route's v2 response
 * answers elsewhere. Anything else done with the body (returned, handed on) leaves the reads incomplete.
 */
import { leadsToRead, readAt, REQUEST_METHODS, RESPONSE_STATUS, type ResponseRead } from "../../mapping/api-requests.js";
import { scopeOf, usesIn } from "./names.js";
import { isWritten } from "./dict-reads.js";
import { allOf, calledName, stringValue, type Node } from "../runtime/parser.js";

/** A subscript (`x["links"]`) or `.get()` call (`x.get("links", [])`) that reads a changed field. */
export interface PyBodyRead {
  readonly node: Node;
  readonly read: ResponseRead;
}

export interface PyResponseReads {
  readonly reads: readonly PyBodyRead[];
  readonly complete: boolean;
}

/** Calls a value can be handed to without going out of sight. */
const SHOWN = new Set(["print", "len", "bool"]);

/** The expression a value is seen as: through `await` and parentheses. */
function outermost(node: Node): Node {
  let at = node;
  while (at.parent && (at.parent.type === "await" || at.parent.type === "parenthesized_expression")) at = at.parent;
  return at;
}

/** The key a step down a value reads: `value["key"]`, or `value.get("key", ...)` (the call), with the node that holds it. */
function stepDown(value: Node): { key: string; node: Node } | null | undefined {
  const parent = value.parent;
  if (parent?.type === "subscript" && parent.childForFieldName("value")?.id === value.id) {
    const key = stringValue(parent.childForFieldName("subscript"));
    return key === undefined ? null : { key, node: parent };
  }
  const call = parent?.parent;
  if (
    parent?.type === "attribute" &&
    parent.childForFieldName("attribute")?.text === "get" &&
    call?.type === "call" &&
    call.childForFieldName("function")?.id === parent.id
  ) {
    const key = stringValue(call.childForFieldName("arguments")?.namedChildren[0] ?? null);
    return key === undefined ? null : { key, node: call };
  }
  return undefined;
}

/** The name a value is bound to (`name = value`, `with value as name`), where it is its only binding in scope. */
function boundName(value: Node): { name: string; after: number; scope: Node } | "rebound" | undefined {
  const parent = value.parent;
  let name: Node | null | undefined;
  if (parent?.type === "assignment" && parent.childForFieldName("right")?.id === value.id) name = parent.childForFieldName("left");
  if (parent?.type === "as_pattern") name = parent.childForFieldName("alias")?.namedChildren[0] ?? parent.childForFieldName("alias");
  if (name?.type !== "identifier") return undefined;
  const scope = scopeOf(value);
  const bindings = [
    ...allOf(scope, ["assignment", "augmented_assignment", "for_statement"]).filter((a) => a.childForFieldName("left")?.text === name.text),
    ...allOf(scope, "as_pattern").filter((a) => (a.childForFieldName("alias")?.text ?? "") === name.text),
  ];
  return bindings.length === 1 ? { name: name.text, after: name.endIndex, scope } : "rebound";
}

/** Whether a node is part of a `raise` statement (within its function). */
function inRaise(node: Node): boolean {
  for (let at = node.parent; at; at = at.parent) {
    if (at.type === "raise_statement") return true;
    if (at.type === "function_definition" || at.type.endsWith("_statement") || at.type === "block") return false;
  }
  return false;
}

/** `item["url"]`, `item.get("url")` or `isinstance(item, ...)` somewhere in `root`: the item read as an object. */
function readsField(root: Node, item: string, pick: string): boolean {
  const isItem = (n: Node | null) => n?.type === "identifier" && n.text === item;
  return (
    allOf(root, "subscript").some((n) => isItem(n.childForFieldName("value")) && stringValue(n.childForFieldName("subscript")) === pick) ||
    allOf(root, "call").some((n) => {
      const fn = n.childForFieldName("function");
      const args = n.childForFieldName("arguments")?.namedChildren ?? [];
      if (fn?.type === "attribute" && fn.childForFieldName("attribute")?.text === "get")
        return isItem(fn.childForFieldName("object")) && stringValue(args[0] ?? null) === pick;
      return fn?.text === "isinstance" && isItem(args[0] ?? null);
    })
  );
}

/** How one use of a list reads its items: in a comprehension or a `for` loop over it, or by index. */
function itemsReadAsObjects(use: Node, pick: string): boolean {
  const parent = use.parent;
  if ((parent?.type === "for_in_clause" || parent?.type === "for_statement") && parent.childForFieldName("right")?.id === use.id) {
    const item = parent.childForFieldName("left");
    const scope = parent.type === "for_in_clause" ? parent.parent : parent.childForFieldName("body");
    return item?.type === "identifier" && !!scope && readsField(scope, item.text, pick);
  }
  if (parent?.type === "subscript" && parent.childForFieldName("value")?.id === use.id) {
    const outer = parent.parent;
    return outer?.type === "subscript" && outer.childForFieldName("value")?.id === parent.id && stringValue(outer.childForFieldName("subscript")) === pick;
  }
  return false;
}

/**
 * Whether the items of a list are read as objects where it goes (`[l["url"] for l in links]`, a loop reading
 * `link.get("url")`, `links[0]["url"]`, an `isinstance` test): code that already reads v2's shape, which a
 * comprehension picking `url` would break.
 */
export function readsItemsAsObjects(node: Node, pick: string): boolean {
  let at = node;
  while (
    at.parent &&
    (at.parent.type === "parenthesized_expression" || (at.parent.type === "boolean_operator" && at.parent.childForFieldName("operator")?.text === "or"))
  )
    at = at.parent;
  const bound = boundName(at);
  if (bound === undefined) return itemsReadAsObjects(at, pick);
  return bound !== "rebound" && usesIn(bound.scope, bound.name).some((use) => use.startIndex >= bound.after && itemsReadAsObjects(use, pick));
}

class Follower {
  readonly reads: PyBodyRead[] = [];
  complete = true;

  constructor(private readonly changed: readonly ResponseRead[]) {}

  /** Follows the uses of the name a value is bound to, or says whether it was bound at all. */
  private bound(value: Node, follow: (use: Node) => void): boolean {
    const bound = boundName(value);
    if (bound === undefined) return false;
    if (bound === "rebound") this.complete = false;
    else for (const use of usesIn(bound.scope, bound.name)) if (use.startIndex >= bound.after) follow(use);
    return true;
  }

  /** The response: its body is what `.json()` gives. */
  response(node: Node): void {
    const value = outermost(node);
    const parent = value.parent;
    if (parent?.type === "attribute" && parent.childForFieldName("object")?.id === value.id) {
      const name = parent.childForFieldName("attribute")?.text;
      const call = parent.parent;
      if (name === "json" && call?.type === "call" && call.childForFieldName("function")?.id === parent.id) return this.body(call, []);
      // Anything else (`.text`, `.content`) hands the body on unparsed, to be read who knows where; but not
      // a `raise RuntimeError(r.text)`, which only says why it failed.
      if (!RESPONSE_STATUS.has(name ?? "") && !inRaise(parent)) this.complete = false;
      return;
    }
    if (this.bound(value, (use) => this.response(use))) return;
    if (parent?.type !== "expression_statement") this.complete = false;
  }

  /** A value at `at` within the body (the body itself at []). */
  body(node: Node, at: readonly string[]): void {
    let value = outermost(node);
    let where = at;
    for (;;) {
      const step = stepDown(value);
      if (step === undefined) break;
      if (step === null) {
        this.complete = false;
        return;
      }
      where = [...where, step.key];
      if (!leadsToRead(this.changed, where)) return;
      const found = readAt(this.changed, where);
      if (found) {
        if (isWritten(step.node)) this.complete = false;
        else this.reads.push({ node: step.node, read: found });
        return;
      }
      value = outermost(step.node);
    }
    if (this.bound(value, (use) => this.body(use, where))) return;
    const parent = value.parent;
    if (parent?.type === "expression_statement" || parent?.type === "not_operator" || parent?.type === "if_statement") return;
    const call = parent?.type === "argument_list" ? parent.parent : undefined;
    if (SHOWN.has(call?.childForFieldName("function")?.text ?? "")) return;
    this.complete = false;
  }
}

/** The reads of a request's response body that v2 answers elsewhere; `call` is the request. */
export function pyResponseReads(call: Node, changed: readonly ResponseRead[]): PyResponseReads {
  const follower = new Follower(changed);
  // A function of the code's own may give back anything: the body, a part of it, its own object.
  if (REQUEST_METHODS.has(calledName(call))) follower.response(call);
  else follower.complete = false;
  return { reads: follower.reads, complete: follower.complete };
}
