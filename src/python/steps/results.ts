/**
 * Results (sdk-facts 4.2): what v2 calls return. `if not r.success: raise ...` goes (v2 raises), or checks
 * a waiter's job status; other success/error uses are marked. v2 results are pydantic models, not dicts:
 * 1.x dict access (`r["markdown"]`, `r.get("markdown", "")`, `"markdown" in r`) becomes attribute access,
 * 2.x's camelCase fields are v2's snake_case ones (`rawHtml` -> `raw_html`, `metadata["sourceURL"]` ->
 * `metadata_typed.source_url`), `extract`/`json_field` is `json`, search `data` is `web`, map links, now
 * objects, are turned back into the strings the code expects, and a crawl's documents are followed into the
 * loops that read them.
 */
import {
  PY_CAST,
  PY_NESTED_PAGE_OPTIONS,
  PY_SEARCH_HITS,
  PY_V1_PROXY,
  PY_V1_PROXY_DICTS,
  PY_DICT_FIELDS,
  PY_DOCUMENT_METADATA_FIELDS,
  PY_V0_DOCUMENT_FIELDS,
  PY_OPTIONAL_FIELD_EMPTY,
  PY_EXTRACT_RESULTS,
  PY_RESULT_MODELS,
  PY_FIELD_RENAMES,
  PY_LEGACY_MODULES,
  PY_PACKAGE,
  PY_RESULT_TYPE_KINDS,
  PY_RETURNED_MODELS,
  snakeCase,
} from "../../mapping/python.js";
import {
  ALWAYS_SUCCEEDING,
  ASYNC_WAITER_FAILED,
  CANCELLED,
  JOB_COMPLETED,
  EXTRACT_FAILED,
  PY_NO_WAIT,
  RESULTS,
  RETYPED_RESULTS,
  WAITER_FAILED,
  WAITER_TODO,
  type ResultRow,
} from "../../mapping/results.js";
import { isV2OnlyPythonMethod, METHODS, type ResultKind } from "../../mapping/client-methods.js";
import { escapeRegExp, indentAt, indentUnit, lineStart, removeStatement } from "../../core/text.js";
import { isAttributeName, literalAt, pyLiteral, pyLiteralAt, removeOrPass } from "../writing.js";
import { bodyInPlace, elseInPlace } from "../branches.js";
import { emptyFallback, emptyOr, isEmptyDict, isEmptyLiteral, orDefault } from "../detect/empty-defaults.js";
import { boundDict } from "../detect/bound-dict.js";
import { callsFromOtherModules, type PyContext, type PyStep } from "../pipeline.js";
import {
  annotatedParameters,
  bindingsIn,
  boundName,
  dissolveDictTest,
  elementsOf,
  itemsAfterBranches,
  otherBranchBindings,
  inBranchNeverRun,
  isDissolvedDictTest,
  dissolvedTestEdit,
  isExecutor,
  listHedge,
  neverPassedProbe,
  resultValues,
  usesAfter,
  usesReached,
  usesWithAliases,
} from "../detect/result-values.js";
import { callsThroughV1, methodReferences, type PyCall } from "../detect/clients.js";
import { appendCall, appendedToGroup, groupingDict, groupReads, isLoopItem } from "../detect/grouped-items.js";
import { keyedHelper } from "../detect/keyed-helpers.js";
import { castable } from "../detect/model-names.js";
import { anyTakingParameter, everyCallHands, parameterReads, probed, takingParameter, type Taking } from "../detect/handed-results.js";
import { isV1PyCall } from "../detect/version.js";
import { allOf, andOperands, argumentsOf, calledName, enclosing, inner, inTryBody, outer, stringValue, within, type Node } from "../runtime/parser.js";
import { dictEntries, keywords, positional } from "../detect/arguments.js";
import {
  dictMethodAbove,
  isDictAttribute,
  isWritten,
  keptWhole,
  membershipAbove,
  type Membership,
  readKeyNode,
  SHOWN,
  onlyShown,
  readAbove,
  readAsDict,
  writesInto,
  type Read,
} from "../detect/dict-reads.js";
import { bindingsOf, onlyAssignment, onlyBinding, rebinds, scopeOf, usesIn } from "../detect/names.js";
import {
  hitsCast,
  joined,
  dumpedMetadataKeys,
  DUMP_UNPACKED,
  collectedUnfollowed,
  MIXED_ITEMS,
  documentsLeaveModule,
  dumpLeavesModule as dumpLeavesModuleTodo,
  leavesModule,
  returnedToOtherModulesDumped,
  handedToComputedReader,
  handedToDictReader,
  handedToProbingHelper,
  linksKept,
  MODEL_DUMPED,
  SCRAPED_HIT_DUMPED,
  SCRAPED_HIT_EITHER,
  SCRAPED_HITS_EITHER,
  RESULT_SERIALIZED,
  HANDED_OUT_DUMPED,
  KEPT_IN_DICT_DUMPED,
  SUCCESS_ASSERTION_REMOVED,
  DOCUMENTS_DUMPED,
  DOCUMENTS_SERIALIZED,
  MODEL_DUMPED_READ,
  PROXY_DICT_CAST,
  noSuchField,
  removed,
  renamed,
  reworded,
  WAITER_GUARD,
  WAITER_SUCCESS,
  WAITER_RAISES,
  type Message,
} from "../../mapping/messages.js";
import {
  callersReads,
  dumpLeavesModule,
  followReturns,
  handedAsDictList,
  leavesModuleAsDict,
  dumpServesOtherModules,
  returnedAsDictList,
  returnedFrom,
  returnsDict,
  serialized,
} from "../detect/returned-results.js";
import { calledDefinition, calledWith, callsOf, fieldReaders } from "../detect/callers.js";
import { forwarderOf } from "../detect/forwarders.js";

/** The name a returned job is bound to before its check; numbered where the module names it already. */
const JOB_NAME = "job";

/**
 * A name no identifier of the function (or the module) `at` is in has (nested functions' included): bound there,
 * the job shadows nothing the code reads, and in a function the name is local to it whatever other functions call theirs.
 */
function freeJobName(at: Node): string | null {
  const scope = scopeOf(at);
  const taken = new Set(allOf(scope, "identifier").map((n) => n.text));
  for (let n = 1; n < 10; n++) {
    const name = n === 1 ? JOB_NAME : `${JOB_NAME}${n}`;
    if (!taken.has(name)) return name;
  }
  return null;
}

/** A v1 waiter's call: 1.x's and 2.x's raised on a failed or cancelled job, 4.x's returns it. */
const waits = (call: PyCall) => !!call.row.waiter && call.isV1Name;

/**
 * A v1 extract's call, which waited for its job and raised on a failed or cancelled one, as the waiters did
 * (EXTRACT_FAILED); not in a module that makes its clients as 4.x's only, where the call was written for 4.x.
 */
const extracts = (context: PyContext, call: PyCall) => call.method === EXTRACT_FAILED.method && context.sdk.v2Classes.size === 0;

/**
 * `job = app.crawl_url(...)` with nothing checking the job: 1.x/2.x's waiter raised when the job failed or was
 * stopped, 4.x's returns it, so the statement after the call raises what v1 raised (reading the status as a key
 * where the code made the job a dict, `asDict`). `return app.crawl_url(...)`
 * binds the job first (`job = ...`, the check, `return job`), unless it is returned as its dump, and so does a job
 * read where it is made, `pages = app.crawl_url(...)["data"]` (`job = ...`, the check, `pages = job.data`), where
 * the statement's value starts with the call and `readable` says this step's edits of the statement all come after it.
 * Says whether it could: the finished job (a sync client's call, or an awaited one: not a coroutine or a future to
 * await later) bound by an assignment statement, or returned or read by one, that has its lines to itself (a
 * trailing comment aside).
 */
function raiseOnFailedJob(
  context: PyContext,
  call: PyCall,
  value: Node,
  name: Node | null,
  dumped: boolean,
  asDict = false,
  readable: (statement: Node) => boolean = () => false,
): boolean {
  // a future's .result() and a partial's call give the job itself, as the call does
  const given = value.id === call.node.id || call.passed?.gives === "future" || call.passed?.gives === "callable";
  if (value.type !== "await" && (call.async || !given || isExecutor(value))) return false;
  // `wait_until_done=True` waited as v2's crawl does (the params step removes it); any other value did not.
  const wait = argumentsOf(call.node).find((a) => a.type === "keyword_argument" && a.childForFieldName("name")?.text === PY_NO_WAIT);
  if (wait && wait.childForFieldName("value")?.type !== "true") return false;
  // A job returned as its dump (the function promises a dict) is checked in the dump, by its "status" key.
  const returned = !name && value.parent?.type === "return_statement" ? value.parent : null;
  const reading = !name && !returned && !dumped ? statementReading(value) : null;
  const read = reading && readable(reading) ? reading : null;
  const statement = returned ?? read ?? value.parent?.parent;
  if (!returned && !read && (!name || statement?.type !== "expression_statement" || statement.namedChildCount !== 1)) return false;
  if (statement?.parent?.type !== "block" && statement?.parent?.type !== "module") return false;
  const { source } = context;
  const { text } = source;
  if (text.slice(lineStart(text, statement.startIndex), statement.startIndex).trim() !== "") return false;
  const newline = text.indexOf("\n", statement.endIndex);
  const lineEnd = newline === -1 ? text.length : text[newline - 1] === "\r" ? newline - 1 : newline;
  const rest = text.slice(statement.endIndex, lineEnd).trim();
  if (rest !== "" && !rest.startsWith("#")) return false;
  const job = returned || read ? freeJobName(statement) : name!.text;
  if (!job) return false;
  const indent = indentAt(text, statement.startIndex);
  // A job the code made a dict of (`.model_dump()`) has its status under a key; in the f-string, quoted as the
  // f-string is not (before Python 3.12 a nested string cannot reuse the f-string's quote).
  const field = (name: string, quote: string) => (asDict || dumped ? `${job}[${quote}${name}${quote}]` : `${job}.${name}`);
  const status = (quote: string) => field("status", quote);
  const inner = source.quote === '"' ? "'" : '"';
  // a dump leaves out the error a job that did not fail has none of (exclude_none): read as the dict may lack it
  const error = asDict || dumped ? `${job}.get(${inner}error${inner})` : field("error", inner);
  const raise =
    call.method === EXTRACT_FAILED.method
      ? `raise ${call.async ? EXTRACT_FAILED.python.async : EXTRACT_FAILED.python.sync}(f${source.quote}${EXTRACT_FAILED.text}{${status(inner)}}. Error: {${error}}${source.quote})`
      : `raise Exception(f${source.quote}${call.async ? ASYNC_WAITER_FAILED : WAITER_FAILED}{${status(inner)}}${source.quote})`;
  const check = raiseIf(source, statement.startIndex, `${status(source.quote)} != ${pyLiteral(source, JOB_COMPLETED)}`, raise);
  if (returned || read) context.edit(statement.startIndex, value.startIndex, `${job} = `, WAITER_RAISES);
  // the statement goes on after the check, reading the job where it read the call
  if (read) context.edit(value.endIndex, value.endIndex, `${check}${source.eol}${indent}${text.slice(statement.startIndex, value.startIndex)}${job}`);
  else context.edit(lineEnd, lineEnd, check + (returned ? `${source.eol}${indent}return ${job}` : ""), WAITER_RAISES);
  return true;
}

/**
 * The statement whose value reads `value` before anything else is done (`pages = value["data"] or []`,
 * `return value.get("data")`, `return chunks(value["data"])`, `for page in value["data"]:`): an assignment to a plain
 * name, a return, or a loop's iterable, of a chain of reads off it (fields, items, method calls, the left of an `or`),
 * or of a call of a named function it is the first argument of, read on in turn. Null where anything else of the
 * statement comes first.
 */
function statementReading(value: Node): Node | null {
  let root = value;
  for (let up = root.parent; up; root = up, up = up.parent) {
    const on = (field: string) => up!.childForFieldName(field)?.id === root.id;
    const reads =
      (up.type === "attribute" && on("object")) ||
      (up.type === "subscript" && on("value")) ||
      (up.type === "call" && on("function")) ||
      (up.type === "boolean_operator" && on("left"));
    if (reads) continue;
    // `chunks(value...)`: the function is only looked up before the value is made
    const call = up.type === "argument_list" && up.namedChildren[0]?.id === root.id ? up.parent : null;
    if (call?.type !== "call" || !/^[\w.]+$/.test(call.childForFieldName("function")!.text)) break;
    up = call;
  }
  const holder = root.parent;
  if (root.id === value.id) return null;
  if (holder?.type === "return_statement") return holder;
  if (holder?.type === "for_statement" && holder.childForFieldName("right")?.id === root.id) return holder;
  const assigned = holder?.type === "assignment" && holder.childForFieldName("right")?.id === root.id && !holder.childForFieldName("type");
  const statement = holder?.parent;
  return assigned && holder.childForFieldName("left")?.type === "identifier" && statement?.type === "expression_statement" && statement.namedChildCount === 1
    ? statement
    : null;
}

/** Fields whose contents are the user's own data: nothing below them is renamed. */
const USER_DATA = new Set(["json", "metadata_dict"]);

const METADATA_KEYS_SNAKE =
  "v2's metadata dict has snake_case keys (source_url, status_code, og_title) where v1's had the API's camelCase (sourceURL, statusCode, ogTitle); title, description and url are unchanged: rename the keys where this dict is read, or stored for code that reads it";

/** A key read off a value that no attribute can name, as v2 spells it (`"og:title"`, `"from"`), or that no field of v2's metadata declares. */
function readByNamelessKey(node: Node): boolean {
  const read = readAbove(node);
  if (!read || read.form === "attribute") return false;
  const { to } = renamedField(null, read.field);
  // v2 keeps a key DocumentMetadata does not declare (`"author"`) among its extras, an attribute only where the page had it
  return !isAttributeName(to) || !(to in PY_RESULT_MODELS.DocumentMetadata!.fields);
}

/** A dict handed on whole, not only looked at here: passed to a call that does more than show it, stored, or returned. */
function handedOn(node: Node): boolean {
  // `hasattr(metadata, "title")`, `getattr(metadata, "sourceURL", "")` ask the dict for an attribute, and read no key
  const probed = node.parent?.type === "argument_list" && ["hasattr", "getattr"].includes(calledName(node.parent.parent!));
  return keptWhole(node) && !probed && !dictMethodAbove(node) && node.parent?.type !== "for_statement" && node.parent?.type !== "for_in_clause";
}

const NOT_A_DICT = "v2 results are pydantic models, not dicts: use .model_dump() where a dict is needed (its keys are snake_case)";

const DICT_TEST_TURNED =
  "v2 results are pydantic models, not dicts: this dict test, which 1.x's dict passed, now fails, and its other side gives the model as it is; read the model's fields (or .model_dump()) here";

const DICT_PROBE = reworded(
  "a probe for a dict's method (hasattr(r, \"get\")) tells 1.x's dicts from v2's models: say it as the dict test it is",
  'hasattr(r, "get") → isinstance(r, dict)',
);

/** What a tracked value is: a call's result, or a plain search hit (SearchResultWeb) drawn from one. */
type Tracked = ResultKind | "hit";

/** The v2 models whose every field the table knows, by the result kind they are, with the properties they add. */
const KNOWN_FIELDS: Partial<Record<Tracked, { model: string; extra: readonly string[] }>> = {
  document: { model: "Document", extra: ["metadata_typed", "metadata_dict"] },
  job: { model: "CrawlJob", extra: [] },
  map: { model: "MapData", extra: [] },
  search: { model: "SearchData", extra: [] },
  hit: { model: PY_SEARCH_HITS.plain.model, extra: [] },
};

/**
 * Whether v2's model for a kind has a field (`metadata_typed.title` by its first part); true where the table cannot
 * say, and for what every object has (`__dict__`, `__class__`).
 */
function hasField(kind: Tracked, field: string): boolean {
  const known = KNOWN_FIELDS[kind];
  const head = field.split(".")[0]!;
  return !known || /^__\w+__$/.test(head) || head in PY_RESULT_MODELS[known.model]!.fields || known.extra.includes(head);
}

/** What a tracked value is: a call's result, or a document or search hit drawn from one. */
interface Subject {
  readonly kind: Tracked;
  readonly waiter: boolean;
  /** the value is what a call of the client answered (not an item of it, nor a value known only by its annotation) */
  readonly answered?: boolean;
  /** a search's hits, where its call says which model they are */
  readonly hits?: keyof typeof PY_SEARCH_HITS;
  /** fields read elsewhere than the kind's own (a scraped hit's title is in its metadata) */
  readonly fields?: Readonly<Record<string, string>>;
  /** a scraped search's hit, which is a SearchResultWeb where its page failed to scrape: each read asks which it is */
  readonly either?: true;
  /** v1 answered it as a dict whatever the client's release (2.x's search hits were dicts too) */
  readonly dicts?: true;
  /** v2's model, where the call says (a batch scrape's job is a BatchScrapeJob, a crawl's a CrawlJob) */
  readonly model?: string;
}

const DOCUMENT: Subject = { kind: "document", waiter: false };

/**
 * Whether a result's flag could say False where v1 answered: a job's status checked without waiting
 * (check_crawl_status answered success=False where the job had an error). A waiter's is its status.
 */
const flagMayFail = (subject: Subject): boolean => subject.kind === "job" && !subject.waiter;

function rowFor(kind: Tracked, field: string): ResultRow | undefined {
  return RESULTS.find((row) => row.python?.v1 === field && (row.of as readonly string[]).includes(kind));
}

/** The v2 name of a result's field, and the row that says more about it. */
export function renamedField(kind: Tracked | null, field: string): { to: string; row?: ResultRow } {
  const row = kind ? rowFor(kind, field) : undefined;
  if (row?.change.kind === "rename") return { to: row.change.to, row };
  if (kind === "document" && !row && PY_DOCUMENT_METADATA_FIELDS.has(field)) return { to: `metadata_typed.${field}` };
  if (kind === "document" && !row && PY_V0_DOCUMENT_FIELDS[field]) return { to: PY_V0_DOCUMENT_FIELDS[field] };
  return { to: PY_FIELD_RENAMES[field] ?? snakeCase(field), row };
}

/** Where a get()'s default stands in a read's rewritten text when the default is rewritten on its own. */
const DEFAULT_KEPT = "\u0000";

/** Whether an expression reads the tracked value or another result's field through get(). */
function readsResults(expression: Node, head: Node): boolean {
  if (allOf(expression, "identifier").some((i) => i.text === head.text)) return true;
  return allOf(expression, "attribute").some((a) => a.childForFieldName("attribute")?.text === "get" && a.parent?.type === "call");
}

/** The key a subscript or get() read names: `"markdown"` of `r["markdown"]` and of `r.get("markdown")`. */
function keyOf(read: Read): Node | undefined {
  return read.form === "subscript" ? (read.node.childForFieldName("subscript") ?? undefined) : argumentsOf(read.node)[0];
}

function describe(read: Read): string {
  return read.form === "attribute" ? `.${read.field}` : read.form === "subscript" ? `["${read.field}"]` : `.get("${read.field}")`;
}

/** `"field" in x`: a membership test of a field the code names (a model's fields can be asked for so; a variable key cannot). */
function literalMembership(node: Node): (Membership & { field: string }) | null {
  const member = membershipAbove(node);
  return member?.field === undefined ? null : { ...member, field: member.field };
}

/**
 * Whether a read is the left side of an `or` (`r.get("markdown", "") or ""`): the empty default it gives is what the
 * `or` passes over, so the read needs none of its own. Not where the other side reads the result too: that side may
 * go (readAgainAsV2), and the default with it.
 */
function leftOfOr(node: Node, head: Node): boolean {
  const parent = node.parent;
  if (parent?.type !== "boolean_operator" || parent.childForFieldName("operator")?.type !== "or" || parent.childForFieldName("left")?.id !== node.id)
    return false;
  return !usesIn(parent.childForFieldName("right")!, head.text).length;
}

/** Where `a or b` can stand without parentheses. */
const OR_SAFE = new Set([
  "argument_list",
  "keyword_argument",
  "expression_statement",
  "return_statement",
  "assignment",
  "pair",
  "list",
  "tuple",
  "parenthesized_expression",
  "for_statement",
  "for_in_clause",
  "if_clause",
  "list_comprehension",
  "set_comprehension",
  "generator_expression",
  "if_statement",
  "elif_clause",
  "while_statement",
]);

/**
 * Where a conditional expression stands bare as an `or` does: not a comprehension's iterable or filter, which take
 * none, nor a statement's condition, where one reads as a typo (`if hit.markdown if isinstance(hit, Document) else None:`).
 */
const CONDITIONAL_SAFE = new Set(
  [...OR_SAFE].filter((type) => !["for_in_clause", "if_clause", "if_statement", "elif_clause", "while_statement"].includes(type)),
);

function needsParentheses(node: Node): boolean {
  const parent = node.parent;
  // `a or (x or "")` is `a or x or ""`; `a and (x or "")` is not `a and x or ""`.
  if (parent?.type === "boolean_operator") return parent.childForFieldName("operator")?.type !== "or";
  return !parent || !OR_SAFE.has(parent.type);
}

function throwOnlyGuard(read: Node): Node | null {
  const not = read.parent;
  if (not?.type !== "not_operator") return null;
  const guard = not.parent;
  if (guard?.type !== "if_statement" || guard.childForFieldName("condition")?.id !== not.id) return null;
  if (guard.childForFieldName("alternative")) return null;
  const body = guard.childForFieldName("consequence")!.namedChildren.filter((c) => c?.type !== "comment");
  return body.length === 1 && body[0]!.type === "raise_statement" ? guard : null;
}

/** `r.success`, `r["success"]`, `r.get("success")`, `hasattr(r, "success")`, `getattr(r, "success", ...)` of the result `subject`. */
function successTest(node: Node, subject: string): boolean {
  const at = inner(node);
  if (at.type === "attribute") return at.childForFieldName("object")?.text === subject && at.childForFieldName("attribute")?.text === "success";
  if (at.type === "subscript") return at.childForFieldName("value")?.text === subject && stringValue(at.childForFieldName("subscript")) === "success";
  if (at.type !== "call") return false;
  const fn = at.childForFieldName("function");
  const args = argumentsOf(at);
  if (fn?.text === "hasattr" || fn?.text === "getattr") return args[0]?.text === subject && stringValue(args[1] ?? null) === "success";
  return (
    fn?.type === "attribute" &&
    fn.childForFieldName("object")?.text === subject &&
    fn.childForFieldName("attribute")?.text === "get" &&
    stringValue(args[0] ?? null) === "success"
  );
}

/** Whether a success test's value decides an if, elif, while, assert or conditional, through and, or, not and parentheses. */
function inCondition(node: Node): boolean {
  let at = node;
  while (at.parent && ["boolean_operator", "not_operator", "parenthesized_expression"].includes(at.parent.type)) at = at.parent;
  const parent = at.parent;
  if (parent?.type === "conditional_expression") return parent.namedChildren[1]?.id === at.id;
  return (
    !!parent &&
    ["if_statement", "elif_clause", "while_statement", "assert_statement"].includes(parent.type) &&
    (parent.childForFieldName("condition") ?? parent.namedChildren[0])?.id === at.id
  );
}

