/**
 * Formats (spec 9.1.4-5, 9.2; sdk-facts 6.1): `formats=["extract"]` with `extract=...`, `["json"]` with
 * `json_options=...` (a dict or a `JsonConfig(...)`), `"screenshot@fullPage"`, and `"changeTracking"` with
 * `change_tracking_options=...` become v2 format dicts, `{"type": "json", "prompt": ..., "schema": ...}`.
 */
import { FORMATS, settingFate, type FormatRow } from "../../mapping/formats.js";
import { PY_OPTION_MODELS, snakeCase } from "../../mapping/python.js";
import { modelCalled } from "../detect/model-names.js";
import { callKeywords, dictEntries, keywords, type Keyword } from "../detect/arguments.js";
import { pyLiteral, removeItem } from "../writing.js";
import { exportedName, type PyContext, type PyStep } from "../pipeline.js";
import { allOf, calledName, parameterAnnotation, stringValue, type Node } from "../runtime/parser.js";
import { heldValue } from "../detect/names.js";
import {
  moved,
  removed,
  renamed,
  settingsIgnored,
  settingsRefused,
  settingsWithoutFormat,
  sharedSettings,
  spreadSettings,
  unreadSettings,
  V1_MODE_DROPPED,
} from "../../mapping/messages.js";

const spellings = (row: FormatRow) => [row.python.v1, ...(row.python.aliases ?? [])];
const rowsByV1 = new Map(FORMATS.flatMap((row) => spellings(row).map((name) => [name, row] as const)));

/**
 * The settings a v1 format carried, as v2 dict entries; null when they cannot be read from the code. Keys
 * are the SDK's snake_case, or (`keyOf`) as the API spells them in a raw request's body.
 */
