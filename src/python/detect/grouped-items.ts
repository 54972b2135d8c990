/**
 * Results a loop sorts into a dict of lists (`groups[key].append(page)`, `groups.setdefault(key, []).append(page)`) and
 * the places the lists are read: the dict's `.items()` and `.values()` loops, `groups[key]`, in its function, in the
 * callers it is returned to and in the module's functions it is handed to. pyright types such lists as holding
 * anything, so a v1 dict read of their items goes unseen on 4.x's models unless the run reads them as the loop's.
 */
import { calledName, within, type Node } from "../runtime/parser.js";
import { anyTakingParameter, everyCallHands, parameterReads } from "./handed-results.js";
import { membershipAbove } from "./dict-reads.js";
import { onlyAssignment, rebinds, usesIn } from "./names.js";
import { usesAfter } from "./result-values.js";
import { callersReads, returnedFrom } from "./returned-results.js";

/** Annotations of a parameter that say nothing of what a dict's values are. */
const OPEN_DICT_ANNOTATIONS = new Set(["dict", "Dict", "typing.Dict", "defaultdict", "Any", "typing.Any"]);

/** `x.append(item)` with one argument: the object appended to, and the item. */
export function appendCall(call: Node | null): { to: Node; item: Node } | null {
  const callee = call?.type === "call" ? call.childForFieldName("function") : null;
  const args = call?.childForFieldName("arguments")?.namedChildren ?? [];
  const to = callee?.type === "attribute" && callee.childForFieldName("attribute")?.text === "append" ? callee.childForFieldName("object") : null;
  return to && args.length === 1 && args[0] ? { to, item: args[0] } : null;
}

/**
 * What a use of a dict appends to one of its lists (`groups[key].append(x)`, `groups.setdefault(key, []).append(x)`):
 * `x`; undefined where the use is no such append.
 */
export function appendedToGroup(use: Node): Node | undefined {
  const parent = use.parent;
  let list: Node | null = null;
  if (parent?.type === "subscript" && parent.childForFieldName("value")?.id === use.id) list = parent;
  else if (parent?.type === "attribute" && parent.childForFieldName("attribute")?.text === "setdefault" && parent.parent?.type === "call") list = parent.parent;
  const append = list?.parent?.type === "attribute" ? appendCall(list.parent.parent) : null;
  return append && list && append.to.id === list.id ? append.item : undefined;
}

/** `defaultdict(list)`, `{}`, `dict()`: a dict that starts empty and gives lists by key. */
function emptyGroups(value: Node | null): boolean {
  if (value?.type === "dictionary") return value.namedChildren.length === 0;
  if (value?.type !== "call") return false;
  const args = value.childForFieldName("arguments")?.namedChildren ?? [];
  const name = calledName(value);
  return (name === "defaultdict" && args.length === 1 && args[0]?.text === "list") || (name === "dict" && args.length === 0);
}

/**
 * The dict a loop's variable `item` is grouped into, by the name its function binds once, to an empty dict: only where
 * every list of it is appended that variable, in `body`, the loop's.
 */
export function groupingDict(item: Node, body: Node): Node | null {
  const use = item.parent?.type === "argument_list" ? appendCall(item.parent.parent) : null;
  const list = use?.item.id === item.id ? use.to : null;
  const named =
    list?.type === "subscript"
      ? list.childForFieldName("value")
      : list?.type === "call"
        ? list.childForFieldName("function")?.childForFieldName("object")
        : null;
  const bound = named?.type === "identifier" ? onlyAssignment(named) : null;
  if (!bound || !emptyGroups(bound.value)) return null;
  // every use that appends to one of its lists appends the loop's variable
  const ours = (use: Node) => {
    const appended = appendedToGroup(use);
    return appended === undefined || isLoopItem(appended, item, body);
  };
  return usesAfter(bound.target).every(ours) ? bound.target : null;
}

/** Whether a value is the loop's variable `item`, in the loop's `body`. */
export function isLoopItem(value: Node | null | undefined, item: Node, body: Node): boolean {
  return value?.type === "identifier" && value.text === item.text && within(value, body);
}

/**
 * `for key, pages in groups.items()` (or sorted()), `for pages in groups.values()`, in a statement or a comprehension: the
 * uses of the name the loop gives each list.
 */
