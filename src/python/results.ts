/**
 * Results (sdk-facts 4.2): what v2 calls return. `if not r.success: raise ...` goes (v2 raises), or checks
 * a waiter's job status; other success/error uses are marked. 2.x's camelCase fields are v2's snake_case
 * ones (`rawHtml` -> `raw_html`, `metadata["sourceURL"]` -> `metadata.source_url`), 1.x dict access
 * (`r["markdown"]`) is attribute access, `extract`/`json_field` is `json`, search `data` is `web`, and map
 * links, now objects, are turned back into the strings the code expects.
 */
import { PY_FIELD_RENAMES, snakeCase } from "../mapping/python.js";
import { RESULTS, RETYPED_RESULTS, WAITER_TODO } from "../mapping/results.js";
import type { PyCall } from "./detect.js";
import { removeStatement } from "../engine/code.js";
import { pyLiteral } from "./code.js";
import type { PyContext, PyStep } from "./language.js";
import { isV1PyCall } from "./version.js";
import { allOf, stringValue, type Node } from "./parser.js";

/** Fields whose contents are the user's own data: nothing below them is renamed. */
const USER_DATA = new Set(["json", "json_field", "extract", "metadata_dict"]);

function rowFor(call: PyCall, field: string) {
  return RESULTS.find((row) => row.js.v1 === field && row.of.includes(call.row.result!));
}

/** `x = call` or `x = await call`: the name the result is bound to. */
function boundName(call: PyCall): Node | null {
  let at: Node | null = call.node.parent;
  if (at?.type === "await") at = at.parent;
  if (at?.type !== "assignment") return null;
  const left = at.childForFieldName("left");
  return left?.type === "identifier" ? left : null;
}

/** The scope a name lives in: its function, or the module. */
function scopeOf(node: Node): Node {
  let at: Node | null = node.parent;
  while (at && at.type !== "function_definition" && at.type !== "module") at = at.parent;
  return at ?? node;
}