export function settingsEntries(context: PyContext, row: FormatRow, settings: Node, at: Node, keyOf: (key: string) => string = snakeCase): string[] | null {
  const q = (s: string) => pyLiteral(context.source, s);
  let written: [string, string][];
  if (settings.type === "dictionary") {
    const entries = dictEntries(settings);
    if (!entries) return null;
    written = entries.map((e) => [e.key, e.value.text]);
  } else if (settings.type === "call") {
    const kw = callKeywords(settings);
    if (!kw) return null;
    written = [...kw].map(([k, v]) => [k, v.text]);
  } else {
    return null;
  }
  const pairs = written.map(([k, v]): [string, string] => [keyOf(k), v]);
  const asWritten = (pair: [string, string]) => written[pairs.indexOf(pair)]![0];
  const camel = (key: string) => key.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
  // a plain one-line string's value (`"llm"`, `'llm'`), the only kind the table's dropped value is matched in
  const fates = new Map(pairs.map((p) => [p, settingFate(row, camel(p[0]), /^(["'])(.*)\1$/.exec(p[1])?.[2])]));
  const withFate = (fate: string) => pairs.filter((p) => fates.get(p) === fate);
  const dropped = withFate("dropped");
  const refused = withFate("refused");
  if (dropped.length) context.edit(at.startIndex, at.startIndex, "", removed(dropped.map((p) => `${asWritten(p)}: ${p[1]}`).join(", "), V1_MODE_DROPPED));
  // settings made with one of 2.x's models (`JsonConfig(...)`, not `dict(...)`): pydantic ignored what it did not declare
  const model = settings.type === "call" && calledName(settings) !== "dict" ? calledName(settings) : undefined;
  if (refused.length && model) context.edit(at.startIndex, at.startIndex, "", settingsIgnored(refused.map(asWritten), model));
  else if (refused.length) context.todo(at, settingsRefused(refused.map(asWritten), row.v2!.type, row.v2!.settings!), "formats");
  const folded = withFate("folded");
  const kept = withFate("kept");
  if (folded.length) {
    const prompt = kept.find(([k]) => k === "prompt");
    const combined = [...folded.map(([, v]) => v), ...(prompt ? [prompt[1]] : [])].join(` + ${q("\n\n")} + `);
    if (prompt) prompt[1] = combined;
    else kept.unshift(["prompt", combined]);
    context.todo(at, Object.values(row.unsupported!)[0]!.todo, "formats");
  }
  return kept.map(([k, v]) => `${q(k)}: ${v}`);
}

/**
 * `json_options=config` where the file assigns `config` once (`config = JsonConfig(schema=...)`, or a dict)
 * and reads it only there: that assignment's value, which can then hold the format dict itself.
 */
function heldSettings(context: PyContext, value: Node): Node | null {
  const right = heldValue(value, exportedName(context));
  return right && (right.type === "dictionary" || right.type === "call") ? right : null;
}

/**
 * Format settings no format of the call asks for (`json_options=` without "json"): v2 has no such keyword, and
 * whether the author meant the format is theirs to say. Formats the code does not spell out (a variable, `**opts`)
 * may ask for it, and are left alone.
 */
function orphanSettings(context: PyContext, args: Node, all: readonly Keyword[], formats: Keyword | undefined): void {
  if (args.namedChildren.some((c) => c?.type === "dictionary_splat")) return;
  const asked = formats ? formats.value.namedChildren.filter((e) => e?.type !== "comment").map((e) => stringValue(e)) : [];
  if (formats && (formats.value.type !== "list" || asked.includes(undefined))) return;
  for (const row of FORMATS) {
    const key = row.python.optionsKey;
    const settings = key && row.v2 && !spellings(row).some((name) => asked.includes(name)) ? all.find((k) => k.name === key) : undefined;
    if (settings) context.todo(settings.node, settingsWithoutFormat(key!, row.python.v1, row.v2!.type, "python"), "formats");
  }
}

/** A parameter of the function around it annotated as a dict (`extract_params: Dict[str, Any]`), not Optional. */
function dictParameter(value: Node): boolean {
  const type = parameterAnnotation(value);
  return !!type && DICT_TYPE.test(type.text);
}

const DICT_TYPE = /^(?:typing\.)?(?:Dict|dict|Mapping)\b(?:\[.*\])?$/s;

function migrateFormats(context: PyContext, args: Node): void {
  const all = keywords(args);
  const formats = all.find((k) => k.name === "formats");
  orphanSettings(context, args, all, formats);
  if (formats?.value.type !== "list") return;
  const q = (s: string) => pyLiteral(context.source, s);
  const used = new Set<Node>();
  for (const element of formats.value.namedChildren) {
    const value = stringValue(element);
    const row = value !== undefined ? rowsByV1.get(value) : undefined;
    if (!row || !element) continue;
    if (!row.v2) {
      context.apply(removeItem(context.source, formats.value, element), removed(`format "${value}"`, "it never existed in the API"));
      continue;
    }
    const settingsKey = row.python.optionsKey;
    const settings = settingsKey ? all.find((k) => k.name === settingsKey || k.name === snakeCase(settingsKey)) : undefined;
    if (row.v2.required && !settings) continue;
    const entries = [`${q("type")}: ${q(row.v2.type)}`];
    const held = settings ? heldSettings(context, settings.value) : null;
    if (settings && held) {
      // The variable becomes the format dict and the list names it, so the dict is written once where the code keeps it.
      const more = settingsEntries(context, row, held, formats.node);
      if (more) {
        const dict = `{${[...entries, ...more].join(", ")}}`;
        context.edit(held.startIndex, held.endIndex, dict, renamed(`${settings.value.text}'s ${settings.name}`, `a {"type": "${row.v2.type}"} format dict`));
        context.edit(element.startIndex, element.endIndex, settings.value.text, renamed(`format "${value}"`, `the format dict ${settings.value.text} holds`));
        used.add(settings.node);
        continue;
      }
    }
    if (settings && row.v2.settings && dictParameter(settings.value)) {
      // A dict a caller hands in, its keys v1's settings: spread where the format dict is, and said so.
      entries.push(`**${settings.value.text}`);
      used.add(settings.node);
      context.todo(formats.node, spreadSettings(settings.value.text, row.v2.type, row.v2.settings), "formats");
    } else if (settings) {
      const more = settingsEntries(context, row, settings.value, formats.node);
      if (!more) {
        const shared = settings.value.type === "identifier" && heldValue(settings.value, () => false);
        context.todo(
          formats.node,
          shared ? sharedSettings(settings.name, row.v2.type, settings.value.text) : unreadSettings(settings.name, row.v2.type),
          "formats",
        );
        continue;
      }
      entries.push(...more);
      used.add(settings.node);
    } else if (settingsKey) {
      context.todo(formats.node, `a v2 ${row.v2.type} format needs a prompt or a schema; v1 sent none`, "formats");
    }
    for (const [key, flag] of Object.entries(row.v2.fixed ?? {})) entries.push(`${q(snakeCase(key))}: ${flag ? "True" : "False"}`);
    context.edit(element.startIndex, element.endIndex, `{${entries.join(", ")}}`, renamed(`format "${value}"`, `a {"type": "${row.v2.type}"} format dict`));
  }
  for (const node of used) context.apply(removeItem(context.source, args, node), moved(node.childForFieldName("name")!.text, "its format dict"));
}

export const step: PyStep = {
  name: "formats",
  description: 'turns "extract", "json", "screenshot@fullPage" and "changeTracking" with their options into v2 format dicts',
  fresh: true,
  run(context) {
    for (const call of context.calls) if (call.row.options === "scrape" || call.row.options === "batch") migrateFormats(context, call.args);
    const scrapeOptions = modelCalled(context.tree.rootNode, PY_OPTION_MODELS.scrape_options!);
    for (const call of allOf(context.tree.rootNode, "call")) {
      if (call.childForFieldName("function")?.text === scrapeOptions) migrateFormats(context, call.childForFieldName("arguments")!);
    }
  },
};
