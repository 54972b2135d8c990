/**
 * Where a v1 call's result goes within its file: the name it is bound to (directly, awaited, or through an
 * executor running the call in a lambda), and the documents drawn from a job's `data` by loops,
 * comprehensions, aliases and indexes. Tracking is by name within a function or the module, as the
 * client tracking is: a value handed to another function is not followed.
 */
import { scopeOf, usesIn } from "./names.js";
import { forwardedBy, forwarderOf, type Gives } from "./forwarders.js";
import { allOf, calledName, enclosing, inner, lastName, parameterName, stringValue, type Node } from "../runtime/parser.js";
import { PY_NO_RESULT_CONVERTERS } from "../../mapping/python.js";

/**
 * The expression whose value is the call's result: the call, its await, the executor call running it, or
 * `asyncio.run(...)` of its coroutine; in parentheses where it is read through them (`(await fetch(url)).links`).
 */
export function resultExpression(call: Node): Node {
  let at = call;
  const lambda = at.parent;
  if (lambda?.type === "lambda" && lambda.childForFieldName("body")?.id === at.id) {
    const outer = lambda.parent?.type === "argument_list" ? lambda.parent.parent : null;
    if (outer && isExecutor(outer)) at = outer;
  }
  if (at.parent?.type === "await") at = at.parent;
  else if (ranToEnd(at)) at = at.parent!.parent!;
  while (at.parent?.type === "parenthesized_expression" && at.parent.parent?.type === "attribute") at = at.parent;
  return at;
}

/** `asyncio.run(coroutine)`: the coroutine run to its end, whose value the call gives. */
function ranToEnd(coroutine: Node): boolean {
  const args = coroutine.parent;
  const run = args?.type === "argument_list" ? args.parent : null;
  return run?.childForFieldName("function")?.text === "asyncio.run" && args!.namedChildren.filter((a) => a?.type !== "comment").length === 1;
}

/**
 * A call that runs a function elsewhere and gives an awaitable of its result (`loop.run_in_executor`, `asyncio.to_thread`):
 * `loop.run_in_executor(None, lambda: app.scrape_url(url))` gives back what the lambda returns.
 */
export function isExecutor(call: Node): boolean {
  return forwarderOf(call)?.gives === "awaitable";
}

/** `name.method(...)` or `name(...)` (method undefined) where `use` is the name. */
function calledOn(use: Node, method?: string): Node | null {
  const callee = method === undefined ? use : use.parent;
  if (
    method !== undefined &&
    (callee?.type !== "attribute" || callee.childForFieldName("object")?.id !== use.id || callee.childForFieldName("attribute")?.text !== method)
  )
    return null;
  const call = callee?.parent;
  return call?.type === "call" && call.childForFieldName("function")?.id === callee!.id ? call : null;
}

/**
 * The expressions whose values are a call's results: the call's own result (resultExpression); for a method handed
 * to `pool.submit(...)`, each `.result()` of the future (bound to a name or not); for one handed to
 * `functools.partial(...)`, each call of the partial bound to a name, or each executor that runs it; for one an executor
 * runs, its awaits, where the awaitable is bound to a name first. None where the code does what this cannot follow.
 */
export function resultValues(call: Node, gives?: Gives): Node[] {
  if (gives !== "future" && gives !== "callable") {
    const value = resultExpression(call);
    return gives === "awaitable" || isExecutor(value) ? awaitedLater(value) : [value];
  }
  const method = gives === "future" ? "result" : undefined;
  // a partial run by an executor (`await loop.run_in_executor(None, crawl)`) gives its result there
  const run = (use: Node) => (method === undefined && forwardedBy(use)?.forwarder.gives === "awaitable" ? forwardedBy(use)!.call : null);
  const direct = calledOn(call, method) ?? run(call);
  if (direct) return [resultExpression(direct)];
  const name = boundName(call);
  const uses = name ? usesAfter(name) : [];
  const results = uses.map((use) => calledOn(use, method) ?? run(use));
  // a future or partial handed on, or stored, goes where this does not follow
  return results.every((r) => r !== null) ? results.map((r) => resultExpression(r!)) : [];
}

/**
 * An awaitable bound to a name and awaited later (`fut = loop.run_in_executor(None, app.scrape_url, url)`, then
 * `page = await fut`): each await is the result, where every use of the name is one; else the awaitable itself.
 */
function awaitedLater(value: Node): Node[] {
  const name = value.type === "await" ? null : boundName(value);
  const uses = name ? usesAfter(name) : [];
  const awaited = uses.map((use) => (use.parent?.type === "await" ? use.parent : null));
  return uses.length && awaited.every((a) => a !== null) ? (awaited as Node[]) : [value];
}

