/**
 * The run proves its Python output (DESIGN contract 13), as js/checker/verify.ts proves TypeScript: every
 * Python file and notebook the migration changed is checked with pyright as it was (against firecrawl-py
 * 1.x/2.x) and as it comes out (against 4.x), with pyright (pyright.ts). An error present after
 * and not before (same rule, same message, at the line the edits moved it to) was introduced by the
 * migration: it gets one TODO line above its statement quoting pyright, unless a TODO already marks it.
 */
import { diff } from "../../core/diff-package.js";
import type { Edit } from "../../core/edits.js";
import { languageOf } from "../../core/language.js";
import { commentsAboveStart, nearestTodoAbove, todosAbove } from "../../core/todo.js";
import { lineStart, namesIdentifier } from "../../core/text.js";
import { METHODS } from "../../mapping/client-methods.js";
import { UNCHANGED_FORMATS } from "../../mapping/formats.js";
import { V1_ACCESSOR } from "../../mapping/imports.js";
import {
  PY_CAST,
  PY_CLIENT_V2_NAMES,
  PY_CLIENTS,
  PY_FORMAT_OPTION,
  PY_MOVED_TYPES,
  PY_OPTIONAL_FIELD_EMPTY,
  PY_PACKAGE,
  snakeCase,
} from "../../mapping/python.js";
import {
  alsoTodo,
  FORMATS_CAST,
  GUARDED_GET_READ,
  optionalFieldEmpty,
  pyrightTodo,
  SCRAPE_OPTIONS_ON_SCRAPE,
  splatAnnotated,
  v1ProxyAsserted,
} from "../../mapping/messages.js";
import { type Verified } from "../../core/verified.js";
import { VERIFY } from "../../core/verified.js";
import { runPython, statementOf, type PyContext, type PyStep } from "../pipeline.js";
import { notebookProgram, runNotebook } from "../notebook.js";
import { literalAt, pyLiteral } from "../writing.js";
import { allOf, andOperands, enclosing, inTryBody, loadPython, parsePython, stringValue, within, type Node } from "../runtime/parser.js";
import { bindingScope, rebinds, usesIn } from "../detect/names.js";
import { castable } from "../detect/model-names.js";
import { callsThroughV1 } from "../detect/clients.js";
import { mirrorsRemoved, projectLookup, runPyright, type Checked, type Project, type PyrightError, type Side } from "./pyright.js";

/** What pyright checks of a file: a notebook's code cells as one program, IPython lines masked. */
const programOf = (path: string, text: string) => (languageOf(path) === "notebook" ? notebookProgram(text) : text);

/**
 * Where a line of a file's output (0-based) came from: the line of its input it was, where the edits kept it, or the
 * input's lines its edit replaced (`from` to `to`, none where the edit only inserted it).
 */
type Origin = number | { readonly from: number; readonly to: number };

/** `compute` of a file, made once a file: the verification asks for some of it at several points. */
function onceAFile<T>(compute: (file: Checked) => T): (file: Checked) => T {
  const known = new WeakMap<Checked, T>();
  return (file) => {
    if (!known.has(file)) known.set(file, compute(file));
    return known.get(file)!;
  };
}

/** Each output line's origin, diffed once a file: both the choice of inputs worth checking and the verdict on each error read it. */
const originsOf = onceAFile((file): Origin[] => {
  const map: Origin[] = [];
  let old = 0;
  let replaced = { from: 0, to: 0 };
  for (const part of diff().diffArrays(file.before.split("\n"), file.after.split("\n"))) {
    if (part.removed) {
      replaced = { from: old, to: old + part.value.length };
      old = replaced.to;
    } else if (part.added) {
      for (let i = 0; i < part.value.length; i++) map.push(replaced);
    } else {
      for (let i = 0; i < part.value.length; i++) map.push(old++);
    }
    if (!part.removed) replaced = { from: old, to: old };
  }
  return map;
});

/**
 * The v2 names of v1's clients, methods and result models, which a message quotes where the input's quoted the v1 ones
 * (`Type "ScrapeResponse[Any]" is not assignable to return type "str"` is the input's `Type "Document" ...`).
 */
const V2_NAMES = new Map<string, string>([
  ...PY_CLIENTS.map((c) => [c.v1, c.v2] as const),
  ...Object.entries(PY_MOVED_TYPES).map(([v1, moved]) => [v1, moved.name] as const),
  ...METHODS.flatMap((row) => (row.python.v2 ? row.python.v1.map((name) => [name, row.python.v2!] as const) : [])),
]);

/**
 * A message as either side says it: its first line (the rest explains it in each side's types), the names it quotes
 * as v2 and the migration write them (`"FirecrawlApp"`, `"scrape_url"`, `"enableJavascript"` as `"Firecrawl"`,
 * `"scrape"`, `"enable_javascript"`), and not what the SDK declares, which each side's types say their own way: a
 * parameter's type (`ScrapeOptions(formats=names)` with a `list[str]` fails 2.x's list of literals and 4.x's list of
 * format options alike), the class an attribute is missing from. So an error the input had about code the migration
 * only renamed, or handed to the SDK as it was, is known as the same one.
 */
