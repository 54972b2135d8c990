/**
 * A notebook's code cells as the Python program they make: the cells' sources read from the notebook's JSON (which
 * must be JSON Jupyter can open), IPython lines masked, the Python cells joined in order with a seam between them.
 * Read by the migration of notebooks (../notebook.ts), by the verification, and by the search for a module's importers.
 */
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node as JsonNode, type ParseError } from "jsonc-parser";
import { lineAt } from "../../core/source.js";
import { maskLines, parsedAlone, type MaskedCell } from "./ipython.js";
import { parsePython, syntaxError, type Tree } from "./parser.js";

/** Between two cells in the joined program: a comment line, which no step edits, so it marks the seam. */
export const SEAM = "# %% firecrawl-codemod cell boundary %%";

/** jsonc-parser forgives what JSON does not; a notebook Jupyter cannot open is refused with where it breaks. */
class NotebookSyntaxError extends SyntaxError {
  constructor(
    message: string,
    readonly loc: { line: number; column: number },
  ) {
    super(message);
  }
}

export function strictTree(json: string): JsonNode {
  const errors: ParseError[] = [];
  // A byte-order mark is kept in the text (it is written back) but is no JSON: a space in its place keeps offsets.
  const tree = parseTree(json.replace(/^\uFEFF/, " "), errors, { disallowComments: true, allowTrailingComma: false });
  const error = errors[0];
  if (!tree || error) {
    const offset = error?.offset ?? 0;
    const line = lineAt(json, offset);
    const column = offset - (json.lastIndexOf("\n", offset - 1) + 1);
    throw new NotebookSyntaxError(`not valid JSON: ${error ? printParseErrorCode(error.error) : "empty"}`, { line, column });
  }
  return tree;
}

/** A cell's source as one text, from the array of lines or the one string nbformat allows. */
export const sourceText = (source: JsonNode) => (source.type === "array" ? (source.children ?? []).map((n) => String(n.value)).join("") : String(source.value));

/**
 * The code cells masked (cellMasks), each told Python or not, and the program the Python ones make, with its
 * parse where it was parsed whole. The cells are parsed together, once: where that parse has an error or a
 * statement runs over a seam, some cell is not Python on its own, and each is parsed alone to tell which, as
 * a cell that does not parse is left out whatever its neighbours hold (`x = (` and `1)` are two such cells).
 */
export function pythonCells(masks: readonly MaskedCell[]): { cells: MaskedCell[]; program: string; tree?: Tree } {
  const program = (cells: readonly MaskedCell[]) => cells.flatMap((cell) => (cell.python ? [cell.masked] : [])).join(`\n${SEAM}\n`);
  const whole = program(masks);
  const tree = parsePython(whole);
  if (!syntaxError(tree) && !overSeam(tree, whole)) return { cells: [...masks], program: whole, tree };
  const cells = masks.map(parsedAlone);
  return { cells, program: program(cells) };
}

/** Whether a statement of the joined cells starts in one cell and ends in another. */
function overSeam(tree: Tree, program: string): boolean {
  const seams: number[] = [];
  for (let at = program.indexOf(SEAM); at >= 0; at = program.indexOf(SEAM, at + 1)) seams.push(at);
  return tree.rootNode.children.some((node) => node !== null && seams.some((seam) => node.startIndex < seam && seam < node.endIndex));
}

/**
 * The Python program a notebook's code cells make, as the steps see it (and so as the verification checks it):
 * each Python cell with its IPython lines masked, the cells joined in order. A line of it is a line the steps
 * of runNotebook see.
 */
export function notebookProgram(json: string): string {
  const cells = findNodeAtLocation(strictTree(json), ["cells"])?.children ?? [];
  return pythonCells(
    cells.flatMap((cell) => {
      const source = findNodeAtLocation(cell, ["source"]);
      return source && findNodeAtLocation(cell, ["cell_type"])?.value === "code" ? [maskLines(sourceText(source))] : [];
    }),
  ).program;
}
