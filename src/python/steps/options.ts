/**
 * Options (spec 9.3, sdk-facts 6.2): keyword arguments v2 renamed or removed, from the Python column of the
 * options table: max_depth, allow_backward_links, ignore_sitemap, sitemap_only, use_index, parse_pdf, ...
 * Also in `ScrapeOptions(...)`, whose 2.x fields were camelCase and whose v2 fields are snake_case.
 */
import { pythonOptionRows, sharedValue, V0_FORMAT_SWITCHES, V0_SCRAPE_KEYS, V0_SWITCHES_OFF, type OptionRow } from "../../mapping/options.js";
import { modelCalled } from "../detect/model-names.js";
import {
  PY_ACTION_MODELS,
  PY_ASYNC_MISSING_KEYWORDS,
  PY_NESTED_PAGE_OPTIONS,
  PY_OPTION_KINDS,
  PY_OPTION_MODELS,
  PY_SCHEMA_SENT_AS_GIVEN,
  PY_SCRAPE_OPTIONS_FIELDS,
  snakeCase,
} from "../../mapping/python.js";
import { dictEntries, dictSplats, keywords, type Keyword } from "../detect/arguments.js";
import { boundDict } from "../detect/bound-dict.js";
import { dictAsCall, pyFlagValue, pyLiteral, removeItem, removeOrPass } from "../writing.js";
import { callsFromOtherModules, exportedName, statementOf, type PyContext, type PyStep } from "../pipeline.js";
import { allOf, enclosing, stringValue, type Node } from "../runtime/parser.js";
import type { Message } from "../../mapping/messages.js";
import { isProbedV2Call, isV1PyCall } from "../detect/version.js";
import { heldValue, rebinds } from "../detect/names.js";
import {
  asyncKeywordRemoved,
  forwardedOptionNames,
  moved,
  unreadOptionNames,
  removed,
  renamed,
  scrapeOptionsLifted,
  scrapeOptionsNested,
  v0KeywordsKept,
} from "../../mapping/messages.js";
import { PY_FORMAT_SETTINGS } from "../../mapping/formats.js";
import { allCallsOf, kwargsParameter } from "../detect/callers.js";
import { methodProbes, type PyCall } from "../detect/clients.js";

function migrateKeyword(context: PyContext, args: Node, keyword: Keyword, row: OptionRow): void {
  const change = row.change;
  const { name, node, value } = keyword;
  // Findings are about the keyword's name (or the whole keyword), not the comma a removal takes with it.
  const nameNode = node.childForFieldName("name")!;
  const named = { start: nameNode.startIndex, end: nameNode.endIndex };
  const whole = { start: node.startIndex, end: node.endIndex };
  if (change.kind === "removed" || !row.python.v2) {
    context.apply(removeItem(context.source, args, node), removed(name, "v2 has no such option"), named);
    if (change.kind === "removed" && change.todo) context.todo(node, change.todo, "crawlOptions");
    return;
  }
  const to = row.python.v2;
  if (keywords(args).some((k) => k.name === to)) {
    context.apply(removeItem(context.source, args, node), removed(name, `${to} is already set`), named);
    return;
  }
  if (change.kind === "rename") {
    context.edit(named.start, named.end, to, renamed(name, to));
    if (change.todo) context.todo(node, change.todo, "crawlOptions");
    return;
  }
  if (change.omit !== undefined && value.type === String(change.omit)) {
    context.apply(removeItem(context.source, args, node), removed(`${name}=${value.text}`, "it is v2's default"), whole);
    return;
  }
  context.edit(node.startIndex, node.endIndex, `${to}=${pyFlagValue(context.source, change.values, value)}`, renamed(name, to), named);
}

/**
 * A keyword under its snake_case `name` (the code may spell it camelCase): the table's change where it has a row
 * (answers true), else the name v2 spells it by.
 */