const sameSaid = (message: string) =>
  message
    .split("\n")[0]!
    .replace(/(\bparameter "[^"]*" of type |\bfor class )"[^"]*"/g, '$1"…"')
    // where a class is named with its module (`type[firecrawl.firecrawl.FirecrawlApp]`), the module is each side's own
    .replace(/(?<=["[, ])(?:[A-Za-z_]\w*\.)+(?=[A-Za-z_])/g, "")
    // a generic's arguments (`ScrapeResponse[Any]`) are each side's own; a name of neither SDK keeps them, with the
    // SDK's names in them as v2 says them (`type[FirecrawlApp]`, a module's stand-in for the client where it is missing)
    .replace(/"([A-Za-z_]\w*)(\[[^"]*\])?"/g, (said, name: string, generic?: string) =>
      generic && !V2_NAMES.has(name)
        ? said.replace(/\b[A-Za-z_]\w*\b/g, (inner) => V2_NAMES.get(inner) ?? inner)
        : `"${snakeCase(V2_NAMES.get(name) ?? name)}"`,
    );

/**
 * A value pyright types as None, used however it is: `r["status"]` or `save(r)` on the input side and the `r.status`
 * or `save(r.model_dump())` the migration wrote for it fault the same thing, the code's own annotation
 * (`def status(self) -> None: return ...`).
 */
const USES_OF_NONE =
  /^(?:Object of type "None" is not subscriptable|Cannot access attribute "\w+" for class "None"|"\w+" is not a known attribute of "None"|Argument of type "None" cannot be assigned to parameter .*|Type "None" is not assignable to .*)$/;

/** What an error is, as either side says it. */
const sameError = (e: PyrightError) => (USES_OF_NONE.test(e.message.split("\n")[0]!) ? "use of None" : `${e.rule}\u0000${sameSaid(e.message)}`);

/**
 * The errors of `after` that `before` did not have: on a line the migration kept, at that line; on a line it wrote,
 * anywhere in the lines it replaced.
 */
function introduced(before: readonly PyrightError[], after: readonly PyrightError[], from: readonly Origin[]): PyrightError[] {
  const unclaimed = before.map((e) => ({ line: e.line, key: sameError(e) }));
  return after.filter((e) => {
    const origin = from[e.line];
    if (origin === undefined) return true;
    const key = sameError(e);
    const at = unclaimed.findIndex((b) => b.key === key && (typeof origin === "number" ? b.line === origin : b.line >= origin.from && b.line < origin.to));
    if (at < 0) return true;
    unclaimed.splice(at, 1);
    return false;
  });
}

/** Line-level edits that turn `from` into `to`, so the report can move what it located in `from`. */
function lineEdits(from: string, to: string): Edit[] {
  const edits: Edit[] = [];
  let at = 0;
  for (const part of diff().diffArrays(from.split(/(?<=\n)/), to.split(/(?<=\n)/))) {
    const text = part.value.join("");
    if (part.added) edits.push({ start: at, end: at, text });
    else if (part.removed) {
      edits.push({ start: at, end: at + text.length, text: "" });
      at += text.length;
    } else at += text.length;
  }
  return edits;
}

/** Python's own types, which pyright's messages quote and which say nothing about what a TODO is about. */
const BUILTIN_TYPES = new Set(["str", "int", "float", "bool", "bytes", "dict", "list", "tuple", "set", "object", "None", "Any"]);

/**
 * Whether a TODO is about an error: it quotes the error's rule, or names what the error is about (`"success"`), not
 * the class it says that of (`for class "SearchResultWeb"`), which a TODO about another of its fields names too.
 */
function speaksFor(todo: string, e: PyrightError): boolean {
  if (e.rule && todo.includes(`pyright ${e.rule}`)) return true;
  const names = [...e.message.matchAll(/(?<!\b(?:class|type) )"([A-Za-z_]\w+)"/g)].map((m) => m[1]!).filter((name) => !BUILTIN_TYPES.has(name));
  return names.some((name) => namesIdentifier(todo, name));
}

/** The rules that fault a value that may be None where it is used as one that is not. */
const OPTIONAL_USES = new Set(["reportOptionalMemberAccess", "reportOptionalSubscript", "reportOptionalIterable", "reportOptionalOperand"]);

/** Whether pyright faults only a value's None: every member its message says does not fit is None. */
function onlyNone(e: PyrightError): boolean {
  if (e.rule && OPTIONAL_USES.has(e.rule)) return true;
  if (e.rule !== "reportArgumentType" && e.rule !== "reportReturnType") return false;
  const members = [...e.message.matchAll(/^\s*"([^"]+)" is (?:not assignable to|incompatible with protocol) "/gm)].map((m) => m[1]);
  return members.length > 0 && members.every((member) => member === "None");
}

/** The node pyright's range of an error covers: the smallest that holds it (pyright counts UTF-16 units, tree-sitter bytes). */
function nodeOf(root: Node, lines: readonly string[], e: PyrightError): Node {
  const at = (row: number, column: number) => ({ row, column: Buffer.byteLength((lines[row] ?? "").slice(0, column)) });
  return root.descendantForPosition(at(e.line, e.column), at(e.endLine, e.endColumn)) ?? root;
}

/** Where `value or <empty>` needs no parentheses: a whole argument, keyword value, return value, loop iterable or list element. */
const WHOLE = new Set(["argument_list", "keyword_argument", "return_statement", "for_statement", "for_in_clause", "list"]);

interface OptionalRepair {
  readonly read: Node;
  /** where pyright faulted the value: the read itself, or a name bound to it */
  readonly at: Node;
  readonly field: string;
  readonly text: string;
}

/**
 * A list handed where a list of the same type without None is wanted (`batch_scrape(urls=[url])`): pyright says
 * `list[str | None]`, and the None is only its elements'.
 */