/**
 * A success test v2 answers the same way every time, since its results come only where the call succeeded, beside
 * what decides a condition: `r.success and A` is `A`, `not r.success or A` is `A`, and so is `hasattr(r, "success") and
 * r.success and A`. The test goes with its operator (the span to remove, `text` empty). Where it is the whole condition
 * (`if r.success:`, `if not r.success:`, `x if hasattr(r, "success") and r.success else y`) it becomes the result
 * itself (`text`), a model v2 gives only where the call succeeded and always true, so the same branch runs as before
 * and the other stays as the user wrote it. Null where the test decides a condition beside others (`r.success or
 * A`), which is the user's to rewrite.
 */
function alwaysSucceeding(test: Node, subject: string): { start: number; end: number; text: string } | null {
  let operand = outer(test);
  // hasattr(r, "success") alone is false for 1.x's dicts and true for 2.x's models: only beside 2.x's r.success does it say which
  if (inner(test).type === "call" && calledName(inner(test)) === "hasattr" && !pairedWithFlag(operand, subject)) return null;
  /** the success test as one: the read, or the pair with hasattr */
  let unit = operand;
  const negated = operand.parent?.type === "not_operator";
  if (negated) operand = outer(operand.parent!);
  for (;;) {
    const op = operand.parent;
    if (op?.type !== "boolean_operator") return inCondition(operand) ? { start: unit.startIndex, end: unit.endIndex, text: subject } : null;
    if ((op.childForFieldName("operator")?.type === "and") === negated) return null;
    const left = op.childForFieldName("left")!;
    const right = op.childForFieldName("right")!;
    const other = left.id === operand.id ? right : left;
    // both sides tests (`hasattr(r, "success") and r.success`): the pair is the test
    if (!negated && successTest(other, subject)) {
      operand = outer(op);
      unit = operand;
      continue;
    }
    if (!inCondition(op)) return null;
    return left.id === operand.id ? { start: operand.startIndex, end: other.startIndex, text: "" } : { start: left.endIndex, end: operand.endIndex, text: "" };
  }
}

/**
 * A comparison 1.x's document answered false every time: it had no success key, so `r.get("success") is False` (or
 * `== False`, or with a default of True) never held. Where it is an operand of an `or` deciding a condition it goes with
 * its operator (`if not r or r.get("success") is False:` is `if not r:`), which changes nothing that ran; null anywhere
 * else, where what never ran would have to be told apart by hand.
 */
function neverHeld(read: Node): { start: number; end: number; text: "" } | null {
  const fallback = argumentsOf(inner(read))[1];
  if (fallback && fallback.type !== "true") return null;
  const comparison = outer(read).parent;
  const operators = comparison?.type === "comparison_operator" ? comparison.childrenForFieldName("operators") : [];
  const [left, right] = comparison?.namedChildren ?? [];
  if (operators.length !== 1 || !["is", "=="].includes(operators[0]!.type) || left?.id !== outer(read).id || right?.type !== "false") return null;
  const operand = outer(comparison!);
  const op = operand.parent;
  if (op?.type !== "boolean_operator" || op.childForFieldName("operator")?.type !== "or" || !inCondition(op)) return null;
  const first = op.childForFieldName("left")!;
  const other = first.id === operand.id ? op.childForFieldName("right")! : first;
  return first.id === operand.id ? { start: operand.startIndex, end: other.startIndex, text: "" } : { start: first.endIndex, end: operand.endIndex, text: "" };
}

/**
 * `if "error" in page: ...` on a scrape's document, with no other branch: a test no release answered yes to. 1.x's
 * document was the API's page, which has no such key (a failed scrape raised), and 2.x's model is asked whether the
 * string is one of its (name, value) pairs; v2 raises on failure too. The branch never ran and goes, with the reads of
 * the result in it (marked handled), and the first elif takes the if's place. Says whether it could: not where the test
 * is not the whole condition, an else follows, or the branch uses the result otherwise than by reading its fields.
 */
function branchNeverRun(context: PyContext, test: Node, field: string, head: Node, handled: Set<number>): boolean {
  if (head.type !== "identifier") return false;
  const statement = outer(test).parent;
  if (statement?.type !== "if_statement" || statement.childForFieldName("condition")?.id !== outer(test).id) return false;
  // `else:` would have to take the if's place, dedented: left to a human
  if (statement.namedChildren.some((c) => c?.type === "else_clause")) return false;
  const body = statement.childForFieldName("consequence")!;
  const reads = usesIn(body, head.text).map(readAbove);
  if (reads.some((r) => !r)) return false;
  for (const read of reads) handled.add(read!.node.id);
  return removeBranch(context, statement, BRANCH_NEVER_RUN(field), head.text);
}

/**
 * The if or elif around a read of the result whose condition holds, whole or as one of its `and`s, a test `never` says
 * no release's result passed: the branch never ran. It goes, with the reads of the result in it (marked handled).
 * Says whether it could: not where no such test is, or the branch uses the result otherwise than by reading its fields.
 */
function neverRunBranch(context: PyContext, read: Read, head: Node, handled: Set<number>, never: (test: Node) => boolean, message: Message): boolean {
  if (head.type !== "identifier") return false;
  // the nearest if or elif whose test is such a test, the read in its test or its body (however deep)
  let clause: Node | null = read.node;
  const opens = (at: Node) => {
    const condition = at.childForFieldName("condition");
    const body = at.childForFieldName("consequence");
    return !!condition && !!body && (within(read.node, condition) || within(read.node, body)) && andOperands(condition).some(never);
  };
  while (clause && !((clause.type === "if_statement" || clause.type === "elif_clause") && opens(clause))) clause = clause.parent;
  if (!clause) return false;
  const condition = clause.childForFieldName("condition")!;
  const body = clause.childForFieldName("consequence")!;
  const operands = andOperands(condition);
  // the tests, and the probes for the field (`hasattr(r, "error") and r.error`), say nothing more of the result
  const decided = operands.filter((operand) => never(operand) || probesField(operand, head, read.field));
  const uses = [...usesIn(condition, head.text), ...usesIn(body, head.text)].filter((use) => !decided.some((d) => within(use, d)));
  const reads = uses.map(readAbove);
  if (reads.some((r) => !r)) return false;
  for (const r of reads) handled.add(r!.node.id);
  return removeBranch(context, clause!, message, head.text);
}

/** The field `hasattr(head, "field")` probes `head` for, where the test is one. */
function probedField(test: Node, head: Node): string | undefined {
  const args = test.type === "call" && calledName(test) === "hasattr" ? argumentsOf(test) : [];
  return args.length === 2 && args[0]!.text === head.text ? stringValue(args[1]!) : undefined;
}

/** `hasattr(head, "field")`. */
function probesField(test: Node, head: Node, field: string): boolean {
  return probedField(test, head) === field;
}

/**
 * `if hasattr(r, "text") and r.text: ...`, a hedge for a field no result had (no v1 key, no 2.x or v2 field: a model
 * has no attribute it does not declare, and a dict none of its keys): the probe never passed (neverRunBranch).
 */
function probedFieldBranch(context: PyContext, read: Read, head: Node, handled: Set<number>): boolean {
  if (isDictAttribute(read.field)) return false;
  const probes = (test: Node) => probesField(test, head, read.field);
  return probedFieldHedge(context, read, head, handled, probes) || neverRunBranch(context, read, head, handled, probes, FIELD_NEVER_HELD(read.field));
}

const FIELD_NEVER_HELD = (field: string) =>
  removed(`the branch testing hasattr(result, "${field}")`, "no release's result had that field (1.x's dict had no such key), so it never ran");

/**
 * `r.data if hasattr(r, "data") else r`: the same hedge in an expression, whose test never passed, so its other side
 * was what every release gave: it stays, alone. The reads of the result in the test and the side that goes are handled.
 */
function probedFieldHedge(context: PyContext, read: Read, head: Node, handled: Set<number>, probes: (test: Node) => boolean): boolean {
  if (head.type !== "identifier") return false;
  let hedge: Node | null = read.node;
  while (hedge && !(hedge.type === "conditional_expression" && within(read.node, hedge.namedChildren[0]!))) hedge = hedge.parent;
  const [taken, test, other] = hedge?.namedChildren ?? [];
  if (!taken || !test || !other || !andOperands(test).some(probes)) return false;
  const reads = [...usesIn(taken, head.text), ...usesIn(test, head.text)]
    .filter((use) => !andOperands(test).some((t) => probes(t) && within(use, t)))
    .map(readAbove);
  if (reads.some((r) => !r)) return false;
  for (const r of reads) handled.add(r!.node.id);
  context.edit(hedge!.startIndex, other.startIndex, "", FIELD_NEVER_TAKEN(read.field));
  return true;
}

const FIELD_NEVER_TAKEN = (field: string) =>
  removed(`the side testing hasattr(result, "${field}")`, "no release's result had that field (1.x's dict had no such key), so it was never taken");

/**
 * `if r.get("error"): ...` on a result every release answered only on success (ALWAYS_SUCCEEDING: a failed scrape
 * raised): 1.x's document had no error key, 2.x's model held None there, and v2's has no such field. The test never
 * passed (neverRunBranch).
 */
function errorTestBranch(context: PyContext, read: Read, head: Node, handled: Set<number>): boolean {
  return neverRunBranch(context, read, head, handled, (test) => test.id === outer(read.node).id, ERROR_NEVER_SET(read.field));
}

/**
 * `isinstance(r, dict) and r.get("error")`: a dict test beside a field every release answered empty (errorTestBranch).
 * The branch never ran on 1.x's dict, nor does it on v2's model while the test stays: the test is left as it is.
 */
function besideNeverSet(head: Node, kind: ResultKind): boolean {
  if (!(ALWAYS_SUCCEEDING as readonly Tracked[]).includes(kind)) return false;
  return andOperands(andChain(head.parent!.parent!)).some((operand) =>
    usesIn(operand, head.text).some((use) => {
      const read = readAbove(use);
      return !!read && rowFor(kind, read.field)?.change.kind === "removed";
    }),
  );
}

/**
 * `payload = resp.get("data") or resp`: a hedge for the `{"success": ..., "data": {...}}` envelope the API sends,
 * which no client's scrape answered (1.x's gave the document, 2.x's and v2's a model of it): the document is `resp`,
 * and what the name it is bound to reads is read off the document.
 */
function envelopeHedge(context: PyContext, read: Read, head: Node, handled: Set<number>): boolean {
  const other = read.form === "get" && read.field === "data" && head.type === "identifier" ? orDefault(read.node) : null;
  if (other?.type !== "identifier" || other.text !== head.text) return false;
  const or = other.parent!;
  context.edit(or.startIndex, other.startIndex, "", ENVELOPE_HEDGE);
  handled.add(other.id);
  const alias = boundName(or);
  if (alias) {
    dropDictAnnotation(context, alias);
    for (const use of usesAfter(alias)) migrateChain(context, DOCUMENT, use, handled);
  }
  return true;
}

const ENVELOPE_HEDGE = removed('the fallback to a "data" envelope', "no client's scrape answered one: the result is the document itself");

const ERROR_NEVER_SET = (field: string) =>
  removed(`the branch testing the result's ${field}`, "every release answered it empty (a failed request raised), so it never ran");

const SUPERSEDED_PROBE = removed(
  "the branch probing the result for a field by its v1 name",
  "the code probes it by v2's name in another branch, which v2's model takes",
);

/**
 * `elif hasattr(r, "data") and r.data: ... elif hasattr(r, "web") and r.web: ...`: an elif probing a field by the name
 * v2 renamed, in an if whose other clause probes it by v2's name. The code handles v2's model already, there; on it
 * this clause's probe fails, and the clause goes. The clause `use` is in, where it is such a one followed by another.
 */
function supersededProbe(use: Node, kind: Tracked): Node | null {
  const probed = (clause: Node) =>
    andOperands(clause.childForFieldName("condition")!)
      .map((test) => probedField(test, use))
      .filter((field): field is string => field !== undefined);
  for (let at: Node | null = use; at?.parent; at = at.parent) {
    const clause = at.parent;
    if (clause.type !== "elif_clause" || !clause.nextSibling) continue;
    const statement = clause.parent!;
    const others = [statement, ...statement.namedChildren.filter((c): c is Node => c?.type === "elif_clause")].filter((c) => c.id !== clause.id);
    for (const field of probed(clause)) {
      const { to } = renamedField(kind, field);
      if (to !== field && others.some((other) => probed(other).includes(to))) return clause;
    }
  }
  return null;
}

const BRANCH_NEVER_RUN = (field: string) =>
  removed(`the branch testing "${field}" in the result`, "neither 1.x's document nor 2.x's model ever held it, so it never ran; v2 raises on failure");

/**
 * Removes an if's or an elif's branch that never ran, with the others of its if that never ran on the value `name`
 * holds (a version hedge's chain: `if isinstance(r, dict): ... elif hasattr(r, "to_dict"): ...`): the first elif left
 * takes an if's place, an else's body where it is all that is left (elseInPlace), and the statement goes where none
 * is. Says whether it could.
 */
function removeBranch(context: PyContext, branch: Node, message: Message, name: string): boolean {
  let removed = removedBranches.get(context.tree);
  if (!removed) removedBranches.set(context.tree, (removed = new Set()));
  if (removed.has(branch.id)) return true;
  const statement = branch.type === "elif_clause" ? branch.parent! : branch;
  const clauses = [statement, ...statement.namedChildren.filter((c): c is Node => c?.type === "elif_clause" || c?.type === "else_clause")];
  const dead = clauses.filter((c) => c.id === branch.id || (c.type !== "else_clause" && neverRunsOn(c, name)));
  const live = clauses.filter((c) => !dead.includes(c));
  const say = (clause: Node) => (clause.id === branch.id ? message : branchMessage(clause));
  // nothing but the else left: its body takes the if's place
  if (dead.includes(statement) && live[0]?.type === "else_clause") {
    if (!elseInPlace(context, statement, say(statement))) return false;
  } else if (!live.length) context.apply(removeOrPass(context.source, statement), say(branch));
  // the first elif left takes the if's place, and the dead ones before it go with the if
  else if (dead.includes(statement)) context.edit(statement.startIndex, live[0]!.startIndex + "elif".length, "if", say(statement));
  for (const clause of live.length ? dead : []) {
    if (clause.type === "elif_clause" && clause.startIndex > live[0]!.startIndex)
      context.edit(clause.previousSibling!.endIndex, clause.endIndex, "", say(clause));
  }
  for (const clause of dead) removed.add(clause.id);
  return true;
}

const removedBranches = new WeakMap<object, Set<number>>();

/** Whether an if's or an elif's test is one the value `name` holds, a v2 result, never passes. */
function neverRunsOn(clause: Node, name: string): boolean {
  if (neverPassedProbe(clause)?.text === name) return true;
  const test = clause.childForFieldName("condition");
  const tested = test && inner(test).type === "call" ? argumentsOf(inner(test))[0] : undefined;
  return tested?.text === name && dictOnlyBranch(tested)?.id === clause.id;
}

/** What a branch's removal says, by its test. */
function branchMessage(clause: Node): Message {
  const probe = neverPassedProbe(clause);
  return probe ? CONVERTER_NEVER_HELD(stringValue(argumentsOf(probe.parent!.parent!)[1] ?? null)!) : DICT_ONLY_BRANCH;
}

/**
 * `elif hasattr(r, "to_dict"): r = r.to_dict()`, a version hedge's test for a converter no result of any release had
 * (neverPassedProbe): the branch never ran, and type-checks against none. It goes; what it held was never read as the
 * result (usesAfter passes it by).
 */
function converterProbe(context: PyContext, head: Node): boolean {
  let branch = head.parent?.parent?.parent;
  while (branch?.type === "parenthesized_expression") branch = branch.parent;
  if (!branch || neverPassedProbe(branch)?.id !== head.id) return false;
  return removeBranch(context, branch, branchMessage(branch), head.text);
}

const CONVERTER_NEVER_HELD = (converter: string) =>
  removed(
    `the branch testing hasattr(result, "${converter}")`,
    "no release's result had it (1.x's were dicts, 2.x's and v2's are pydantic models: model_dump() is v2's), so it never ran",
  );

/**
 * `page.get("markdown", "") or page.get("content", "")`: a fallback to v0's name for a field (`content`, v0's markdown)
 * whose v2 name an earlier operand of the same `or` reads already. Renamed, it would read the same field twice; the
 * operand goes with its `or`. The span to remove.
 */
function readAgainAsV2(read: Read, head: Node): { start: number; end: number } | null {
  const to = PY_V0_DOCUMENT_FIELDS[read.field];
  const operand = outer(read.node);
  const or = operand.parent;
  if (!to || or?.type !== "boolean_operator" || or.childForFieldName("operator")?.type !== "or" || or.childForFieldName("right")?.id !== operand.id)
    return null;
  const before = or.childForFieldName("left")!;
  return usesIn(before, head.text).some((use) => readAbove(use)?.field === to) ? { start: before.endIndex, end: operand.endIndex } : null;
}

/** Whether an expression is a read of the name's field that v2 calls `to`, by whatever name the code reads it. */
function sameFieldRead(expression: Node, head: Node, kind: Tracked, to: string): boolean {
  const read = usesIn(expression, head.text)
    .map((use) => readAbove(use))
    .find((r) => r?.node.id === expression.id);
  return !!read && renamedField(kind, read.field).to === to;
}

const NEVER_HELD_OR = (field: string) =>
  removed(`the read of "${field}" before an or`, "no release's result of this kind held it, so the or always went on to what follows");

/** Whether a value is the default of a `get()` around it (`r.get("a", <value>)`). */
function fallbackOfGet(value: Node): boolean {
  const args = outer(value).parent;
  const call = args?.type === "argument_list" ? args.parent : null;
  return !!call && calledName(call) === "get" && args!.namedChildren.filter((a) => a?.type !== "comment")[1]?.id === outer(value).id;
}

const NEVER_HELD_DEFAULT = (field: string) =>
  reworded(
    `v2's model has no "${field}" to get(), and v1's result of this kind had no such key either: the fallback's read gave its default`,
    `the fallback's read of "${field}" replaced by the default it always gave (no release's result of this kind held it)`,
  );

const V0_READ_AGAIN = (field: string) =>
  removed(`the fallback to "${field}"`, `v0's ${field} is v2's ${PY_V0_DOCUMENT_FIELDS[field]}, which the same or reads already`);

/** The success test's edit, a test removed or one that became the result itself. */
function successTestEdit(context: PyContext, test: { start: number; end: number; text: string }): void {
  context.edit(test.start, test.end, test.text, test.text ? SUCCESS_TEST_PRESENCE : SUCCESS_TEST_REMOVED);
}

const FAILURE_BRANCH = removed(
  "the else of a success test",
  "v1 raised instead of answering a failure, as v2 does: the branch never ran, and reads fields v2's result has not",
);

/**
 * `if r.success: <A> else: <the failure's handling>`: the else never ran in v1 (the call raised where it failed) and
 * does not in v2, where the test is always true. The test and the else go, and A stands in the if's place (bodyInPlace).
 * Says whether it did.
 */
function dropFailureBranch(context: PyContext, read: Node, head: Node, handled: Set<number>): boolean {
  const condition = outer(read);
  const statement = condition.parent;
  if (statement?.type !== "if_statement" || statement.childForFieldName("condition")?.id !== condition.id) return false;
  return bodyInPlaceOf(context, statement, head, handled, FAILURE_BRANCH);
}

/** bodyInPlace (branches.ts), the uses of `head` in the branches that go handled with them. */
function bodyInPlaceOf(context: PyContext, statement: Node, head: Node, handled: Set<number>, message: Message, elifs = false): boolean {
  const clauses = statement.namedChildren.filter((c): c is Node => c?.type === "elif_clause" || c?.type === "else_clause");
  if (!bodyInPlace(context, statement, message, elifs)) return false;
  for (const use of clauses.flatMap((clause) => usesIn(clause, head.text))) handled.add(use.id);
  return true;
}

/**
 * `if hasattr(r, "data"): pages = r.data` / `elif isinstance(r, list): ...` / `else: pages = [r]`: a version hedge whose
 * test v2's result passes (its model declares the field, None or not, and 1.x's dict had no such attribute), so the
 * branch it opens is the one that runs on v2, whatever ran before, and the others never do. The if, where `head` is
 * the value its whole test probes and it has other branches.
 */
function v2ProbedBranch(head: Node, kind: Tracked): { statement: Node; test: Node; field: string } | null {
  const test = head.parent?.parent;
  const field = test ? probedField(test, head) : undefined;
  if (!field || !KNOWN_FIELDS[kind] || /^__\w+__$/.test(field) || isDictAttribute(field) || !hasField(kind, field)) return null;
  const statement = outer(test!).parent;
  if (statement?.type !== "if_statement" || statement.childForFieldName("condition")?.id !== outer(test!).id) return null;
  return statement.namedChildren.some((c) => c?.type === "elif_clause" || c?.type === "else_clause") ? { statement, test: test!, field } : null;
}

const V2_PROBE_TAKEN = (field: string) =>
  removed(
    `the branches besides the one testing hasattr(result, "${field}")`,
    `v2's result has that field, so that branch is the one that runs, and it stands alone`,
  );

const FAILURE_GUARD = removed(
  "the branch for a result that says it failed",
  "2.x raised instead of answering a failure, as v2 does: the branch never ran, and reads fields v2's result has not",
);

/**
 * `if not r.success: <the failure's handling>` (or `if hasattr(r, "success") and not r.success:`), with no else (an
 * elif takes its place), on 2.x's model of a call that raised where it failed: the test never passed, and on v2's model,
 * which has no flag, it never does. The if, where `read` is a read of the flag in its condition and that is such a test.
 */
function failureGuard(read: Node, head: Node): Node | null {
  const statement = enclosing(read, "if_statement");
  const condition = statement?.childForFieldName("condition");
  if (!condition || !within(read, condition) || statement!.namedChildren.some((c) => c?.type === "else_clause")) return null;
  const operands = andOperands(condition);
  const negated = (test: Node) => test.type === "not_operator" && inner(test.childForFieldName("argument")!).text === `${head.text}.success`;
  const probe = (test: Node) => probedField(test, head) === "success";
  const flags = operands.filter(negated);
  return flags.length === 1 && operands.length <= 2 && operands.every((test) => negated(test) || probe(test)) ? statement! : null;
}

/** Whether a test is an operand of an and whose other operand reads the flag as an attribute (`hasattr(r, "success") and r.success`). */
function pairedWithFlag(operand: Node, subject: string): boolean {
  const op = operand.parent;
  if (op?.type !== "boolean_operator" || op.childForFieldName("operator")?.type !== "and") return false;
  const other = op.childForFieldName("left")?.id === operand.id ? op.childForFieldName("right") : op.childForFieldName("left");
  return !!other && inner(other).type === "attribute" && successTest(other, subject);
}