function snakeCased(context: PyContext, args: Node, keyword: Keyword, rows: ReadonlyMap<string, OptionRow>, what: string): boolean {
  const row = rows.get(keyword.name);
  if (row) migrateKeyword(context, args, keyword, row);
  else {
    const name = keyword.node.childForFieldName("name")!;
    if (name.text !== keyword.name) context.edit(name.startIndex, name.endIndex, keyword.name, renamed(`${what} ${name.text}`, keyword.name));
  }
  return !!row;
}

/**
 * `ignore_sitemap=ig, sitemap_only=only`: both become `sitemap`, which is given once, with the value they come to
 * together (a keyword given twice is a syntax error); the others go. Answers the keywords it took care of, by node.
 */
function mergeShared(context: PyContext, args: Node, found: readonly { keyword: Keyword; row: OptionRow }[]): Set<number> {
  const done = new Set<number>();
  const byTarget = new Map<string, { keyword: Keyword; row: OptionRow }[]>();
  for (const each of found) {
    const to = each.row.python.v2;
    if (each.row.change.kind !== "boolean-to-value" || !to || keywords(args).some((k) => k.name === to)) continue;
    byTarget.set(to, [...(byTarget.get(to) ?? []), each]);
  }
  for (const [to, shared] of byTarget) {
    if (new Set(shared.map((s) => s.row)).size < 2) continue;
    const flags = shared.map(({ keyword, row }) => {
      const { value } = keyword;
      const test = value.type === "conditional_expression" || value.type === "lambda" ? `(${value.text})` : value.text;
      return { row, flag: value.type === "true" ? true : value.type === "false" ? false : test };
    });
    const merged = sharedValue(flags, {
      literal: (v) => pyLiteral(context.source, v),
      conditional: (test, whenTrue, whenFalse) => `${whenTrue} if ${test} else ${whenFalse}`,
    });
    if (merged === null) continue;
    const [first, ...rest] = shared;
    const names = shared.map((s) => s.keyword.name).join(" and ");
    if (merged === undefined) context.apply(removeItem(context.source, args, first!.keyword.node), removed(names, "v2's default"));
    else context.edit(first!.keyword.node.startIndex, first!.keyword.node.endIndex, `${to}=${merged}`, renamed(names, to));
    for (const { keyword } of rest)
      context.apply(removeItem(context.source, args, keyword.node), removed(keyword.name, `${to} says it with ${first!.keyword.name}`));
    shared.forEach(({ keyword }) => done.add(keyword.node.id));
  }
  return done;
}

const SCRAPE = "scrape";
const NESTED = "scrape_options";

/** v0's page options as v2's keyword spelling would have them: what a v1 params dict of them becomes. */
const V0_KEYWORDS = new Map(V0_SCRAPE_KEYS.map((key) => [snakeCase(key), key]));

/**
 * v0's page options among a call's or a model's keywords (`include_html=False`), which v1's SDK sent as they were
 * and v2 rejects: a format switch set False asks for nothing v2 does not already leave out, and goes; the rest
 * are named in one TODO. Answers the keywords it took care of, by node.
 */
function v0Keywords(context: PyContext, args: Node, at: Node): Set<number> {
  const found = keywords(args).filter((k) => V0_KEYWORDS.has(snakeCase(k.name)));
  const formats = keywords(args).find((k) => k.name === "formats")?.value;
  const asked = new Set(formats?.type === "list" ? formats.namedChildren.map((n) => stringValue(n)) : []);
  const kept: string[] = [];
  for (const { name, node, value } of found) {
    const key = V0_KEYWORDS.get(snakeCase(name))!;
    if (value.type === "false" && V0_SWITCHES_OFF.includes(key)) {
      context.apply(removeItem(context.source, args, node), removed(`${name}=False`, "v0's switch asked for no format"));
    } else if (value.type === "true" && formats?.type === "list" && V0_FORMAT_SWITCHES[key]) {
      // `formats=["markdown"], include_html=True`: the format joins the list, where it is not there already
      const format = V0_FORMAT_SWITCHES[key];
      const message = asked.has(format) ? removed(`${name}=True`, `formats asks for ${format} already`) : moved(`${name}=True`, "formats");
      const last = formats.namedChildren.filter((n) => n?.type !== "comment").at(-1);
      const at = last ? last.endIndex : formats.startIndex + 1;
      if (!asked.has(format)) context.edit(at, at, `${last ? ", " : ""}${pyLiteral(context.source, format)}`, message);
      asked.add(format);
      context.apply(removeItem(context.source, args, node), message);
    } else kept.push(name);
  }
  if (kept.length) context.todo(at, v0KeywordsKept(kept));
  return new Set(found.map((k) => k.node.id));
}

