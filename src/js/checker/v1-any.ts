/**
 * Where v1's types gave a value as any (a field typed any, an object with an index signature of any) and v2's
 * type the same expression strictly, a new assignability error there is no break the migration made: the user's
 * code never had a type check at that place, and v1 let any value through. A cast to the type the place expects
 * keeps v1's static meaning and changes nothing at run time, where a TODO would hand the user a check v1 never
 * asked for. The rule is narrow: only an assignability error (TS2322, TS2345); only an expression that reads the
 * same in the input and whose every occurrence there v1 typed any or any-bearing; only a type printable as it
 * stands at that place (keywords, literals, names in scope, `Name["field"]`), nothing that would need an import.
 * The verification (verify.ts) keeps a cast only where the file then type-checks with fewer new errors.
 */
import type { Edit } from "../../core/edits.js";
import { innermostAt, ts, type TS } from "./compiler.js";
import { v1AnyCast } from "../../mapping/messages.js";

/** TS2322 (not assignable), TS2345 (argument not assignable). */
const ASSIGNABILITY = new Set([2322, 2345]);

/** A cast the verification may write: the edits, where the cast expression starts, and what the report says of it. */
export interface Cast {
  readonly edits: readonly Edit[];
  readonly at: number;
  readonly message: string;
}

/** The expression whose value an error at `pos` says does not fit: what is assigned, returned or passed there. */
function assignedAt(file: TS.SourceFile, d: TS.Diagnostic): TS.Expression | undefined {
  const end = d.start! + (d.length ?? 0);
  for (let at: TS.Node | undefined = innermostAt(file, d.start!); at && at.kind !== ts.SyntaxKind.SourceFile; at = at.parent) {
    if (at.getStart(file) !== d.start) return undefined;
    const parent = at.parent;
    if (ts.isReturnStatement(at)) return at.expression;
    if (at.getEnd() !== end) continue;
    if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && parent.left === at) return parent.right;
    if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name === at) return parent.initializer;
    if (ts.isCallExpression(parent) && parent.arguments.includes(at as TS.Expression)) return at as TS.Expression;
    return undefined;
  }
  return undefined;
}

/** Whether v1 gave a type as any, or as an object whose string index signature is any (possibly | undefined). */
function anyBearing(type: TS.Type, checker: TS.TypeChecker): boolean {
  if (type.flags & ts.TypeFlags.Any) return true;
  if (type.isUnion()) {
    const values = type.types.filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)));
    return values.length > 0 && values.every((t) => anyBearing(t, checker));
  }
  const index = checker.getIndexInfoOfType(type, ts.IndexKind.String);
  return index !== undefined && (index.type.flags & ts.TypeFlags.Any) !== 0;
}

/** Whether every expression of the input that reads `text` v1 typed any or any-bearing (and there is one). */
function anyInV1(text: string, original: TS.SourceFile, v1: TS.TypeChecker): boolean {
  const same: TS.Node[] = [];
  const visit = (node: TS.Node) => {
    const read = node.getText(original);
    if (read === text && ts.isExpression(node)) same.push(node);
    else if (read.includes(text)) ts.forEachChild(node, visit);
  };
  ts.forEachChild(original, visit);
  return same.length > 0 && same.every((node) => anyBearing(v1.getTypeAtLocation(node), v1));
}

const KEYWORD_TYPES = new Set([
  "string",
  "number",
  "boolean",
  "bigint",
  "symbol",
  "object",
  "undefined",
  "null",
  "unknown",
  "any",
  "never",
  "void",
  "true",
  "false",
]);

/** The type as the place can name it without an import, or undefined: keywords, literals, `[]` and names in scope. */
function printable(type: TS.Type, at: TS.Node, checker: TS.TypeChecker): string | undefined {
  const text = checker.typeToString(type, at, ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope);
  if (/[{}()<>=]|import|\.\.\./.test(text)) return undefined;
  const words = text.replace(/"(?:[^"\\]|\\.)*"/g, "").match(/[A-Za-z_$][\w$]*/g) ?? [];
  const inScope = new Set(checker.getSymbolsInScope(at, ts.SymbolFlags.Type | ts.SymbolFlags.Alias).map((s) => s.name));
  return words.every((word) => KEYWORD_TYPES.has(word) || inScope.has(word)) ? text : undefined;
}