/** Where a value is kept or shown, not tested: a dict's, an argument's, an assignment's, a return's, an f-string's, a branch of a conditional. */
const VALUE_PLACES = new Set(["pair", "keyword_argument", "argument_list", "assignment", "return_statement", "interpolation", "list", "tuple"]);

function keptAsValue(node: Node): boolean {
  const at = outer(node);
  const parent = at.parent;
  if (parent?.type === "conditional_expression") return parent.namedChildren[1]?.id !== at.id;
  return !!parent && VALUE_PLACES.has(parent.type) && (parent.type !== "assignment" || parent.childForFieldName("right")?.id === at.id);
}

/**
 * The flag kept as a value (`"success": r.success`, `print(f"ok: {r.success}")`) where v1 answered it true on every
 * result it returned (it raised otherwise), as v2 does by returning one.
 */
const SUCCESS_FLAG_VALUE = reworded(
  "the success flag is v1: v2 returns a result only where the call succeeded",
  "the success flag became True, the value v1 gave on every result it returned (v2 raises where v1 would have said false)",
);

/** A read of the success flag kept as a value, as the True it was: shown alone in an f-string (`{r.success}`), the text it always printed; made a bool (`bool(r.get("success"))`), True. */
function flagKeptTrue(context: PyContext, read: Node): void {
  const shown = outer(read).parent;
  const cast = shown?.type === "argument_list" && shown.namedChildren.length === 1 && calledName(shown.parent!) === "bool" ? shown.parent! : null;
  const alone = shown?.type === "interpolation" && shown.namedChildren.length === 1 ? shown : (cast ?? read);
  // `True and x` is x
  const op = outer(alone).parent;
  const right =
    op?.type === "boolean_operator" && op.childForFieldName("operator")?.type === "and" && op.childForFieldName("left")?.id === outer(alone).id
      ? op.childForFieldName("right")
      : null;
  if (right) context.edit(outer(alone).startIndex, right.startIndex, "", SUCCESS_FLAG_VALUE);
  else context.edit(alone.startIndex, alone.endIndex, "True", SUCCESS_FLAG_VALUE);
}

/** The success test removed beside what decides its condition. */
const SUCCESS_TEST_REMOVED = removed("the success test", "v2 returns a result only where the call succeeded, and raises otherwise");
/** A test of 1.x's document's success key, which it never had, removed beside what decides its condition. */
const SUCCESS_TEST_NEVER_HELD = removed("the success test", "1.x's scrape answered the document alone, without a success key, so the test never held");
const SUCCESS_TEST_PRESENCE = reworded(
  "the success test is v1: v2 returns a result only where the call succeeded",
  "the success test became the result itself, always true (v2 returns a result only where the call succeeded, and raises otherwise)",
);

/**
 * `if job.success: ... else: log(job.get("error"))`, the test now the job's status: the branch that runs on failure
 * says what went wrong by it, as a guard's does (migrateGuard), since v2's jobs have no error field.
 */
function failureBranchErrors(context: PyContext, test: Node, head: Node, handled: Set<number>): void {
  const statement = outer(test).parent;
  if (statement?.type !== "if_statement" || statement.childForFieldName("condition")?.id !== outer(test).id || head.type !== "identifier") return;
  const failure = statement.namedChildren.find((c) => c?.type === "else_clause");
  for (const use of failure ? usesIn(failure, head.text) : []) {
    const read = readAbove(use);
    if (read?.field !== "error" || handled.has(read.node.id)) continue;
    handled.add(read.node.id);
    context.edit(read.node.startIndex, read.node.endIndex, `${head.text}.status`, WAITER_GUARD);
  }
}

/** `if not r.success: raise ...`: gone, or a waiter's status check. */
function migrateGuard(context: PyContext, subject: Subject, read: Node, guard: Node, handled: Set<number>): void {
  for (const r of allOf(guard, ["attribute", "subscript"])) handled.add(r.id);
  if (!subject.waiter)
    return context.apply(removeStatement(context.source, guard.startIndex, guard.endIndex), removed("the success guard", "v2 raises on failure"));
  const subjectText = (read.childForFieldName("object") ?? read.childForFieldName("value"))!.text;
  const condition = guard.childForFieldName("condition")!;
  context.edit(condition.startIndex, condition.endIndex, `${subjectText}.status != ${pyLiteral(context.source, JOB_COMPLETED)}`, WAITER_GUARD);
  // The job's status says what went wrong; v2 jobs have no error field (1.x's dict: `job["error"]`).
  for (const r of allOf(guard.childForFieldName("consequence")!, ["attribute", "subscript"])) {
    const object = r.childForFieldName("object") ?? r.childForFieldName("value");
    const field = r.type === "attribute" ? r.childForFieldName("attribute")?.text : stringValue(r.childForFieldName("subscript"));
    if (object?.text === subjectText && field === "error") context.edit(object.endIndex, r.endIndex, ".status");
  }
}

/** unittest's assertions that the value they are given is true, by where the value stands among their arguments. */
const TRUTH_ASSERTIONS: Readonly<Record<string, "alone" | "beside True">> = { assertTrue: "alone", assertEqual: "beside True", assertIs: "beside True" };

/**
 * The statement that only asserts a result's success flag (`assert r["success"]`, `assert r.success is True`,
 * `self.assertTrue(r["success"])`, `self.assertEqual(r["success"], True)`), a message aside: where v2 raises on failure,
 * the call asserts it itself.
 */
function successAsserted(read: Node): Node | null {
  const outerRead = outer(read);
  const parent = outerRead.parent;
  const trueBeside = (at: Node | null | undefined) => at?.type === "true";
  // `r["success"] is True`, `r["success"] == True`
  const compared =
    parent?.type === "comparison_operator" &&
    parent.namedChildren.length === 2 &&
    /^(is|==)$/.test(parent.text.slice(outerRead.endIndex - parent.startIndex, parent.namedChildren[1]!.startIndex - parent.startIndex).trim()) &&
    trueBeside(parent.namedChildren[1])
      ? parent
      : null;
  const value = compared ?? outerRead;
  if (value.parent?.type === "assert_statement" && value.parent.namedChildren[0]?.id === value.id) return value.parent;
  const args = outerRead.parent?.type === "argument_list" ? outerRead.parent.namedChildren.filter((a): a is Node => !!a && a.type !== "comment") : [];
  const callee = args.length ? outerRead.parent!.parent?.childForFieldName("function") : null;
  const form = callee?.type === "attribute" ? TRUTH_ASSERTIONS[callee.childForFieldName("attribute")!.text] : undefined;
  const at = args.findIndex((a) => a.id === outerRead.id);
  const fits = form === "alone" ? at === 0 : form === "beside True" ? at <= 1 && trueBeside(args[1 - at]) : false;
  const statement = fits ? outerRead.parent!.parent!.parent : null;
  return statement?.type === "expression_statement" && statement.namedChildren.length === 1 ? statement : null;
}

/** `x is None`, `x != None`: a value compared with None. */
function comparedWithNone(node: Node): boolean {
  const parent = node.parent;
  return parent?.type === "comparison_operator" && parent.namedChildren.some((operand) => operand?.type === "none");
}

/** Whether a value is only tested: compared with None, negated, or a condition as it stands. */
function testedOnly(node: Node): boolean {
  const parent = node.parent;
  if (parent?.type === "comparison_operator") return comparedWithNone(node);
  if (parent?.type === "not_operator") return true;
  // `a if cond else b` names no fields: its condition is the second expression
  if (parent?.type === "conditional_expression") return parent.namedChildren[1]?.id === node.id;
  const conditions = ["if_statement", "elif_clause", "while_statement", "assert_statement"];
  return !!parent && conditions.includes(parent.type) && (parent.childForFieldName("condition") ?? parent.namedChildren[0])?.id === node.id;
}

const KEY_ERROR_KEPT = reworded(
  "v1's dict raised KeyError where the API left the field out, which the except turned into its fallback; v2's model reads None",
  "raises KeyError where the field is None, as v1's dict did, so the except still gives the fallback",
);

/** The statements given their KeyError back, by tree. */
const keyErrorsKept = new WeakMap<object, Set<number>>();

/**
 * `name = page["metadata"]["title"]` in a try whose handler gives `name` a fallback (keyErrorFallback): after it,
 * `if name is None: raise KeyError("title")`, so the handler runs where v1's did. Once a statement.
 */
function keepKeyError(context: PyContext, read: Node): void {
  const statement = keyErrorFallback(read);
  if (!statement) return;
  let last = read;
  while (last.parent?.type === "subscript" && last.parent.childForFieldName("value")?.id === last.id) last = last.parent;
  // The name holds the field only where the read is the whole value: `"Title: " + page["metadata"]["title"]` never
  // holds None, it raises TypeError, which the handler does not catch; pyright says so where it is left.
  const value = statement.namedChildren[0]!.childForFieldName("right");
  if (value?.id !== outer(last).id) return;
  const kept = keyErrorsKept.get(statement.tree) ?? new Set<number>();
  if (kept.has(statement.id)) return;
  keyErrorsKept.set(statement.tree, kept.add(statement.id));
  const key = last.childForFieldName("subscript");
  const target = statement.namedChildren[0]!.childForFieldName("left")!.text;
  const raised = raiseIf(context.source, statement.startIndex, `${target} is None`, `raise KeyError(${key?.text ?? ""})`);
  context.edit(statement.endIndex, statement.endIndex, raised, KEY_ERROR_KEPT);
}

/**
 * `if <test>:` with `<raise>` under it, on lines of their own after the statement at `at`, indented as it is: PEP 8's
 * four spaces a level where the file has no indented line to follow.
 */
function raiseIf(source: PyContext["source"], at: number, test: string, raise: string): string {
  const indent = indentAt(source.text, at);
  return `${source.eol}${indent}if ${test}:${source.eol}${indent}${indentUnit(source.text, "    ")}${raise}`;
}

/**
 * `try: name = page["metadata"]["title"]` / `except KeyError: name = fallback`: a try around the one assignment whose
 * handler (KeyError, LookupError, Exception, or bare) binds the same name. The read's statement, if so.
 */
function keyErrorFallback(read: Node): Node | null {
  let statement: Node | null = read;
  while (statement && statement.type !== "expression_statement") statement = statement.parent;
  if (!statement || !inTryBody(statement)) return null;
  const body = statement.parent!;
  const tried = body.parent!;
  if (body.namedChildren.filter((c) => c?.type !== "comment").length !== 1) return null;
  const assignment = statement!.namedChildren[0];
  const target = assignment?.type === "assignment" ? assignment.childForFieldName("left")?.text : undefined;
  if (!target) return null;
  const fallsBack = (handler: Node) => {
    const caught = handler.namedChildren.find((c) => c?.type !== "block" && c?.type !== "comment");
    const block = handler.namedChildren.find((c) => c?.type === "block");
    const catches = !caught || /\b(KeyError|LookupError|Exception|BaseException)\b/.test(caught.text);
    return catches && !!block && allOf(block, "assignment").some((a) => a.childForFieldName("left")?.text === target);
  };
  return tried.namedChildren.some((c) => c?.type === "except_clause" && fallsBack(c)) ? statement : null;
}

const DICT_ANNOTATION = removed("the dict annotation of the name a result is bound to", "v2 answers a pydantic model, whose fields the reads below now name");

/** `found: Dict[str, Any] = app.search(...)`: 1.x's dict type on the name; the model v2 answers is no dict. */
function dropDictAnnotation(context: PyContext, name: Node): void {
  const type = name.parent?.type === "assignment" && name.parent.childForFieldName("left")?.id === name.id ? name.parent.childForFieldName("type") : null;
  if (type && /^(typing\.)?(Dict|dict|Mapping|MutableMapping)(\[[^]*\])?$/.test(type.text)) context.edit(name.endIndex, type.endIndex, "", DICT_ANNOTATION);
}

const METADATA_HEDGE = removed("the empty dict standing in for missing metadata", "v2's metadata_typed and metadata_dict are never None");

/**
 * `r.metadata if r.metadata else {}` (or `dict()`; or `if hasattr(r, "metadata")`, `if isinstance(r.metadata, dict)`,
 * 2.x's dict) around the read `r.metadata`: the conditional.
 */
function emptyHedge(read: Node): Node | null {
  const hedge = read.parent;
  if (hedge?.type !== "conditional_expression") return null;
  const [taken, test, other] = hedge.namedChildren;
  const tested =
    test?.type === "call" && calledName(test) === "isinstance" && argumentsOf(test)[0]?.text === read.text && argumentsOf(test)[1]?.text === "dict";
  const probed = !!test && probesField(test, read.childForFieldName("object")!, read.childForFieldName("attribute")!.text);
  const asked = test?.text === read.text || tested || probed;
  return taken?.id === read.id && asked && other && isEmptyDict(other) ? hedge : null;
}

/**
 * Whether a list of links is only counted (`len(r.links)`), tested (`if r.links is not None`, `if not r.links`, an
 * operand of a test's `and`) or asked whether it is a list (`isinstance(r.links, list)`): the list of objects is as
 * long, as None, as empty and as much a list as the strings were.
 */
function countedOrTested(node: Node): boolean {
  const parent = node.parent;
  if (parent?.type === "boolean_operator") return countedOrTested(parent);
  const args = parent?.type === "argument_list" ? parent : null;
  const called = args?.parent?.childForFieldName("function")?.text;
  return called === "len" || (called === "isinstance" && args!.namedChildren[0]?.id === node.id) || testedOnly(node);
}

/** The methods whose probe asks whether a value is a dict (`hasattr(r, "get")`), quoted either way, as a pattern. */
const DICT_PROBES = ["get", "keys", "items", "__getitem__"].map((m) => `"${m}"|'${m}'`).join("|");

/**
 * `hasattr(r, "get")`: true of 1.x's dicts, false of v2's models, as `isinstance(r, dict)` is, which a type checker
 * reads as the test it is: the branch it opens (a dict's reads, right as they are) then checks.
 */
function migrateDictProbe(context: PyContext, head: Node): boolean {
  const probe = hasattrOn(head);
  if (!probe || !new RegExp(`^(?:${DICT_PROBES})$`).test(probe.name.text)) return false;
  context.edit(probe.call.startIndex, probe.call.endIndex, `isinstance(${head.text}, dict)`, DICT_PROBE);
  return true;
}

/** `hasattr(head, name)`: the call and the name it asks for, where the head is what it asks about. */
function hasattrOn(head: Node): { call: Node; name: Node } | null {
  const args = head.parent;
  const call = args?.type === "argument_list" ? args.parent : null;
  if (call?.childForFieldName("function")?.text !== "hasattr" || args!.namedChildren.length !== 2 || args!.namedChildren[0]?.id !== head.id) return null;
  return { call, name: args!.namedChildren[1]! };
}

const DUMP_KEY_RENAMED = (from: string, to: string) => renamed(`the key "${from}" of the code's own dump of a result`, `"${to}"`);

/**
 * `"changeTracking" in r.dict()`, `r.model_dump()["rawHtml"]`, `r.dict().get("json_field")`, `d = r.dict()` then `d["data"]`: a dump the code makes of a
 * 2.x result itself spelled the 2.x model's fields; 4.x's spells v2's (snake_case). A key the table renames to a field
 * of the model's own is spelled so; what v2 keeps elsewhere (a document's metadata) is left to the reads it has.
 */
function dumpKeyRenamed(context: PyContext, kind: Tracked, head: Node): boolean {
  const attribute = head.parent;
  if (attribute?.type !== "attribute" || attribute.childForFieldName("object")?.id !== head.id) return false;
  if (!["dict", "model_dump"].includes(attribute.childForFieldName("attribute")!.text)) return false;
  const call = attribute.parent;
  if (call?.type !== "call" || call.childForFieldName("arguments")!.namedChildren.some((a) => a?.type !== "keyword_argument")) return false;
  let dump = call;
  while (dump.parent?.type === "parenthesized_expression") dump = dump.parent;
  // A dump bound to a name (`payload = r.model_dump()`) is read by that name.
  const bound = boundName(dump);
  let any = false;
  for (const at of bound ? usesAfter(bound) : [dump]) {
    const member = membershipAbove(at);
    const read = member ? null : readAbove(at);
    const key = member ? member.key : read && read.form !== "attribute" ? keyOf(read) : undefined;
    const field = key ? stringValue(key) : undefined;
    if (!key || field === undefined) continue;
    const { to, row } = renamedField(kind, field);
    if (row?.change.kind === "strings-to-objects" && read) {
      // A map's dumped links are dicts of LinkResult's fields, where 2.x's were the URLs.
      if (!countedOrTested(read.node)) {
        const pick = pyLiteralAt(context.source, key, row.change.pick);
        context.edit(
          read.node.startIndex,
          read.node.endIndex,
          `[link[${pick}] for link in ${read.node.text}]`,
          linksKept(`the links of the code's own dump of a map result`),
        );
      }
      any = true;
      continue;
    }
    if (to === field || to.includes(".") || !hasField(kind, to)) continue;
    context.edit(key.startIndex, key.endIndex, pyLiteralAt(context.source, key, to), DUMP_KEY_RENAMED(field, to));
    any = true;
  }
  return any;
}

/** pydantic's own methods, which every v2 result has, being a model (a cancel's bool is no result here). */
const MODEL_METHODS: ReadonlySet<string> = new Set(["model_dump", "model_dump_json", "dict", "json"]);

const MODEL_PROBE = removed(
  'the other side of a test for a model\'s method (hasattr(r, "model_dump"))',
  "every v2 result is a pydantic model, which has it: that side never runs, and type-checks against none",
);

/**
 * `r.model_dump() if hasattr(r, "model_dump") else r`: a hedge whose test every v2 result passes, so in 4.x its side
 * runs alone, at run time as now, and for the type checker too (the other side gives a model where a dict is asked
 * for). The test and the other side go; the reads there are handled, gone with them.
 */
function modelProbe(context: PyContext, head: Node, handled: Set<number>): boolean {
  const probe = hasattrOn(head);
  if (!probe || !MODEL_METHODS.has(stringValue(probe.name) ?? "")) return false;
  let test = probe.call;
  while (test.parent?.type === "parenthesized_expression") test = test.parent;
  const hedge = test.parent;
  if (hedge?.type !== "conditional_expression" || hedge.namedChildren[1]?.id !== test.id) return false;
  const taken = hedge.namedChildren[0]!;
  for (const use of usesIn(hedge, head.text)) if (use.startIndex > taken.endIndex) handled.add(use.id);
  context.edit(taken.endIndex, hedge.endIndex, "", MODEL_PROBE);
  return true;
}

/** `getattr(x, "rawHtml", None)`, `hasattr(x, "rawHtml")`: the name in the string is v2's. */
function migrateAttributeName(context: PyContext, subject: Subject, head: Node, handled: Set<number>): void {
  const args = head.parent;
  const fn = args?.type === "argument_list" ? args.parent?.childForFieldName("function")?.text : undefined;
  if ((fn !== "getattr" && fn !== "hasattr") || args!.namedChildren[0]?.id !== head.id) return;
  const key = args!.namedChildren[1] ?? null;
  const field = stringValue(key);
  if (field === undefined) return;
  const renaming = renamedField(subject.kind, field);
  const { row } = renaming;
  const to = subject.fields?.[field] ?? renaming.to;
  const flagged = subject.answered && !flagMayFail(subject);
  const test = row?.change.kind === "success-flag" && !subject.waiter && flagged ? alwaysSucceeding(args!.parent!, head.text) : null;
  if (test) {
    // `if hasattr(r, "success") and r.success: ... else: <failure>` on 2.x's model, the pair the whole condition: as
    // `if r.success:` (on 1.x's dict the pair was false, and the else what ran)
    let pair: Node = args!.parent!;
    while (pair.parent && pair.parent.startIndex >= test.start && pair.parent.endIndex <= test.end) pair = pair.parent;
    const whole = !!test.text && pair.startIndex === test.start && pair.endIndex === test.end && !subject.dicts && !answeredDicts(context);
    if (!whole || !dropFailureBranch(context, pair, head, handled)) return successTestEdit(context, test);
    for (const use of usesIn(pair, head.text)) handled.add(use.id);
    return;
  }
  // `if hasattr(r, "success") and not r.success:`, which never passed: the branch goes (failureGuard)
  const dead = row?.change.kind === "success-flag" && !subject.waiter && flagged ? failureGuard(args!.parent!, head) : null;
  if (dead && removeBranch(context, dead, FAILURE_GUARD, head.text)) return;
  const fallback = fn === "getattr" ? args!.namedChildren[2] : undefined;
  // `f"success={getattr(r, 'success', None)}"` on 2.x's model showed the True it held on every result returned; on
  // 1.x's dict, the default, as on v2's model
  const dict = subject.dicts || answeredDicts(context);
  if (row?.change.kind === "success-flag" && fallback && dict) return;
  if (row?.change.kind === "success-flag" && fallback && !subject.waiter && flagged && keptAsValue(args!.parent!)) return flagKeptTrue(context, args!.parent!);
  // `getattr(r, "error", None)` gave the None a result v1 returned held (it raised where it would not); v2's, without
  // the field, gives the default
  if (row?.change.kind === "removed" && fallback?.type === "none" && subject.kind !== "job") return;
  if (row?.change.kind === "success-flag" || row?.change.kind === "removed") return context.todo(head, row.python?.todo ?? row.change.todo);
  if (subject.kind === "document" && field === "metadata" && fallback && isEmptyDict(fallback)) {
    // `getattr(page, "metadata", {})` wants the dict 2.x's metadata was; v2's is a model, its dict metadata_dict (a scraped
    // hit whose page failed has none, and gives the default).
    const call = args!.parent!;
    const metadata = subject.either ? eitherHit(head, "metadata_dict", null, fallback.text) : `${head.text}.metadata_dict`;
    if (metadata === undefined) return context.todo(head, SCRAPED_HIT_EITHER);
    context.edit(call.startIndex, call.endIndex, metadata, renamed(`getattr(..., "metadata", {})`, ".metadata_dict"));
    // bound as it is, or with an empty default (`metadata = getattr(r, "metadata", {}) or {}`)
    const alias = boundName(emptyFallback(call) ? outer(call).parent! : call);
    for (const use of alias ? usesAfter(alias) : [call]) renameMetadataKey(context, use);
    return;
  }
  if (to === field) return;
  if (!to.includes(".")) {
    context.edit(key!.startIndex, key!.endIndex, pyLiteralAt(context.source, key!, to), renamed(`result field "${field}"`, `"${to}"`));
    return;
  }
  // A field v2 keeps below another (`metadata_typed.title`): getattr() and hasattr() take one name, not a path.
  const call = args!.parent!;
  const read = subject.either ? eitherHit(head, to, field) : `${head.text}.${to}`;
  if (read === undefined) return context.todo(head, SCRAPED_HIT_EITHER);
  let text: string;
  if (fn === "hasattr") text = `${read} is not None`;
  else if (!fallback || fallback.type === "none") text = read;
  else if (isEmptyLiteral(fallback)) text = leftOfOr(call, head) ? read : `${read} or ${fallback.text}`;
  else if (head.type === "identifier") text = `${read} if ${read} is not None else ${fallback.text}`;
  else return context.todo(head, `v2 keeps ${field} at .${to}, a path getattr() cannot take: read it as an attribute`);
  if (text !== read && needsParentheses(call)) text = `(${text})`;
  context.edit(call.startIndex, call.endIndex, text, renamed(`${fn}(..., "${field}")`, `.${to}`));
}

