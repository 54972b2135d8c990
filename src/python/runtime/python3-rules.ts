/**
 * What CPython 3 refuses that the tree-sitter grammar takes: the grammar reads Python 2 as well (its print
 * and exec statements, `except E, e:`, backticks, `<>`, `0777`, `10L`, `ur''`, tuple parameters), takes an
 * annotation on any target of a chained assignment (`a = b: T`), and does not apply the tokenizer's rule on
 * tabs (TabError). A file Python would refuse is never written, so
 * these are checked here, in the tool itself: a user's machine need not have a Python 3 to ask.
 */
import type { Node } from "web-tree-sitter";

export interface Refusal {
  readonly line: number;
  readonly column: number;
  readonly reason: string;
}

const at = (node: Node, reason: string): Refusal => ({ line: node.startPosition.row + 1, column: node.startPosition.column, reason });

/**
 * Whether the grammar's print or exec statement is Python 2's: a value right after the name. `print >>f, x`
 * and `print -1` are expressions Python 3 compiles too (an operator follows the name), as is `print in xs`.
 */
function juxtaposed(node: Node, name: string): boolean {
  const rest = node.text.slice(name.length).trimStart();
  return /^[\w'"]/.test(rest) && !/^(?:and|or|if|else|in|is|not\s+in)\b/.test(rest);
}

/** Each form the grammar accepts and Python 3 refuses: the node types it comes as, and whether this node is one. */
const REFUSED: readonly { types: readonly string[]; is: (node: Node) => boolean; reason: string }[] = [
  { types: ["print_statement"], is: (n) => juxtaposed(n, "print"), reason: "a Python 2 print statement" },
  { types: ["exec_statement"], is: (n) => juxtaposed(n, "exec"), reason: "a Python 2 exec statement" },
  { types: ["except_clause"], is: (n) => n.children.some((c) => c?.type === ","), reason: "Python 2's `except E, name:`" },
  { types: ["raise_statement"], is: (n) => n.namedChildren[0]?.type === "expression_list", reason: "Python 2's `raise E, message`" },
  { types: ["string_start"], is: (n) => n.text.startsWith("`"), reason: "Python 2's backticks" },
  { types: ["string_start"], is: (n) => /u/i.test(n.text) && /r/i.test(n.text), reason: "a ur'' string (Python 2)" },
  { types: ["comparison_operator"], is: (n) => n.children.some((c) => c?.type === "<>"), reason: "Python 2's <> operator" },
  { types: ["integer"], is: (n) => /^0\d*[1-9]\d*$|[lL]$/.test(n.text), reason: "a Python 2 integer literal (0777, 10L)" },
  { types: ["tuple_pattern"], is: (n) => n.parent?.type === "parameters" || n.parent?.type === "lambda_parameters", reason: "Python 2's tuple parameters" },
  // The grammar nests `b: T` as the right of `a = ...`; Python annotates a statement's single target only.
  {
    types: ["assignment"],
    is: (n) => n.parent?.type === "assignment" && n.childForFieldName("type") !== null,
    reason: "an annotation inside a chained assignment",
  },
];

/** The first refused form in the tree, in document order. */
function refusedForm(root: Node): Refusal | null {
  const types = [...new Set(REFUSED.flatMap((rule) => rule.types))];
  for (const node of root.descendantsOfType(types)) {
    const rule = node && REFUSED.find((r) => r.types.includes(node.type) && r.is(node));
    if (rule) return at(node!, rule.reason);
  }
  return null;
}

/** Statements and the clauses that begin logical lines of their own (`else:`, `except:`, ...). */
const CLAUSES = new Set(["else_clause", "elif_clause", "except_clause", "except_group_clause", "finally_clause", "case_clause"]);

/**
 * A line's indentation as CPython's tokenizer measures it: `col` with tabs to the next multiple of 8, `alt` with
 * tabs as 1 column.
 */
export function indentation(line: string): { col: number; alt: number } {
  let col = 0;
  let alt = 0;
  for (const c of line) {
    if (c === " ") [col, alt] = [col + 1, alt + 1];
    else if (c === "\t") [col, alt] = [(Math.floor(col / 8) + 1) * 8, alt + 1];
    else if (c === "\f") [col, alt] = [0, 0];
    else break;
  }
  return { col, alt };
}

/**
 * The rows logical lines begin on: where a statement of a module or block, or a clause, starts. Comment lines are
 * none: the tokenizer passes over them without measuring their indentation. Walked with a cursor, which reads each
 * node's type and row without wrapping the node (its children's arrays were a twentieth of a Python run).
 */
function logicalLineRows(root: Node): number[] {
  const rows = new Set<number>();
  const cursor = root.walk();
  const parents: string[] = [];
  try {
    for (let entering = true; ;) {
      if (entering) {
        const type = cursor.nodeType;
        const parent = parents.at(-1);
        if (parent !== undefined && cursor.nodeIsNamed && type !== "comment" && (parent === "module" || parent === "block" || CLAUSES.has(type)))
          rows.add(cursor.startPosition.row);
        if (cursor.gotoFirstChild()) {
          parents.push(type);
          continue;
        }
      }
      if (cursor.gotoNextSibling()) entering = true;
      else if (cursor.gotoParent()) {
        parents.pop();
        entering = false;
      } else break;
    }
  } finally {
    cursor.delete();
  }
  return [...rows].sort((a, b) => a - b);
}

/**
 * CPython's tokenizer measures each logical line's indentation twice, with tabs as 8 columns and as 1, and
 * raises TabError where the two measures disagree about whether a line is indented more, less or the same.
 */
function tabError(root: Node): Refusal | null {
  const lines = root.text.split(/\r\n|\n|\r/);
  const rows = logicalLineRows(root);
  const stack: { col: number; alt: number }[] = [{ col: 0, alt: 0 }];
  for (const row of rows) {
    const { col, alt } = indentation(lines[row] ?? "");
    // A statement after `;` or on its `if x:` line is not at a line's start: its row is measured once, from the start.
    const refusal = { line: row + 1, column: 0, reason: "inconsistent use of tabs and spaces in indentation (TabError)" };
    let top = stack.at(-1)!;
    if (col === top.col) {
      if (alt !== top.alt) return refusal;
    } else if (col > top.col) {
      if (alt <= top.alt) return refusal;
      stack.push({ col, alt });
    } else {
      while (stack.length > 1 && col < top.col) {
        stack.pop();
        top = stack.at(-1)!;
      }
      if (col === top.col && alt !== top.alt) return refusal;
    }
  }
  return null;
}

/** The first thing in a tree the grammar took that Python 3 refuses, or null. */
export function python3Refusal(root: Node): Refusal | null {
  return refusedForm(root) ?? tabError(root);
}

/**
 * Strings inside an f-string's braces in that f-string's own quote (`f"{d["k"]}"`): Python 3.12 takes them (PEP
 * 701), earlier ones end the f-string at the inner quote. The grammar takes both, and so does a 3.12 user's own
 * file; a migration that writes more of them than the file had has written code older Pythons refuse.
 */
export function quotesReusedInFStrings(root: Node): Refusal[] {
  const found: Refusal[] = [];
  for (const field of root.descendantsOfType("interpolation")) {
    const quote = field?.parent?.type === "string" ? quoteOf(field.parent) : undefined;
    if (!quote || quote.length !== 1) continue;
    for (const inner of field!.descendantsOfType("string"))
      if (inner && quoteOf(inner)?.startsWith(quote))
        found.push(at(inner, "a string in an f-string's braces in the f-string's own quote (Python before 3.12 ends the f-string there)"));
  }
  return found;
}

/** A string's quote: `"`, `'`, `"""` or `'''`, without its prefix (f, r, b, ...). */
function quoteOf(string: Node): string | undefined {
  return string.firstChild?.type === "string_start" ? string.firstChild.text.replace(/^[a-zA-Z]+/, "") : undefined;
}
