/**
 * v1's calls answered unions with ErrorResponse (`BatchScrapeStatusResponse | ErrorResponse`), and ErrorResponse
 * overlaps any type that declares `success`: so a cast of a v1 result to such a type of the user's compiled, whatever
 * its other fields. Where the run rebuilt v1's shape for such a cast (`{ success: true, ...job } as Reply`, the
 * results step's flag keeping), v2's exact type may not overlap the user's (`data: Document[]` against
 * `data?: Record<string, unknown>`): TS2352. Going through `unknown`, as TypeScript's own message suggests, keeps
 * what v1 let through and changes nothing at run time. Only for that shape around what the run wrote (an awaited
 * call, or the job it bound and checked): a cast of a value of the user's keeps its error.
 */
import { innermostAt, ts, type TS } from "./compiler.js";
import type { Cast } from "./v1-any.js";
import { SUCCESS_FLAG } from "../../mapping/results.js";
import { rebuiltShapeCast } from "../../mapping/messages.js";

/** TS2352: a conversion that may be a mistake, neither type overlapping the other. */
const NO_OVERLAP = 2352;

/**
 * `{ success: true, ...value }`: v1's shape as the results step rebuilds it, around an awaited call, or around the
 * job it bound and checked in the two statements before (`const job = await ...; if (job.status !== ...) throw ...`).
 */
function rebuiltShape(cast: TS.AsExpression, file: TS.SourceFile): boolean {
  const inner = ts.isParenthesizedExpression(cast.expression) ? cast.expression.expression : cast.expression;
  if (!ts.isObjectLiteralExpression(inner) || inner.properties.length !== 2) return false;
  const [flag, spread] = inner.properties;
  if (
    !ts.isPropertyAssignment(flag!) ||
    !ts.isIdentifier(flag.name) ||
    flag.name.text !== SUCCESS_FLAG ||
    flag.initializer.kind !== ts.SyntaxKind.TrueKeyword ||
    !ts.isSpreadAssignment(spread!)
  )
    return false;
  const value = ts.isParenthesizedExpression(spread.expression) ? spread.expression.expression : spread.expression;
  return ts.isAwaitExpression(value) || (ts.isIdentifier(value) && boundAndChecked(cast, value.text, file));
}

/** Whether the two statements before the cast's bind `name` to an awaited value and test its status. */
function boundAndChecked(cast: TS.Node, name: string, file: TS.SourceFile): boolean {
  let statement: TS.Node = cast;
  while (!ts.isBlock(statement.parent) && !ts.isSourceFile(statement.parent)) statement = statement.parent;
  const list = (statement.parent as TS.Block).statements;
  const at = list.indexOf(statement as TS.Statement);
  const [declaration, check] = [list[at - 2], list[at - 1]];
  const declared =
    declaration &&
    ts.isVariableStatement(declaration) &&
    declaration.declarationList.declarations.some(
      (d) => ts.isIdentifier(d.name) && d.name.text === name && d.initializer && ts.isAwaitExpression(d.initializer),
    );
  const tested =
    check &&
    ts.isIfStatement(check) &&
    ts.isBinaryExpression(check.expression) &&
    ts.isPropertyAccessExpression(check.expression.left) &&
    check.expression.left.getText(file) === `${name}.status`;
  return Boolean(declared && tested);
}

/** The cast through `unknown` that repairs `d`, where it is a TS2352 on a cast of the rebuilt shape. */
export function rebuiltShapeCasts(d: TS.Diagnostic, file: TS.SourceFile): Cast[] {
  if (d.code !== NO_OVERLAP || d.start === undefined) return [];
  for (let at: TS.Node | undefined = innermostAt(file, d.start); at && at.kind !== ts.SyntaxKind.SourceFile; at = at.parent) {
    if (!ts.isAsExpression(at)) continue;
    if (!rebuiltShape(at, file)) return [];
    const type = at.type.getStart(file);
    return [{ at: at.getStart(file), message: rebuiltShapeCast(at.type.getText(file)), edits: [{ start: type, end: type, text: "unknown as " }] }];
  }
  return [];
}