function onlyNoneInElements(e: PyrightError): boolean {
  const said = /^Argument of type "list\[(.+) \| None\]" cannot be assigned to parameter "\w+" of type "(?:List|list|Sequence)\[(.+)\](?: \| None)?"/.exec(
    e.message,
  );
  return e.rule === "reportArgumentType" && said !== null && said[1] === said[2];
}

/** The values a list expression is made of: a literal's elements, a comprehension's element, both sides of `+`; null where one is not seen. */
function elementsOfList(node: Node): Node[] | null {
  if (node.type === "parenthesized_expression" && node.namedChildren.length === 1) return elementsOfList(node.namedChildren[0]!);
  if (node.type === "list") {
    const elements = node.namedChildren.filter((n): n is Node => n !== null && n.type !== "comment");
    return elements.some((n) => n.type === "list_splat") ? null : elements;
  }
  if (node.type === "list_comprehension") return node.childForFieldName("body") ? [node.childForFieldName("body")!] : null;
  if (node.type === "binary_operator" && node.childForFieldName("operator")?.type === "+") {
    const left = elementsOfList(node.childForFieldName("left")!);
    const right = left && elementsOfList(node.childForFieldName("right")!);
    return left && right ? [...left, ...right] : null;
  }
  return null;
}

/** The repair of a value that is None only through an Optional field of PY_OPTIONAL_FIELD_EMPTY read into it. */
function repairOf(faulted: Node): OptionalRepair | null {
  const read = faulted.type === "identifier" ? boundRead(faulted) : faulted;
  // a scraped search hit's field, as the results step reads it off either model: `hit.markdown if isinstance(hit, Document) else None`
  const bare = read?.type === "parenthesized_expression" && read.namedChildren.length === 1 ? read.namedChildren[0]! : read;
  const either = bare?.type === "conditional_expression" ? bare.namedChildren[0] : null;
  const attribute = either ?? read;
  const field = attribute?.type === "attribute" ? attribute.childForFieldName("attribute")?.text : undefined;
  const empty = field ? PY_OPTIONAL_FIELD_EMPTY[field] : undefined;
  if (!read || !field || !empty) return null;
  const value = `${either && bare === read ? `(${read.text})` : read.text} or ${literalAt(read, empty)}`;
  return { read, at: faulted, field, text: WHOLE.has(read.parent?.type ?? "") || read.parent?.type === "assignment" ? value : `(${value})` };
}

/**
 * The repairs of an error pyright raises only for the None of a field v2 made Optional where 1.x's dict always had the
 * key (PY_OPTIONAL_FIELD_EMPTY): `f.write(page.markdown or "")`, `(page.markdown or "").split()`, as the results step
 * writes it where it sees the use; in a list, each element's (`[hit.metadata_typed.source_url or ""]`), where every
 * element not a string's own text is such a field. null for any other error.
 */
function optionalRepairs(node: Node, e: PyrightError): OptionalRepair[] | null {
  if (!onlyNone(e) && !onlyNoneInElements(e)) return null;
  const faulted = faultedValue(node, e);
  if (!faulted) return null;
  // a list bound to a name first (`urls = [page.metadata_typed.source_url for page in pages]`, then `batch(urls)`)
  const listed = faulted.type === "identifier" ? boundRead(faulted) : faulted;
  const elements = e.rule === "reportArgumentType" && listed ? elementsOfList(listed) : null;
  if (!elements) {
    const repair = repairOf(faulted);
    return repair && [repair];
  }
  const repairs = elements.filter((element) => element.type !== "string" && element.type !== "concatenated_string").map(repairOf);
  return repairs.length && repairs.every((r) => r !== null) ? (repairs as OptionalRepair[]) : null;
}

/** The value pyright faults for its None: the member it names is read off it, else the node its range covers. */
const faultedValue = (node: Node, e: PyrightError): Node | null =>
  e.rule === "reportOptionalMemberAccess" ? (node.parent?.type === "attribute" ? node.parent.childForFieldName("object") : null) : node;