/**
 * The calls of a partial (`functools.partial(app.crawl_url, url)`) that run it with arguments of their own: called
 * at once, or through the name it is bound to (`crawl(params={...})`).
 */
export function invocationsOf(partial: Node): Node[] {
  const direct = calledOn(partial);
  if (direct) return [direct];
  const name = boundName(partial);
  return (name ? usesAfter(name) : []).flatMap((use) => calledOn(use) ?? []);
}

/** `x = <value>`: the name the value is bound to. */
export function boundName(value: Node): Node | null {
  const at = value.parent;
  if (at?.type !== "assignment" || at.childForFieldName("right")?.id !== value.id) return null;
  const left = at.childForFieldName("left");
  return left?.type === "identifier" ? left : null;
}

/** The statements of a scope that bind or write a target (`x = ...`, `x += ...`, `for x in ...`, `with ... as x`), with the target. */
export function bindingsIn(scope: Node): { binding: Node; target: Node | null | undefined }[] {
  return allOf(scope, ["assignment", "augmented_assignment", "for_statement", "as_pattern"]).map((binding) => ({
    binding,
    target: binding.type === "as_pattern" ? binding.childForFieldName("alias")?.namedChildren[0] : binding.childForFieldName("left"),
  }));
}

/**
 * The test of an if or an elif that is, whole, `hasattr(name, "to_dict")` with a converter no result had
 * (PY_NO_RESULT_CONVERTERS): the value the name holds there, tracked as a client's, its result or its params, never
 * passed it. Returns the name tested.
 */
export function neverPassedProbe(branch: Node): Node | null {
  if (branch.type !== "if_statement" && branch.type !== "elif_clause") return null;
  const condition = branch.childForFieldName("condition");
  const test = condition && inner(condition);
  if (test?.type !== "call" || calledName(test) !== "hasattr") return null;
  const [name, attribute, ...rest] = test.childForFieldName("arguments")!.namedChildren;
  return name?.type === "identifier" && !rest.length && PY_NO_RESULT_CONVERTERS.has(stringValue(attribute ?? null) ?? "") ? name : null;
}

/** Whether a node is in the body of a branch whose test the value `name` holds never passed (neverPassedProbe). */
export function inBranchNeverRun(node: Node, name: string): boolean {
  for (let at: Node | null = node; at; at = at.parent) {
    const branch = at.type === "block" ? at.parent : null;
    if (branch && branch.childForFieldName("consequence")?.id === at.id && neverPassedProbe(branch)?.text === name) return true;
  }
  return false;
}

/**
 * Where a binding of a name ends: the statements that bind it again after it (`result = other()`, a loop over it,
 * `with ... as result`), each from where it has bound it, by position in the scope. One in a branch that never ran
 * (`if hasattr(result, "to_dict"): result = result.to_dict()`) does not.
 */
function rebindings(name: Node, scope: Node, passedBy?: (target: Node) => boolean): Node[] {
  return otherBindings(name, scope).flatMap(({ binding, target }) =>
    target.startIndex > name.endIndex && !inBranchNeverRun(binding, name.text) && !passedBy?.(target) ? [binding] : [],
  );
}

/**
 * The other statements of a name's scope that bind the same name, with their targets; none past a dissolved dict test
 * (in its if's elif or else), which never runs now that the test is always true.
 */
function otherBindings(name: Node, scope: Node): { binding: Node; target: Node }[] {
  return bindingsIn(scope).flatMap(({ binding, target }) =>
    target?.type === "identifier" && target.text === name.text && target.id !== name.id && scopeOf(binding).id === scope.id && !pastDissolvedTest(binding)
      ? [{ binding, target }]
      : [],
  );
}

function pastDissolvedTest(node: Node): boolean {
  for (let at: Node | null = node; at?.parent; at = at.parent) {
    const condition = at.type === "elif_clause" || at.type === "else_clause" ? at.parent.childForFieldName("condition") : null;
    if (condition && isDissolvedDictTest(inner(condition))) return true;
  }
  return false;
}

/** Where a rebinding has bound the name: the binding's own right-hand side still reads the value before it (`result = result.data`). */
const boundFrom = (binding: Node): number => (binding.type === "for_statement" ? binding.childForFieldName("right")!.endIndex : binding.endIndex);