/**
 * The value a keyword gives: written there, or held in a name (`scrape_options = {...}`, then
 * `scrape_options=scrape_options`) its scope assigns once and reads only as this keyword of calls this step
 * rewrites (`migrated`, their argument lists), so what is made of the value serves each of them. Each value is
 * answered once (`done`): the calls that share it share its one rewrite.
 */
function givenValue(context: PyContext, { name, value }: Keyword, migrated: ReadonlySet<number>, done: Set<number>): Node | null {
  const sameKeyword = (read: Node) => {
    const keyword = read.parent;
    return (
      keyword?.type === "keyword_argument" &&
      keyword.childForFieldName("value")?.id === read.id &&
      snakeCase(keyword.childForFieldName("name")!.text) === name &&
      migrated.has(keyword.parent!.id)
    );
  };
  const held = value.type === "identifier" ? heldValue(value, exportedName(context), sameKeyword) : value;
  if (!held || done.has(held.id)) return null;
  done.add(held.id);
  return held;
}

/** `agent={"model": "FIRE-1"}`: v2 types the option as a model (`AgentOptions(model="FIRE-1")`), which the imports step imports. */
function modelFromDict(context: PyContext, name: string, value: Node): void {
  const model = PY_OPTION_MODELS[name];
  const entries = model && value.type === "dictionary" ? dictEntries(value) : null;
  if (!entries) return;
  const called = modelCalled(value, model!);
  writeAsCall(context, value, called, renamed(`${name} as a dict`, called));
}

/** A dict literal written as a model's call (writing.ts's dictAsCall), said as one change. */
function writeAsCall(context: PyContext, dict: Node, called: string, message: Message, omit?: Node): void {
  dictAsCall(context.source, dict, called, omit).forEach((edit, i) => context.apply(edit, i === 0 ? message : undefined));
}

/**
 * `schema=ArticleSchema`, a pydantic class of the module's: 1.x's and 2.x's extract made it a JSON schema
 * (`model_json_schema()`), 4.x's puts what it is given into the request's JSON as it is, which a class is not.
 */
function schemaOfModel(context: PyContext, name: string, value: Node): void {
  if (name !== "schema" || value.type !== "identifier") return;
  const defined = allOf(context.tree.rootNode, "class_definition").some((c) => c.childForFieldName("name")!.text === value.text);
  if (defined) context.edit(value.endIndex, value.endIndex, ".model_json_schema()", renamed(`schema=${value.text}, a pydantic class`, "its JSON schema"));
}

/**
 * `actions=[{"type": "wait", "milliseconds": 2000}, ...]`: v2 types each action as its model
 * (`WaitAction(milliseconds=2000)`), which the imports step imports. Only a list whose every action is a dict
 * literal of a known type with fields its model has is rewritten; any other stays as it is, for the
 * verification to mark.
 */
function actionModels(context: PyContext, name: string, value: Node): void {
  if (name !== "actions" || value.type !== "list") return;
  const items = value.namedChildren.filter((n): n is Node => n !== null && n.type !== "comment");
  const actions = items.flatMap((item) => {
    const entries = item.type === "dictionary" ? dictEntries(item) : null;
    const type = entries?.find((e) => e.key === "type");
    const action = type ? PY_ACTION_MODELS[stringValue(type.value) ?? ""] : undefined;
    if (!entries || !action) return [];
    const fields = entries.filter((e) => e !== type).map((e) => snakeCase(e.key));
    return fields.every((field) => action.fields.includes(field)) ? [{ item, type: type!.node, model: modelCalled(item, action.model) }] : [];
  });
  if (!items.length || actions.length < items.length) return;
  for (const { item, type, model } of actions) writeAsCall(context, item, model, renamed("an action dict", model), type);
}