/** pyright's word for `"key" in value` where the value may be None: an operator issue, not an Optional one. */
const IN_OPTIONAL = /^Operator "(?:not )?in" not supported for types "[^"]*" and "[^"]* \| None"/;

/**
 * `if data and data.get("data"): found = data.get("data")` then `"name" in found`: a read of a dict the migration made
 * (a dump) that pyright types Optional, since it narrows no call, where the if around the binding tests that same read
 * true. The key is there wherever the binding runs: the binding reads it as `data["data"]`, which gives the same.
 */
function guardedGet(node: Node, e: PyrightError): { read: Node; text: string } | null {
  const comparison = IN_OPTIONAL.test(e.message) ? (node.type === "comparison_operator" ? node : enclosing(node, "comparison_operator")) : null;
  const faulted = comparison ? comparison.namedChildren.at(-1) : onlyNone(e) ? faultedValue(node, e) : null;
  const read = faulted?.type === "identifier" ? boundRead(faulted) : null;
  const callee = read?.type === "call" ? read.childForFieldName("function") : null;
  const args = read?.childForFieldName("arguments")?.namedChildren.filter((a) => a?.type !== "comment") ?? [];
  if (callee?.type !== "attribute" || callee.childForFieldName("attribute")!.text !== "get" || args.length !== 1 || args[0]!.type !== "string") return null;
  const got = callee.childForFieldName("object")!;
  const guard = enclosing(read!, "if_statement");
  const taken = guard?.childForFieldName("consequence");
  if (!taken || !within(read!, taken) || !andOperands(guard!.childForFieldName("condition")!).some((test) => test.text === read!.text)) return null;
  // the dict the guard tested is the one read: not bound again in between
  const rebound = got.type === "identifier" && usesIn(taken, got.text).some((use) => rebinds(use) && use.startIndex < read!.startIndex);
  return got.type === "identifier" && !rebound ? { read: read!, text: `${got.text}[${args[0]!.text}]` } : null;
}

/**
 * The value a name holds where a plain assignment reaches the use (`content = item.markdown`, then `f.write(content)`),
 * through names handed it in turn (`text = content`): the read to give v1's value there, for every use alike. The
 * assignment that reaches it is the last before it, in a block around the use, with no binding in a loop around the
 * use that could come round to it; none where the scope binds the name otherwise (a loop's target, `global`).
 */
function boundRead(use: Node, depth = 0): Node | null {
  const scope = bindingScope(use);
  const bindings: Node[] = [];
  for (const n of usesIn(scope, use.text)) {
    if (bindingScope(n).id !== scope.id) continue;
    const parent = n.parent!;
    if (parent.type === "assignment" && parent.childForFieldName("left")?.id === n.id) {
      if (parent.childForFieldName("type")) return null;
      bindings.push(parent);
    } else if (rebinds(n) || parent.type === "global_statement" || parent.type === "nonlocal_statement") return null;
  }
  const reaching = bindings.filter((b) => b.endIndex <= use.startIndex).at(-1);
  const block = reaching?.parent?.parent;
  if (!reaching || !block || !within(use, block)) return null;
  for (let at = use.parent; at && at.id !== block.id; at = at.parent)
    if ((at.type === "for_statement" || at.type === "while_statement") && bindings.some((b) => b.id !== reaching.id && within(b, at!))) return null;
  const right = reaching.childForFieldName("right");
  return right?.type === "identifier" && depth < 3 ? boundRead(right, depth + 1) : right;
}

/** pyright's word for a list of str handed as a call's formats (`list[str]`, `List[str] | None`, or with v2's own list in a union). */
const FORMATS_OF_STR = /^Argument of type "([^"]+)" cannot be assigned to parameter "formats" of type "[^"]*FormatOption[^"]*"/;
const STR_OR_FORMATS = /^(?:(?:list|List|Sequence)\[(?:str|FormatOption)\]|None)$/;

/**
 * A list of str the migration handed as a call's `formats` (v1 took them in its params dict, which pyright typed as
 * anything), or a list literal of str values pyright faulted an element of: the value to cast to v2's type of them.
 * Not a list pyright knows the names of (`List[Literal["content"]]`): what it says of those is true.
 */
function formatsOfStr(faulted: Node, e: PyrightError): Node | null {
  const said = e.rule === "reportArgumentType" ? FORMATS_OF_STR.exec(e.message) : null;
  // pyright faults a list literal's element (`[fmt.lower()]`): the list is the value, where its names are all v2's
  const list = faulted.parent?.type === "list" ? faulted.parent : null;
  const named = (n: Node | null) => (n?.type === "string" ? UNCHANGED_FORMATS.includes(stringValue(n) as never) : true);
  if (list && (faulted.type === "string" || !list.namedChildren.every(named))) return null;
  const node = list ?? faulted;
  const keyword = node.parent?.type === "keyword_argument" && node.parent.childForFieldName("value")?.id === node.id ? node.parent : null;
  const types = said?.[1]!.split(" | ") ?? [];
  const ofStr = types.some((t) => /\[str\]$/.test(t)) && types.every((t) => STR_OR_FORMATS.test(t));
  return ofStr && keyword?.childForFieldName("name")?.text === "formats" ? node : null;
}

/**
 * The parameter of the code's own function whose dict `**name` hands a v2 method, where pyright faults the method's
 * keywords with the type of a literal the code binds it to (`if not params: params = {"formats": ["markdown"]}`, a
 * list of str for every keyword): unannotated, and None by default or with no default. 2.x's methods took **kwargs,
 * which pyright checked nothing against; a dict is what the parameter holds at runtime.
 */
function splatParameter(node: Node, e: PyrightError): Node | null {
  if (e.rule !== "reportArgumentType" || !/^Argument of type "[^"]*" cannot be assigned to parameter "\w+"/.test(e.message)) return null;
  const splat = node.type === "dictionary_splat" ? node : node.parent?.type === "dictionary_splat" ? node.parent : null;
  const name = splat?.namedChildren[0];
  const fn = name?.type === "identifier" ? enclosing(name, "function_definition") : null;
  const parameter = fn
    ?.childForFieldName("parameters")
    ?.namedChildren.find((p) => (p?.type === "identifier" ? p : p?.type === "default_parameter" ? p.childForFieldName("name") : null)?.text === name!.text);
  if (!parameter) return null;
  return parameter.type === "identifier" || parameter.childForFieldName("value")?.type === "none" ? parameter : null;
}

/**
 * Repairs the errors that only an Optional field's None causes, a list of str handed as formats (cast) and a call the
 * migration moved onto `.v1` (asserted), then marks each other error's statement once: a TODO quoting pyright, unless
 * one is there already. A call pyright finds no overload for only through a repaired argument (`"".join(page.links)`)
 * is repaired with it.
 */
