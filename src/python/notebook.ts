/**
 * Jupyter notebooks: the code cells' sources are migrated as one Python program (a client made in one
 * cell is used in the next), and only the `source` arrays of the cells that changed are rewritten, in the
 * layout the file already has; outputs, metadata and every other byte stay as they were.
 */
import { findNodeAtLocation, type Node as JsonNode } from "jsonc-parser";
import { applyEdits, type Edit } from "../core/edits.js";
import type { Change, Result, TransformOptions } from "../core/pipeline.js";
import { lineFinder } from "../core/source.js";
import { maskLines, type MaskedCell } from "./runtime/ipython.js";
import { SEAM, pythonCells, sourceText, strictTree } from "./runtime/notebook-cells.js";
import { runPython, type PyStep } from "./pipeline.js";
import { firecrawlSpecifiers, retargeted } from "../project/package-sdk.js";

export { notebookProgram } from "./runtime/notebook-cells.js";

interface Cell {
  readonly source: JsonNode;
  readonly text: string;
  /** its place among all the notebook's cells, from 1 */
  readonly number: number;
  /** the text with its IPython lines masked, as the steps see it */
  readonly masked: string;
  restore(migrated: string): string;
}

/** The source array's lines: each ends with its newline, but the last. */
function linesOf(text: string): string[] {
  return text.split(/(?<=\n)/).filter((line, i, all) => line !== "" || i < all.length - 1);
}

/**
 * An array of JSON strings laid out as the original array was: one per line at its indentation, or
 * inline; a source that was one string (nbformat allows both) stays one string.
 */