/**
 * `scrape(url, scrape_options=ScrapeOptions(formats=["markdown"]))`: crawl's and search's nesting, which no release's
 * scrape took (1.x sent it to a service that refused it, 2.x raised ValueError), so the call never ran; its fields are
 * what the code asked the scrape for, and become the scrape's own keyword arguments. Only for a model with keyword
 * fields alone, or a dict literal of string keys, none of which the call gives too (nor may, through a `**` of its
 * own): written there, or held in a name
 * assigned it once, in the statement before the call's in its block (or with none between that binds a name the
 * fields read), and read only there, which then goes. A model written there keeps its fields' text (and this
 * step's renames of them); a held model's and a dict's are written under v2's names where v2 takes them as they are.
 * Answers the keyword it lifted, and the model call it took the fields of.
 */
function liftScrapeOptions(context: PyContext, call: PyCall, rows: ReadonlyMap<string, OptionRow>): { keyword: Node; model?: Node } | null {
  // a `**options` may give the same names
  if (call.row.python.v2 !== SCRAPE || dictSplats(call.args).length) return null;
  const given = keywords(call.args);
  const nested = given.find((k) => snakeCase(k.name) === NESTED);
  if (!nested) return null;
  const own = new Set(given.filter((k) => k !== nested).map((k) => snakeCase(k.name)));
  const { node } = nested;
  const held = nested.value.type === "identifier" ? heldValue(nested.value, exportedName(context)) : null;
  const value = held ?? nested.value;
  const modelName = modelCalled(call.node, PY_OPTION_MODELS[NESTED]!);
  const model = value.type === "call" && value.childForFieldName("function")?.text === modelName ? value.childForFieldName("arguments") : null;
  const items = model?.type === "argument_list" ? model.namedChildren.filter((n): n is Node => n !== null) : [];
  const fields =
    value.type === "dictionary"
      ? dictEntries(value)
      : items.every((n) => n.type === "keyword_argument")
        ? items.map((n) => ({ key: n.childForFieldName("name")!.text, value: n.childForFieldName("value")! }))
        : null;
  if (!fields?.length || fields.some((f) => own.has(snakeCase(f.key)))) return null;
  if (model && !held) {
    context.edit(node.startIndex, items[0]!.startIndex, "", scrapeOptionsLifted());
    context.edit(items.at(-1)!.endIndex, node.endIndex, "");
    return { keyword: node };
  }
  const names = fields.map((f) => snakeCase(f.key));
  if (names.some((name) => !takenAsIs(name, rows) || !/^[a-z_]\w*$/.test(name))) return null;
  const assignment = held ? statementOf(held) : null;
  if (held && !(assignment && nothingBetween(assignment, statementOf(call.node), fields))) return null;
  context.edit(node.startIndex, node.endIndex, fields.map((f, i) => `${names[i]}=${f.value.text}`).join(", "), scrapeOptionsLifted());
  if (assignment) context.apply(removeOrPass(context.source, assignment));
  return { keyword: node, model: model ? value : undefined };
}

/**
 * `crawl(url, limit=10, formats=["markdown"])`: a page's options given flat to a crawl or a search, which take them
 * only nested (2.x raised ValueError on them, and the service refused 1.x's request with them, so the call never ran):
 * they go into `scrape_options=ScrapeOptions(...)`, where the call gives none already (nor may, through a `**`) and v2
 * takes each as it is. Answers the keywords it nested.
 */