function marking(errors: readonly PyrightError[], proxied: readonly PyrightError[], counted: { marked: number; repaired: number }): PyStep {
  return {
    name: VERIFY,
    description: "repairs or marks what pyright finds the migration broke against firecrawl-py 4.x",
    run(context) {
      const lines = context.source.text.split("\n");
      assertV1(
        context,
        proxied.map((e) => nodeOf(context.tree.rootNode, lines, e)),
      );
      const located = errors.map((e) => ({ e, node: nodeOf(context.tree.rootNode, lines, e) }));
      const repaired: Node[] = [];
      // where each repaired value is used as pyright faulted it (the read itself, or a name bound to it)
      const faulted: Node[] = [];
      const left = located.filter(({ e, node }) => {
        const repairs = optionalRepairs(node, e);
        if (!repairs) return true;
        for (const repair of repairs) {
          if (!repaired.some((r) => r.id === repair.read.id)) {
            context.edit(repair.read.startIndex, repair.read.endIndex, repair.text, optionalFieldEmpty(repair.field, PY_OPTIONAL_FIELD_EMPTY[repair.field]!));
            repaired.push(repair.read);
          }
          faulted.push(repair.at);
        }
        return false;
      });
      const casting = left.some(({ e, node }) => formatsOfStr(node, e)) && castable(context.tree.rootNode, PY_FORMAT_OPTION);
      // FormatOption is imported beside the SDK's import: where that is guarded, pyright takes the alias for a variable,
      // which a type cannot name, but for its string, which it reads as the alias
      const castTo = `${PY_CAST.list}[${PY_FORMAT_OPTION}]`;
      const guardedSdk = casting && allOf(context.tree.rootNode, "import_from_statement").some((s) => importsSdk(s) && inTryBody(s));
      const uncast = left.filter(({ e, node }) => {
        const value = casting ? formatsOfStr(node, e) : null;
        if (!value) return true;
        if (!repaired.some((r) => r.id === value.id)) {
          context.edit(
            value.startIndex,
            value.endIndex,
            `${PY_CAST.cast}(${guardedSdk ? pyLiteral(context.source, castTo) : castTo}, ${value.text})`,
            FORMATS_CAST,
          );
          repaired.push(value);
        }
        return false;
      });
      const annotated = new Set<number>();
      const unsplat = uncast.filter(({ e, node }) => {
        const parameter = splatParameter(node, e);
        if (!parameter) return true;
        if (!annotated.has(parameter.id)) {
          annotated.add(parameter.id);
          const name = parameter.type === "identifier" ? parameter : parameter.childForFieldName("name")!;
          const type = parameter.type === "identifier" ? ": dict" : `: ${pyLiteral(context.source, "dict | None")} = `;
          context.edit(
            name.endIndex,
            parameter.type === "identifier" ? name.endIndex : parameter.childForFieldName("value")!.startIndex,
            type,
            splatAnnotated(name.text),
          );
        }
        return false;
      });
      const unguarded = unsplat.filter(({ e, node }) => {
        const guarded = guardedGet(node, e);
        if (!guarded) return true;
        if (!repaired.some((r) => r.id === guarded.read.id)) {
          context.edit(guarded.read.startIndex, guarded.read.endIndex, guarded.text, GUARDED_GET_READ);
          repaired.push(guarded.read);
        }
        return false;
      });
      const throughRepaired = ({ e, node }: (typeof located)[number]) =>
        e.rule === "reportCallIssue" && /^No overloads for/.test(e.message) && [...repaired, ...faulted].some((r) => within(r, node));
      const unrepaired = unguarded.filter((error) => !throughRepaired(error));
      counted.repaired = errors.length - unrepaired.length;
      counted.marked += unrepaired.length;
      // one TODO line a statement, for its errors together, at the first one's node
      const byStatement = new Map<number, { node: Node; errors: PyrightError[] }>();
      for (const { e, node } of unrepaired) {
        const start = statementOf(node).startIndex;
        const group = byStatement.get(start);
        if (group) group.errors.push(e);
        else byStatement.set(start, { node, errors: [e] });
      }
      for (const [start, { node, errors: said }] of byStatement) {
        const e = keywordsRefused(said) ?? said[0]!;
        if (todosAbove(context.source.text, start, "#").some((todo) => speaksFor(todo, e))) continue;
        // A TODO written for another reason does not speak for this error, and a second line would stack two TODOs
        // on one statement: the line there goes on to say this one too.
        const other = nearestTodoAbove(context.source.text, start, "#");
        if (other) context.todoGoesOn(node, other, alsoTodo(todoFor(e, node)));
        else context.todo(node, todoFor(e, node));
      }
    },
  };
}

/**
 * `assert app.v1 is not None` above each statement the migration moved onto the client's `.v1` that pyright faults for
 * it (4.x types the proxy Optional, None only where its v1 module could not be imported): once a block, for the
 * statements after it there too.
 */
function assertV1(context: PyContext, members: readonly Node[]): void {
  const asserted: { proxy: string; block: Node; after: number }[] = [];
  for (const member of members) {
    const proxy = member.parent?.type === "attribute" ? member.parent.childForFieldName("object") : null;
    if (proxy?.type !== "attribute" || proxy.childForFieldName("attribute")?.text !== V1_ACCESSOR) continue;
    const statement = statementOf(member);
    const start = lineStart(context.source.text, statement.startIndex);
    if (context.source.text.slice(start, statement.startIndex).trim()) continue;
    if (asserted.some((a) => a.proxy === proxy.text && within(statement, a.block) && statement.startIndex >= a.after)) continue;
    asserted.push({ proxy: proxy.text, block: statement.parent!, after: statement.startIndex });
    const indent = context.source.text.slice(start, statement.startIndex);
    const assertion = `assert ${proxy.text} is not None`;
    // above the statement's TODO lines (deep_research() runs on .v1), which stay right above it
    const comments = commentsAboveStart(context.source.text, start, "#");
    if (comments === start) context.edit(statement.startIndex, statement.startIndex, `${assertion}${context.source.eol}${indent}`, v1ProxyAsserted(proxy.text));
    else context.edit(comments, comments, `${indent}${assertion}${context.source.eol}`, v1ProxyAsserted(proxy.text));
  }
}