const LIST_HEDGE = removed(
  "the test for a list of documents",
  "v0's crawl answered one; no client of v1's or v2's does, so the job's documents are what is read",
);

const HIT_RETURNED_DUMPED = reworded(
  "v2's search hits are models, and this function says it returns a dict, as 1.x's hit was: dump it",
  "the returned hit made a dict (.model_dump()), with 1.x's keys (url, title, description)",
);

/** The v1 method names, by which a call of the input is one of v1's client. */
const V1_METHODS = new Set(METHODS.flatMap((row) => row.python.v1));

const dictsAnswered = new WeakMap<object, boolean>();

/**
 * Whether the file called v1's client as 1.x did, whose answers were dicts: with its options in a `params` dict
 * (`params=` or second positional, read off the input, before the params step made them keywords), to v1's names or,
 * written half way, v2's. 2.x's keyword calls answered models, which a dict test never took either.
 */
function answeredDicts(context: PyContext): boolean {
  let known = dictsAnswered.get(context.input);
  if (known === undefined) {
    known =
      allOf(context.input.rootNode, "call").some((call) => {
        const callee = call.childForFieldName("function");
        if (callee?.type !== "attribute" || !V1_METHODS.has(callee.childForFieldName("attribute")!.text)) return false;
        const args = call.childForFieldName("arguments")!;
        return keywords(args).some((k) => k.name === "params") || positional(args).length > 1;
      }) || writtenHalfWay(context);
    dictsAnswered.set(context.input, known);
  }
  return known;
}

/**
 * Whether the input hands v1's params to v2's method names (`app.scrape(url, params={...})`): code written half way,
 * for 1.x, whose answers were dicts, and read so. The params step made those v2's calls; the results of the file's
 * calls of v2's names are read as a v1 call's are, as its author read them.
 */
function writtenHalfWay(context: PyContext): boolean {
  return allOf(context.input.rootNode, "call").some((call) => {
    const callee = call.childForFieldName("function");
    const method = callee?.type === "attribute" ? callee.childForFieldName("attribute")!.text : "";
    return isV2OnlyPythonMethod(method) && keywords(call.childForFieldName("arguments")!).some((k) => k.name === "params");
  });
}

const DICT_BRANCH_ONLY =
  "v2 results are pydantic models, not dicts: this test is false now, so the branch that read v1's dict no longer runs and the other one reads nothing of the result: read its fields off the model (r.markdown), or test for the model";

/** `isinstance(r, dict)`, or a probe for a dict's method (`hasattr(r, "get")`), of the value `head` names, as a pattern. */
function dictTestOf(head: Node): RegExp {
  return new RegExp(
    `^(?:isinstance\\(\\s*${escapeRegExp(head.text)}\\s*,\\s*dict\\s*\\)|hasattr\\(\\s*${escapeRegExp(head.text)}\\s*,\\s*(${DICT_PROBES})\\s*\\))$`,
  );
}

/**
 * The call whose first argument `head` is, where its text is the test `pattern` matches (`isinstance(r, dict)`). The
 * pattern, which quotes the value's text, is made only once there is such a call.
 */
function testAround(head: Node, pattern: () => RegExp): Node | null {
  const call = head.parent?.type === "argument_list" && head.parent.namedChildren[0]?.id === head.id ? head.parent.parent : null;
  return call?.type === "call" && pattern().test(call.text) ? call : null;
}

/** The dict test (`isinstance(r, dict)`, `hasattr(r, "get")`) whose tested value `head` is. */
const dictTestAround = (head: Node) => testAround(head, () => dictTestOf(head));

/**
 * The test of `if isinstance(r, dict): ... else: ...` (or of `hasattr(r, "get")`, or of a conditional) where only the
 * dict's side reads the result: 1.x's dict took that side, v2's model takes the other, which drops it
 * (`data = r if isinstance(r, dict) else {}`). Where the other side reads the result too, the code handles both.
 */
function droppedOffDictBranch(head: Node): boolean {
  const call = dictTestAround(head);
  if (!call) return false;
  let test: Node = outer(call);
  while (test.parent?.type === "boolean_operator" && test.parent.childForFieldName("operator")?.type === "and") test = outer(test.parent);
  const holder = test.parent;
  // the sides of the choice the dict's branch is not: a conditional's other value, or every other part of the if
  const statement = holder?.type === "elif_clause" ? holder.parent : holder;
  const other =
    holder?.type === "conditional_expression" && holder.namedChildren[1]?.id === test.id
      ? [pastOtherShapes(holder.namedChildren[2]!, head)]
      : (holder?.type === "if_statement" || holder?.type === "elif_clause") && holder.childForFieldName("condition")?.id === test.id
        ? statement!.namedChildren.filter(
            (c) => c?.type !== "comment" && c?.id !== holder.childForFieldName("consequence")?.id && c?.id !== test.id && c?.id !== holder.id,
          )
        : null;
  // without another side, the code after it may take the model as it is
  if (!other?.length) return false;
  return !other.some(
    (side) =>
      side &&
      !otherShapeBranch(side, head) &&
      usesIn(side, head.text).some(
        (use) => !inDictBranch(use) && !droppedTest(use) && !emptyFallback(use) && !describedOnly(use) && !otherShapeOnly(use, head),
      ),
  );
}

/**
 * `links = r if isinstance(r, list) else []` on the other side: the value is given only where it is a shape neither
 * 1.x's dict nor v2's model is (v0's list), so neither ran it; v2's model gets the conditional's other value.
 */
function otherShapeOnly(use: Node, head: Node): boolean {
  for (let at = use; at.parent && at.parent.type !== "block" && at.parent.type !== "module"; at = at.parent) {
    const choice = at.parent;
    if (choice.type === "conditional_expression" && otherShapeTest(choice.namedChildren[1]!, head))
      return choice.namedChildren[0]!.id === at.id || choice.namedChildren[1]!.id === at.id;
  }
  return false;
}

/**
 * `elif isinstance(r, list): urls = r`: a branch for a shape neither 1.x's dict nor v2's model is (v0's list), which
 * ran on neither: what it does with the value is no handling of the model.
 */
function otherShapeBranch(side: Node, head: Node): boolean {
  const condition = side.type === "elif_clause" ? side.childForFieldName("condition") : null;
  return !!condition && otherShapeTest(condition, head);
}

const otherShapeTest = (condition: Node, head: Node) =>
  new RegExp(`^isinstance\\(\\s*${escapeRegExp(head.text)}\\s*,\\s*(?:list|tuple|str)\\s*\\)$`).test(inner(condition).text);

/**
 * A conditional's other side past the choices it makes for shapes neither 1.x's dict nor v2's model is
 * (`... else r if isinstance(r, list) else []`): the value it gives either of them, `[]` there.
 */
function pastOtherShapes(side: Node, head: Node): Node {
  let at = inner(side);
  while (at.type === "conditional_expression" && otherShapeTest(at.namedChildren[1]!, head)) at = inner(at.namedChildren[2]!);
  return at;
}

/** What tells of a value without reading it: its type, its text, its printing (an "unexpected response" fallback's). */
const DESCRIBERS = new Set(["type", "str", "repr", "print"]);

/**
 * `print(f"Unexpected format: {type(r)}")`, `str(r)`: a use on the other side of a dict test that reads none of a
 * model's fields. The side is a fallback for what the code did not expect, not the model's handling: 1.x's dict never
 * took it, and v2's model would, silently.
 */
function describedOnly(use: Node): boolean {
  const call = use.parent?.type === "argument_list" && use.parent.namedChildren.length === 1 ? use.parent.parent : null;
  return (call?.type === "call" && DESCRIBERS.has(calledName(call))) || use.parent?.type === "interpolation" || logged(use);
}

/** A logger's methods, which show what they are handed (`logger.warning("unexpected: %s", r)`). */
const LOG_METHODS = new Set(["debug", "info", "warning", "warn", "error", "exception", "critical", "log"]);

/** Whether a call is a logger's (`logger.warning(...)`, `log.info(...)`), which shows what it is handed. */
const loggerCall = (call: Node | null | undefined): call is Node =>
  call?.type === "call" && call.childForFieldName("function")?.type === "attribute" && LOG_METHODS.has(calledName(call));

/** Whether a value is an argument of a logger's call after its message, which only shows it. */
function logged(use: Node): boolean {
  const args = use.parent?.type === "argument_list" ? use.parent : null;
  return loggerCall(args?.parent) && args!.namedChildren.filter((a) => a?.type !== "comment")[0]?.id !== use.id;
}

/** The whole chain of `and`s a test is an operand of (parentheses taken off), or the test where it is in none. */
function andChain(test: Node): Node {
  let chain = outer(test);
  while (chain.parent?.type === "boolean_operator" && chain.parent.childForFieldName("operator")?.type === "and") chain = outer(chain.parent);
  return chain;
}

/**
 * `if isinstance(r, dict) and "links" in r:`, `r.get("data", []) if isinstance(r, dict) else []`, `if isinstance(r,
 * dict):` with no else: a dict test of a 1.x call's result where only the dict's side reads it. 1.x's dict took that
 * side; v2's model would take the other, and drop the result. The test goes (with its `and`; a conditional becomes
 * its dict side; a whole condition becomes the result, always true), so the side 1.x ran runs, reading the model.
 * The edit, where `head` is the value tested; null where the code reads the result on another side too (it handles
 * both shapes) or the test is not one that decides a branch.
 */
function dissolvedDictTest(head: Node): { start: number; end: number; text: string } | null {
  const call = dictTestAround(head);
  if (!call) return null;
  const test = outer(call);
  const chain = andChain(test);
  const holder = chain.parent;
  const conditional = holder?.type === "conditional_expression" && holder.namedChildren[1]?.id === chain.id;
  // not a while's: always true, its test would never end the loop
  const branching = (holder?.type === "if_statement" || holder?.type === "elif_clause") && holder.childForFieldName("condition")?.id === chain.id;
  if (!holder || (!conditional && !branching)) return null;
  const taken = conditional ? holder.namedChildren[0]! : holder.childForFieldName("consequence")!;
  const reads = (node: Node) => usesIn(node, head.text).some((use) => use.id !== head.id);
  if (!reads(taken) && !reads(chain)) return null;
  if (!droppedOffDictBranch(head) && hasOtherSide(holder, conditional)) return null;
  // `if isinstance(r, dict): return r.get("markdown", "")` then `return r.markdown or ""`: code that reads the model's
  // attributes beside the if handles both shapes
  const statement = holder.type === "elif_clause" ? holder.parent! : holder;
  if (!conditional && readsModelBeside(statement, head)) return null;
  if (chain.id !== test.id) {
    const operator = test.parent!;
    const [left, right] = [operator.childForFieldName("left")!, operator.childForFieldName("right")!];
    return outer(left).id === test.id ? { start: test.startIndex, end: right.startIndex, text: "" } : { start: left.endIndex, end: test.endIndex, text: "" };
  }
  if (conditional) return { start: taken.endIndex, end: holder.endIndex, text: "" };
  return { start: test.startIndex, end: test.endIndex, text: head.text };
}

/**
 * `... if isinstance(r, dict) else r`: a choice whose other side is the tested value itself, for a shape other than 1.x's
 * dict (v0's list). v2's model takes that side and goes on as it is, where the code after expects what the dict's side gave.
 */
function givenAsItIs(head: Node): boolean {
  const call = dictTestAround(head);
  const chain = call ? andChain(outer(call)) : null;
  const holder = chain?.parent;
  return holder?.type === "conditional_expression" && holder.namedChildren[1]?.id === chain!.id && inner(holder.namedChildren[2]!).text === head.text;
}

/** Whether the statements beside `statement` in its block read attributes of the value `head` names, as of a model. */
function readsModelBeside(statement: Node, head: Node): boolean {
  const beside = statement.parent?.namedChildren.filter((c): c is Node => !!c && c.id !== statement.id) ?? [];
  const getattr = (use: Node) =>
    use.parent?.type === "argument_list" && use.parent.namedChildren[0]?.id === use.id && calledName(use.parent.parent!) === "getattr";
  const attribute = (use: Node) => (readAbove(use)?.form === "attribute" && !dictMethodAbove(use)) || getattr(use);
  return beside.some((s) => usesIn(s, head.text).some((use) => attribute(use) && !inDictBranch(use)));
}

/** Whether a branching test has a side besides the one it opens: a conditional's other value, an if's elif or else. */
function hasOtherSide(holder: Node, conditional: boolean): boolean {
  if (conditional) return true;
  const statement = holder.type === "elif_clause" ? holder.parent! : holder;
  return statement.namedChildren.some((c) => (c?.type === "elif_clause" || c?.type === "else_clause") && c.id !== holder.id) || holder.type === "elif_clause";
}

const isDissolved = (test: Node): boolean => isDissolvedDictTest(inner(test));

const DICT_TEST_AND_ELSE_DISSOLVED = removed(
  "the dict test of the result and its else",
  "1.x's results were dicts, so only the side it opened ran, and it reads the v2 model now",
);

/**
 * `for hit in hits: if isinstance(hit, dict): ...`: items v1 answered as dicts, which all passed the test; v2's are
 * models, which none would, and the loop would do nothing. The test goes, as a result's does (dissolvedDictTest), and
 * the reads it opened are the model's. Registered before any item is migrated.
 */
function dissolveItemDictTests(items: readonly Node[]): void {
  for (const item of items) {
    const dissolved = dissolvedDictTest(item);
    if (!dissolved) continue;
    // an if's or elif's test only (dissolvedDictTest takes no other but a conditional's): the reads it opens are the
    // item's own, which are followed; a conditional's side is bound to a name (`entry = hit if isinstance(hit, dict)
    // else {}`) whose reads are not
    if (andChain(item.parent!.parent!).parent?.type !== "conditional_expression") dissolveDictTest(item.parent!.parent!, dissolved);
  }
}

const DICT_TEST_DISSOLVED = removed(
  "the dict test of the result",
  "1.x's results were dicts, so the side it opened is the one that ran, and it reads the v2 model now",
);

/**
 * `if isinstance(r, dict): r = clean(r)` on v2's model, the whole test of an if or elif with no else: what 1.x's dict
 * went through, which the model never takes and goes past (the reads after it are the model's: usesAfter passes the
 * rebinding by). It goes, as it would by hand, with the uses in it; not where it does more than rebind the name to
 * the result (and log). The branch, where `head` is the value tested.
 */
function dictOnlyBranch(head: Node): Node | null {
  const call = dictTestAround(head);
  if (!call) return null;
  const branch = outer(call).parent;
  if ((branch?.type !== "if_statement" && branch?.type !== "elif_clause") || branch.childForFieldName("condition")?.id !== outer(call).id) return null;
  if (branch.type === "if_statement" && branch.namedChildren.some((c) => c?.type === "else_clause")) return null;
  const only = (s: Node) => (s.namedChildren.length === 1 && s.type === "expression_statement" ? s.namedChildren[0]! : null);
  // the value rebound is the result, whole (`clean(r)`, `Model(**r)`): one made of its fields (`" ".join([r.get("markdown")])`)
  // is what the code after goes on with, which dropping the branch would hand the model instead
  const whole = (value: Node | null) => !!value && usesIn(value, head.text).every((use) => !readAbove(use));
  const rebinds = (s: Node) =>
    only(s)?.type === "assignment" && only(s)!.childForFieldName("left")?.text === head.text && whole(only(s)!.childForFieldName("right"));
  const logs = (s: Node) => only(s)?.type === "call" && usesIn(s, head.text).length === 0;
  const statements = branch.childForFieldName("consequence")!.namedChildren.filter((c): c is Node => !!c && c.type !== "comment");
  return statements.some(rebinds) && statements.every((s) => rebinds(s) || logs(s)) ? branch : null;
}

/** Whether a node is in the body of a branch. */
const inBody = (node: Node, branch: Node): boolean => within(node, branch.childForFieldName("consequence")!);

const DICT_ONLY_BRANCH = removed(
  "the branch for a dict result",
  "v2's results are pydantic models, which never take it (1.x's dicts did): the code after it reads the model",
);

const DICT_FILTER = removed(
  "the dict test filtering a comprehension's items",
  "v1's items were dicts, which all passed it; v2's are pydantic models, which none would",
);

const NOT_DICT_BRANCH = removed(
  "the branch for a value that is not a dict",
  "v1's were dicts, so it never ran; v2's are pydantic models, which would all take it",
);

/** `if not <test>: ...` (no elif or else), `test` the call it negates: the if. */
function negatedAlone(test: Node | null): Node | null {
  const negation = test ? outer(test).parent : null;
  if (negation?.type !== "not_operator") return null;
  const branch = outer(negation).parent;
  if (branch?.type !== "if_statement" || branch.childForFieldName("condition")?.id !== outer(negation).id) return null;
  return branch.namedChildren.some((c) => c?.type === "elif_clause" || c?.type === "else_clause") ? null : branch;
}

/** `if not isinstance(r, dict): continue` (no elif or else), where v1's value was a dict: the if. */
const notDictBranch = (head: Node) => negatedAlone(dictTestAround(head));

const NOT_DICT_OPERAND = removed(
  "the test that the result is not a dict",
  "1.x's results were dicts, so it was always false; v2's model would always pass it, and the code take the way out",
);

const NOT_LIST_BRANCH = removed(
  "the branch for a crawl result that is not a list",
  "v0's crawl answered its documents as one, so it never ran; v2's job, whose documents .data holds, would always take it",
);

/** `isinstance(job, list)`, where `head` is the job it tests. */
const listTestAround = (head: Node) => testAround(head, () => new RegExp(`^isinstance\\(\\s*${escapeRegExp(head.text)}\\s*,\\s*list\\s*\\)$`));

/** `if not isinstance(job, list): ...` (no elif or else): the if. */
const notListBranch = (head: Node) => negatedAlone(listTestAround(head));

const NOT_LIST_OPERAND = removed(
  "the test that the crawl result is not a list",
  "v0's crawl answered its documents as one, so it was always false; v2's job, whose documents .data holds, would always pass it",
);

/** `not isinstance(job, list) or len(job) == 0`: the span of a negated type test with its `or`, either side. */
function negatedOperand(test: Node | null): { start: number; end: number } | null {
  const negation = test ? outer(test).parent : null;
  const or = negation?.type === "not_operator" ? outer(negation).parent : null;
  if (or?.type !== "boolean_operator" || or.childForFieldName("operator")?.type !== "or") return null;
  const [left, right] = [or.childForFieldName("left")!, or.childForFieldName("right")!];
  if (outer(left).id === outer(negation!).id) return { start: left.startIndex, end: right.startIndex };
  return outer(right).id === outer(negation!).id ? { start: left.endIndex, end: right.endIndex } : null;
}

/** Whether the code reads a job as v0's list of documents elsewhere in its scope (`for page in job`, `job[0]`). */
const readAsList = (head: Node) => usesIn(scopeOf(head), head.text).some((use) => use.id !== head.id && (iterated(use) || indexedByNumber(use)));

/** `[... for r in hits if isinstance(r, dict)]`: the span of the filter (` if isinstance(r, dict)`), where it is the clause's whole test. */
function dictFilter(head: Node): { start: number; end: number } | null {
  const call = dictTestAround(head);
  const clause = call ? outer(call).parent : null;
  if (clause?.type !== "if_clause" || clause.namedChildren.length !== 1) return null;
  const comprehension = clause.parent;
  const binds = comprehension?.namedChildren.some((c) => c?.type === "for_in_clause" && c.childForFieldName("left")?.text === head.text);
  const before = clause.previousSibling;
  return binds && before ? { start: before.endIndex, end: clause.endIndex } : null;
}

/** Whether a use is the value a dict test asks about (`isinstance(r, dict)`). */
function droppedTest(use: Node): boolean {
  const call = use.parent?.type === "argument_list" ? use.parent.parent : null;
  return call?.type === "call" && ["isinstance", "hasattr"].includes(calledName(call)) && use.parent!.namedChildren[0]?.id === use.id;
}

/**
 * Code that handles both shapes (`if isinstance(r, dict): r.get("markdown") else: r.markdown`): the dict
 * branch is right as it is, and rewriting it would read attributes off what the branch knows is a dict. A probe for
 * a dict's method (`hasattr(r, "get")`) is such a test too; migrateDictProbe spells it as one a type checker reads.
 */
function inDictBranch(head: Node): boolean {
  const isinstanceDict = dictTestOf(head);
  // `isinstance(r, dict)`, alone or as an operand of the and a condition is: what that condition runs after it, or
  // the branch it opens, runs only on a dict
  const isDictTest = (condition: Node | null | undefined): boolean =>
    !!condition && andOperands(condition).some((test) => isinstanceDict.test(test.text) && !isDissolved(test));
  for (let at: Node | null = head; at?.parent; at = at.parent) {
    const parent: Node = at.parent;
    if (parent.type === "if_statement" || parent.type === "elif_clause") {
      const condition = parent.childForFieldName("condition");
      if ((parent.childForFieldName("consequence")?.id === at.id || condition?.id === at.id) && isDictTest(condition)) return true;
    }
    if (
      parent.type === "conditional_expression" &&
      (parent.namedChildren[0]?.id === at.id || parent.namedChildren[1]?.id === at.id) &&
      isDictTest(parent.namedChildren[1])
    )
      return true;
  }
  return false;
}

/**
 * How code uses a field's value where 1.x always gave one and v2 may give None: as the object of a
 * subscript, an attribute or a `+` (the field then wrapped: `(doc.markdown or "")[:500]`), or whole, in
 * len(), a loop, or a `-> str` function's return (`len(doc.markdown or "")`).
 */