function nestScrapeOptions(context: PyContext, call: PyCall, rows: ReadonlyMap<string, OptionRow>): Set<number> {
  const given = keywords(call.args);
  const nested = call.row.options ? PY_NESTED_PAGE_OPTIONS[call.row.options] : undefined;
  const flat = nested ? given.filter((k) => nested.has(snakeCase(k.name))) : [];
  if (!flat.length || given.some((k) => snakeCase(k.name) === NESTED) || dictSplats(call.args).length) return new Set();
  if (flat.some((k) => !takenAsIs(snakeCase(k.name), rows))) return new Set();
  const model = modelCalled(call.node, PY_OPTION_MODELS[NESTED]!);
  const fields = flat.map((k) => `${snakeCase(k.name)}=${k.value.text}`).join(", ");
  context.edit(
    flat[0]!.node.startIndex,
    flat[0]!.node.endIndex,
    `${NESTED}=${model}(${fields})`,
    scrapeOptionsNested(
      flat.map((k) => k.name),
      call.row.python.v2!,
    ),
  );
  for (const keyword of flat.slice(1)) context.apply(removeItem(context.source, call.args, keyword.node));
  return new Set(flat.map((k) => k.node.id));
}

/**
 * Whether a statement comes before another in its block with nothing between that binds a name the fields read: the
 * fields give the call what they gave the statement.
 */
function nothingBetween(before: Node, after: Node, fields: readonly { value: Node }[]): boolean {
  if (before.parent?.id !== after.parent?.id || before.endIndex > after.startIndex) return false;
  const read = new Set(
    fields
      .flatMap((f) => [f.value, ...allOf(f.value, "identifier")])
      .filter((n) => n.type === "identifier")
      .map((n) => n.text),
  );
  const between = before.parent!.namedChildren.filter((n): n is Node => !!n && n.startIndex >= before.endIndex && n.endIndex <= after.startIndex);
  return between.every((statement) => !allOf(statement, "identifier").some((n) => read.has(n.text) && rebinds(n)));
}

/**
 * `def scrape(self, url, **kwargs): return self.app.scrape_url(url, **kwargs)`: the options are the callers', under
 * the names they give, handed on as they are or spread into the dict the call takes (`params = {"urls": urls,
 * **kwargs}`, then `**params`). Where every call of the function is in sight and gives only names v2 takes as they
 * are, the call is done; else a TODO names the callers' v1 names, or says they could not all be read.
 */
function forwardedOptions(context: PyContext, call: PyCall, rows: ReadonlyMap<string, OptionRow>, readers: ReadonlySet<number>): void {
  const fn = enclosing(call.node, "function_definition");
  const parameter = fn && kwargsParameter(fn);
  const forwarded = dictSplats(call.args).some((splat) => {
    if (splat.text === parameter) return true;
    const bound = splat.type === "identifier" ? boundDict(splat, call.node, readers) : null;
    return !!bound && "dict" in bound && [bound.dict, ...bound.fallbacks].some((dict) => dictSplats(dict).some((s) => s.text === parameter));
  });
  if (!fn || !parameter || !forwarded) return;
  const callers = allCallsOf(fn, callsFromOtherModules(context))?.map((caller) => caller.childForFieldName("arguments")!);
  // a caller handing on a dict of its own: its names cannot be read here
  const readable = callers?.every((args) => !dictSplats(args).length);
  const changed = readable ? callers!.flatMap((args) => keywords(args).map((k) => k.name)).filter((name) => !takenAsIs(name, rows)) : undefined;
  if (changed?.length !== 0) context.todo(call.node, forwardedOptionNames(parameter, changed && [...new Set(changed)]));
}

/**
 * `app.map_url(**config["params"])`, `app.crawl_url(url, **options_for(site))`: 2.x keyword arguments in a dict taken
 * out of another value or made by a call, under 2.x's names. Where v2 renamed or dropped some of the method's, a TODO
 * names them. (A name's dict is the params step's, or a parameter's, as `**kwargs` is forwardedOptions'.)
 */
function unreadOptions(context: PyContext, call: PyCall, rows: ReadonlyMap<string, OptionRow>): void {
  const unread = dictSplats(call.args).find((splat) => splat.type === "subscript" || splat.type === "call");
  if (unread && rows.size) context.todo(call.node, unreadOptionNames(unread.text, [...rows.keys()]));
}

/** Whether v2 takes an option under the name 2.x code gives it (as far as the tables say: they list what changed). */
function takenAsIs(name: string, rows: ReadonlyMap<string, OptionRow>): boolean {
  return snakeCase(name) === name && !rows.has(name) && !V0_KEYWORDS.has(name) && !PY_FORMAT_SETTINGS.has(name);
}