const KEYWORD_REFUSED = /^No parameter named "(\w+)"$/;

/**
 * A statement's errors where each is a keyword its call does not take (`max_pages=`, `max_depth=`): one error naming
 * them all, since the TODO says one error of its statement and the user would fix the first only to meet the next.
 */
function keywordsRefused(errors: readonly PyrightError[]): PyrightError | null {
  const names = errors.map((e) => (e.rule === "reportCallIssue" ? KEYWORD_REFUSED.exec(e.message)?.[1] : undefined));
  if (names.length < 2 || names.some((n) => n === undefined)) return null;
  return { ...errors[0]!, message: `No parameters named ${[...new Set(names)].map((n) => `"${n}"`).join(", ")}` };
}

/** What a TODO says of an error: pyright's own words, or what the error is where the run knows it better. */
function todoFor(e: PyrightError, node: Node): string {
  // `app.scrape(url, scrape_options=...)`: crawl's nesting, written for a scrape in 1.x/2.x code that never ran
  const keyword = node.type === "keyword_argument" ? node : enclosing(node, "keyword_argument");
  const callee = keyword?.parent?.parent?.type === "call" ? keyword.parent.parent.childForFieldName("function") : null;
  const onScrape = callee?.type === "attribute" && callee.childForFieldName("attribute")?.text === "scrape";
  return e.rule === "reportCallIssue" && e.message === 'No parameter named "scrape_options"' && onScrape
    ? SCRAPE_OPTIONS_ON_SCRAPE
    : pyrightTodo(e.rule, e.message);
}

function mark(path: string, output: string, errors: readonly PyrightError[], proxied: readonly PyrightError[], finishing: readonly PyStep[]): Verified {
  const counted = { marked: 0, repaired: 0 };
  const steps = [marking(errors, proxied, counted), ...finishing];
  const result =
    errors.length || proxied.length ? (languageOf(path) === "notebook" ? runNotebook(steps, path, output) : runPython(steps, path, output)) : undefined;
  const text = result?.output ?? output;
  return {
    output: text,
    todos: (result?.todos ?? []).map((t) => ({ line: t.line, message: t.message, ...(t.cell ? { cell: t.cell } : {}) })),
    changes: (result?.changes ?? []).map((c) => ({ line: c.line, message: c.message })),
    edits: text === output ? [] : lineEdits(output, text),
    newErrors: errors.length - counted.repaired,
    marked: counted.marked,
  };
}

/**
 * Whether an error may be the migration's: a module of the user's that is not installed here (langchain,
 * their own package outside the project) is missing on both sides alike, and the migration imports no new
 * module but firecrawl's.
 */
const bySdk = (e: PyrightError) => !(e.rule?.startsWith("reportMissing") && !/"firecrawl[".]/.test(e.message));

/** Whether a node lies in a call made through the client's `.v1` (`app.v1.scrape_url(...)`, its arguments too). */
function inV1Call(node: Node | null): boolean {
  for (let at = node; at; at = at.parent) if (callsThroughV1(at)) return true;
  return false;
}

/** pyright's word, on the input's side, for a method 1.x's client lacks (`app.scrape(...)`), with the method. */
const V1_CLIENT_LACKS = new RegExp(`^Cannot access attribute "(\\w+)" for class "(?:${PY_CLIENTS.map((c) => c.v1).join("|")})"`);

/**
 * The methods of v2's API the input already called on its client, which 1.x's lacks (code written for 4.x's
 * `FirecrawlApp` alias, `app.scrape(url, formats=names)`), by the line pyright faulted each on: there, for the method alone.
 */
function v2CallsOfInput(before: readonly PyrightError[]): Map<number, Set<string>> {
  const lacked = new Map<number, Set<string>>();
  for (const e of before) {
    const method = V1_CLIENT_LACKS.exec(e.message)?.[1];
    if (method) lacked.set(e.line, (lacked.get(e.line) ?? new Set()).add(method));
  }
  return lacked;
}

/** v2's client methods, by their Python names. */
const V2_METHODS: ReadonlySet<string> = new Set(METHODS.flatMap((row) => (row.python.v2 ? [row.python.v2] : [])));

/**
 * Whether a node is in the arguments, or is the callee, of the nearest call around it, and that call is one of v2's
 * the input already made on a line the migration kept: the user's own v2 code, whose types the migration did not
 * write. Such a call is one pyright faulted on the input's side for a method 1.x's client lacks (`lacked`), or, in
 * an input that imports v2's client (`onV2`), any call of a v2 method there.
 */
function inOwnV2Call(node: Node | null, lacked: ReadonlyMap<number, ReadonlySet<string>>, onV2: boolean, from: readonly Origin[]): boolean {
  const call = node?.type === "call" ? node : node && enclosing(node, "call");
  const method = call?.childForFieldName("function")?.type === "attribute" ? call.childForFieldName("function")!.childForFieldName("attribute") : null;
  const origin = method ? from[method.startPosition.row] : undefined;
  // the line the error is on kept too: a call of a name v1 and v2 share may have had its arguments rewritten
  const kept = typeof origin === "number" && typeof from[node!.startPosition.row] === "number";
  return kept && ((onV2 && V2_METHODS.has(method!.text)) || !!lacked.get(origin)?.has(method!.text));
}