/** The type a value must have where it stands: an async function's return expression may also be a promise of it, which is left out. */
function expectedType(node: TS.Expression, checker: TS.TypeChecker): TS.Type | undefined {
  const context = checker.getContextualType(node);
  const values = context?.isUnion() ? context.types.filter((t) => !checker.getPropertyOfType(t, "then")) : [context];
  return values.length === 1 ? values[0] : context;
}

const unwrap = (node: TS.Expression): TS.Expression => (ts.isParenthesizedExpression(node) ? unwrap(node.expression) : node);

/** An expression a cast follows as it is: anything else is put in parentheses first. */
const BARE = new Set([ts.SyntaxKind.Identifier, ts.SyntaxKind.PropertyAccessExpression, ts.SyntaxKind.ElementAccessExpression, ts.SyntaxKind.CallExpression]);

/**
 * The casts that repair a new assignability error `d` in the migrated `file`, each on an expression v1 typed any:
 * the value assigned, returned or passed itself, or a field of an object literal in it (through arrays and
 * `.map` callbacks), matched to the type its place expects; a field's type named `Parent["field"]` in the file's quotes.
 */
export function v1AnyCasts(
  d: TS.Diagnostic,
  file: TS.SourceFile,
  checker: TS.TypeChecker,
  original: TS.SourceFile,
  v1: TS.TypeChecker,
  quote: '"' | "'" = '"',
): Cast[] {
  // A cast is TypeScript's syntax: a JavaScript file checked with checkJs keeps its TODO.
  if (!ASSIGNABILITY.has(d.code) || d.start === undefined || !/\.[cm]?tsx?$/.test(file.fileName)) return [];
  const root = assignedAt(file, d);
  const expected = root && expectedType(root, checker);
  if (!root || !expected) return [];
  const casts: Cast[] = [];
  // `field(owner, property)` is how a field's type may be said when it cannot be printed itself: `Owner["field"]`.
  const field = (owner: string | undefined, property: TS.PropertyAssignment) => {
    const key = ts.isIdentifier(property.name) || ts.isStringLiteral(property.name) ? property.name.text : undefined;
    return owner && key && /^[A-Za-z_$][\w$.]*$/.test(owner) && !/['"\\]/.test(key) ? `${owner}[${quote}${key}${quote}]` : undefined;
  };
  const walk = (node: TS.Expression, want: TS.Type, name: string | undefined): void => {
    const expression = unwrap(node);
    const said = printable(want, expression, checker) ?? name;
    if (checker.isTypeAssignableTo(checker.getTypeAtLocation(expression), want)) return;
    if (ts.isObjectLiteralExpression(expression)) {
      for (const property of expression.properties) {
        if (!ts.isPropertyAssignment(property) || !(ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) continue;
        const symbol = checker.getPropertyOfType(checker.getNonNullableType(want), property.name.text);
        const type = symbol && checker.getTypeOfSymbolAtLocation(symbol, property);
        if (type) walk(property.initializer, type, field(said, property));
      }
      return;
    }
    const element = checker.isArrayType(want) ? checker.getIndexTypeOfType(want, ts.IndexKind.Number) : undefined;
    if (element && ts.isArrayLiteralExpression(expression)) {
      for (const item of expression.elements) if (!ts.isSpreadElement(item)) walk(item, element, undefined);
      return;
    }
    const callback =
      ts.isCallExpression(expression) && ts.isPropertyAccessExpression(expression.expression) && expression.expression.name.text === "map"
        ? expression.arguments[0]
        : undefined;
    if (element && callback && ts.isArrowFunction(callback) && !ts.isBlock(callback.body)) {
      walk(callback.body, element, undefined);
      return;
    }
    if (!said || !anyInV1(expression.getText(file), original, v1)) return;
    const start = expression.getStart(file);
    const bare = BARE.has(expression.kind);
    casts.push({
      at: start,
      message: v1AnyCast(said),
      edits: [
        ...(bare ? [] : [{ start, end: start, text: "(" }]),
        { start: expression.getEnd(), end: expression.getEnd(), text: `${bare ? "" : ")"} as ${said}` },
      ],
    });
  };
  // A field the error names itself (`{ metadata: item.metadata }` returned or passed): its object's type names it.
  const holder = ts.isPropertyAssignment(root.parent) ? root.parent : undefined;
  const object = holder && expectedType(holder.parent, checker);
  walk(root, expected, holder && object ? field(printable(checker.getNonNullableType(object), holder, checker), holder) : undefined);
  return casts;
}
