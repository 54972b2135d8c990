/**
 * Putting one side of an if (or of a try) in its place, in Python's indentation: the side that runs on v2 whatever the
 * code tested (a success test's, a version hedge's), the rest of the statement going.
 */
import type { Message } from "../mapping/messages.js";
import { lineStart } from "../core/text.js";
import type { PyContext } from "./pipeline.js";
import { allOf, type Node } from "./runtime/parser.js";

/**
 * `if <always true>: <A> else: <B>`: the test and the else go (its elifs too, where `elifs` says they may), and A
 * stands in the if's place (blockInPlace), where no comment sits on the test's line. Says whether it did.
 */
export function bodyInPlace(context: PyContext, statement: Node, message: Message, elifs = false): boolean {
  const clauses = statement.namedChildren.filter((c): c is Node => c?.type === "elif_clause" || c?.type === "else_clause");
  const alone = clauses.length === 1 && clauses[0]!.type === "else_clause";
  const body = statement.childForFieldName("consequence")!;
  if (!clauses.length || (!alone && !elifs)) return false;
  return firstBlockInPlace(context, statement, body, message);
}

/**
 * `if <never true>: <A> elif <never true>: ... else: <B>`: B stands in the if's place (blockInPlace), what never ran
 * going with its comments, where none sits on the else's line. Says whether it did.
 */
export function elseInPlace(context: PyContext, statement: Node, message: Message): boolean {
  const branch = statement.namedChildren.find((c): c is Node => c?.type === "else_clause");
  const body = branch?.childForFieldName("body");
  if (!body) return false;
  return blockInPlace(context, statement, body, branch!, message);
}

/**
 * `try: <A> except E: <B>`: A stands in the try's place (blockInPlace), its handler going, where no comment sits on the
 * try's line. Says whether it did.
 */
export function tryBodyInPlace(context: PyContext, statement: Node, message: Message): boolean {
  return firstBlockInPlace(context, statement, statement.childForFieldName("body")!, message);
}

/**
 * A statement's first block (an if's body, a try's) in its place (blockInPlace), and the clauses after it gone: the
 * statement ends where its last clause does.
 */
function firstBlockInPlace(context: PyContext, statement: Node, body: Node, message: Message): boolean {
  if (!blockInPlace(context, statement, body, statement, message)) return false;
  const text = context.source.text;
  deleteLines(context, nextLineStart(text, body.endIndex), nextLineStart(text, statement.endIndex));
  return true;
}

/** `try: <A> except E: <B>`: B stands in the try's place (blockInPlace), where no comment sits on the except's line. */
export function handlerInPlace(context: PyContext, statement: Node, handler: Node, message: Message): boolean {
  const body = handler.namedChildren.find((c): c is Node => c?.type === "block");
  return !!body && blockInPlace(context, statement, body, handler, message);
}

/**
 * A block of an if (its body, its else's) or of a try (its body, its handler's) in the statement's place, dedented, the lines before it going (a type checker would
 * otherwise see a path past the if that returns nothing, or the other side's values beside the block's). Not where the
 * block starts on its clause's line, or holds a string over several lines (dedenting would change it). The
 * indentation goes a character at a time, from the if's column: a block moved so inside another one makes the same
 * edits the outer one does on the lines both take, which count once. Says whether it did.
 */
function blockInPlace(context: PyContext, statement: Node, block: Node, clause: Node, message: Message): boolean {
  if (block.startPosition.row === clause.startPosition.row) return false;
  // Comments on lines of their own above the block's first statement are the block's; one in the clause's head (on its
  // test's lines, after its colon) is about what goes, which would take it along.
  const colon = clause.children.find((c) => c?.type === ":")!;
  const before = allOf(clause, "comment").filter((c) => c.startIndex < block.startIndex);
  if (before.some((c) => c.startIndex < colon.startIndex || c.startPosition.row === colon.startPosition.row)) return false;
  const first = before[0] ?? block;
  const text = context.source.text;
  if (allOf(block, "string").some((str) => str.startPosition.row !== str.endPosition.row)) return false;
  const column = statement.startPosition.column;
  const depth = block.startPosition.column - column;
  const lines: number[] = [];
  for (let start = lineStart(text, first.startIndex); start <= block.endIndex && start < text.length; start = nextLineStart(text, start)) lines.push(start);
  // a line indented less (a continuation) would not dedent as code
  const lineEnd = (start: number) => {
    const newline = text.indexOf("\n", start);
    return newline === -1 ? text.length : newline;
  };
  if (lines.some((start) => !/^[ \t]*$/.test(text.slice(start, Math.min(start + column + depth, lineEnd(start)))))) return false;
  deleteLines(context, lineStart(text, statement.startIndex), lines[0]!, message);
  context.dedent({ start: first.startIndex, end: block.endIndex }, depth);
  for (const start of lines) for (let at = start + column; at < Math.min(start + column + depth, lineEnd(start)); at++) context.edit(at, at + 1, "");
  return true;
}

/** The start of the line after the one `offset` is on (the text's end on its last line). */
function nextLineStart(text: string, offset: number): number {
  const newline = text.indexOf("\n", offset);
  return newline === -1 ? text.length : newline + 1;
}

/**
 * Deletes the lines from `from` to `to` (line starts), their leading whitespace a character at a time, as a block moved
 * around them deletes it (blockInPlace), and the rest of each line whole.
 */
function deleteLines(context: PyContext, from: number, to: number, message?: Message): void {
  const text = context.source.text;
  const code = /\S/.exec(text.slice(from, to));
  const subject = code ? { start: from + code.index, end: from + text.slice(from, to).trimEnd().length } : undefined;
  let said = !message;
  for (let start = from; start < to; start = nextLineStart(text, start)) {
    const indent = /^[ \t]*/.exec(text.slice(start, to))![0].length;
    for (let at = start; at < start + indent; at++) {
      context.edit(at, at + 1, "", said ? undefined : message, said ? undefined : subject);
      said = true;
    }
    const end = Math.min(nextLineStart(text, start), to);
    if (end > start + indent) context.edit(start + indent, end, "", said ? undefined : message, said ? undefined : subject);
    said = true;
  }
}