/**
 * Whether a program imports one of the clients a version names: v2's (`from firecrawl import Firecrawl`) is code
 * written for 3.x or 4.x, v1 leftovers aside; `FirecrawlApp` is v1's, and 4.x's alias of `Firecrawl`.
 */
function importsClient(program: ReturnType<typeof parsePython>, version: "v1" | "v2"): boolean {
  const clients = new Set<string>(PY_CLIENTS.map((c) => c[version]));
  return program.rootNode
    .descendantsOfType("import_from_statement")
    .some(
      (statement) =>
        statement?.childForFieldName("module_name")?.text === PY_PACKAGE &&
        statement
          .childrenForFieldName("name")
          .some((name) => clients.has((name?.type === "aliased_import" ? name.childForFieldName("name") : name)?.text ?? "")),
    );
}

/** Whether an output line stands for lines of the input: kept, or rewritten from them (not only inserted). */
const fromInput = (origin: Origin | undefined) => typeof origin === "number" || (!!origin && origin.to > origin.from);

/** Whether an import statement names a module of the SDK (`firecrawl`, `firecrawl.types`, ...). */
const importsSdk = (statement: Node) => (statement.childForFieldName("module_name")?.text ?? "").split(".")[0] === PY_PACKAGE;

/**
 * Whether a name pyright says is possibly unbound was imported by the migration beside the input's own import of the
 * SDK, in the body of a `try` whose `except ImportError` goes on without it: the code's names from there are as
 * unbound as this one, by its own choice (`Document` imported for a cast where `from firecrawl import ...` is guarded).
 */
function besideGuardedImport(root: Node, e: PyrightError, from: readonly Origin[]): boolean {
  const name = e.rule?.startsWith("reportPossiblyUnbound") ? /^"(\w+)" is possibly unbound/.exec(e.message)?.[1] : undefined;
  if (!name) return false;
  return root.descendantsOfType("import_from_statement").some((statement) => {
    const names = statement!.childrenForFieldName("name").map((n) => (n?.type === "aliased_import" ? n.childForFieldName("alias") : n)?.text);
    return (
      inTryBody(statement!) &&
      importsSdk(statement!) &&
      names.includes(name) &&
      statement!.parent!.namedChildren.some((other) => other?.type === "import_from_statement" && importsSdk(other) && fromInput(from[other.startPosition.row]))
    );
  });
}

/**
 * Whether an error may be the migration's, judged by where it is: not in a call through the client's `.v1` (code
 * kept on v1 is the user's choice, which the migration never touches, yet 4.x types that proxy Optional, None when
 * the v1 module is missing, and its v1 models loosely, `job.id` is `str | None`, so pyright faults calls through it),
 * nor in a call of v2's API the input already made (inOwnV2Call): the input's side is checked against 1.x/2.x, which
 * cannot type those calls, so what pyright finds in them against 4.x is the code's own (a `List[str]` as `formats`).
 */
const migrationsPlace = (file: Checked, before: readonly PyrightError[], onV2: boolean) => {
  // parsed only when pyright has an error to judge: most outputs have none
  let tree: ReturnType<typeof parsePython> | undefined;
  const lines = file.after.split("\n");
  const lacked = v2CallsOfInput(before);
  return (e: PyrightError) => {
    tree ??= parsePython(file.after);
    // pyright counts UTF-16 units, tree-sitter bytes
    const column = Buffer.byteLength((lines[e.line] ?? "").slice(0, e.column));
    const node = tree.rootNode.descendantForPosition({ row: e.line, column });
    return !inV1Call(node) && !inOwnV2Call(node, lacked, onV2, originsOf(file)) && !besideGuardedImport(tree.rootNode, e, originsOf(file));
  };
};

/**
 * Whether an error is pyright's about the client's `.v1` proxy being Optional (`"deep_research" is not a known
 * attribute of "None"`) on a line the migration wrote the proxy into (a method v2 lacks, moved onto `.v1`): the
 * input's own calls through `.v1` are the user's.
 */
const proxiedByMigration = (file: Checked) => {
  // split only for a file with such an error, once
  let lines: { readonly input: string[]; readonly output: string[] } | undefined;
  const proxy = `.${V1_ACCESSOR}.`;
  return (e: PyrightError) => {
    if (e.rule !== "reportOptionalMemberAccess") return false;
    lines ??= { input: file.before.split("\n"), output: file.after.split("\n") };
    const origin = originsOf(file)[e.line];
    const from = typeof origin === "number" ? [lines.input[origin] ?? ""] : origin ? lines.input.slice(origin.from, origin.to) : [];
    return !from.some((line) => line.includes(proxy)) && (lines.output[e.line] ?? "").includes(proxy);
  };
};

/**
 * Up to this many files, one pyright process checks them both as they were and as they came out. Beyond, the
 * outputs are checked first and only the inputs that can matter after them: pyright's start (Python's own stubs
 * loaded and bound) costs about what checking 80 files as they were does (profiled on the bench's fixture
 * copies: 1.6 s of CPU to start, 0.022 s a file), and most outputs have no error on a line the migration kept or rewrote.
 * One long-lived pyright-langserver asked (pull diagnostics) about the outputs and then only the inputs needed saves
 * the second start and no more: on 700 changed fixture files, medians of 3 interleaved rounds, 17.1 s of CPU
 * against 17.7 s for the two runs here (the inputs of all 150 outputs with errors), and plain pyright over the
 * outputs at 12.1 s: the outputs' own check is 13.2 s (notebooks too, one execution environment a project), and
 * of the inputs' 4.5 s pyright's start is 1.2 s, the rest their checking. Checking the two sides at once, in two
 * pyright processes on two cores, was measured too (372 fixture copies, the inputs all checked, the same errors found;
 * medians of 5 interleaved rounds at a load of 11 to 18): 1.90x one pyright run's wall time and 2.37x its CPU, against
 * 1.42x and 1.51x here. Each process pays pyright's start and its stubs' binding again (each side alone took 11.1 to
 * 11.6 s of CPU, both in one process 15.8 s), the inputs are all checked
 * instead of those needed, and a second process is only faster where a core is idle: on an idle machine it could at best
 * wait as long as the longer side, about one pyright run over the outputs, plus the marking.
 */