/** Whether two nodes are in different branches of one if (its body, an elif's, the else's): one never runs after the other. */
function inOtherBranches(a: Node, b: Node): boolean {
  const branchOf = (node: Node) => {
    const branches = new Map<number, number>();
    for (let at: Node | null = node; at?.parent; at = at.parent) {
      const statement = at.parent;
      const branch = at.type === "elif_clause" || at.type === "else_clause" || statement.childForFieldName("consequence")?.id === at.id;
      if (statement.type === "if_statement" && branch) branches.set(statement.id, at.id);
    }
    return branches;
  };
  const ofA = branchOf(a);
  for (const [statement, branch] of branchOf(b)) if (ofA.has(statement) && ofA.get(statement) !== branch) return true;
  return false;
}

/**
 * The uses of a bound name after its binding, in its scope, until it is bound again; none in a branch that never ran.
 * `passedBy`: the rebindings the value never reaches (v2's model, one for dicts alone: `if isinstance(r, dict): r = clean(r)`).
 */
export function usesAfter(name: Node, passedBy?: (target: Node) => boolean): Node[] {
  return usesFrom(name, false, passedBy);
}

/**
 * The uses of a bound name that may read the value its binding gives: usesAfter's, and those after an if where
 * another of its branches binds the name (`if a: docs = x` / `else: docs = y`, then `for d in docs`), which read
 * this value or the other's.
 */
export function usesReached(name: Node): Node[] {
  return usesFrom(name, true);
}

function usesFrom(name: Node, merged: boolean, passedBy?: (target: Node) => boolean): Node[] {
  const scope = scopeOf(name);
  const later = rebindings(name, scope, passedBy).filter((binding) => !merged || !inOtherBranches(binding, name));
  // a rebinding in one branch of an if leaves the name as it was in the others
  const rebound = (n: Node) => later.some((binding) => boundFrom(binding) <= n.startIndex && !inOtherBranches(binding, n));
  const target = (n: Node) =>
    ["assignment", "augmented_assignment", "for_statement"].includes(n.parent?.type ?? "") && n.parent!.childForFieldName("left")?.id === n.id;
  return usesIn(scope, name.text).filter((n) => n.startIndex > name.endIndex && !target(n) && !rebound(n) && !inBranchNeverRun(n, name.text));
}

/**
 * The uses of a bound name and of the names it is handed to whole (`data = response`), each after its own binding and
 * until it is bound again: an alias holds the same result, and the code reads it as it would the name.
 */
export function usesWithAliases(name: Node, passedBy?: (target: Node) => boolean): Node[] {
  const uses: Node[] = [];
  const seen = new Set<number>();
  const visit = (bound: Node) => {
    if (seen.has(bound.id)) return;
    seen.add(bound.id);
    for (const use of usesAfter(bound, passedBy)) {
      const assignment = use.parent?.type === "assignment" && use.parent.childForFieldName("right")?.id === use.id ? use.parent : null;
      const alias = assignment?.childForFieldName("left");
      if (alias?.type === "identifier" && !assignment!.childForFieldName("type")) visit(alias);
      else uses.push(use);
    }
  };
  visit(name);
  return uses;
}

/**
 * The loop variable that takes each element: `for doc in list`, `for i, doc in enumerate(list)`, or the list's place in
 * `for doc, note in zip(list, notes)`, which pairs each element with the other lists' in turn.
 */
function elementName(loop: Node, list: Node): Node | null {
  const right = loop.childForFieldName("right");
  const left = loop.childForFieldName("left");
  if (right?.id === list.id) return left?.type === "identifier" ? left : null;
  const called = list.parent?.type === "argument_list" ? list.parent.parent : null;
  if (!called || right?.id !== called.id) return null;
  const args = list.parent!.namedChildren;
  const place = args.findIndex((arg) => arg?.id === list.id);
  const names = left?.type === "pattern_list" || left?.type === "tuple_pattern" ? left.namedChildren : [];
  const named = (name: Node | null | undefined) => (name?.type === "identifier" ? name : null);
  if (calledName(called) === "enumerate") return place === 0 && names.length === 2 ? named(names[1]) : null;
  const zipped =
    calledName(called) === "zip" && names.length === args.length && args.every((arg) => arg?.type !== "list_splat" && arg?.type !== "keyword_argument");
  return zipped ? named(names[place]) : null;
}

/**
 * The documents a list of them gives: each use of a loop's or a comprehension's variable, the uses that an
 * alias of the list gives in turn, `list[i]`, and a slice's elements in turn. A string key is not an element.
 */
