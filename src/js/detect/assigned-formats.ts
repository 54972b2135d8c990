/**
 * Formats asked for key by key (`opts.formats = ["extract"]; opts.extract = { prompt }`), where the formats step can
 * write them as v2 asks (`opts.formats = [{ type: "json", prompt }]`) for certain: the list is assigned once, as a
 * statement, with strings only; each settings key it needs is set once, in the literal or by a statement of the same
 * block with only assignments to the object between the two; and nothing else may set either (`opts[key] = ...`).
 * Elsewhere the request keeps its TODO, and the result's reads keep v1's names with it (DESIGN contract 12).
 */
import type { AssignmentExpression, ArrayExpression, Node, ObjectProperty, VariableDeclarator } from "@babel/types";
import type { ASTPath } from "jscodeshift";
import { FORMATS } from "../../mapping/formats.js";
import { findProperty, memberName, propertyKey } from "./expressions.js";
import type { OptionsObject } from "./options-objects.js";
import { walkPaths, type Path, type PathIndex } from "./paths.js";
import { bindingReferences } from "./references.js";

/** Where a settings key of a format is set: a property of the literal, or an assignment statement to remove. */
export interface AssignedSettings {
  readonly value: Node;
  readonly property?: ObjectProperty;
  readonly statement?: Path;
}

export interface AssignedFormats {
  readonly list: ArrayExpression;
  /** the list's assignment */
  readonly at: Path;
  /** by the settings key (`extract`, `jsonOptions`) */
  readonly settings: ReadonlyMap<string, AssignedSettings>;
}

const SETTINGS_KEYS = new Set(FORMATS.flatMap((row) => (row.optionsKey ? [row.optionsKey] : [])));
const rowsByV1 = new Map(FORMATS.map((row) => [row.v1, row]));

/** The statement an assignment is, where it stands alone in a list of statements. */
function statementOf(assignment: ASTPath<AssignmentExpression>): Path | undefined {
  const statement = assignment.parent as Path | null;
  const list = (statement?.parent?.node as { body?: unknown } | undefined)?.body;
  return statement?.node.type === "ExpressionStatement" && Array.isArray(list) ? statement : undefined;
}

/** Whether a value reads the options' own name (`opts.extract = { prompt: opts.prompt }`): it cannot move. */
function readsObject(path: Path, name: string): boolean {
  let found = false;
  walkPaths(path, (p) => {
    if (p.node.type === "Identifier" && p.node.name === name) found = true;
  });
  return found;
}

/** Whether only assignments to the options stand between two statements of one list. */
function onlyAssignmentsBetween(a: Path, b: Path, assignments: readonly ASTPath<AssignmentExpression>[]): boolean {
  if (a.parent !== b.parent && a.parent?.node !== b.parent?.node) return false;
  const list = (a.parent!.node as { body: Node[] }).body;
  const [from, to] = [list.indexOf(a.node), list.indexOf(b.node)].sort((x, y) => x - y);
  const statements = new Set(assignments.map((q) => q.parent?.node));
  return list.slice(from! + 1, to).every((statement) => statements.has(statement));
}

/**
 * Whether the options' name is used only to set its keys (`opts.k = v`) and to pass it once (the call): a read of a
 * settings key (`opts.extract.schema = s`, `log(opts.extract)`) or a second hand it goes through (`helper(opts)`)
 * would still want the key the rewrite removes.
 */
function onlySetAndPassed(index: PathIndex, path: Path, name: string): boolean {
  const declarator = path.parent as Path | null;
  const id = (declarator?.node as Node | undefined)?.type === "VariableDeclarator" ? (declarator!.node as VariableDeclarator).id : undefined;
  if (id?.type !== "Identifier" || id.name !== name) return false;
  let passed = 0;
  for (const ref of bindingReferences(index, declarator!, id, name)) {
    const parent = ref.parent?.node as Node | undefined;
    const assignment = ref.parent?.parent?.node as Node | undefined;
    const sets = parent?.type === "MemberExpression" && parent.object === ref.node && assignment?.type === "AssignmentExpression" && assignment.left === parent;
    const passes = (parent?.type === "CallExpression" || parent?.type === "OptionalCallExpression") && parent.arguments.includes(ref.node as never);
    if (passes) passed++;
    else if (!sets) return false;
  }
  return passed <= 1;
}

export function assignedFormats(object: OptionsObject, index: PathIndex): AssignedFormats | undefined {
  const { path, assignments } = object;
  if (path.node.properties.some((p) => p.type === "SpreadElement") || findProperty(path.node, "formats")) return undefined;
  const keyOf = (q: ASTPath<AssignmentExpression>) => (q.node.left.type === "MemberExpression" ? memberName(q.node.left) : undefined);
  if (assignments.some((q) => keyOf(q) === undefined)) return undefined;
  const formats = assignments.filter((q) => keyOf(q) === "formats");
  const list = formats[0]?.node.right;
  const listStatement = formats[0] && statementOf(formats[0]);
  if (formats.length !== 1 || list?.type !== "ArrayExpression" || !listStatement) return undefined;
  if (!list.elements.every((e) => e?.type === "StringLiteral")) return undefined;
  const name = (formats[0]!.node.left as Extract<Node, { type: "MemberExpression" }>).object;
  if (name.type !== "Identifier" || !onlySetAndPassed(index, path as Path, name.name)) return undefined;
  const settings = new Map<string, AssignedSettings>();
  for (const element of list.elements) {
    const key = rowsByV1.get((element as { value: string }).value)?.optionsKey;
    if (!key) continue;
    const property = findProperty(path.node, key);
    const set = assignments.filter((q) => keyOf(q) === key);
    if (set.length + (property ? 1 : 0) > 1) return undefined;
    if (property) {
      if (property.type !== "ObjectProperty") return undefined;
      settings.set(key, { value: property.value, property });
      continue;
    }
    const statement = set[0] && statementOf(set[0]);
    if (!statement) continue;
    if (!onlyAssignmentsBetween(statement, listStatement, assignments)) return undefined;
    if (name.type !== "Identifier" || readsObject(set[0]!.get("right") as Path, name.name)) return undefined;
    settings.set(key, { value: set[0]!.node.right, statement });
  }
  // A settings key set with no format of the list asking for it is the formats step's to mark.
  if (assignments.some((q) => SETTINGS_KEYS.has(keyOf(q)!) && !settings.has(keyOf(q)!))) return undefined;
  if (path.node.properties.some((p) => SETTINGS_KEYS.has(propertyKey(p) ?? "") && !settings.has(propertyKey(p)!))) return undefined;
  return { list, at: formats[0]! as Path, settings };
}