/** The field a read names: `x.field` or `x["field"]`. */
function fieldOf(read: Node): { field: string; key: Node; subscript: boolean } | null {
  if (read.type === "attribute") return { field: read.childForFieldName("attribute")!.text, key: read.childForFieldName("attribute")!, subscript: false };
  if (read.type === "subscript") {
    const key = read.childForFieldName("subscript");
    const field = stringValue(key);
    return field !== undefined ? { field, key: key!, subscript: true } : null;
  }
  return null;
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

/**
 * `x.get("field")` or `x.get("field", default)`: v1 results were dicts (1.x) and v2 ones are pydantic
 * models, which have no `get`. The read becomes the attribute, with the default where the value is None.
 */
function migrateGet(context: PyContext, read: Node, row: (field: string) => unknown): boolean {
  const call = read.parent;
  if (read.type !== "attribute" || read.childForFieldName("attribute")?.text !== "get" || call?.type !== "call") return false;
  const args = call.childForFieldName("arguments")?.namedChildren.filter((a): a is Node => a !== null && a.type !== "comment") ?? [];
  const field = stringValue(args[0] ?? null);
  // A field the table changes (success, extract, a search's data) is left to its own row.
  if (field === undefined || args.length > 2 || args.some((a) => a.type === "keyword_argument") || row(field)) return false;
  const to = PY_FIELD_RENAMES[field] ?? snakeCase(field);
  const object = read.childForFieldName("object")!.text;
  const fallback = args[1] && args[1].text !== "None" ? args[1].text : null;
  const text = fallback ? `(${object}.${to} if ${object}.${to} is not None else ${fallback})` : `${object}.${to}`;
  context.edit(call.startIndex, call.endIndex, text, `result .get("${field}") is .${to} in v2: results are models, not dicts`);
  return true;
}

/** Walks up a chain of reads from the result: x.metadata["sourceURL"] is two reads. */
function migrateChain(context: PyContext, call: PyCall, read: Node, depth: number, handled: Set<number>): "status" | void {
  // A .get() ends the chain: what it reads is rewritten whole, so nothing inside it is edited again.
  if (migrateGet(context, read, (field) => depth === 0 && rowFor(call, field))) return;
  const found = fieldOf(read);
  if (!found || handled.has(read.id)) return;
  const { field, key, subscript } = found;
  if (depth === 0) {
    if (field === "status") return "status";
    const row = rowFor(call, field);
    if (row?.change.kind === "success-flag") {
      const guard = subscript ? null : throwOnlyGuard(read);
      if (!guard) return context.todo(read, row.python?.todo ?? row.change.todo);
      for (const r of allOf(guard, ["attribute", "subscript"])) handled.add(r.id);
      if (!call.row.waiter) return context.apply(removeStatement(context.source, guard.startIndex, guard.endIndex), "success guard removed: v2 raises on failure");
      const subject = read.childForFieldName("object")!.text;
      const condition = guard.childForFieldName("condition")!;
      context.edit(condition.startIndex, condition.endIndex, `${subject}.status != ${pyLiteral(context.source, "completed")}`, "waiter success guard checks the job status: v2 returns failed jobs");
      // The job's status says what went wrong; v2 jobs have no error field.
      for (const r of allOf(guard.childForFieldName("consequence")!, "attribute")) {
        if (r.childForFieldName("object")?.text === subject && r.childForFieldName("attribute")?.text === "error") {
          const attribute = r.childForFieldName("attribute")!;
          context.edit(attribute.startIndex, attribute.endIndex, "status");
        }
      }
      return "status";
    }
    if (row?.change.kind === "removed") return context.todo(read, row.python?.todo ?? row.change.todo);
    if (row?.change.kind === "strings-to-objects") {
      if (read.parent?.type === "argument_list" && read.parent.parent?.childForFieldName("function")?.text === "len") return;
      // Already `[link.url for link in r.links]`, as this step writes it.
      const clause = read.parent?.type === "for_in_clause" ? read.parent : null;
      const element = clause?.parent?.type === "list_comprehension" ? clause.parent.childForFieldName("body") : null;
      if (clause && element?.text === `${clause.childForFieldName("left")!.text}.${row.change.pick}`) return;
      const links = subscript ? `${read.childForFieldName("value")!.text}.${field}` : read.text;
      context.edit(read.startIndex, read.endIndex, `[link.${row.change.pick} for link in ${links}]`, `map result .${field} are objects in v2: kept as strings`);
      return;
    }
    if (row?.change.kind === "rename") {
      const object = read.childForFieldName(subscript ? "value" : "object")!;
      context.edit(subscript ? object.endIndex : key.startIndex, read.endIndex, subscript ? `.${row.change.to}` : row.change.to, `result .${field} is .${row.change.to} in v2`);
      if (row.change.todo) context.todo(read, row.change.todo);
      return;
    }
  }
  const to = PY_FIELD_RENAMES[field] ?? snakeCase(field);
  if (subscript) {
    const object = read.childForFieldName("value")!;
    context.edit(object.endIndex, read.endIndex, `.${to}`, `result ["${field}"] is .${to} in v2`);
  } else if (to !== field) {
    context.edit(key.startIndex, key.endIndex, to, `result .${field} is .${to} in v2`);
  }
  const next = read.parent;
  if (!USER_DATA.has(to) && next && (next.type === "attribute" || next.type === "subscript") && next.child(0)?.id === read.id) {
    migrateChain(context, call, next, depth + 1, handled);
  }
}

export const step: PyStep = {
  name: "results",
  description: "updates uses of call results: success guards, snake_case fields, dict access, extract -> json, map links, search data -> web",
  run(context) {
    for (const call of context.calls) {
      // A v2 call's result already has the v2 shape (a v2 map() gives link objects): it is left alone.
      if (!call.row.result || !isV1PyCall(call, context.calls, context.options.sdk)) continue;
      const name = boundName(call);
      let checked = false;
      if (name) {
        const handled = new Set<number>();
        const reads = allOf(scopeOf(name), "identifier").filter((r) => r.text === name.text && r.startIndex > name.endIndex && (r.parent?.type === "attribute" || r.parent?.type === "subscript") && r.parent.child(0)?.id === r.id);
        const retyped = RETYPED_RESULTS[call.row.result];
        if (retyped && reads.length) context.todo(reads[0]!, retyped);
        for (const read of reads) if (migrateChain(context, call, read.parent!, 0, handled) === "status") checked = true;
      }
      if (call.row.waiter && call.isV1Name && !checked) context.todo(call.node, WAITER_TODO);
    }
  },
};