export function elementsOf(list: Node): Node[] {
  const parent = list.parent;
  if (!parent) return [];
  // `r.get("data", []) if isinstance(r, dict) else ...` with the dict test gone: the conditional gives the list
  const dissolved = parent.type === "conditional_expression" && parent.namedChildren[0]?.id === list.id && isDissolvedDictTest(parent.namedChildren[1]);
  // `r.get("data") or []`: the list, or an empty one
  const orEmpty =
    parent.type === "boolean_operator" &&
    parent.childForFieldName("operator")?.type === "or" &&
    parent.childForFieldName("left")?.id === list.id &&
    ["list", "tuple"].includes(parent.childForFieldName("right")?.type ?? "") &&
    parent.childForFieldName("right")!.namedChildren.length === 0;
  if (parent.type === "parenthesized_expression" || listHedge(parent, list) || dissolved || orEmpty) return elementsOf(parent);
  if (parent.type === "subscript" && parent.childForFieldName("value")?.id === list.id) {
    const index = parent.childForFieldName("subscript");
    // A slice (`pages[:3]`) is a list of the same documents.
    if (index?.type === "slice") return elementsOf(parent);
    return index && stringValue(index) === undefined ? [parent] : [];
  }
  const bar = parent.type === "argument_list" ? progressBarOver(parent, list) : null;
  if (bar) return [...usesIn(bar.body, bar.name.text).flatMap(elementsOf), ...bar.shown];
  const loop = parent.type === "argument_list" ? parent.parent?.parent : parent;
  if (loop?.type === "for_statement" || loop?.type === "for_in_clause") {
    const name = elementName(loop, list);
    if (!name) return [];
    const scope = loop.type === "for_statement" ? loop.childForFieldName("body") : loop.parent;
    const uses = scope
      ? usesIn(scope, name.text)
          .filter((n) => n.id !== name.id)
          .flatMap(throughAlias)
      : [];
    // `[hit for hit in hits if ...]` gives the list's items themselves, those the filter keeps
    const kept = scope?.type === "list_comprehension" && scope.childForFieldName("body")?.text === name.text;
    return kept ? [...uses, ...elementsOf(scope)] : uses;
  }
  const alias = boundName(list);
  const uses = alias ? usesAfter(alias) : [];
  return alias && !otherBranchBindings(alias, uses).length ? uses.flatMap(elementsOf) : [];
}

/**
 * `data = item` in a loop over the documents: the item is read by that name (`data.get("markdown")`), where nothing
 * else binds it that its reads may see instead (`else: data = {}`); the use itself where something does.
 */
function throughAlias(use: Node): Node[] {
  const alias = boundName(use);
  if (!alias || alias.parent!.childForFieldName("type")) return [use];
  const uses = usesAfter(alias);
  return otherBranchBindings(alias, uses).length ? [use] : uses.flatMap(throughAlias);
}

/** Progress bars that yield the items of the list they are given first: click's, tqdm's, rich's. */
const PROGRESS_BARS: ReadonlySet<string> = new Set(["progressbar", "tqdm", "track"]);

/**
 * `with click.progressbar(pages) as bar: for page in bar: ...`: the name a progress bar over `list` is bound to, and the
 * body it is bound in, where iterating it gives the list's items; and the items its `item_show_func=lambda p: ...` shows.
 */
function progressBarOver(args: Node, list: Node): { name: Node; body: Node; shown: Node[] } | null {
  const call = args.parent;
  const bar = call?.parent?.type === "as_pattern" && call.parent.namedChildren[0]?.id === call.id ? call.parent : null;
  if (!bar || args.namedChildren[0]?.id !== list.id || !PROGRESS_BARS.has(lastName(call!.childForFieldName("function")))) return null;
  const name = bar.childForFieldName("alias")?.namedChildren[0];
  const body = enclosing(bar, "with_statement")?.childForFieldName("body");
  const show = args.namedChildren
    .find((a) => a?.type === "keyword_argument" && a.childForFieldName("name")?.text === "item_show_func")
    ?.childForFieldName("value");
  const item = show?.type === "lambda" ? show.childForFieldName("parameters")?.namedChildren : undefined;
  const shown = item?.length === 1 && item[0]?.type === "identifier" ? usesIn(show!.childForFieldName("body")!, item[0].text) : [];
  return name?.type === "identifier" && body ? { name, body, shown } : null;
}

/**
 * Where an alias is bound in another branch of an if too (`items = [...]` where the other branch calls someone else),
 * and one of its uses comes after the if, where it may hold that other list: those bindings, and the value each binds
 * (null where it is no plain assignment's). Uses in the alias's own branch see only its list (`docs = docs.data or []`
 * then a loop, in the crawl branch beside a scrape's). An empty one (`items = []`) holds no elements either way.
 */