const ONE_RUN_UP_TO = 80;

type Errors = Map<string, { before?: PyrightError[]; after: PyrightError[] }>;

/**
 * Whether a file's output errors need its input's to be told apart: one on a line the migration kept or rewrote
 * may have been there before; one on a line it only inserted cannot.
 */
const needsBefore = (file: Checked, after: readonly PyrightError[]) => {
  const errors = after.filter(bySdk);
  if (!errors.length) return false;
  const from = originsOf(file);
  return errors.some((e) => {
    const origin = from[e.line];
    return fromInput(origin);
  });
};

/** The clients a file's input imports, read once a file: which inputs ran on 4.x already, and how to judge their errors. */
const clientsOf = onceAFile((file) => {
  const input = parsePython(file.before);
  return { v1: importsClient(input, "v1"), v2: importsClient(input, "v2") };
});

/**
 * Whether a text names one of v2's clients at all, as any import of one does: an input that does not is on no v2
 * client, known without a parse (the verification parses only the files it has errors to judge in).
 */
const NAMES_V2_CLIENT = new RegExp(`\\b(?:${[...PY_CLIENT_V2_NAMES].join("|")})\\b`);

/**
 * The sides an input is checked on: against 1.x/2.x, and, where it imports v2's client alone, against 4.x as it ran
 * already. There, what pyright finds on the lines the migration kept is the code's own where the input had it too,
 * and the migration's where it did not (v1 calls the input still made on v2's client, migrated, change what the lines
 * after them see: `data.get(...)` on a document now typed). Both in the inputs' one pyright process: a process of
 * its own for the few inputs on v2 cost pyright's start again (2.8 s of a 30 s verification on the bench's copies).
 */
const inputSides = (file: Checked): Side[] => {
  if (!NAMES_V2_CLIENT.test(file.before)) return ["before"];
  const { v1, v2 } = clientsOf(file);
  return v2 && !v1 ? ["before", "asRan"] : ["before"];
};

/** The files' errors on each side: in one pyright run, or the outputs first and then the inputs of those with errors on kept lines. */
async function check(
  checked: readonly Checked[],
  oneRunUpTo: number,
  projectOf: (path: string) => Project,
): Promise<{ inputs: Map<string, Record<Side, PyrightError[]>>; after: Errors } | Error> {
  if (checked.length <= oneRunUpTo) {
    const all = await runPyright(checked, (f) => [...inputSides(f), "after"], projectOf);
    return all instanceof Error ? all : { inputs: all, after: all };
  }
  const after = await runPyright(checked, ["after"], projectOf);
  if (after instanceof Error) return after;
  const wanted = checked.filter((f) => needsBefore(f, after.get(f.path)!.after));
  const inputs = wanted.length ? await runPyright(wanted, inputSides, projectOf) : new Map<string, Record<Side, PyrightError[]>>();
  return inputs instanceof Error ? inputs : { inputs, after };
}

export interface PythonVerification {
  readonly verified: Map<string, Verified>;
  /** what the output was checked against: the stubs, or the firecrawl-py 4.x the project has installed */
  readonly against: string;
}

/**
 * Verifies the changed Python files and notebooks (path -> text as read, and as migrated). `finishing`: the steps that
 * run after the repairs, as after the migration's own (the imports step, for the names a cast is written with).
 */
export async function verifyPython(
  files: readonly { path: string; input: string; output: string }[],
  finishing: readonly PyStep[] = [],
  oneRunUpTo = ONE_RUN_UP_TO,
): Promise<PythonVerification | Error> {
  const projectOf = projectLookup();
  const against = [...new Set(files.map((f) => projectOf(f.path).against.label))].join("; ");
  if (files.length === 0) return { verified: new Map(), against };
  // The files may have been migrated in worker threads: this thread parses them now.
  await loadPython();
  const checked = files.map((f) => ({ path: f.path, before: programOf(f.path, f.input), after: programOf(f.path, f.output) }));
  try {
    const sides = await check(checked, oneRunUpTo, projectOf);
    if (sides instanceof Error) return sides;
    const { inputs, after } = sides;
    const verified = new Map<string, Verified>();
    checked.forEach((file, i) => {
      const errors = after.get(file.path)!.after.filter(bySdk);
      // most outputs have no error: no diff to take
      const was = inputs.get(file.path)?.before ?? [];
      const all = errors.length ? introduced(was, errors, originsOf(file)) : [];
      // what the input had against 4.x where it ran there already (none where it did not); its clients are read only
      // where errors are left to judge
      const own = inputs.get(file.path)?.asRan ?? [];
      const left = all.length ? introduced(own, all, originsOf(file)).filter(migrationsPlace(file, was, clientsOf(file).v2)) : [];
      verified.set(file.path, mark(file.path, files[i]!.output, left, all.filter(proxiedByMigration(file)), finishing));
    });
    return { verified, against };
  } finally {
    await mirrorsRemoved();
  }
}
