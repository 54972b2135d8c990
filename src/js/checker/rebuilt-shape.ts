/**
 * v1's calls answered unions with ErrorResponse (`BatchScrapeStatusResponse | ErrorResponse`), and ErrorResponse
 * overlaps any type that declares `success`: so a cast of a v1 result to such a type of the user's compiled, whatever
 * its other fields. Where the run rebuilt v1's shape for such a cast (`{ success: true, ...job } as Reply`, the
 * results step's flag keeping), v2's exact type may not overlap the user's (`data: Document[]` against
 * `data?: Record<string, unknown>`): TS2352. Going through `unknown`, as TypeScript's own message suggests, keeps
 * what v1 let through and changes nothing at run time. Only for that shape: a cast the user wrote keeps its error.
 */
import { innermostAt, ts, type TS } from "./compiler.js";
import type { Cast } from "./v1-any.js";
import { SUCCESS_FLAG } from "../../mapping/results.js";
import { rebuiltShapeCast } from "../../mapping/messages.js";

/** TS2352: a conversion that may be a mistake, neither type overlapping the other. */
const NO_OVERLAP = 2352;

/** `{ success: true, ...value }`: v1's shape as the results step rebuilds it. */
function rebuiltShape(expression: TS.Expression): boolean {
  const inner = ts.isParenthesizedExpression(expression) ? expression.expression : expression;
  if (!ts.isObjectLiteralExpression(inner) || inner.properties.length !== 2) return false;
  const [flag, spread] = inner.properties;
  return (
    ts.isPropertyAssignment(flag!) &&
    ts.isIdentifier(flag.name) &&
    flag.name.text === SUCCESS_FLAG &&
    flag.initializer.kind === ts.SyntaxKind.TrueKeyword &&
    ts.isSpreadAssignment(spread!)
  );
}

/** The cast through `unknown` that repairs `d`, where it is a TS2352 on a cast of the rebuilt shape. */
export function rebuiltShapeCasts(d: TS.Diagnostic, file: TS.SourceFile): Cast[] {
  if (d.code !== NO_OVERLAP || d.start === undefined) return [];
  for (let at: TS.Node | undefined = innermostAt(file, d.start); at && at.kind !== ts.SyntaxKind.SourceFile; at = at.parent) {
    if (!ts.isAsExpression(at)) continue;
    if (!rebuiltShape(at.expression)) return [];
    const type = at.type.getStart(file);
    return [{ at: at.getStart(file), message: rebuiltShapeCast(at.type.getText(file)), edits: [{ start: type, end: type, text: "unknown as " }] }];
  }
  return [];
}
