/**
 * Results that leave their function: `return result` hands a v1 call's result to the function's callers, who
 * read it as the call's own result was read (`res = scrape(url); res["markdown"]`). Callers are followed
 * within the module (a notebook is one), by the function's name or, for a method, `self.name(...)` in its
 * class; a function annotated to return a dict gets one instead (`.model_dump()` at the return), so the
 * annotation and its callers still agree, as does a function of the module whose parameter that takes the value
 * says dict (`.model_dump()` where it is handed over).
 */
import { scopeOf } from "./names.js";
import { allOf, type Node } from "../runtime/parser.js";
import { boundName, elementsOf, resultExpression, resultValues, usesAfter } from "./result-values.js";
import { forwardedBy } from "./forwarders.js";
import { membershipAbove, readAbove, readAsDict } from "./dict-reads.js";
import { callsOf, classOfMethod, heldAs, parameterTaking } from "./callers.js";

/** A dict type: `dict`, `Dict[str, Any]`, `Mapping`. */
const DICT_TYPE = /^(?:typing\.)?(?:dict|Dict|Mapping|MutableMapping)\b(?:\[.*\])?$/s;

/** The members of a union (`A | B`, `Union[A, B]`, `Optional[A]` with its None). */
function unionMembers(type: string): string[] {
  const wrapped = /^(?:typing\.)?(Optional|Union)\[(.*)\]$/s.exec(type);
  const members = topLevelParts(wrapped ? wrapped[2]! : type, (c) => c === "|" || (wrapped?.[1] === "Union" && c === ","));
  return wrapped?.[1] === "Optional" ? [...members, "None"] : members;
}

/** A type's parts, split at each character `splits` where no bracket is open (`List[Dict], int` at commas). */
function topLevelParts(text: string, splits: (c: string) => boolean): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "[") depth++;
    else if (c === "]") depth--;
    else if (depth === 0 && splits(c)) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  return [...parts, text.slice(start).trim()];
}

