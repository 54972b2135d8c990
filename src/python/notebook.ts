/**
 * Jupyter notebooks: the code cells' sources are migrated as one Python program (a client made in one
 * cell is used in the next), and only the `source` arrays of the cells that changed are rewritten, in the
 * layout the file already has; outputs, metadata and every other byte stay as they were.
 */
import { findNodeAtLocation, parseTree, type Node as JsonNode } from "jsonc-parser";
import { applyEdits, type Edit } from "../engine/edits.js";
import type { Change, Result, TransformOptions } from "../engine/pipeline.js";
import { lineAt } from "../engine/source.js";
import { runPython, type PyStep } from "./language.js";

interface Cell {
  readonly source: JsonNode;
  readonly text: string;
}

/** The source array's lines: each ends with its newline, but the last. */
function linesOf(text: string): string[] {
  return text.split(/(?<=\n)/).filter((line, i, all) => line !== "" || i < all.length - 1);
}

/** An array of JSON strings laid out as the original array was: one per line at its indentation, or inline. */
function sourceArray(json: string, original: JsonNode, lines: readonly string[]): string {
  const first = original.children?.[0];
  if (!first) return JSON.stringify(lines);
  const lineStart = json.lastIndexOf("\n", first.offset - 1) + 1;
  const multiline = lineStart > original.offset;
  if (!multiline) return `[${lines.map((l) => JSON.stringify(l)).join(", ")}]`;
  const indent = json.slice(lineStart, first.offset);
  const closeIndent = json.slice(json.lastIndexOf("\n", original.offset + original.length - 2) + 1, original.offset + original.length - 1);
  const eol = json.includes("\r\n") ? "\r\n" : "\n";
  return `[${eol}${lines.map((l) => indent + JSON.stringify(l)).join(`,${eol}`)}${eol}${closeIndent}]`;
}

function codeSources(json: string): JsonNode[] {
  const cells = findNodeAtLocation(parseTree(json)!, ["cells"])?.children ?? [];
  return cells.filter((c) => findNodeAtLocation(c, ["cell_type"])?.value === "code").flatMap((c) => findNodeAtLocation(c, ["source"]) ?? []);
}

/**
 * Where a line of the joined program is in the notebook: the cell it falls in, then that cell's source
 * element (each source line is one JSON string, usually on a line of its own).
 */
function locator(json: string, sources: readonly JsonNode[], texts: readonly string[]): (line: number) => number {
  const firstLines = texts.map((_, i) => texts.slice(0, i).reduce((n, text) => n + text.split("\n").length + 1, 1));
  return (line) => {
    let cell = 0;
    while (cell + 1 < firstLines.length && firstLines[cell + 1]! <= line) cell++;
    const source = sources[cell]!;
    return lineAt(json, (source.children?.[line - firstLines[cell]!] ?? source).offset);
  };
}

/** Between two cells in the joined program: a comment line, which no step edits, so it marks the seam. */
const SEAM = "# %% firecrawl-codemod cell boundary %%";

export function runNotebook(steps: readonly PyStep[], path: string, json: string, options: TransformOptions = {}): Result {
  const tree = parseTree(json);
  const cells = tree && findNodeAtLocation(tree, ["cells"]);
  if (!cells?.children) throw new Error("not a Jupyter notebook: no cells array");
  const code: Cell[] = [];
  for (const cell of cells.children) {
    if (findNodeAtLocation(cell, ["cell_type"])?.value !== "code") continue;
    const source = findNodeAtLocation(cell, ["source"]);
    if (!source) continue;
    const text = source.type === "array" ? (source.children ?? []).map((n) => String(n.value)).join("") : String(source.value);
    code.push({ source, text });
  }
  const result = runPython(steps, `${path}.py`, code.map((c) => c.text).join(`\n${SEAM}\n`), options);
  if (result.output === null) return result;
  const parts = result.output.split(`\n${SEAM}\n`);
  if (parts.length !== code.length) throw new Error("the migrated cells could not be told apart again; the notebook was left as it is");
  const edits: Edit[] = [];
  code.forEach((cell, i) => {
    if (parts[i] !== cell.text) edits.push({ start: cell.source.offset, end: cell.source.offset + cell.source.length, text: sourceArray(json, cell.source, linesOf(parts[i]!)) });
  });
  const output = applyEdits(json, edits);
  const inputLine = locator(json, code.map((c) => c.source), code.map((c) => c.text));
  const outputLine = locator(output, codeSources(output), parts);
  const relocate = (c: Change): Change => ({ ...c, line: outputLine(c.line), source: { line: inputLine(c.source.line), column: c.source.column } });
  return { output, changes: result.changes.map(relocate), todos: result.todos.map(relocate) };
}