function optionalUse(node: Node): "wrapped" | "bare" | null {
  const parent = node.parent;
  if (!parent) return null;
  const isObject = (parent.type === "subscript" && parent.childForFieldName("value")?.id === node.id) || parent.type === "binary_operator";
  if (isObject && (parent.type === "subscript" || parent.childForFieldName("operator")?.type === "+")) return "wrapped";
  if (parent.type === "attribute" && parent.childForFieldName("object")?.id === node.id) return "wrapped";
  if (parent.type === "dictionary_splat" || parent.type === "list_splat") return "wrapped";
  if (counted(node)) return "bare";
  // `f.write(page.markdown)`, `path.write_text(...)`: a file takes a string, never None
  const written = parent.type === "argument_list" && parent.namedChildren.length === 1 ? parent.parent?.childForFieldName("function") : null;
  // `pages.extend(job.data)`: a list takes the items of an iterable, never None
  const method = written?.type === "attribute" ? written.childForFieldName("attribute")!.text : "";
  if (WRITERS.has(method) || method === "extend") return "bare";
  if ((parent.type === "for_statement" || parent.type === "for_in_clause") && parent.childForFieldName("right")?.id === node.id) return "bare";
  // A branch of `a if test else b` is used as the whole is (`return doc.markdown if doc else ""`), and parenthesized.
  if (parent.type === "conditional_expression" && parent.namedChildren[1]?.id !== node.id) return optionalUse(parent) && "wrapped";
  const fn = parent.type === "return_statement" ? scopeOf(node) : null;
  return fn?.type === "function_definition" && NOT_NONE_RETURN.test(fn.childForFieldName("return_type")?.text ?? "") ? "bare" : null;
}

/** The methods of a file or path that write the string they are given. */
const WRITERS: ReadonlySet<string> = new Set(["write", "write_text"]);

/** A function's return type that says its value is never None: a string, a list or a dict (`-> str`, `-> List[str]`, `-> dict`). */
const NOT_NONE_RETURN = /^(?:str|list|List|dict|Dict)(?:\[.*\])?$/s;

/**
 * A field's value bound to a name (`text = doc.markdown`) that the code later uses as one (`return text` from a `-> str`
 * function, `text[:500]`): the value is given its empty one where it is bound. Every later use of the name counts,
 * rebound in a branch or not; none may test it against None, which the empty value would no longer be.
 */
function boundUse(node: Node): "bare" | null {
  const assignment = node.parent;
  const name = assignment?.type === "assignment" && assignment.childForFieldName("right")?.id === node.id ? assignment.childForFieldName("left") : null;
  if (name?.type !== "identifier") return null;
  const uses = usesIn(scopeOf(name), name.text).filter((use) => use.startIndex > name.endIndex);
  return !uses.some(comparedWithNone) && uses.some((use) => optionalUse(use) !== null) ? "bare" : null;
}

/** A read of an Optional field, as the value v1 always had: `(out or "")` where the code relies on it. */
function withEmpty(out: string, read: Node, field: string): string {
  const empty = PY_OPTIONAL_FIELD_EMPTY[field] && literalAt(read, PY_OPTIONAL_FIELD_EMPTY[field]);
  const use = empty ? (optionalUse(read) ?? boundUse(read)) : null;
  return use === "wrapped" ? `(${out} or ${empty})` : use === "bare" ? `${out} or ${empty}` : out;
}

/**
 * A scraped hit's field read as either model has it: `(hit.markdown if isinstance(hit, Document) else None)`, and for
 * the hit's own fields, which a Document keeps in its metadata, `(hit.metadata_typed.title if isinstance(hit, Document)
 * else hit.title)`. Undefined where the hit is no name (`hits[0]`, a call's), which the test would evaluate again.
 */
function eitherHit(hit: Node, to: string, own: string | null, otherwise = own ? `${hit.text}.${own}` : "None"): string | undefined {
  if (hit.type !== "identifier") return undefined;
  return `(${hit.text}.${to} if ${isHit(hit)} else ${otherwise})`;
}

/** The test that a scraped hit is the model its page's fields are on. */
const isHit = (hit: Node) => `isinstance(${hit.text}, ${PY_SEARCH_HITS.scraped.model})`;

/**
 * What `return` hands back of a value: the value itself, or the name it is bound to alone where that name's one use
 * is returned (`hits = found["data"]` then `return hits`, or `return hits or []`); null where it is not returned so.
 */
function returnedWhole(value: Node): Node | null {
  // `r if isinstance(r, list) else r["data"]`: v0's hedge, which gives the data now (LIST_HEDGE)
  const whole = value.parent?.type === "conditional_expression" && listHedge(value.parent, value) ? value.parent : value;
  if (returnedFrom(whole)) return whole;
  const name = boundName(whole);
  const uses = name && onlyBinding(name)?.id === name.id ? usesAfter(name) : [];
  const use = uses.length === 1 ? uses[0]! : null;
  const or = use && emptyFallback(use) ? outer(outer(use).parent!) : use;
  return or && returnedFrom(or) ? or : null;
}

/** The elements a list gives outside the list's own expression (`list[0]` is read on by the chain itself). */
function elementsBeyond(list: Node): Node[] {
  return elementsOf(list).filter((item) => item.startIndex > list.endIndex || item.endIndex < list.startIndex);
}

/** `for x in value`, `[... for x in value]`, `enumerate(value)`: a value whose elements are taken. */
function iterated(node: Node): boolean {
  const parent = node.parent?.type === "argument_list" && calledName(node.parent.parent!) === "enumerate" ? node.parent.parent : node;
  const loop = parent?.parent;
  return (loop?.type === "for_statement" || loop?.type === "for_in_clause") && loop.childForFieldName("right")?.id === parent!.id;
}

/** `pages[0]`, `pages[-1]`: a value read as a list, by a position the code spells out. */
function indexedByNumber(node: Node): boolean {
  const parent = node.parent;
  if (parent?.type !== "subscript" || parent.childForFieldName("value")?.id !== node.id) return false;
  const index = parent.childForFieldName("subscript");
  const number = index?.type === "unary_operator" ? index.childForFieldName("argument") : index;
  return number?.type === "integer" && (index === number || index?.childForFieldName("operator")?.type === "-");
}

/**
 * A list of models as the list of dicts 1.x gave: the comprehension's name is its own, so it shadows nothing outside.
 * 1.x's were the API's, with only the fields a page had: a dump without v2's None fields reads as those did
 * (`page.get("markdown", "")` is "" where no markdown came, not None), as dumpAt's of a document.
 */
function eachDumped(list: string, mode?: string): string {
  return `[item.model_dump(${mode ? `mode=${mode}, ` : ""}exclude_none=True) for item in ${list}]`;
}

/**
 * Where a list of results is serialized whole, as it is or through the name it is bound to: handed to a serializer
 * (`json.dump(pages, f)`), or held in a dict display that is (`json.dumps({"hits": hits})`, or the dict bound to a name
 * that is). JSON takes no model, and pickle would store models where 1.x stored dicts: each item is dumped there, as
 * dumpAt dumps one document.
 */
function serializedPlaces(list: Node): Node[] {
  const alias = boundName(list);
  const uses = alias ? usesAfter(alias) : [];
  // a list the code adds to (its own dicts too), or writes into, is dumped nowhere: a dump in a dict display would copy
  // it before the additions, and a dict of the code's own has no model_dump()
  if (uses.some(listWritten)) return [];
  return [list, ...uses].filter((use) => serialized(use) || (heldByDictDisplay(use) && serializedDict(use.parent!.parent!)));
}

/** `hits.append(x)`, `hits += more`, and as into a dict `hits[0] = x`, `del hits[0]`, `hits.pop()`: a use that changes the list. */
function listWritten(use: Node): boolean {
  if (writesInto(use)) return true;
  const parent = use.parent;
  const method = parent?.type === "attribute" && parent.childForFieldName("object")?.id === use.id ? parent.childForFieldName("attribute")!.text : null;
  if (method && ["append", "extend", "insert", "remove"].includes(method)) return true;
  return parent?.type === "augmented_assignment" && parent.childForFieldName("left")?.id === use.id;
}

/**
 * Whether a list's every use is a serialized place (serializedPlaces) or one the run follows or that keeps its items
 * as they are (iterated, counted, tested, shown): then nothing hands its items on as they are.
 */
function onlySerialized(list: Node, places: readonly Node[]): boolean {
  const alias = boundName(list);
  const uses = alias ? usesAfter(alias) : [list];
  return (
    places.length > 0 &&
    uses.every((use) => places.some((p) => p.id === use.id) || elementsOf(use).length > 0 || counted(use) || isTruthTest(use) || onlyShown(outer(use)))
  );
}

function serializedDict(dict: Node): boolean {
  const alias = boundName(dict);
  return serialized(dict) || (heldByDictDisplay(dict) && serializedDict(dict.parent!.parent!)) || (!!alias && usesAfter(alias).some(serialized));
}

/** Dumps a list of results at each place it is serialized (serializedPlaces) other than where it is read; says whether it is serialized there too. */
function dumpSerialized(context: PyContext, list: Node, places: Node[]): boolean {
  for (const use of places)
    if (use.id !== list.id) context.edit(use.startIndex, use.endIndex, eachDumped(use.text, jsonMode(context, use)), DOCUMENTS_SERIALIZED);
  return places.some((use) => use.id === list.id);
}

const jsonMode = (context: PyContext, at: Node) => pyLiteralAt(context.source, at, "json");

/** `len(x)`: the value is the whole of len()'s argument. */
function counted(node: Node): boolean {
  const args = node.parent;
  return args?.type === "argument_list" && args.namedChildren.length === 1 && args.parent?.type === "call" && calledName(args.parent) === "len";
}

/** `if x:`, `not x`, `x and ...`: a value only tested for being empty. */
function isTruthTest(node: Node): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === "not_operator" || parent.type === "boolean_operator") return true;
  return (
    ["if_statement", "elif_clause", "while_statement", "conditional_expression"].includes(parent.type) && parent.childForFieldName("condition")?.id === node.id
  );
}

/**
 * What a search call's hits are: scraped pages where it passes scrape options (a keyword, a page's option given flat,
 * or a 1.x params dict's scrapeOptions), plain hits where it passes none; unknown where its params come from elsewhere.
 * Keyword arguments gathered in a dict the code binds once to a literal (`**search_params`) are its keys, and the keys
 * the code sets on it.
 */
function searchHits(call: PyCall): keyof typeof PY_SEARCH_HITS | undefined {
  let scraped = false;
  let unknown = false;
  const scrapes = (key: string) => key === "scrape_options" || key === "scrapeOptions" || !!PY_NESTED_PAGE_OPTIONS.search?.has(snakeCase(key));
  call.args.namedChildren.slice(call.passed?.skipped ?? 0).forEach((arg, i) => {
    if (!arg || arg.type === "comment") return;
    const keyword = arg.type === "keyword_argument" ? arg.childForFieldName("name")!.text : null;
    const value = keyword ? arg.childForFieldName("value")! : arg;
    const keys = arg.type === "dictionary_splat" ? splattedKeys(call, value.namedChildren[0] ?? null) : undefined;
    if (keyword === "scrape_options") scraped ||= value.text !== "None";
    // a page's option given flat, which the options step nests in scrape_options
    else if (keyword && PY_NESTED_PAGE_OPTIONS.search?.has(snakeCase(keyword))) scraped = true;
    else if (value.type === "dictionary") scraped ||= !!dictEntries(value)?.some((e) => e.key === "scrapeOptions");
    else if (keys) scraped ||= keys.some(scrapes);
    else if (keyword === "params" || (!keyword && i > 0) || arg.type.endsWith("splat")) unknown = true;
  });
  return scraped ? "scraped" : unknown ? undefined : "plain";
}

/** The keys of the dict `**name` hands a call, where the code binds it once to a literal with no splat in it and sets only plain keys. */
function splattedKeys(call: PyCall, name: Node | null): string[] | undefined {
  if (name?.type !== "identifier") return undefined;
  const bound = boundDict(name, call.node, new Set([call.node.id]));
  if (!("dict" in bound) || bound.fallbacks.length) return undefined;
  const entries = dictEntries(bound.dict);
  const set = bound.writes.map((w) => stringValue(w.childForFieldName("subscript")));
  if (!entries || set.some((key) => key === undefined)) return undefined;
  return [...entries.map((e) => e.key), ...(set as string[])];
}

/**
 * Follows one value up through the reads made of it (`doc["metadata"]["sourceURL"]` is two) and writes the
 * whole chain as one edit, so a read inside a `.get()` default or a repeated subject is never edited twice.
 * Returns "status" when the code reads a job's status (a waiter's result is then checked).
 */