export const step: PyStep = {
  name: "options",
  description: "renames crawl, map, search and scrape options (max_depth, allow_backward_links, ignore_sitemap, parse_pdf, ...)",
  fresh: true,
  run(context) {
    const clientCalls = new Set(context.calls.map((c) => c.node.id));
    // v2's own calls take v2's options (4.x still accepts a few v1 spellings, ignore_sitemap among them).
    const probes = methodProbes(context.tree, context.sdk);
    const onV1 = (c: PyCall) =>
      isV1PyCall(c, context.calls, context.options.sdk, context.sdk) || isProbedV2Call(c, probes, context.calls, context.options.sdk, context.sdk);
    const migrated = context.calls.filter((c) => c.row.options && onV1(c));
    const migratedArgs = new Set(migrated.map((c) => c.args.id));
    const answered = new Set<number>();
    const liftedModels = new Set<number>();
    for (const call of migrated) {
      const rows = pythonOptionRows(PY_OPTION_KINDS[call.row.options!]);
      // 2.x sent keyword arguments it did not know (`maxAge=`) on to the API as they were; v2 takes snake_case ones only.
      const given = keywords(call.args).map((keyword) => ({ ...keyword, name: snakeCase(keyword.name) }));
      const found = given.flatMap((keyword) => {
        const row = rows.get(keyword.name);
        return row ? [{ keyword, row }] : [];
      });
      forwardedOptions(context, call, rows, clientCalls);
      unreadOptions(context, call, rows);
      const lifted = liftScrapeOptions(context, call, rows);
      const nested = nestScrapeOptions(context, call, rows);
      if (lifted?.model) liftedModels.add(lifted.model.id);
      const merged = mergeShared(context, call.args, found);
      const v0 = v0Keywords(context, call.args, call.node);
      const method = call.row.python.v2!;
      const syncOnly = call.async ? (PY_ASYNC_MISSING_KEYWORDS[method] ?? []) : [];
      for (const keyword of given) {
        if (PY_SCHEMA_SENT_AS_GIVEN.has(method)) schemaOfModel(context, keyword.name, keyword.value);
        if (merged.has(keyword.node.id) || v0.has(keyword.node.id) || keyword.node.id === lifted?.keyword.id || nested.has(keyword.node.id)) continue;
        if (syncOnly.includes(keyword.name)) {
          context.apply(removeItem(context.source, call.args, keyword.node), removed(keyword.name, `AsyncFirecrawl.${method}() has no such option`));
          context.todo(keyword.node, asyncKeywordRemoved(keyword.name, method));
        } else if (!snakeCased(context, call.args, keyword, rows, "keyword argument")) {
          const value = givenValue(context, keyword, migratedArgs, answered);
          if (value) {
            modelFromDict(context, keyword.name, value);
            actionModels(context, keyword.name, value);
          }
        }
      }
    }
    // ScrapeOptions(...) models: v2's fields are snake_case, and the scrape rows apply to them (not to a class of the
    // code's own by that name).
    const scrapeRows = pythonOptionRows(["scrape"]);
    const scrapeOptions = modelCalled(context.tree.rootNode, PY_OPTION_MODELS.scrape_options!);
    for (const call of allOf(context.tree.rootNode, "call")) {
      if (call.childForFieldName("function")?.text !== scrapeOptions || liftedModels.has(call.id)) continue;
      const args = call.childForFieldName("arguments")!;
      const v0 = v0Keywords(context, args, call);
      for (const keyword of keywords(args)) {
        const name = snakeCase(keyword.name);
        // A name no release's ScrapeOptions declared (`returnOnlyUrls`) was ignored, as it is in v2: respelled, it would be a
        // new name for the same unknown option.
        if (v0.has(keyword.node.id) || (!scrapeRows.has(name) && !PY_SCRAPE_OPTIONS_FIELDS.has(name) && !PY_FORMAT_SETTINGS.has(name))) continue;
        snakeCased(context, args, { ...keyword, name }, scrapeRows, "ScrapeOptions field");
      }
    }
  },
};