function sourceArray(json: string, original: JsonNode, lines: readonly string[]): string {
  if (original.type === "string") return JSON.stringify(lines.join(""));
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

/**
 * Where a line of the joined program is: in the cell it falls in, at that cell's line, and in the file, at
 * that cell's source element (each source line is one JSON string, usually on a line of its own).
 */
function locator(json: string, cells: readonly { source: JsonNode; number: number }[], texts: readonly string[]) {
  const firstLines = texts.map((_, i) => texts.slice(0, i).reduce((n, text) => n + text.split("\n").length + 1, 1));
  const lines = linesIn(json);
  return (line: number, column: number) => {
    let i = 0;
    while (i + 1 < firstLines.length && firstLines[i + 1]! <= line) i++;
    const { source, number } = cells[i]!;
    const inCell = line - firstLines[i]!;
    return { line: lines().line((source.children?.[inCell] ?? source).offset), column, cell: { number, line: inCell + 1 } };
  };
}

/**
 * Why a notebook is left as it is before any cell is read, or undefined: nbformat 3 keeps its cells in
 * worksheets, under `input`, and its code larger than `maxCode` characters is past what the run touches (the
 * limit is on the code read, not on the outputs, images and all, that make most of a notebook's bytes).
 */
export function notebookRefusal(json: string, maxCode: number): string | undefined {
  let tree: JsonNode;
  try {
    tree = strictTree(json);
  } catch {
    return undefined; // runNotebook reports the JSON error with its position
  }
  const format = findNodeAtLocation(tree, ["nbformat"])?.value;
  if (typeof format === "number" && format < 4)
    return `nbformat ${format} is not supported; convert it to nbformat 4 first (jupyter nbconvert --to notebook --nbformat 4)`;
  const code = (findNodeAtLocation(tree, ["cells"])?.children ?? []).reduce((n, cell) => {
    const source = findNodeAtLocation(cell, ["source"]);
    return n + (source ? sourceText(source).length : 0);
  }, 0);
  return code > maxCode ? `its cells hold more than ${maxCode / 1024 / 1024} MB of code and text` : undefined;
}

/** A line of a cell, as the line of the notebook's file that holds it (each source line is one JSON string). */
const fileLine = (lines: () => LineFinder, source: JsonNode, line: number) => lines().line((source.children?.[line - 1] ?? source).offset);

type LineFinder = ReturnType<typeof lineFinder>;

/**
 * A notebook's line index, made on first use and then kept: a notebook's JSON is mostly outputs, and counting
 * its lines from the top for every change grew with its size times its changes.
 */
function linesIn(json: string): () => LineFinder {
  let lines: LineFinder | undefined;
  return () => (lines ??= lineFinder(json));
}

/**
 * `documents` migrates the code blocks of a markdown cell (docs/document.ts, given by the caller), each
 * cell on its own; without it markdown cells are left as they are.
 */
export function runNotebook(
  steps: readonly PyStep[],
  path: string,
  json: string,
  options: TransformOptions = {},
  documents?: (text: string) => Result,
): Result {
  const cells = findNodeAtLocation(strictTree(json), ["cells"]);
  if (!cells?.children) throw new Error("not a Jupyter notebook: no cells array");
  const read: { source: JsonNode; text: string; number: number; masked: MaskedCell }[] = [];
  const markdown: { source: JsonNode; number: number; text: string; result: Result }[] = [];
  /** what was left out, by cell: the markdown cells' now, the code cells' once the cells are parsed */
  const notes: { number: number; note: string }[] = [];
  /** a markdown cell's blocks that could not be checked or that the tool failed on, at their lines in the file */
  const unchecked: { line: number; reason: string }[] = [];
  const failed: { line: number; reason: string }[] = [];
  const inputLines = linesIn(json);
  cells.children.forEach((cell, i) => {
    const type = findNodeAtLocation(cell, ["cell_type"])?.value;
    const source = findNodeAtLocation(cell, ["source"]);
    if (!source) return;
    const text = sourceText(source);
    if (type === "markdown" && documents && /`{3}|~{3}/.test(text)) {
      const result = documents(text);
      notes.push(...(result.notes ?? []).map((note) => ({ number: i + 1, note })));
      const inFile = (u: { line: number; reason: string }) => ({ line: fileLine(inputLines, source, u.line), reason: `cell ${i + 1}: ${u.reason}` });
      unchecked.push(...(result.unchecked ?? []).map(inFile));
      failed.push(...(result.failed ?? []).map(inFile));
      if (result.output !== null || result.changes.length || result.todos.length) markdown.push({ source, number: i + 1, text, result });
    }
    if (type === "code") read.push({ source, text, number: i + 1, masked: maskLines(text) });
  });
  const { cells: told, program, tree } = pythonCells(read.map((cell) => cell.masked));
  const code: Cell[] = [];
  read.forEach(({ source, text, number }, i) => {
    const cell = told[i]!;
    if (cell.python) code.push({ source, text, number, masked: cell.masked, restore: cell.restore });
    else notes.push({ number, note: `${cell.reason}; left as it is` });
  });
  const result = runPython(steps, path, program, options, tree);
  const inputLine = locator(
    json,
    code,
    code.map((c) => c.text),
  );
  const place = (c: Change, outputLine: typeof inputLine): Change => {
    const at = outputLine(c.line, 0);
    return { ...c, line: at.line, cell: at.cell, source: inputLine(c.source.line, c.source.column) };
  };
  const masked = result.output?.split(`\n${SEAM}\n`) ?? code.map((c) => c.masked);
  if (masked.length !== code.length) throw new Error("the migrated cells could not be told apart again; the notebook was left as it is");
  const restored = masked.map((part, i) => (part === code[i]!.masked ? code[i]!.text : code[i]!.restore(part)));
  // The notebook's own install of a v1 release (`%pip install firecrawl-py==0.0.16`), where its code now is v2's,
  // which that release cannot import: moved as a requirements file's pin is.
  const parts = result.output === null ? restored : restored.map((text, i) => pinsMoved(text, code[i]!.number, notes));
  const noted = {
    ...(notes.length ? { notes: notes.sort((a, b) => a.number - b.number).map(({ number, note }) => `cell ${number}: ${note}`) } : {}),
    ...(unchecked.length ? { unchecked } : {}),
    ...(failed.length ? { failed } : {}),
  };
  const edits: Edit[] = [];
  const rewrite = (source: JsonNode, text: string) =>
    edits.push({ start: source.offset, end: source.offset + source.length, text: sourceArray(json, source, linesOf(text)) });
  code.forEach((cell, i) => parts[i] !== cell.text && rewrite(cell.source, parts[i]!));
  markdown.forEach((cell) => cell.result.output !== null && rewrite(cell.source, cell.result.output));
  // A markdown cell's changes, at their lines in the cell and in the file (before and after).
  const inMarkdown = (output: string, written: readonly JsonNode[]) => {
    const outputLines = output === json ? inputLines : linesIn(output);
    return markdown.map(({ source, number, result: r }) => {
      const after = findNodeAtLocation(written[number - 1]!, ["source"])!;
      const at = (c: Change): Change => ({
        ...c,
        line: fileLine(outputLines, after, c.line),
        cell: { number, line: c.line },
        source: { line: fileLine(inputLines, source, c.source.line), column: c.source.column, cell: { number, line: c.source.line } },
      });
      return { changes: r.changes.map(at), todos: r.todos.map(at) };
    });
  };
  if (!edits.length) {
    const docs = inMarkdown(json, cells.children);
    return {
      output: null,
      changes: docs.flatMap((d) => d.changes),
      todos: [...result.todos.map((t) => place(t, inputLine)), ...docs.flatMap((d) => d.todos)],
      ...noted,
    };
  }
  const output = applyEdits(json, edits);
  const written = findNodeAtLocation(strictTree(output), ["cells"])!.children!;
  const outputLine = locator(
    output,
    code.map((cell) => ({ number: cell.number, source: findNodeAtLocation(written[cell.number - 1]!, ["source"])! })),
    parts,
  );
  const docs = inMarkdown(output, written);
  return {
    output,
    changes: [...result.changes.map((c) => place(c, outputLine)), ...docs.flatMap((d) => d.changes)],
    todos: [...result.todos.map((t) => place(t, outputLine)), ...docs.flatMap((d) => d.todos)],
    ...noted,
  };
}

/** A pip install line of a cell (`%pip install`, `!pip install`, IPython's automagic `pip install`). */
const PIP_INSTALL = /^\s*[%!]?pip3?\s+install\b/;

/** A cell's text with the firecrawl-py pins of its pip install lines that allow only v1 moved to v2, each noted. */
function pinsMoved(text: string, cell: number, notes: { number: number; note: string }[]): string {
  return text.replace(/^.*$/gm, (line) => {
    if (!PIP_INSTALL.test(line)) return line;
    return firecrawlSpecifiers(line)
      .reverse()
      .reduce((moved, pin) => {
        // a command line's requirements are its words (`firecrawl-py==0.0.16 python-dotenv`)
        const specifier = pin.specifier.split(/\s/)[0]!;
        const to = retargeted(specifier);
        if (to === undefined) return moved;
        notes.push({ number: cell, note: `its pip install of ${pin.name}${specifier} moved to ${pin.name}${to}, a release the migrated code imports` });
        return moved.slice(0, pin.start) + to + moved.slice(pin.start + specifier.length);
      }, line);
  });
}