function migrateChain(context: PyContext, subject: Subject, head: Node, handled: Set<number>, from = 0): "status" | void {
  if (handled.has(head.id)) return;
  if (
    head.parent?.type === "dictionary_splat" ||
    (head.parent?.type === "argument_list" && head.parent.parent?.childForFieldName("function")?.text === "dict")
  ) {
    return context.todo(head, NOT_A_DICT);
  }
  const wereDicts = from === 0 && (subject.dicts || answeredDicts(context));
  // A result with fields, not a cancel's bool; a map's dump is not the dict 1.x's was (its links are objects).
  const dumpable = from === 0 && subject.kind !== "cancel" && subject.kind !== "map";
  // `f.write(json.dumps(page))`: JSON takes no model; nor `print(json.dumps(links, indent=2))`, where a map's dump (its
  // links objects) only shows what v2 answered
  if ((dumpable && serialized(head)) || (from === 0 && subject.kind === "map" && serializedToShow(head)))
    return dumpWhereHanded(context, subject, head, RESULT_SERIALIZED);
  // `cache.set(url, page)`: 1.x's dict handed to code the run cannot read, which expects one still
  if (dumpable && wereDicts && handedOut(head)) return dumpWhereHanded(context, subject, head, HANDED_OUT_DUMPED);
  // `out.append({"source": url, "content": page})`: 1.x's dict kept in a dict the code builds, whose readers expect one
  // still; a search's dump is not 1.x's `{success, data}`, which they read
  if (dumpable && wereDicts && heldByDictDisplay(head))
    return subject.kind === "search" ? context.todo(head, NOT_A_DICT) : dumpWhereHanded(context, subject, head, KEPT_IN_DICT_DUMPED);
  const loop = from === 0 ? loopBodyOf(head) : null;
  const collecting = loop && itemsCollectedInto(head, loop);
  if (collecting) return migrateCollected(context, subject, collecting);
  const grouping = loop && groupingDict(head, loop);
  if (grouping) return migrateGrouped(context, subject, grouping);
  const filter = wereDicts ? dictFilter(head) : null;
  if (filter) return context.edit(filter.start, filter.end, "", DICT_FILTER);
  const skip = wereDicts ? notDictBranch(head) : null;
  if (skip && removeBranch(context, skip, NOT_DICT_BRANCH, head.text)) return;
  // `if not r or not isinstance(r, dict): return None`
  const notDictOr = wereDicts ? negatedOperand(dictTestAround(head)) : null;
  if (notDictOr) return context.edit(notDictOr.start, notDictOr.end, "", NOT_DICT_OPERAND);
  const dictOnly = from === 0 ? dictOnlyBranch(head) : null;
  if (dictOnly) {
    removeBranch(context, dictOnly, DICT_ONLY_BRANCH, head.text);
    for (const use of usesIn(dictOnly.childForFieldName("consequence")!, head.text)) handled.add(use.id);
    return;
  }
  if (from === 0 && handOver(context, subject, head, false)) return;
  const probed = from === 0 ? v2ProbedBranch(head, subject.kind) : null;
  if (probed && bodyInPlaceOf(context, probed.statement, head, handled, V2_PROBE_TAKEN(probed.field), true)) {
    // always true now, as a dissolved dict test: what its other branches bind is never seen after it
    const { test } = probed;
    dissolveDictTest(test, { start: test.startIndex, end: test.endIndex, text: test.text });
    return;
  }
  const dissolved = from === 0 && head.parent?.parent ? dissolvedTestEdit(head.parent.parent) : undefined;
  if (dissolved) {
    // an if's whole test, with an else for what was no dict (which no 1.x result was): the side it opened in its place,
    // where no if with an else in it may be put in its own place too (a success test's), which would dedent it twice
    const statement = dissolved.text ? outer(dictTestAround(head)!).parent : null;
    const nested = statement && allOf(statement.childForFieldName("consequence")!, "else_clause").length > 0;
    if (statement?.type === "if_statement" && !nested && bodyInPlaceOf(context, statement, head, handled, DICT_TEST_AND_ELSE_DISSOLVED)) return;
    return context.edit(dissolved.start, dissolved.end, dissolved.text, DICT_TEST_DISSOLVED);
  }
  if (wereDicts && droppedOffDictBranch(head)) context.todo(head, DICT_BRANCH_ONLY);
  // `job if isinstance(job, list) else job["data"]`: the list was v0's, which no client since answered
  const hedge = from === 0 && head.parent?.type === "conditional_expression" && head.parent.namedChildren[0]?.id === head.id ? head.parent : null;
  const other = hedge?.namedChildren[2];
  if (other && listHedge(hedge!, other)) context.edit(hedge!.startIndex, other.startIndex, "", LIST_HEDGE);
  if (from === 0 && (migrateDictProbe(context, head) || converterProbe(context, head))) return;
  // A map's hedge stays, for what is marked there.
  if (dumpable && modelProbe(context, head, handled)) return;
  if (from === 0 && subject.kind !== "cancel" && dumpKeyRenamed(context, subject.kind, head)) return;
  if (head.type === "identifier" && inDictBranch(head)) return;
  // `if not isinstance(job, list): return "..."`: v0's crawl answered the list the code reads further on
  const notList = subject.kind === "job" && from === 0 ? notListBranch(head) : null;
  if (notList && readAsList(head) && removeBranch(context, notList, NOT_LIST_BRANCH, head.text)) return;
  const notListOr = subject.kind === "job" && from === 0 ? negatedOperand(listTestAround(head)) : null;
  if (notListOr && readAsList(head)) return context.edit(notListOr.start, notListOr.end, "", NOT_LIST_OPERAND);
  const indexed = indexedByNumber(head);
  // counted too where the code takes the same job as a list elsewhere (`for item in job`, then `len(job)`)
  const countedList = counted(head) && readAsList(head);
  if (subject.kind === "job" && from === 0 && (iterated(head) || indexed || countedList)) {
    // v0's crawl gave back its documents themselves (1.x's dict would give its keys, and has no key 0): they are v2's data.
    context.edit(head.endIndex, head.endIndex, ".data", renamed("a crawl result read as v0's list of documents", "its .data"));
    for (const item of indexed ? [head.parent!] : elementsOf(head)) migrateChain(context, DOCUMENT, item, handled);
    return;
  }
  if (from === 0) migrateAttributeName(context, subject, head, handled);
  const source = context.source.text;
  let kind: Tracked | null = subject.kind;
  let depth = from;
  let node = head;
  let start = head.startIndex;
  let out = head.text;
  let status = false;
  /** a get()'s default that is read from a result too, and rewritten on its own: kept in place as `DEFAULT_KEPT` in out */
  let kept: Node | undefined;
  /** a scraped hit's field read as either model has it (eitherHit) */
  let either: string | null | undefined = null;
  /** a scraped hit's metadata read on where it is, whose fields are read as either model has them */
  let eitherMetadata = false;
  const messages: Message[] = [];
  const finish = () => {
    if (out === source.slice(start, node.endIndex)) return status ? "status" : undefined;
    // a scraped hit's field read where nothing follows: `print(hit.title if isinstance(hit, Document) else ...)`
    if (out === either && CONDITIONAL_SAFE.has(node.parent?.type ?? "")) out = out.slice(1, -1);
    if (kept) {
      const [before, after] = out.split(DEFAULT_KEPT) as [string, string];
      context.edit(start, kept.startIndex, before);
      context.edit(kept.endIndex, node.endIndex, after, joined(messages));
      return status ? "status" : undefined;
    }
    // A subject that is a call is not rewritten (other steps edit its arguments): only what is around it.
    const at = head.type === "identifier" ? -1 : out.indexOf(head.text);
    if (at >= 0) {
      if (start !== head.startIndex || at) context.edit(start, head.startIndex, out.slice(0, at));
      context.edit(head.endIndex, node.endIndex, out.slice(at + head.text.length), joined(messages));
    } else {
      context.edit(start, node.endIndex, out, joined(messages));
    }
    return status ? "status" : undefined;
  };
  for (;;) {
    // Fields of models (a result, its metadata) can be asked for with `in`; a dict field's keys cannot.
    const member = kind !== null ? literalMembership(node) : null;
    if (member) {
      const { to, row } = renamedField(depth === 0 ? kind : null, member.field);
      // Whether a field is there does not depend on what its items became (a map's links, now objects).
      if (row && row.change.kind !== "rename" && row.change.kind !== "strings-to-objects") {
        const never = depth === 0 && kind === "document" && !member.negated && branchNeverRun(context, member.node, member.field, head, handled);
        if (!never) context.todo(member.node, row.python?.todo ?? ("todo" in row.change ? row.change.todo : NOT_A_DICT));
        return finish();
      }
      // A field no release's result had (`"pages" in job`): v1's dict answered False, and so does a model, whose `in`
      // goes over its (field, value) pairs; the test stays as it is.
      if (depth === 0 && kind !== null && !row && !hasField(kind, to)) {
        context.todo(member.node, noSuchField(subject.model ?? KNOWN_FIELDS[kind]!.model, member.field));
        return finish();
      }
      start = member.node.startIndex;
      const { asserted } = member;
      // a scraped hit's, asked of the model it is (a hit whose page failed has no page fields, and its own at the top)
      const own = depth === 0 ? subject.fields?.[member.field] : undefined;
      const field = subject.either && depth === 0 ? eitherHit(head, own ?? to, own ? member.field : null) : `${out}.${to}`;
      if (field === undefined) {
        context.todo(member.node, SCRAPED_HIT_EITHER);
        return finish();
      }
      // `self.assertIn("markdown", result)`: a model's `in` goes over its (field, value) pairs, and never finds the name
      out = asserted
        ? `${asserted.on.text}.${member.negated ? "assertIsNone" : "assertIsNotNone"}(${field}${asserted.rest})`
        : `${field} ${member.negated ? "is None" : "is not None"}`;
      messages.push(
        asserted
          ? renamed(`assertIn("${member.field}", result)`, `assertIsNotNone(result.${to})`)
          : renamed(`"${member.field}" in result`, `.${to} is not None`),
      );
      node = member.node;
      return finish();
    }
    const read = readAbove(node);
    const method = kind !== null && depth === 0 && !read ? dictMethodAbove(node) : null;
    if (method && !handled.has(method.call.id)) {
      handled.add(method.call.id);
      if (method.writes) context.todo(method.call, NOT_A_DICT);
      else {
        out += `.model_dump()${source.slice(node.endIndex, method.name.endIndex)}`;
        node = method.name;
        messages.push(MODEL_DUMPED_READ);
        return finish();
      }
    }
    if (!read || handled.has(read.node.id)) return finish();
    const again = kind === "document" && depth === 0 ? readAgainAsV2(read, head) : null;
    if (again) {
      handled.add(read.node.id);
      context.edit(again.start, again.end, "", V0_READ_AGAIN(read.field));
      return;
    }
    if (kind !== null && read.form === "subscript" && isWritten(read.node)) {
      // An item written on a result: attribute assignment on a pydantic model is not the same thing.
      context.todo(read.node, NOT_A_DICT);
      return finish();
    }
    const elsewhere = depth === 0 ? subject.fields?.[read.field] : undefined;
    if (kind !== null && depth === 0 && !elsewhere && !rowFor(kind, read.field) && !hasField(kind, renamedField(kind, read.field).to)) {
      if (kind === "document" && envelopeHedge(context, read, head, handled)) return;
      // `r.get("markdown") or r.get("description")`, `r.get("urls", []) or r.get("links", [])`: v1's result had no such
      // key, so its get() gave None (or the empty default) and the or went on to what follows; it still does
      const next =
        read.form === "get" && (!read.fallback || read.fallback.type === "none" || isEmptyLiteral(inner(read.fallback))) ? orDefault(read.node) : null;
      if (next) return context.edit(outer(read.node).startIndex, next.startIndex, "", NEVER_HELD_OR(read.field));
      // `hit.get("description", hit.get("markdown", ""))`: v1's dict had no such key, so the fallback's read gave its
      // default; it still does. A read of its own keeps its TODO: the code meant a field that was never there.
      const given = read.form === "get" && read.fallback && read.fallback.type !== "none" && fallbackOfGet(read.node) ? read.fallback : null;
      if (given) return context.edit(read.node.startIndex, read.node.endIndex, given.text, NEVER_HELD_DEFAULT(read.field));
      if (!probedFieldBranch(context, read, head, handled)) context.todo(read.node, noSuchField(subject.model ?? KNOWN_FIELDS[kind]!.model, read.field));
      return finish();
    }
    const row = kind !== null && depth === 0 && !elsewhere ? rowFor(kind, read.field) : undefined;
    if (kind !== null && depth === 0 && read.field === "status") status = true;
    if (row?.change.kind === "success-flag") {
      const guard = read.form !== "get" ? throwOnlyGuard(read.node) : null;
      // v2's waiters return failed jobs: a waiter's success is its status; any other result's, where it stands beside
      // what decides a condition, goes
      // Only a call's own answer carried the flag true: 1.x's scrape answered the document alone, without it
      // (r.get("success") was None), and a crawl's items or a value of an annotated type never had it, so a test of it
      // there never passed, and dropping it would run what never ran.
      // `r.get("success")` read the flag off 1.x's dict only: on 2.x's model it raised, so it never passed there either.
      const flagless =
        !subject.answered ||
        flagMayFail(subject) ||
        (subject.kind === "document" && read.form !== "attribute") ||
        (read.form === "get" && !subject.dicts && !answeredDicts(context));
      // a waiter's too: v1's waiter raised on a failed job, as the check written after v2's call does
      const asserted = guard || flagless ? null : successAsserted(read.node);
      if (asserted) {
        for (const use of usesIn(asserted, head.text)) handled.add(use.id);
        context.apply(removeOrPass(context.source, asserted), SUCCESS_ASSERTION_REMOVED);
        return finish();
      }
      const test = guard || subject.waiter || flagless ? null : alwaysSucceeding(read.node, head.text);
      const never = !guard && subject.kind === "document" && read.form === "get" ? neverHeld(read.node) : null;
      // its test reads the flag as 2.x's attribute, whichever read of it (the hasattr's too) comes first
      const deadGuard = guard || subject.waiter || !subject.answered || flagMayFail(subject) ? null : failureGuard(read.node, head);
      if (deadGuard && removeBranch(context, deadGuard, FAILURE_GUARD, head.text)) {
        for (const use of usesIn(deadGuard.childForFieldName("condition")!, head.text)) handled.add(use.id);
        for (const use of usesIn(deadGuard.childForFieldName("consequence")!, head.text)) handled.add(use.id);
      } else if (!guard && subject.waiter) {
        // `job["success"] is True` would chain the comparisons
        const test = `${head.text}.status == ${pyLiteralAt(context.source, read.node, JOB_COMPLETED)}`;
        context.edit(read.node.startIndex, read.node.endIndex, outer(read.node).parent?.type === "comparison_operator" ? `(${test})` : test, WAITER_SUCCESS);
        failureBranchErrors(context, read.node, head, handled);
      } else if (test) {
        if (!test.text || !dropFailureBranch(context, read.node, head, handled)) successTestEdit(context, test);
      } else if (never) context.edit(never.start, never.end, never.text, SUCCESS_TEST_NEVER_HELD);
      else if (!guard && !flagless && keptAsValue(read.node)) flagKeptTrue(context, read.node);
      else if (!guard) context.todo(read.node, row.python?.todo ?? row.change.todo);
      else {
        migrateGuard(context, subject, read.node, guard, handled);
        if (subject.waiter) status = true;
      }
      return finish();
    }
    if (row?.change.kind === "removed" || row?.change.kind === "moved") {
      const never =
        row.change.kind === "removed" &&
        depth === 0 &&
        (ALWAYS_SUCCEEDING as readonly (Tracked | null)[]).includes(kind) &&
        errorTestBranch(context, read, head, handled);
      if (!never) context.todo(read.node, row.python?.todo ?? row.change.todo);
      return finish();
    }
    if (kind === null) {
      // Inside a dict field (v2 keeps change_tracking a dict of the API's own keys): attributes become keys.
      if (read.form === "attribute") {
        out += `[${pyLiteralAt(context.source, read.node, PY_FIELD_RENAMES[read.field] ?? read.field)}]`;
        messages.push(renamed(`.${read.field}`, "a dict key"));
        node = read.node;
      }
      return finish();
    }
    if (row?.change.kind === "strings-to-objects") {
      if (read.form === "get" && read.fallback && !isEmptyLiteral(read.fallback)) return finish();
      const links = `${out}.${read.field}`;
      node = read.node;
      // Already `[link.url for link in r.links]`, as this step writes it.
      const clause = node.parent?.type === "for_in_clause" ? node.parent : null;
      const element = clause?.parent?.type === "list_comprehension" ? clause.parent.childForFieldName("body") : null;
      const written = clause && element?.text === `${clause.childForFieldName("left")!.text}.${row.change.pick}`;
      out = written || countedOrTested(node) ? links : `[link.${row.change.pick} for link in ${links}]`;
      messages.push(linksKept(`map result .${read.field}`));
      return finish();
    }
    const name = elsewhere ?? renamedField(depth === 0 ? kind : null, read.field).to;
    // A search's hits of a known model are read as it (below): the list itself needs no note.
    if (row?.change.kind === "rename" && row.change.todo && !(kind === "search" && subject.hits)) context.todo(read.node, row.change.todo);
    // v2's metadata is Optional; metadata_typed never is, as 1.x's `.get("metadata", {})` never was. Metadata the code
    // keeps or hands on whole was a dict, and is one still: metadata_dict (never None either).
    const metadata = kind === "document" && depth === 0 && name === "metadata";
    // `page.metadata if page.metadata else {}`: the metadata or an empty dict, never None, as metadata_typed and metadata_dict are
    const hedge = !metadata ? null : ((read.form === "attribute" && head.type === "identifier" ? emptyHedge(read.node) : null) ?? emptyOr(read.node));
    const alias = metadata ? boundName(hedge ?? read.node) : null;
    // read on where it is: `r.metadata.get("title")`, or through its hedge's parentheses, `(r.metadata or {}).get("title")`
    const near = hedge ? outer(hedge) : read.node;
    const followed = metadata && (hedge ? hedge.id !== near.id && !!readAbove(near) : readAbove(read.node) || literalMembership(read.node));
    const uses = metadata && !followed ? (alias ? usesAfter(alias) : [hedge ?? read.node]) : [];
    // A key no attribute can name (`"og:title"`, a page's own meta tag, which v2 keeps among the metadata's extras) is
    // read off the dict.
    // So is metadata bound to a name the code tests for a dict (`m.get("title") if isinstance(m, dict) else ""`, 2.x's
    // dict): it stays one. (A read tested where it is, `r.metadata if isinstance(r.metadata, dict) else ...`, is one of
    // several reads of the field, each its own.)
    const dictTested = !!alias && uses.some((use) => dictTestAround(use) !== null);
    const whole = uses.some(keptWhole) || (metadata && (dictTested || (followed ? [near] : uses).some(readByNamelessKey)));
    // Read by the key a function of the code's own is handed (`safe_get("statusCode")`), it is read by those strings.
    const helper = alias ? keyedHelper(uses) : null;
    // Handed on, its keys are read where the run does not look: by v1's camelCase names, which v2's dict spells otherwise.
    if (uses.some((use) => handedOn(use) && !helper?.reads.has(use.id))) context.todo(read.node, METADATA_KEYS_SNAKE);
    const typed = !whole && metadata && (followed || alias || (read.fallback && isEmptyLiteral(read.fallback)));
    const to = whole ? "metadata_dict" : typed ? "metadata_typed" : name;
    messages.push(renamed(`result ${describe(read)}`, `.${to}`));
    let ended = false;
    // the `x or default` written above, in parentheses for where it stood (an argument needs none)
    let wrapped = false;
    // The default is itself read from a result, and rewritten on its own: it is left where it is, and only what is
    // around it written here (an edit of its own would be a second one over it).
    const rewrittenDefault = !!read.fallback && !typed && readsResults(read.fallback, head);
    if (rewrittenDefault && (head.type !== "identifier" || isEmptyLiteral(read.fallback!))) {
      context.todo(read.node, `v2 results are models with no get(): read .${to} and use your default where it is None`);
      return finish();
    }
    // A scraped hit's field asks which model the hit is: its metadata too, which a hit whose page failed has not (the
    // dict's default then, or None for each field read off the model).
    if (subject.either && depth === 0 && metadata && typed && !alias) eitherMetadata = true;
    // the field a scraped hit has only as a Document (its page's), which a test of the model gives
    const pageField = subject.either && depth === 0 && !metadata && !elsewhere ? to : eitherMetadata && depth === 1 ? `metadata_typed.${to}` : null;
    either =
      subject.either && depth === 0
        ? !metadata
          ? eitherHit(head, to, elsewhere ? read.field : null)
          : whole
            ? eitherHit(head, to, null, read.fallback && isEmptyDict(read.fallback) ? read.fallback.text : "{}")
            : eitherMetadata
              ? null
              : undefined
        : eitherMetadata && depth === 1
          ? eitherHit(head, `metadata_typed.${to}`, null)
          : null;
    if (either === undefined) {
      context.todo(read.node, SCRAPED_HIT_EITHER);
      return finish();
    }
    const field = either ?? `${out}.${to}`;
    if (read.form === "attribute") out = either ?? out + source.slice(node.endIndex, read.name!.startIndex) + to;
    else if (read.form === "subscript" || !read.fallback || typed || whole) out = field;
    else if (isEmptyLiteral(read.fallback)) {
      const bare = leftOfOr(read.node, head);
      out = bare ? field : `${field} or ${read.fallback.text}`;
      wrapped = !bare && needsParentheses(read.node);
      if (wrapped) out = `(${out})`;
      ended = true;
    } else if (head.type === "identifier") {
      // `r.get("markdown", r.get("content", ""))`: the default reads the same field by its v0 name, and is all there is to keep
      const again = rewrittenDefault && depth === 0 && kind !== null && sameFieldRead(read.fallback, head, kind, to);
      const otherwise = rewrittenDefault ? DEFAULT_KEPT : read.fallback.text;
      // a scraped hit's page field: one test of the model and the field, the default on either failing
      const page = either && pageField ? `(${head.text}.${pageField} if ${isHit(head)} and ${head.text}.${pageField} is not None else ${otherwise})` : null;
      // the default, rewritten on its own, is an `or` where it stands (`r.markdown or ""`): what follows the read (`.strip()`) applies to all of it
      const alone = needsParentheses(read.node) ? `(${DEFAULT_KEPT})` : DEFAULT_KEPT;
      out = again ? alone : (page ?? `(${field} if ${field} is not None else ${otherwise})`);
      if (rewrittenDefault) kept = read.fallback;
      ended = true;
    } else {
      // Repeating a call to test its field for None would call it twice.
      context.todo(read.node, `v2 results are models with no get(): read .${to} and use your default where it is None`);
      return finish();
    }
    node = read.node;
    if (read.form === "subscript") keepKeyError(context, read.node);
    if (hedge) {
      // the test reads the same field: it goes with the hedge
      for (const use of usesIn(hedge, head.text)) handled.add(use.id);
      // `(r.metadata or {}).get(...)`: the parentheses held the hedge alone, and go with it
      node = outer(hedge);
      start = Math.min(start, node.startIndex);
      messages.push(METADATA_HEDGE);
    }
    if (kind === "job" && depth === 0 && to === "data") {
      // A job's data is its documents: `job["data"][0]["markdown"]` reads on; loops and aliases are followed.
      const element = node.parent;
      if (!ended && element?.type === "subscript" && elementsOf(node)[0]?.id === element.id) {
        out += source.slice(node.endIndex, element.endIndex);
        node = element;
        kind = "document";
        // `cache.store(url, job["data"][i])`: one of 1.x's dicts handed to code the run cannot read, as a result is (migrateChain)
        if (wereDicts && handedOut(element)) {
          out += ".model_dump(exclude_none=True)";
          messages.push(HANDED_OUT_DUMPED);
          return finish();
        }
        continue;
      }
      // Returned or handed on where a function says a list of dicts, as 1.x's were: each document dumped; also read with
      // an empty list for a default (`job.get("data", [])`, now `(job.data or [])`), a list either way.
      const listed = !ended || (read.form === "get" && !!read.fallback && read.fallback.type === "list" && isEmptyLiteral(read.fallback));
      const handedTo = listed && handedAsDictList(node) ? calledWith(node) : undefined;
      if (!ended && dumpSerialized(context, node, serializedPlaces(node))) {
        out = eachDumped(out, jsonMode(context, node));
        messages.push(DOCUMENTS_SERIALIZED);
      } else if (listed && (returnedAsDictList(node) || handedTo)) {
        out = eachDumped(out);
        messages.push(DOCUMENTS_DUMPED);
        if (handedTo) dumpedMetadataReads(context, node, handedTo, new Set());
      } else if (!ended) handOver(context, DOCUMENT, node, true);
      const result = finish();
      if (answeredDicts(context)) dissolveItemDictTests(elementsBeyond(node));
      for (const item of elementsBeyond(node)) migrateChain(context, DOCUMENT, item, handled);
      for (const item of mixedItems(context, node)) readMixed(context, item, handled);
      // Returned whole (`return job.get("data", [])`), the documents are read where the function is called, item by item.
      const from = returnedFrom(node);
      if (from && !returnedAsDictList(node)) followReturnedDocuments(context, DOCUMENT, node, from, handled);
      return result;
    }
    if (kind === "search" && depth === 0 && row?.change.kind === "rename" && row.change.todo) {
      // A search hit is a SearchResultWeb or a Document: read as the one its call returns, or each statement that reads one is marked.
      // `hits[0]` is a hit too, read on where it is or through the name it is bound to.
      const beyond = elementsBeyond(node);
      const indexed = elementsOf(node).filter((item) => !beyond.some((b) => b.id === item.id));
      // returned whole (`return found["data"]`, or through the name it is bound to alone, `return hits or []`) to callers
      // in the module that each take its hits (`for r in top(q): r["url"]`)
      const returned = returnedWhole(node);
      const from = returned && returnedFrom(returned);
      const callers = from && !returnedAsDictList(returned) && !leavesModuleAsDict(returned, callsFromOtherModules(context), true) ? callersReads(from) : [];
      const taken = callers.length && callers.every((read) => elementsOf(read).length) ? callers.flatMap(elementsOf) : [];
      const items = [...beyond, ...indexed.flatMap((item) => (boundName(item) ? usesAfter(boundName(item)!) : [item])), ...taken];
      const hits = subject.hits && items.length && castable(context.tree.rootNode, PY_SEARCH_HITS[subject.hits].model) ? PY_SEARCH_HITS[subject.hits] : null;
      // A plain hit's dump has 1.x's keys (url, title, description): serialized, each is dumped; a scraped one's, a
      // Document's, has them under its metadata.
      const serializedHits = subject.hits === "plain" && !ended ? serializedPlaces(node) : [];
      if (dumpSerialized(context, node, serializedHits)) {
        out = eachDumped(`${out} or []`, jsonMode(context, node));
        messages.push(DOCUMENTS_SERIALIZED);
      } else if (hits === PY_SEARCH_HITS.scraped) {
        // not cast: a hit whose page failed to scrape is the other model, which each read below tells apart
        if (!ended) out = optionalUse(node) === "wrapped" || needsParentheses(node) ? `(${out} or [])` : `${out} or []`;
        messages.push(SCRAPED_HITS_EITHER);
      } else if (hits) {
        out = `${PY_CAST.cast}(${PY_CAST.list}[${hits.model}], ${ended ? (wrapped ? out.slice(1, -1) : out) : `${out} or []`})`;
        messages.push(hitsCast(hits.model));
      }
      // Counted, the hits' model does not matter; v1's list was always there, v2's may be None.
      else if (counted(node)) out = ended ? out : `${out} or []`;
      // Nor where each is dumped, returned where the function says a list of dicts as 1.x's were: a plain hit's dump has
      // 1.x's keys (url, title, description); a scraped one's, a Document's, has them under its metadata.
      else if (subject.hits === "plain" && returnedAsDictList(node)) {
        out = eachDumped(ended ? out : `${out} or []`);
        messages.push(DOCUMENTS_DUMPED);
      } else {
        // v1's list was always there (2.x typed it so too), v2's may be None: where the code iterates it, it is [] then.
        // bound to a name that is serialized, each of its items is dumped there
        const use = ended ? null : (optionalUse(node) ?? boundUse(node) ?? (serializedHits.length ? "bare" : null));
        if (use) out = use === "wrapped" ? `(${out} or [])` : `${out} or []`;
        // A list that leaves here (returned, passed on) holds either model for the code that reads it there; one only
        // shown (printed, a notebook cell's display) is read nowhere.
        if (subject.hits && !onlySerialized(node, serializedHits) && !isTruthTest(node) && !onlyShown(outer(node))) context.todo(node, row.change.todo);
      }
      const result = finish();
      const hit: Subject =
        hits === PY_SEARCH_HITS.plain ? { kind: "hit", waiter: false, dicts: true } : { ...DOCUMENT, fields: hits?.fields, either: true, dicts: true };
      // every release's hits were dicts
      if (hits) dissolveItemDictTests(items);
      // `return found["data"][0]` where the function says it returns a dict, as 1.x's hit was: a plain hit's dump has its keys
      const returnedDict = (item: Node) => hits === PY_SEARCH_HITS.plain && !!returnedFrom(item) && returnsDict(returnedFrom(item)!);
      for (const item of items) {
        if (returnedDict(item)) context.edit(item.endIndex, item.endIndex, ".model_dump(exclude_none=True)", HIT_RETURNED_DUMPED);
        else if (hits) migrateChain(context, hit, item, handled);
        else context.todo(item, row.change.todo);
      }
      return result;
    }
    // 1.x's dict had the key (2.x's model was as Optional as v2's: its attribute reads are left as they were).
    // the metadata's too: 1.x's metadata held the page's URL (`page["metadata"]["sourceURL"]`)
    if (!ended && kind === "document" && depth <= 1 && read.form !== "attribute") out = withEmpty(out, node, to);
    if (whole && alias) for (const use of usesAfter(alias)) renameMetadataKey(context, use);
    for (const key of whole && helper ? helper.keys : []) {
      const to = dumpedMetadataKey(stringValue(key)!);
      if (to) renameKeyString(context, key, stringValue(key)!, to);
    }
    if (ended || USER_DATA.has(to)) return finish();
    if (PY_DICT_FIELDS.has(to)) {
      kind = null;
      continue;
    }
    if (!metadata) return finish();
    if (alias) {
      const result = finish();
      for (const use of usesAfter(alias)) migrateChain(context, DOCUMENT, use, handled, 1);
      return result;
    }
    depth = 1;
  }
}

/**
 * `result = None` before a try, `result = app.scrape_url(...)` in it, then `(result or {}).get("html", "")`: 1.x's dict
 * read through an empty one standing in for None. A model would not pass for the dict there (it has no get), and the
 * name may still be None, so the `or` stays (result-guards takes it out only where the call's result is all the name
 * holds): the result is made the dict it was, where it is made. Every other binding of the name is None.
 */
function readThroughNoneStandIn(name: Node, uses: readonly Node[]): boolean {
  if (!uses.some((use) => emptyOr(use))) return false;
  const others = bindingsOf(name).filter((n) => n.id !== name.id);
  return others.length > 0 && others.every((n) => n.parent?.type === "assignment" && n.parent.childForFieldName("right")?.type === "none");
}

/**
 * A result made a dict where it is made (`.model_dump()`), and the keys its dict reads name spelled as the
 * dump spells them (`"rawHtml"` -> `"raw_html"`, `"extract"` -> `"json"`); a key the dump has no counterpart of
 * (`"success"`: v2 raises instead) is marked where it is read, as on the model: it would raise KeyError.
 */
function dumpAt(
  context: PyContext,
  value: Node,
  kind: ResultKind | null,
  reads: readonly Node[],
  readers: readonly Node[] = [],
  message: Message = MODEL_DUMPED,
): void {
  const renamedKeys = new Set<number>();
  // what the dict is put to, the reads a loop's next turn makes of it too (their keys are the binding before's to respell)
  const put = [...reads, ...readBackInLoop(value)];
  const settings = [
    // JSON takes no datetime (a job's expires_at): a dump for it gives JSON's own values, as 1.x's dict held strings.
    ...([value, ...put].some(serialized) ? [`mode=${jsonMode(context, value)}`] : []),
    // 1.x's document was the API's, which sent only what the page had and the request asked for: a dump without the
    // fields v2 leaves None reads as that did (`page.get("html", "")` is "" where no HTML was asked for, not None).
    // A key tested (`"expiresAt" in res`) asks the same: whether the API sent it.
    ...(kind === "document" || put.some((head) => membershipAbove(head)) ? ["exclude_none=True"] : []),
  ];
  const dump = `.model_dump(${settings.join(", ")})`;
  if (value.type === "await") context.edit(value.startIndex, value.startIndex, "(");
  context.edit(value.endIndex, value.endIndex, value.type === "await" ? `)${dump}` : dump, message);
  for (const head of reads) {
    // a key read (`d["expiresAt"]`, `d.get(...)`) or tested (`"expiresAt" in d`): the test asks for the key the read finds
    const member = membershipAbove(head);
    const read = member ? null : readAbove(head);
    const field = member ? member.field : read && read.form !== "attribute" ? read.field : undefined;
    if (field === undefined) continue;
    const key = member ? member.key : keyOf(read!);
    // `d.get("markdown", "") or d.get("content", "")`: v0's name after v2's, which would read the same key twice
    const again = read && kind === "document" ? readAgainAsV2(read, head) : null;
    if (again) {
      context.edit(again.start, again.end, "", V0_READ_AGAIN(field));
      continue;
    }
    const { to, row } = renamedField(kind, field);
    if (row?.change.kind === "success-flag" || row?.change.kind === "removed") context.todo(head, row.python?.todo ?? row.change.todo);
    // A field of the metadata read at the top (`page.get("title")`) was not there in 1.x's dict either, nor is it in the dump.
    else if (key && to !== field && !to.includes("."))
      context.edit(key.startIndex, key.endIndex, pyLiteralAt(context.source, key, to), renamed(`result key "${field}"`, `"${to}"`));
    if (!read) continue;
    // the metadata read where it is, or through the name it is bound to (`meta = page["metadata"]`)
    const name = kind === "document" && to === "metadata" ? boundName(read.node) : null;
    for (const metadata of kind === "document" && to === "metadata" ? (name ? usesAfter(name) : [read.node]) : []) {
      const renamedKey = renameMetadataKey(context, metadata);
      if (renamedKey) renamedKeys.add(renamedKey.id);
    }
  }
  // Documents the code takes out of the dump (`pages = site.pop("data")`) are dicts with the dump's metadata too:
  // a camelCase key read off any `["metadata"]` of the function is one it would not find. So are the functions
  // that read the dump too (`source_of(page.model_dump())`, the callers of one that returns it).
  for (const scope of [scopeOf(value), ...readers]) dumpedMetadataReads(context, value, scope, renamedKeys);
}