export function otherBranchBindings(name: Node, uses: readonly Node[]): { binding: Node; value: Node | null }[] {
  return otherBindings(name, scopeOf(name)).flatMap(({ binding }) => {
    const value = binding.type === "assignment" ? binding.childForFieldName("right") : null;
    const empty = (value?.type === "list" || value?.type === "dictionary" || value?.type === "tuple") && value.namedChildren.length === 0;
    return !empty && inOtherBranches(binding, name) && uses.some((use) => !inOtherBranches(binding, use)) ? [{ binding, value }] : [];
  });
}

/**
 * The items of a list bound in several branches of an if and taken after it (`for doc in docs`): what
 * elementsOf leaves out, since they may be any branch's.
 */
export function itemsAfterBranches(list: Node): Node[] {
  const alias = boundName(list);
  return alias ? usesReached(alias).flatMap(elementsOf) : [];
}

/**
 * Dict tests of a 1.x call's result that go (steps/results.ts: only their side reads the result, and 1.x's dict took
 * it), by tree: what their side holds is the model's, and a conditional's value is that side's.
 */
const dissolvedTests = new WeakMap<object, Map<number, DissolvedTest>>();

/** The edit that dissolves a test, as it was judged when the test was registered: a dissolved test beside it changes the judgement. */
export type DissolvedTest = { start: number; end: number; text: string };

export function dissolveDictTest(test: Node, edit: DissolvedTest): void {
  let tests = dissolvedTests.get(test.tree);
  if (!tests) dissolvedTests.set(test.tree, (tests = new Map()));
  tests.set(test.id, edit);
}

export function isDissolvedDictTest(test: Node | null | undefined): boolean {
  return !!test && !!dissolvedTests.get(test.tree)?.has(test.id);
}

export function dissolvedTestEdit(test: Node): DissolvedTest | undefined {
  return dissolvedTests.get(test.tree)?.get(test.id);
}

/**
 * `job if isinstance(job, list) else job["data"]`, with `list` the other arm: code that took v0's crawl, a list of
 * documents, beside 1.x's job. No release of v1's client, nor v2's, answered a list, so the conditional gives `list`.
 */
export function listHedge(conditional: Node, list: Node): boolean {
  if (conditional.type !== "conditional_expression") return false;
  const [taken, test, other] = conditional.namedChildren;
  if (other?.id !== list.id || taken?.type !== "identifier" || test?.type !== "call" || calledName(test) !== "isinstance") return false;
  const [value, type] = test.childForFieldName("arguments")?.namedChildren ?? [];
  return value?.text === taken.text && type?.text === "list" && allOf(list, "identifier").some((i) => i.text === taken.text);
}

/** `Optional[X]` is an X, and `List[X]` (`list`, `Sequence`, `Iterable`) a list of them. */
const WRAPPERS = new Set(["Optional"]);
const LISTS = new Set(["List", "list", "Sequence", "Iterable"]);

/** The type a parameter's annotation names, and whether it is a list of it: `doc: ScrapeResponse`, `pages: List[ScrapeResponse]`. */
function annotated(type: Node | null, list = false): { name: string; list: boolean } | null {
  const inner = type?.type === "type" ? (type.namedChildren[0] ?? null) : type;
  if (inner?.type === "identifier") return { name: inner.text, list };
  if (inner?.type !== "generic_type") return null;
  const outer = inner.namedChildren[0]?.text ?? "";
  const argument = inner.namedChildren[1]?.type === "type_parameter" ? inner.namedChildren[1].namedChildren : [];
  if (argument.length !== 1 || (!WRAPPERS.has(outer) && !LISTS.has(outer)) || (list && LISTS.has(outer))) return null;
  return annotated(argument[0] ?? null, list || LISTS.has(outer));
}

/** Parameters annotated with one of `types` (local names): each use in its function, or each element of the list it is. */
export function annotatedParameters(root: Node, types: ReadonlyMap<string, string>): { heads: Node[]; type: string }[] {
  return allOf(root, ["typed_parameter", "typed_default_parameter"]).flatMap((parameter) => {
    const name = parameterName(parameter);
    const found = annotated(parameter.childForFieldName("type"));
    const type = found ? types.get(found.name) : undefined;
    const fn = parameter.parent?.parent;
    if (!name || !found || !type || fn?.type !== "function_definition") return [];
    const uses = usesIn(fn.childForFieldName("body")!, name.text);
    return [{ heads: found.list ? uses.flatMap(elementsOf) : uses, type }];
  });
}