function listsByLoop(call: Node, method: "items" | "values"): Node[] | null {
  const sorted = call.parent?.type === "argument_list" && call.parent.namedChildren.length === 1 && calledName(call.parent.parent!) === "sorted";
  const iterated = sorted ? call.parent!.parent! : call;
  const loop = iterated.parent;
  if ((loop?.type !== "for_statement" && loop?.type !== "for_in_clause") || loop.childForFieldName("right")?.id !== iterated.id) return null;
  const left = loop.childForFieldName("left")!;
  const pair = left.type === "pattern_list" || left.type === "tuple_pattern" ? left.namedChildren : [];
  const name = method === "values" ? left : pair.length === 2 ? pair[1] : null;
  if (name?.type !== "identifier") return null;
  const uses = usesIn(loop.type === "for_statement" ? loop.childForFieldName("body")! : loop.parent!, name.text).filter((use) => use.id !== name.id);
  return uses.some(rebinds) ? null : uses;
}

/** Calls that take a dict's keys alone when handed it: `sorted(groups)`, `list(groups)`, `len(groups)`. */
const KEYS_ONLY = new Set(["sorted", "list", "set", "len"]);

/** A use that only tests, counts or lists the keys of the dict, or fills it: `key in groups`, `sorted(groups)`, `if not groups`, `groups[key] = []`. */
function onlyAbout(use: Node): boolean {
  const parent = use.parent;
  if (!parent) return false;
  const member = membershipAbove(use);
  if (member && !member.asserted) return true;
  if (
    parent.type === "not_operator" ||
    (["if_statement", "elif_clause", "while_statement"].includes(parent.type) && parent.childForFieldName("condition")?.id === use.id)
  )
    return true;
  if (parent.type === "argument_list" && parent.namedChildren.length === 1 && KEYS_ONLY.has(calledName(parent.parent!))) return true;
  // `for key in groups`, `groups.keys()`
  if ((parent.type === "for_statement" || parent.type === "for_in_clause") && parent.childForFieldName("right")?.id === use.id) return true;
  if (parent.type === "attribute" && parent.childForFieldName("attribute")?.text === "keys") return true;
  const assigned = parent.type === "subscript" && parent.parent?.type === "assignment" && parent.parent.childForFieldName("left")?.id === parent.id;
  return assigned && parent.parent!.childForFieldName("right")?.type === "list";
}

/**
 * The lists of a grouping dict its uses read (each a value whose items are the grouped results), and the uses it goes
 * on from where the run cannot follow it. `elsewhere` finds a function's calls in other modules.
 */
export function groupReads(
  uses: readonly Node[],
  elsewhere: (name: string) => readonly Node[] | undefined,
  seen: Set<number> = new Set(),
): { lists: Node[]; unseen: Node[] } {
  const lists: Node[] = [];
  const unseen: Node[] = [];
  for (const use of uses) {
    if (appendedToGroup(use) !== undefined || onlyAbout(use)) continue;
    const parent = use.parent!;
    const method = parent.type === "attribute" && parent.parent?.type === "call" ? parent.childForFieldName("attribute")!.text : null;
    const byLoop = method === "items" || method === "values" ? listsByLoop(parent.parent!, method) : null;
    if (byLoop) {
      lists.push(...byLoop);
      continue;
    }
    if (method === "get" || (parent.type === "subscript" && parent.childForFieldName("value")?.id === use.id)) {
      lists.push(method === "get" ? parent.parent! : parent);
      continue;
    }
    const from = returnedFrom(use);
    const taking = from ? null : anyTakingParameter(use);
    const annotation = taking ? taking.name.parent?.childForFieldName("type")?.text : undefined;
    const reads = taking && (annotation === undefined || OPEN_DICT_ANNOTATIONS.has(annotation)) ? parameterReads(taking) : null;
    const further = from ? callersReads(from) : reads && everyCallHands(taking!.fn, new Set([taking!.call.id]), elsewhere) ? reads : null;
    const fn = from ?? taking?.fn;
    if (!further || !fn || seen.has(fn.id)) {
      if (!further) unseen.push(use);
      continue;
    }
    seen.add(fn.id);
    const next = groupReads(further, elsewhere, seen);
    lists.push(...next.lists);
    unseen.push(...next.unseen);
  }
  return { lists, unseen };
}