/**
 * The uses a value bound in a loop is read by on the loop's next turn: those of its name in the loop before the binding
 * (a `while`'s test among them; not a `for`'s iterable, read once), where no other binding of the name comes first.
 */
function readBackInLoop(value: Node): Node[] {
  const name = boundName(value);
  if (!name) return [];
  const scope = scopeOf(name);
  for (let loop = value.parent; loop && loop.id !== scope.id; loop = loop.parent) {
    if (loop.type !== "while_statement" && loop.type !== "for_statement") continue;
    const iterable = loop.type === "for_statement" ? loop.childForFieldName("right") : null;
    const inLoop = usesIn(loop, name.text).filter((use) => scopeOf(use).id === scope.id && use.startIndex < name.startIndex);
    const firstBinding = inLoop.find(rebinds);
    return inLoop.filter((use) => !rebinds(use) && (!iterable || !within(use, iterable)) && (!firstBinding || use.startIndex < firstBinding.startIndex));
  }
  return [];
}

/**
 * Marks a dump (at `value`) read in `scope` with camelCase keys off a `["metadata"]`, which the dump spells
 * snake_case: keys it would not find. `renamed`: those the migration already respelled.
 */
function dumpedMetadataReads(context: PyContext, value: Node, scope: Node, renamed: ReadonlySet<number>): void {
  const missed = allOf(scope, ["subscript", "call"]).flatMap((node) => {
    const object = node.type === "subscript" ? node.childForFieldName("value") : node.childForFieldName("function")?.childForFieldName("object");
    const read = object ? readAbove(object) : null;
    const key = read?.field === "metadata" && read.node.id === node.id ? metadataKeyRead(node) : null;
    return key && !renamed.has(key.node.id) ? [key.from] : [];
  });
  const where = scope.type === "function_definition" && scope.id !== scopeOf(value).id ? `${scope.childForFieldName("name")!.text}()` : undefined;
  if (missed.length) context.todo(value, dumpedMetadataKeys([...new Set(missed)], where));
}

/**
 * The key read off a dumped document's metadata (`["metadata"]["sourceURL"]`) that the dump spells otherwise: its
 * metadata is the model's, whose fields the dump spells snake_case (`source_url`); a key that is no such field is
 * one of the page's own, kept as the API gave it.
 */
function metadataKeyRead(metadata: Node): { node: Node; from: string; to: string } | null {
  const read = readAbove(metadata);
  if (!read || read.form === "attribute") return null;
  const key = keyOf(read);
  const to = dumpedMetadataKey(read.field);
  return key && to ? { node: key, from: read.field, to } : null;
}

/** How a dumped metadata's dict spells a key v1's spelled otherwise (`sourceURL`: `source_url`); null for one it spells alike. */
function dumpedMetadataKey(key: string): string | null {
  const to = snakeCase(key);
  return to !== key && to in PY_RESULT_MODELS.DocumentMetadata!.fields ? to : null;
}

/** A key read off metadata made a dict (`meta["sourceURL"]`) as the dict spells it (`meta["source_url"]`): the key's node, if renamed. */
function renameMetadataKey(context: PyContext, metadata: Node): Node | null {
  const key = metadataKeyRead(metadata);
  if (!key) return null;
  renameKeyString(context, key.node, key.from, key.to);
  return key.node;
}

/** A metadata key's string spelled as the dumped dict spells it. */
function renameKeyString(context: PyContext, node: Node, from: string, to: string): void {
  context.edit(node.startIndex, node.endIndex, pyLiteralAt(context.source, node, to), renamed(`metadata key "${from}"`, `"${to}"`));
}

/** Local names of 2.x's response models, imported from where only 1.x and 2.x had them. */
function v1ResultTypes(context: PyContext): Map<string, string> {
  const types = new Map<string, string>();
  for (const statement of context.sdk.imports) {
    const module = statement.childForFieldName("module_name")?.text;
    if (module !== PY_PACKAGE && !PY_LEGACY_MODULES.includes(module as never)) continue;
    for (const n of statement.childrenForFieldName("name")) {
      const imported = n?.type === "aliased_import" ? n.childForFieldName("name")!.text : n?.text;
      if (imported && imported in PY_RESULT_TYPE_KINDS) types.set(n!.type === "aliased_import" ? n!.childForFieldName("alias")!.text : imported, imported);
    }
  }
  return types;
}

/**
 * Whether a name holds its call's answer alone wherever it is read: bound nowhere else in its scope (a loop brings a
 * later `result = load_cached(url)` back to the reads before it) and its flag never written (`result.success = False`).
 */
function answerAlone(name: Node | null): boolean {
  if (!name) return true;
  const scope = scopeOf(name);
  return !bindingsIn(scope).some(({ binding, target }) => {
    if (!target || scopeOf(binding).id !== scope.id || inBranchNeverRun(binding, name.text)) return false;
    if (target.type === "identifier") return target.text === name.text && target.id !== name.id;
    const object = target.childForFieldName("object") ?? target.childForFieldName("value");
    const field = target.type === "attribute" ? target.childForFieldName("attribute")?.text : stringValue(target.childForFieldName("subscript"));
    return object?.text === name.text && field === "success";
  });
}

/** Results handed to a function's parameter with no annotation, gathered over a file's calls (detect/handed-results.ts). */
interface Handed {
  readonly taking: Taking;
  readonly subject: Subject;
  /** what is handed is a list of the subject's results (a crawl's documents) */
  readonly list: boolean;
  /** the calls that hand it one, and the values they hand */
  readonly calls: Set<number>;
  readonly values: Node[];
  /** every value handed is of one kind */
  alike: boolean;
}

const handedIn = new WeakMap<object, Map<number, Handed>>();

/** Records a value handed to a function's parameter with no annotation, to follow once every call is known; false where it is not one. */
function handOver(context: PyContext, subject: Subject, value: Node, list: boolean): boolean {
  const taking = takingParameter(value, list);
  if (!taking) return false;
  let all = handedIn.get(context.tree);
  if (!all) handedIn.set(context.tree, (all = new Map()));
  const known = all.get(taking.name.id);
  if (!known) all.set(taking.name.id, { taking, subject, list, calls: new Set([taking.call.id]), values: [value], alike: true });
  else {
    known.calls.add(taking.call.id);
    known.values.push(value);
    if (known.subject.kind !== subject.kind || known.subject.waiter !== subject.waiter || known.list !== list) known.alike = false;
  }
  return true;
}

/**
 * Reads each parameter handed results as the results are read where every call of its function hands one of a kind
 * (handOver), and a function it hands them on to in turn. Where the function also takes other values, or is called
 * where the run cannot see, and reads them as v1's dict, each call handing it a result is marked.
 */
function migrateHanded(context: PyContext): void {
  const all = handedIn.get(context.tree);
  if (!all) return;
  const elsewhere = callsFromOtherModules(context);
  const headsOf = (handed: Handed, reads: readonly Node[]) => (handed.list ? reads.flatMap(elementsOf) : reads);
  const followed = new Set<number>();
  for (let more = true; more;) {
    more = false;
    for (const [id, handed] of all) {
      const reads = followed.has(id) || !handed.alike ? null : parameterReads(handed.taking);
      if (!reads || probed([...reads, ...reads.flatMap(elementsOf)]) || !everyCallHands(handed.taking.fn, handed.calls, elsewhere)) continue;
      followed.add(id);
      more = true;
      const handled = new Set<number>();
      for (const head of headsOf(handed, reads)) {
        // serialized in the function it is handed to (`json.dump(crawl_result, f)`), as where it is made
        if (!handed.list && serialized(head) && handed.subject.kind !== "cancel") {
          if (handed.subject.kind === "map" && !serializedToShow(head)) context.todo(head, NOT_A_DICT);
          else dumpAt(context, head, handed.subject.kind === "hit" ? null : handed.subject.kind, []);
        } else migrateChain(context, handed.subject, head, handled);
      }
    }
  }
  for (const [id, handed] of all) {
    if (followed.has(id)) continue;
    // A result handed whole may be read by its items too (a crawl read as v0's list of documents).
    const reads = parameterReads(handed.taking) ?? [];
    const heads = [...reads, ...reads.flatMap(elementsOf)];
    const fn = handed.taking.fn.childForFieldName("name")!.text;
    const dictReader = heads.some((head) => (readAbove(head)?.form ?? "attribute") !== "attribute");
    const message = dictReader ? handedToDictReader(fn) : heads.some(readByComputedName) ? handedToComputedReader(fn) : null;
    if (!message) continue;
    // a helper that tests what it is handed gets 1.x's value again from a dump, where the value's function reads it as one too
    // (nor where the caller writes into the result: the helper may have kept it)
    const dumped =
      dictReader && takesDump(context, handed) ? handed.values.filter((value) => !readsKeysDumpedOtherwise(scopeOf(value)) && !writtenAfter(value)) : [];
    for (const value of dumped) dumpAt(context, value, "document", [], [handed.taking.fn], handedToProbingHelper(fn));
    for (const value of handed.values) if (!dumped.includes(value)) context.todo(value, message);
  }
}

/**
 * Whether a helper that tests what it is handed (`_unwrap(result)`: `if isinstance(result, dict): ...`) gets 1.x's
 * value again from a scraped document's dump: 1.x answered a dict, which the dump is, with the same keys but for those
 * it spells otherwise (`rawHtml`, which the helper then reads nowhere: its other callers may hand it 1.x's dicts still).
 * A dump is a copy: a helper that writes into what it is handed, or keeps it, would write into or keep the copy.
 */
function takesDump(context: PyContext, handed: Handed): boolean {
  if (!handed.alike || handed.list || handed.subject.kind !== "document" || !(handed.subject.dicts || answeredDicts(context))) return false;
  const reads = parameterReads(handed.taking);
  return !!reads && !reads.some((use) => writtenThrough(use) || kept(use)) && !readsKeysDumpedOtherwise(handed.taking.fn);
}

/** Whether code reads a document's key the dump spells otherwise (`d.get("rawHtml")`). */
function readsKeysDumpedOtherwise(scope: Node): boolean {
  return allOf(scope, ["subscript", "call"]).some((node) => {
    const key = node.type === "subscript" ? node.childForFieldName("subscript") : calledName(node) === "get" ? argumentsOf(node)[0] : null;
    const field = key ? stringValue(key) : undefined;
    if (field === undefined) return false;
    const { to } = renamedField("document", field);
    return to !== field && !to.includes(".") && !PY_V0_DOCUMENT_FIELDS[field];
  });
}

/** `d["k"] = v`, `d["metadata"]["k"] = v`, `d.update(...)`: a write into the dict a use names, or into one it holds. */
function writtenThrough(use: Node): boolean {
  for (let at: Node = use; ; at = at.parent!) {
    if (writesInto(at)) return true;
    if (at.parent?.type !== "subscript" || at.parent.childForFieldName("value")?.id !== at.id) return false;
  }
}

/** Whether the name a value is read through is written into after it (`result["metadata"]["seen"] = True`). */
const writtenAfter = (value: Node) =>
  value.type === "identifier" && usesIn(scopeOf(value), value.text).some((use) => use.startIndex > value.endIndex && writtenThrough(use));

/** `self.last = d`, `seen[url] = d`, `pages.append(d)`: a use that keeps the value where code reads it again. */
function kept(use: Node): boolean {
  const statement = outer(use).parent;
  const target = statement?.type === "assignment" && statement.childForFieldName("right")?.id === outer(use).id ? statement.childForFieldName("left") : null;
  if (target && target.type !== "identifier") return true;
  const call = use.parent?.type === "argument_list" ? use.parent.parent : null;
  const callee = call?.type === "call" ? call.childForFieldName("function") : null;
  return callee?.type === "attribute" && STORING_METHODS.has(callee.childForFieldName("attribute")!.text);
}

/** A list's, a set's, a queue's or a dict's methods that store what they are given. */
const STORING_METHODS: ReadonlySet<string> = new Set(["append", "appendleft", "extend", "add", "insert", "put", "put_nowait", "setdefault"]);

/** `r.get(key)`, `getattr(r, key)`, `r[key]`: a field read by a name the code computes, which no rename can follow. */
function readByComputedName(head: Node): boolean {
  // a name held by a variable, an attribute, a call's answer: not a literal, a number or a slice (`r[:3]`)
  return ["identifier", "attribute", "call", "subscript"].includes(readKeyNode(head)?.type ?? "");
}

/** A name bound to the whole value (`links = site_map`), with no annotation of its own: its uses stand for this one. */
function aliasedUses(use: Node, depth = 0): Node[] {
  const alias = boundName(use);
  return alias && !alias.parent!.childForFieldName("type") && depth < 3 ? usesReached(alias).flatMap((u) => aliasedUses(u, depth + 1)) : [use];
}

/**
 * A use that takes the value as it is, whatever it is: a dict literal's value (`{"links": links}`) or a list's element.
 * Beside a use as a list, it is that list.
 */
function handedAlong(use: Node): boolean {
  const parent = use.parent;
  return (parent?.type === "pair" && parent.childForFieldName("value")?.id === use.id) || parent?.type === "list";
}

/** An annotation that says a list of URLs: `list`, `List[str]`. */
const LIST_OF_STR = /^(?:typing\.)?(?:list|List)(?:\[str\])?$/;

/** Builtins that take any iterable: a map result handed to one is used as a list. */
const LIST_TAKERS: ReadonlySet<string> = new Set(["len", "list", "sorted", "set", "tuple", "enumerate", "reversed", "iter"]);

/**
 * Whether a value is used as a list: looped over, handed to a builtin that takes an iterable or to `join`, indexed by
 * number or sliced, or returned from a function that promises a list (`-> list`, `-> List[str]`).
 */
function usedAsList(use: Node): boolean {
  const parent = use.parent;
  if ((parent?.type === "for_statement" || parent?.type === "for_in_clause") && parent.childForFieldName("right")?.id === use.id) return true;
  if (parent?.type === "return_statement") {
    const promised = enclosing(parent, "function_definition")?.childForFieldName("return_type")?.text ?? "";
    return LIST_OF_STR.test(promised);
  }
  if (parent?.type === "subscript" && parent.childForFieldName("value")?.id === use.id) {
    const index = parent.childForFieldName("subscript");
    return index?.type === "slice" || /^-?\d+$/.test(index?.text ?? "");
  }
  const fn = parent?.type === "argument_list" && parent.namedChildren.length === 1 ? parent.parent?.childForFieldName("function") : null;
  return !!fn && (LIST_TAKERS.has(fn.text) || (fn.type === "attribute" && fn.childForFieldName("attribute")?.text === "join"));
}

/**
 * `for url in app.map_url(site)`, `len(links)`: a map result used as the list of URLs firecrawl-py 1.0 to 1.2.4
 * answered (later 1.x releases answered the whole body, whose keys such code went over; v2 answers a MapData, whose
 * (field, value) pairs it would go over): the call becomes that list. Every use that may read the value must be one
 * (usesReached: a name other branches bind too counts, and a name it is bound to in turn), or returned where the
 * name's annotation says a list of them, or handed along as it is beside such a use. Says whether it was.
 */
function mapAsLinkList(context: PyContext, value: Node, name: Node | null): boolean {
  const uses = name ? usesReached(name).flatMap((use) => aliasedUses(use)) : [value];
  const links = rowFor("map", "links")!;
  // `links: List[str] = app.map_url(url)`: the name says the list, and what it returns is that list
  const annotated = LIST_OF_STR.test(name?.parent?.childForFieldName("type")?.text ?? "");
  const asList = (use: Node) => usedAsList(use) || (annotated && use.parent?.type === "return_statement");
  const listed = uses.filter(asList);
  if (!listed.length || !uses.every((use) => listed.includes(use) || handedAlong(use)) || links.change.kind !== "strings-to-objects") return false;
  const awaited = value.type === "await";
  context.edit(
    value.startIndex,
    value.startIndex,
    `[link.${links.change.pick} for link in ${awaited ? "(" : ""}`,
    linksKept("a map result used as the list of its links"),
  );
  context.edit(value.endIndex, value.endIndex, `${awaited ? ")" : ""}.${links.python!.v2}]`);
  return true;
}

/**
 * `r["status"] == "cancelled"` on a cancel's result (CANCELLED): true on every return of v1's, as v2's boolean is, so
 * the test is the boolean (`!=`, its negation). Says whether it was one.
 */
function cancelledTest(context: PyContext, head: Node): boolean {
  const read = readAbove(head);
  const tested = read && outer(read.node);
  const comparison = tested?.parent;
  if (read?.field !== CANCELLED.field || comparison?.type !== "comparison_operator") return false;
  const operators = comparison.childrenForFieldName("operators");
  const other = comparison.namedChildren.find((operand) => operand?.id !== tested!.id);
  if (operators.length !== 1 || !["==", "!="].includes(operators[0]!.type) || stringValue(other ?? null) !== CANCELLED.status) return false;
  // Around the result, not over it: other steps edit a call's arguments.
  const negation = operators[0]!.type === "!=" ? "not " : "";
  context.edit(
    comparison.startIndex,
    head.startIndex,
    negation,
    renamed(`a test that the cancel's status is "${CANCELLED.status}"`, `${negation}${head.text}`),
  );
  context.edit(head.endIndex, comparison.endIndex, "");
  return true;
}

/** `r.expiresAt` on 2.x's model: the field `model` spells snake_case (`r.expires_at`). */
function renameCamelCaseField(context: PyContext, head: Node, model: string): void {
  const read = readAbove(head);
  const to = read?.form === "attribute" ? snakeCase(read.field) : undefined;
  if (to && to !== read!.field && to in PY_RESULT_MODELS[model]!.fields)
    context.edit(read!.name!.startIndex, read!.name!.endIndex, to, renamed(`result .${read!.field}`, `.${to}`));
}

/** Whether the scope also binds `name` to a call through the client's `.v1` (`result = app.v1.scrape_url(...)`). */
function keptOnV1Elsewhere(name: Node): boolean {
  return usesIn(scopeOf(name), name.text).some((use) => {
    const assignment = use.parent;
    if (use.id === name.id || assignment?.type !== "assignment" || assignment.childForFieldName("left")?.id !== use.id) return false;
    const value = assignment.childForFieldName("right");
    return callsThroughV1(value?.type === "await" ? value.namedChildren[0] : value);
  });
}

const ALSO_KEPT_ON_V1 =
  "this name also holds the result of a call kept on v1 (through the client's .v1), whose shape the reads below fit: read this call's v2 result apart, or keep both on one version";

/** The values unpacked by their keys (`Envelope(**r)`). */
const unpacked = (values: readonly Node[]): Node[] => values.filter((value) => outer(value).parent?.type === "dictionary_splat");