/** An annotation's text, quoted or not (`"dict | None"`). */
const annotation = (type: Node) => type.text.replace(/^["']|["']$/g, "").trim();

/** The function `return <head>` returns from, when the head is the whole value returned. */
export function returnedFrom(head: Node): Node | null {
  if (head.parent?.type !== "return_statement") return null;
  const fn = scopeOf(head);
  return fn.type === "function_definition" ? fn : null;
}

/** Whether a function's annotation says it returns a dict. */
export function returnsDict(fn: Node): boolean {
  return saysDict(fn.childForFieldName("return_type"));
}

/** Return annotations that promise a list of dicts: `List[Dict[str, Any]]`, `list[dict]`, `Optional[List[dict]]`. */
const DICT_LIST_TYPE =
  /^(?:typing\.)?(?:Optional\[\s*)?(?:typing\.)?(?:List|list|Sequence)\[\s*(?:typing\.)?(?:dict|Dict|Mapping)\b(?:\[[^\]]*\])?\s*\](?:\s*\]|\s*\|\s*None)?$/;

/** Whether `return <node>` hands the value from a function whose annotation says it returns a list of dicts. */
export function returnedAsDictList(node: Node): boolean {
  return says(returnedFrom(node)?.childForFieldName("return_type"), DICT_LIST_TYPE) || DICT_LIST_TYPE.test(returnedInTuple(node) ?? "");
}

/**
 * `return pages, total` from a function annotated `-> tuple[List[Dict], int]` (or `Optional[Tuple[...]]`): the type the
 * annotation gives the value's place in the tuple.
 */
function returnedInTuple(node: Node): string | undefined {
  const tuple = node.parent;
  if ((tuple?.type !== "expression_list" && tuple?.type !== "tuple") || tuple.parent?.type !== "return_statement") return undefined;
  const fn = scopeOf(node);
  const type = fn.type === "function_definition" ? fn.childForFieldName("return_type") : null;
  const members = type ? unionMembers(annotation(type)).filter((m) => m !== "None") : [];
  const of = members.length === 1 ? /^(?:typing\.)?(?:tuple|Tuple)\[(.*)\]$/s.exec(members[0]!) : null;
  const place = tuple.namedChildren.findIndex((c) => c?.id === node.id);
  return of ? topLevelParts(of[1]!, (c) => c === ",")[place] : undefined;
}

/** Whether a value is handed to a parameter of the module's own function annotated as a list of dicts (`pages: List[Dict]`). */
export function handedAsDictList(node: Node): boolean {
  return says(parameterTaking(node)?.childForFieldName("type"), DICT_LIST_TYPE);
}

/**
 * Whether an annotation says dict (quoted or not): `dict`, `Dict[str, Any]`, `Optional[dict]`, `dict | None`, or a dict
 * beside a string the function gives instead (`dict[str, Any] | str`, an error message), which a dump fits too.
 */
function saysDict(type: Node | null | undefined): boolean {
  const members = type ? unionMembers(annotation(type)) : [];
  return members.some((m) => DICT_TYPE.test(m)) && members.every((m) => DICT_TYPE.test(m) || m === "None" || m === "str");
}

/** Whether an annotation, quoted or not, is one `pattern` matches. */
function says(type: Node | null | undefined, pattern: RegExp): boolean {
  return !!type && pattern.test(annotation(type));
}

/**
 * Calls that serialize what they are given as JSON, which a pydantic model is not (`json.dumps(r)`, Flask's `jsonify(r)`),
 * or store it for code that reads it back as the dict it was (`pickle.dump(r, f)`: unpickled, a model is no dict, and
 * needs firecrawl-py 4.x installed to load at all).
 */
const SERIALIZERS = /^(?:json\.dumps?|jsonify|flask\.jsonify|pickle\.dumps?)$/;

/**
 * Whether a value is handed to code that takes a dict: a parameter of the module's own function annotated as one
 * (`response: Dict[str, Any]`), or a JSON serializer (as its first argument).
 */
function handedAsDict(head: Node): boolean {
  return serialized(head) || saysDict(parameterTaking(head)?.childForFieldName("type"));
}

/** Whether a value is the first argument of a JSON serializer, or the `json=` of a request (requests', httpx's), which serializes it. */
export function serialized(head: Node): boolean {
  const keyword = head.parent?.type === "keyword_argument" && head.parent.childForFieldName("value")?.id === head.id ? head.parent : null;
  if (keyword) return keyword.childForFieldName("name")?.text === "json" && keyword.parent?.parent?.type === "call";
  const call = head.parent?.type === "argument_list" && head.parent.namedChildren[0]?.id === head.id ? head.parent.parent : null;
  return call?.type === "call" && SERIALIZERS.test(call.childForFieldName("function")?.text ?? "");
}

/** A value handed back by the function it is returned from: where the caller reads it, as a call's result is read. */
function readsOf(value: Node): Node[] {
  const name = boundName(value);
  return name ? usesAfter(name) : [value];
}

/**
 * The values a function's result becomes in the module: each call's, and each of a forwarder handed the function to
 * run that gives what it returns, awaited (`results = await asyncio.to_thread(_fetch)`) or not (a retry wrapper's,
 * `page = retrying(fetch, attempts=5)`).
 */
function returnedTo(fn: Node): Node[] {
  const name = fn.childForFieldName("name")!.text;
  const forwarded = allOf(fn.tree.rootNode, "identifier").flatMap((id) => {
    const by = id.text === name ? forwardedBy(id) : null;
    const gives = by?.forwarder.gives;
    return gives === "awaitable" || gives === "result" ? resultValues(by!.call, gives) : [];
  });
  return [...callsOf(fn).map(resultExpression), ...forwarded];
}

/** The reads of what a function returns, in the module: each call's result, as a call's own result is read. */
export function callersReads(fn: Node): Node[] {
  return returnedTo(fn).flatMap(readsOf);
}

/**
 * The uses of a result beyond the function that made it: each head returned whole is followed into the
 * callers (and theirs, once each), except where the function promises a dict; those are returned in
 * `boundaries` for the step to convert.
 */
export function followReturns(heads: readonly Node[]): { heads: Node[]; boundaries: Node[] } {
  const out: Node[] = [];
  const boundaries: Node[] = [];
  const seen = new Set<number>();
  const queue = [...heads];
  while (queue.length) {
    const head = queue.shift()!;
    out.push(head);
    const fn = returnedFrom(head);
    if ((fn && returnsDict(fn)) || handedAsDict(head)) boundaries.push(head);
    else if (fn && !seen.has(fn.id)) {
      seen.add(fn.id);
      queue.push(...returnedTo(fn).flatMap(readsOf));
    }
  }
  return { heads: out, boundaries };
}

/**
 * The name of the public module-level function, or the public method of a public module-level class (`Scraper.fetch`),
 * `return <head>` hands a result from, where other modules of the project call it (on the instances they make) and
 * read what it gives as v1's dict (`page = fetch(url); page["markdown"]`), or where their calls cannot be told
 * (`calls` answers undefined): the run migrates each module on its own, so those reads stay as they were. Null where
 * no other module's read is in question. A `list` (a job's documents) is read item by item.
 */
export function leavesModuleAsDict(head: Node, calls: (name: string) => readonly Node[] | undefined, list = false): string | null {
  return leavesModuleRead(head, calls, readAsDict, list);
}

/**
 * A key v2's dump spells otherwise, read off a returned dump (`page["metadata"]["sourceURL"]`, `page.get("rawHtml")`):
 * one with a capital, the API's camelCase, at the top or a level or two down.
 */
function camelKeyRead(head: Node, depth = 0): boolean {
  const read = readAbove(head);
  if (!read || read.form === "attribute") return false;
  return /[A-Z]/.test(read.field) || (depth < 2 && camelKeyRead(read.node, depth + 1));
}

/**
 * The name of the public function (or method) that returns v2's dump (`return r.model_dump()`, where it promises a
 * dict) to other modules that read a camelCase key off it, or whose calls cannot be told: the dump spells its keys
 * snake_case, and those reads are not migrated with this module.
 */
export function dumpLeavesModule(head: Node, calls: (name: string) => readonly Node[] | undefined): string | null {
  return leavesModuleRead(head, calls, camelKeyRead);
}

/**
 * Whether a document returned from a function (`return app.scrape(...)`) is read only by other modules of the project,
 * each call of which is known and reads it as 1.x's dict by keys its dump spells alike (`page["markdown"]`,
 * `page["metadata"]["title"]`; not `page.get("rawHtml")`): returned as its dump, it is 1.x's dict for them, with
 * nothing to change in theirs. Not where the module itself calls the function, whose reads migrate to the model's.
 */
export function dumpServesOtherModules(head: Node, calls: (name: string) => readonly Node[] | undefined): boolean {
  const fn = returnedFrom(head);
  if (!fn || returnedTo(fn).length) return false;
  const cls = classOfMethod(fn);
  const name = fn.childForFieldName("name")!.text;
  const elsewhere = cls ? methodCallsElsewhere(calls(cls.childForFieldName("name")!.text), name) : calls(name);
  const reads = elsewhere?.flatMap((call) => readsOf(resultExpression(call)));
  return !!reads?.length && reads.every((read) => keyReadInPlace(read) && !camelKeyRead(read));
}

/**
 * `page["markdown"]`, `page["metadata"].get("title")`, `"markdown" in page`: a key read whose value is used where it is
 * read, by a key the dump spells alike. Not the page handed on or kept, nor its metadata (`meta = page["metadata"]`):
 * whoever reads them next may read a key the dump spells otherwise, where this module cannot see it.
 */
function keyReadInPlace(use: Node): boolean {
  const membership = membershipAbove(use);
  if (membership) return membership.field !== undefined && !/[A-Z]/.test(membership.field);
  let read = readAbove(use);
  if (!read || read.form === "attribute") return false;
  for (let next = readAbove(read.node); next && next.form !== "attribute"; next = readAbove(read.node)) read = next;
  return read.field !== "metadata";
}

/** The name of the public function or method that hands `head` to other modules reading it as `reads` says, or whose calls cannot be told. */
function leavesModuleRead(head: Node, calls: (name: string) => readonly Node[] | undefined, reads: (head: Node) => boolean, list = false): string | null {
  const fn = returnedFrom(head);
  if (!fn) return null;
  const name = fn.childForFieldName("name")!.text;
  const cls = classOfMethod(fn);
  const owner = heldAs(cls ?? fn);
  if (owner.parent?.type !== "module" || name.startsWith("_")) return null;
  const className = cls?.childForFieldName("name")!.text;
  if (className?.startsWith("_")) return null;
  const elsewhere = className ? methodCallsElsewhere(calls(className), name) : calls(name);
  const heads = (call: Node) => (list ? readsOf(resultExpression(call)).flatMap(elementsOf) : readsOf(resultExpression(call)));
  return !elsewhere || elsewhere.some((call) => heads(call).some(reads)) ? (className ? `${className}.${name}` : name) : null;
}

/**
 * The calls of a method other modules make on the instances they make of its class (`crawler = Crawler()`, then
 * `crawler.fetch(url)`); undefined where some instance is not bound to a name whose calls can be read.
 */
function methodCallsElsewhere(made: readonly Node[] | undefined, method: string): Node[] | undefined {
  if (!made) return undefined;
  const calls: Node[] = [];
  for (const construction of made) {
    const instance = boundName(resultExpression(construction));
    if (!instance) return undefined;
    for (const use of usesAfter(instance)) {
      const callee = use.parent?.type === "attribute" && use.parent.childForFieldName("object")?.id === use.id ? use.parent : null;
      if (callee?.childForFieldName("attribute")?.text === method && callee.parent?.type === "call") calls.push(callee.parent);
    }
  }
  return calls;
}