/** Migrates the reads of one value that is a v1 call's result, and checks a waiter's finished job as v1 did. */
function migrateResult(context: PyContext, call: PyCall, value: Node): void {
  const name = boundName(value);
  // `result = app.v1.scrape_url(...)` in one branch, this call in the other: the reads below serve the result code kept
  // on v1 too, which they fit as they are
  if (name && keptOnV1Elsewhere(name)) return context.todo(value, ALSO_KEPT_ON_V1);
  if (call.row.result === "map" && mapAsLinkList(context, value, name)) return;
  // Every result is a model in 4.x but a cancel's (a bool): an extract's and its status's too (ExtractResponse); the
  // v1 proxy's too (generate_llms_text's), but for deep_research's, the dict it was. A map's links are objects in v2:
  // its dump is not the dict of strings 1.x gave.
  const v2 = call.row.python.v2;
  const model = call.row.result
    ? call.row.result !== "cancel"
    : (v2 !== null && v2 !== "watcher") || (PY_V1_PROXY.has(call.method) && !PY_V1_PROXY_DICTS.has(call.method));
  const dumpable = model && call.row.result !== "map";
  // v2's model passes by what code does to dicts alone (`if isinstance(r, dict): r = clean(r)`)
  const named = name ? usesWithAliases(name, model ? inDictBranch : undefined) : [value];
  const dictOnly = model ? named.flatMap((use) => dictOnlyBranch(use) ?? []) : [];
  // `elif hasattr(r, "data"): ...` beside `elif hasattr(r, "web"): ...`: the code's own branch for v2 takes over
  const superseded = new Map(named.flatMap((use) => (call.row.result ? (supersededProbe(use, call.row.result) ?? []) : [])).map((c) => [c.id, c]));
  for (const clause of superseded.values()) context.edit(clause.startIndex, clause.nextSibling!.startIndex, "", SUPERSEDED_PROBE);
  // A dict test 1.x's dict passed goes where only its side reads the result (registered before any read is migrated:
  // the reads on that side are the model's then, not a dict branch's). A dict-only branch's test goes with its branch.
  const tests = new Set(dictOnly.map((branch) => inner(branch.childForFieldName("condition")!).id));
  // 1.x's answer is a dict in a file whose calls say so, or where the code subscripts it (2.x's model had no items)
  const subscripted = named.some((use) => readAbove(use)?.form === "subscript");
  let dissolvedAny = false;
  if (model && call.row.result && (answeredDicts(context) || subscripted))
    for (const use of named) {
      if (tests.has(use.parent!.parent!.id)) continue;
      const dissolved = dissolvedDictTest(use);
      if (dissolved && !besideNeverSet(use, call.row.result)) {
        dissolveDictTest(use.parent!.parent!, dissolved);
        dissolvedAny = true;
      }
      // `r.get("data", r) if isinstance(r, dict) else r`: the other side hands on what it is given, the model now
      else if (!dissolved && givenAsItIs(use)) context.todo(use, DICT_TEST_TURNED);
    }
  // the side a dissolved test opened always runs now, as it did on 1.x's dict: a rebinding there (`page = " ".join(parts)`)
  // ends the result's uses, and what the code does after it is done to that value
  const reached = dissolvedAny && name ? usesWithAliases(name, inDictBranch) : named;
  const uses = reached.filter((use) => !dictOnly.some((branch) => inBody(use, branch)) && ![...superseded.values()].some((c) => within(use, c)));
  // the code compares the job's status itself: a waiter's (or an extract's) failure is its to handle (not where it
  // only shows or stores it, `{"status": response.status}`, or tests that there is one, which a failed job has too,
  // going on as with a job that succeeded; as the JavaScript side's statusTested)
  const statusRead = uses.some((use) => {
    const read = readAbove(use);
    return read?.field === "status" && outer(read.node).parent?.type === "comparison_operator";
  });
  // Code that writes into the result treats it as the dict it was, as does 1.x code reading a result the v1
  // proxy now gives as a model (the migration reads no fields of those), here or in the callers of a function that
  // returns it: it becomes one where it is made.
  const reads = call.row.result ? uses : followReturns(uses).heads;
  // a binding in a loop is read on the next turn by the loop's reads before it too (`while status["status"] != ...`)
  const back = readBackInLoop(value);
  const standIn = !!call.row.result && !!name && readThroughNoneStandIn(name, uses);
  if (dumpable && (call.row.result ? name && ([...uses, ...back].some(writtenThrough) || standIn) : [...reads, ...back].some(readAsDict))) {
    // the dict's reads through the stand-in are those of the `or` (`(result or {}).get("rawHtml", "")`)
    const throughOr = (use: Node) => {
      const or = emptyOr(use);
      return or ? outer(or) : use;
    };
    dumpAt(context, value, call.row.result ?? null, standIn ? reads.map(throughOr) : reads);
    if (answeredDicts(context)) for (const use of unpacked([value, ...reads])) context.todo(use, DUMP_UNPACKED);
    if ((waits(call) || extracts(context, call)) && !statusRead && !raiseOnFailedJob(context, call, value, name, false, true))
      context.todo(call.node, WAITER_TODO);
    return;
  }
  // deep_research's dict, typed as a model: where the code goes on with it, a cast says what it is, unless the
  // code reads it as the model 2.x typed it as (it was a dict there too).
  const asModel = (use: Node) =>
    use.parent?.type === "attribute" && use.parent.childForFieldName("object")?.id === use.id && readAbove(use)?.form !== "get" && !dictMethodAbove(use);
  const goesOn = value.parent?.type !== "expression_statement" && uses.length > 0 && !uses.some(asModel);
  if (PY_V1_PROXY_DICTS.has(call.method) && goesOn && castable(context.tree.rootNode)) {
    context.edit(value.startIndex, value.startIndex, `${PY_CAST.cast}(${PY_CAST.dict}, `, PROXY_DICT_CAST);
    context.edit(value.endIndex, value.endIndex, ")");
  }
  const { heads, boundaries } = followReturns(uses);
  const calls = model ? callsFromOtherModules(context) : () => undefined;
  for (const head of model ? boundaries : []) {
    if (!dumpable) {
      // a map's serialized to be printed is dumped where the reads are followed (migrateChain)
      if (!serializedToShow(head)) context.todo(head, NOT_A_DICT);
    } else {
      // A function that promises a dict hands it to its callers, who read it as one: their keys are the dump's.
      const fn = returnedFrom(head);
      const handedTo = fn ? undefined : calledWith(head);
      const callers = fn ? new Map(callsOf(fn).map((c) => [scopeOf(c).id, scopeOf(c)])) : new Map<number, Node>();
      const readers = fn ? [...callers.values()].filter((s) => s.type === "function_definition") : handedTo ? [handedTo] : fieldReaders(head);
      // handed to a function of the module (`self._parse(url, result)`, its `result: dict`) that takes nothing else there
      const taken = fn ? null : anyTakingParameter(head);
      const alone = taken && everyCallHands(taken.fn, new Set([taken.call.id]), calls);
      dumpAt(context, head, call.row.result ?? null, fn ? callersReads(fn) : alone ? (parameterReads(taken) ?? []) : [], readers);
      const leaving = fn ? dumpLeavesModule(head, calls) : null;
      if (leaving) context.todo(head, dumpLeavesModuleTodo(leaving));
    }
  }
  if (model) {
    for (const head of heads) {
      const leaving = boundaries.includes(head) ? null : leavesModuleAsDict(head, calls);
      // 1.x's dict again for the modules that read it so, where nothing else does
      if (leaving && call.row.result === "document" && answeredDicts(context) && dumpServesOtherModules(head, calls))
        dumpAt(context, head, "document", [], [], returnedToOtherModulesDumped(leaving));
      else if (leaving) context.todo(head, leavesModule(leaving));
    }
  }
  // `Envelope(**app.extract(...))`, `Envelope(**response)`: 1.x's dict unpacked by its keys, which v2's model has not
  // (2.x's model raised there already: code that catches it is not this run's to mark)
  if (model && answeredDicts(context)) for (const use of unpacked([value, ...uses])) context.todo(use, NOT_A_DICT);
  if (!call.row.result) {
    if (PY_EXTRACT_RESULTS.has(call.row.python.v2 ?? "")) for (const head of heads) renameCamelCaseField(context, head, "ExtractResponse");
    // nothing here edited the statement around the call: a read of it (`return app.extract(...).model_dump()`) can follow the check
    if (
      extracts(context, call) &&
      !statusRead &&
      !raiseOnFailedJob(
        context,
        call,
        value,
        name,
        boundaries.some((b) => b.id === value.id),
        false,
        () => true,
      )
    )
      context.todo(call.node, WAITER_TODO);
    return;
  }
  if (model && name) dropDictAnnotation(context, name);
  const subject: Subject = {
    kind: call.row.result,
    waiter: !!call.row.waiter,
    answered: answerAlone(name),
    hits: call.row.result === "search" ? searchHits(call) : undefined,
    model: PY_RETURNED_MODELS[call.row.js.v1],
  };
  // A result v2 answers as another type (a cancel's bool) has no fields to rename: its reads are the TODO's, but
  // for the test of the one status v1's cancel answered.
  const retyped = RETYPED_RESULTS[call.row.result];
  if (retyped) {
    const left = heads.filter((head) => !cancelledTest(context, head));
    if (name && left.length) context.todo(left[0]!, retyped);
    return;
  }
  const handled = new Set<number>();
  let checked = false;
  // What the reads' migration edits, so that a job read where it is made can be bound before the statement.
  const edited: { start: number; end: number }[] = [];
  const recording: PyContext = {
    ...context,
    edit: (start, end, text, message, subject) => (edited.push({ start, end }), context.edit(start, end, text, message, subject)),
    apply: (edit, message, subject) => (edited.push(edit), context.apply(edit, message, subject)),
  };
  for (const head of heads) if (migrateChain(recording, subject, head, handled) === "status") checked = true;
  if (call.row.result === "document") for (const list of collectedInto(context, call.row.result, [value, ...heads])) migrateCollected(context, subject, list);
  // the binding replaces what comes before the value and is inserted at its end: no read's edit may be there
  const readable = (statement: Node) =>
    edited.every(
      (e) => e.end <= statement.startIndex || e.start >= statement.endIndex || e.start > value.endIndex || (e.start === value.endIndex && e.end > e.start),
    );
  if (
    call.row.waiter &&
    call.isV1Name &&
    !checked &&
    !raiseOnFailedJob(context, call, value, name, model && boundaries.some((b) => b.id === value.id), false, readable)
  )
    context.todo(call.node, WAITER_TODO);
}

/**
 * The items of a list of documents that other branches of an if bind to strings (a map's URLs, `[str(extract)]`)
 * or to scrapes' documents (`[app.scrape_url(u)]`), taken after the if: a loader's modes, one loop for all. Where
 * another branch binds anything else, none.
 */
function mixedItems(context: PyContext, list: Node): Node[] {
  const alias = boundName(list);
  const others = alias ? otherBranchBindings(alias, usesReached(alias)) : [];
  if (!others.length) return [];
  const scrapes = new Set(context.calls.filter((c) => c.row.result === "document").map((c) => c.node.id));
  const maps = new Set(context.calls.filter((c) => c.row.result === "map").map((c) => c.node.id));
  const strings = (item: Node | null) => item?.type === "string" || (item?.type === "call" && calledName(item) === "str");
  const holds = (value: Node | null) =>
    !!value &&
    (maps.has(value.id) ||
      (value.type === "list" &&
        value.namedChildren.length > 0 &&
        (value.namedChildren.every(strings) || value.namedChildren.every((item) => !!item && scrapes.has(item.id)))));
  return others.every(({ value }) => holds(value)) ? itemsAfterBranches(list) : [];
}

/**
 * A read of an item of such a list (`doc.get("markdown")`, `doc["rawHtml"]`), which the code makes only where the item
 * is a document (1.x's str had no get()): the document's field by getattr, which answers for a document and types for
 * either, as the loader's maintainers wrote it by hand. A read it cannot say so is marked.
 */
function readMixed(context: PyContext, item: Node, handled: Set<number>): void {
  const read = readAbove(item);
  if (!read || read.form === "attribute" || handled.has(read.node.id)) return;
  handled.add(read.node.id);
  const { to, row } = renamedField("document", read.field);
  const field = to === "metadata" ? "metadata_dict" : to;
  const fallback = read.form === "get" ? read.fallback : undefined;
  const gone = row?.change.kind === "success-flag" || row?.change.kind === "removed" || field.includes(".") || !hasField("document", field);
  if (gone || (fallback && !isEmptyLiteral(fallback))) {
    context.todo(read.node, MIXED_ITEMS);
    return;
  }
  // Handed on, the metadata's keys are read where the run does not look, as where the item is known to be a document.
  const alias = field === "metadata_dict" ? boundName(read.node) : null;
  if (field === "metadata_dict" && (alias ? usesAfter(alias) : [read.node]).some(handedOn)) context.todo(read.node, METADATA_KEYS_SNAKE);
  const got = `getattr(${item.text}, ${pyLiteralAt(context.source, read.node, field)}, None)`;
  const text = fallback ? (needsParentheses(read.node) ? `(${got} or ${fallback.text})` : `${got} or ${fallback.text}`) : got;
  context.edit(
    read.node.startIndex,
    read.node.endIndex,
    text,
    renamed(`result ${read.form === "get" ? `.get("${read.field}")` : `["${read.field}"]`}`, `getattr(..., "${field}")`),
  );
}

/**
 * Documents returned whole (`return job.get("data", [])`, `return pages`) from `from`: read where the module calls it,
 * item by item, or in the module's function the caller hands the list to (`group_pages(perform_crawl(url))`); and
 * marked where another module reads them as v1's dicts.
 */
function followReturnedDocuments(context: PyContext, subject: Subject, list: Node, from: Node, handled: Set<number>): void {
  for (const read of callersReads(from)) {
    const items = elementsOf(read);
    for (const item of items) migrateChain(context, subject, item, handled);
    if (!items.length) handOver(context, subject, read, true);
  }
  const leaving = leavesModuleAsDict(list, callsFromOtherModules(context), true);
  if (leaving) context.todo(list, documentsLeaveModule(leaving));
}

/** `pages.append(x)`: the append made on the list a use of its name is, else null. */
function appendOn(use: Node): { call: Node; item: Node } | null {
  const call = use.parent?.type === "attribute" ? use.parent.parent : null;
  const append = call ? appendCall(call) : null;
  return append?.to.id === use.id ? { call: call!, item: append.item } : null;
}

/** `pages.append(x)`: the list a value is the one argument of an append to, by its name. */
function appendedTo(node: Node): Node | null {
  const append = node.parent?.type === "argument_list" ? appendCall(node.parent.parent) : null;
  return append?.item.id === node.id && append.to.type === "identifier" ? append.to : null;
}

/** The nodes that give a kind's results in a module (the calls' values, and their names' uses), by tree and kind. */
const resultNodes = new WeakMap<object, Map<ResultKind, Set<number>>>();

function resultsOf(context: PyContext, kind: ResultKind): Set<number> {
  let byKind = resultNodes.get(context.tree);
  if (!byKind) resultNodes.set(context.tree, (byKind = new Map()));
  let ids = byKind.get(kind);
  if (!ids) {
    ids = new Set();
    for (const call of context.calls) {
      if (call.row.result !== kind || call.mock || call.invokes) continue;
      for (const value of resultValues(call.node, call.passed?.gives)) {
        const name = boundName(value);
        for (const node of [value, ...(name ? usesAfter(name) : [])]) ids.add(node.id);
      }
    }
    byKind.set(kind, ids);
  }
  return ids;
}

/** `pages = []`: the name a list a value is appended to is bound to, where its function binds it once, to an empty list. */
function emptyListCollecting(value: Node): Node | null {
  const list = appendedTo(value);
  const bound = list && onlyAssignment(list);
  return bound?.value?.type === "list" && bound.value.namedChildren.length === 0 ? bound.target : null;
}

/** What is appended to a list bound once to an empty one (`pages.append(page)`: `page`), in order. */
const appendedItems = (list: Node) => usesAfter(list).flatMap((use) => appendOn(use)?.item ?? []);

/**
 * The lists results are collected into (`pages = []`, then `pages.append(page)` or `pages.append(app.scrape_url(u))`):
 * each by the name its function binds once, to an empty list, and appends only results of the kind to. Their items
 * are those results, read as they are (migrateCollected).
 */
function collectedInto(context: PyContext, kind: ResultKind, heads: readonly Node[]): Node[] {
  const lists = new Map<number, Node>();
  for (const head of heads) {
    const target = emptyListCollecting(head);
    if (!target) continue;
    const results = resultsOf(context, kind);
    if (appendedItems(target).every((item) => !!item && results.has(item.id))) lists.set(target.id, target);
  }
  return [...lists.values()];
}

/** The body of the loop whose variable `item` is a use of (`for hit in hits:`), where the body does not bind it again. */
function loopBodyOf(item: Node): Node | null {
  if (item.type !== "identifier") return null;
  const binds = (at: Node) => at.type === "for_statement" && allOf(at.childForFieldName("left")!, "identifier").some((n) => n.text === item.text);
  let loop = item.parent;
  while (loop && !binds(loop) && loop.type !== "function_definition") loop = loop.parent;
  const body = loop && binds(loop) ? loop.childForFieldName("body") : null;
  return body && !usesIn(body, item.text).some(rebinds) ? body : null;
}

/**
 * `for hit in hits: ... kept.append(hit)`: the list a loop's items are sorted into, where its function binds it once, to an
 * empty list, and appends only that loop's variable to it. Its items are the loop's, read as they are (migrateCollected).
 */
function itemsCollectedInto(item: Node, body: Node): Node | null {
  const target = emptyListCollecting(item);
  return target && appendedItems(target).every((appended) => isLoopItem(appended, item, body)) ? target : null;
}

/** Lists (and dicts of lists) of results already followed, by tree: a list several calls' results are appended to is read once. */
const collectedLists = new WeakMap<object, Set<number>>();

/** Whether a collecting list or dict is followed for the first time (and now counts as followed). */
function firstTime(context: PyContext, collecting: Node): boolean {
  let done = collectedLists.get(context.tree);
  if (!done) collectedLists.set(context.tree, (done = new Set()));
  if (done.has(collecting.id)) return false;
  done.add(collecting.id);
  return true;
}

/**
 * Reads a list of collected results' items as the results are read: in its function (`for page in pages`,
 * `pages[0]`), in the callers it is returned to, and in the module's functions it is handed to. Where it goes
 * on elsewhere (serialized, handed to code out of sight), the first append is marked: it holds models now.
 */
function migrateCollected(context: PyContext, subject: Subject, list: Node): void {
  if (!firstTime(context, list)) return;
  const handled = new Set<number>();
  const unfollowed: Node[] = [];
  let firstAppend: Node | null = null;
  for (const use of usesAfter(list)) {
    const append = appendOn(use);
    if (append) {
      firstAppend ??= append.call;
      continue;
    }
    const items = elementsOf(use);
    const from = returnedFrom(use);
    if (items.length) for (const item of items) migrateChain(context, subject, item, handled);
    else if (from) followReturnedDocuments(context, subject, use, from, handled);
    else if (!counted(use) && !isTruthTest(use) && !handOver(context, subject, use, true)) unfollowed.push(use);
  }
  const where = unfollowed[0]?.parent?.type === "argument_list" ? unfollowed[0].parent.parent : unfollowed[0]?.parent;
  if (where && firstAppend) context.todo(firstAppend, collectedUnfollowed(list.text, where.text));
}

/**
 * A result or one of its items handed to a serializer (`json.dumps(page)`, JSON's own values) or to code out of sight
 * (handedOut), made a dict where it is handed; a scraped search hit's dump holds the page's URL, title and description in
 * its metadata, where 1.x's dict held them at the top.
 */
function dumpWhereHanded(context: PyContext, subject: Subject, head: Node, message: Message): void {
  dumpAt(context, head, subject.kind === "hit" ? null : subject.kind, [], [], message);
  if (subject.fields) context.todo(head, SCRAPED_HIT_DUMPED);
}

/**
 * `print(json.dumps(r, indent=2))`, `logger.debug(f"... {json.dumps(r)}")`: a value serialized to a string that is only
 * printed or logged, not written nor handed on, so what it holds is read by a person.
 */
function serializedToShow(head: Node): boolean {
  if (!serialized(head)) return false;
  const serializer = head.parent!.parent!;
  if (serializer.childForFieldName("function")?.text !== "json.dumps") return false;
  let shown = outer(serializer);
  // an f-string's part: the string is what is printed
  if (shown.parent?.type === "interpolation") shown = outer(shown.parent.parent!);
  const call = shown.parent?.type === "argument_list" ? shown.parent.parent : null;
  return (call?.type === "call" && calledName(call) === "print") || loggerCall(call);
}

/** A value a dict display holds, `{"content": page}`. */
const heldByDictDisplay = (value: Node) =>
  value.parent?.type === "pair" && value.parent.childForFieldName("value")?.id === value.id && value.parent.parent?.type === "dictionary";

/** Calls that show a value, log it or ask what it is, where a model does what 1.x's dict did, near enough. */
const SHOWS: ReadonlySet<string> = new Set([
  ...SHOWN,
  ...[
    "pprint",
    "pp",
    "display",
    "hasattr",
    "getattr",
    "vars",
    "dir",
    "id",
    "callable",
    "dict",
    "list",
    "set",
    "tuple",
    "iter",
    "next",
    "sorted",
    "enumerate",
    "zip",
    "cast",
  ],
]);
/**
 * Methods that keep a value where the code reads it again (a list's append, a queue's put, a dict's default), or show
 * or log it: not a hand-over to code out of sight.
 */
const KEEPING_METHODS: ReadonlySet<string> = new Set([
  ...LOG_METHODS,
  ...["write", "echo", "print", "markdown"],
  ...["append", "extend", "add", "insert", "put", "put_nowait", "get", "pop", "setdefault", "format"],
]);

/**
 * Whether a value is handed whole, as an argument, to a function the run cannot read (another library's, an object's
 * method): `cache.set(url, page)`, `collection.insert_one(page)`, `requests.post(u, json=page)`. Not to the module's
 * own functions (followed where they read it), a serializer (dumped for JSON), a forwarder, a class, nor code that
 * shows or logs it, or keeps it in a list of the code's own.
 */
function handedOut(value: Node): boolean {
  const args = value.parent?.type === "keyword_argument" ? value.parent.parent : value.parent;
  if (args?.type !== "argument_list" || (value.parent?.type === "keyword_argument" && value.parent.childForFieldName("value")?.id !== value.id)) return false;
  const call = args.parent;
  const callee = call?.type === "call" ? call.childForFieldName("function") : null;
  if (!callee || serialized(value)) return false;
  // by name first: most calls a result is handed to show it or keep it, and need no lookup of a definition
  const method = callee.type === "attribute" ? callee.childForFieldName("attribute")!.text : "";
  const on = callee.type === "attribute" ? callee.childForFieldName("object")!.text : "";
  const foreign =
    callee.type === "identifier"
      ? !SHOWS.has(callee.text) && !/^[A-Z]/.test(callee.text)
      : !!method && !KEEPING_METHODS.has(method) && !/^(?:self|cls|logging|logger|log|st|console|click|typer|rich|asyncio|json|pickle|os|sys)$/.test(on);
  return foreign && !calledDefinition(call!) && !forwarderOf(call!);
}

/**
 * Reads the lists of a dict a loop's results are grouped into (groupingDict) as the loop's items; where the dict goes on
 * where the run cannot follow it, the first append is marked: its lists hold models now.
 */
function migrateGrouped(context: PyContext, subject: Subject, group: Node): void {
  if (!firstTime(context, group)) return;
  const uses = usesAfter(group);
  const { lists, unseen } = groupReads(uses, callsFromOtherModules(context));
  const handled = new Set<number>();
  for (const list of lists) {
    const items = elementsOf(list);
    for (const item of items) migrateChain(context, subject, item, handled);
    if (!items.length && !counted(list) && !isTruthTest(list)) unseen.push(list);
  }
  const where = unseen[0]?.parent?.type === "argument_list" ? unseen[0].parent.parent : unseen[0]?.parent;
  const firstAppend = uses.find((use) => appendedToGroup(use) !== undefined);
  if (where && firstAppend) context.todo(firstAppend, collectedUnfollowed(group.text, where.text));
}

export const step: PyStep = {
  name: "results",
  description: "updates uses of call results: success guards, snake_case fields, dict access, extract -> json, map links, search data -> web",
  run(context) {
    const halfWay = writtenHalfWay(context);
    for (const call of context.calls) {
      // A v2 call's result already has the v2 shape (a v2 map() gives link objects): it is left alone.
      // A test's assertion on a mocked method returns nothing of the SDK's.
      // A partial's calls give its results: they are followed from the partial.
      const v1 = (halfWay && isV2OnlyPythonMethod(call.method)) || isV1PyCall(call, context.calls, context.options.sdk, context.sdk);
      if (call.mock || call.invokes || !v1) continue;
      // A method handed to a pool or a partial gives its results where this may not follow: a waiter's job is then unchecked.
      const values = resultValues(call.node, call.passed?.gives);
      for (const value of values) migrateResult(context, call, value);
      if (!values.length && call.row.waiter && call.isV1Name) context.todo(call.node, WAITER_TODO);
    }
    migrateHanded(context);
    // A waiter handed elsewhere (`pool.map(app.crawl_url, urls)`, `Thread(target=...)`) gives its jobs where this does not follow.
    for (const reference of methodReferences(context.tree, context.sdk))
      if (reference.row.waiter && reference.isV1Name) context.todo(reference.node, WAITER_TODO);
    // Functions that take results as parameters typed with 2.x's models read them as the calls' results are read.
    for (const { heads, type } of annotatedParameters(context.tree.rootNode, v1ResultTypes(context))) {
      const handled = new Set<number>();
      for (const head of heads) migrateChain(context, { kind: PY_RESULT_TYPE_KINDS[type]!, waiter: false }, head, handled);
    }
  },
};
