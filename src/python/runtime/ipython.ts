/**
 * IPython syntax in notebook cells (`%pip install ...`, `!ls`, `x = !cmd`, `display?`, `%%time`): tree-sitter
 * parses Python only, so each such line is masked as Python of the same shape (one line for one line, at the
 * same indentation) before the cell is migrated, and put back byte for byte afterwards. A cell whose magic
 * runs another language (`%%bash`, `%%html`) is not Python, and neither is a cell of pasted shell output:
 * those are told apart and left alone.
 */
import { parsePython, syntaxError, type Node, type Tree } from "./parser.js";

/** Cell magics whose body is Python that runs in the kernel (`%%writefile x.py` writes Python too). */
const PYTHON_CELL_MAGICS = /^%%(?:time|timeit|capture|prun|debug)\b|^%%(?:writefile|file)\s+(?:-a\s+)?\S+\.py\s*$/;

/** Line magics whose argument is a Python statement: that statement is migrated, the prefix put back. */
const CODE_LINE_MAGIC = /^%(?:time|timeit)\s+(?!-)/;

/** A statement that IPython rewrites before Python sees it: magics, shell escapes, help, `x = !cmd`. */
const IPYTHON_LINE = /^(?:[!%]|\?{1,2}[\w.]+\s*$|[\w.]+\?{1,2}\s*$|[A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)*\s*=\s*[!%](?!=))/;

/** IPython's automagic: `pip install x` runs `%pip` when the line is not Python, which is checked too. */
const AUTOMAGIC = /^(?:pip|conda|mamba|cd|env|load_ext|matplotlib|autoreload)\s+\S/;

const isIPython = (line: string) => IPYTHON_LINE.test(line) || (AUTOMAGIC.test(line) && parsePython(line).rootNode.hasError);

const MARK = "# firecrawl-codemod:ipython:";

export type MaskedCell =
  { readonly python: true; readonly masked: string; restore(migrated: string): string } | { readonly python: false; readonly reason: string };

/** What a line leaves open for the next one: a bracket depth, a triple-quoted string, a backslash. */
interface Scan {
  depth: number;
  quote: string | null;
  continued: boolean;
}

/** Carries the scan over one line of Python, so only lines that start a statement are read as IPython. */
function scanLine(line: string, state: Scan): void {
  state.continued = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (state.quote) {
      if (c === "\\") i++;
      else if (line.startsWith(state.quote, i)) {
        i += state.quote.length - 1;
        state.quote = null;
      }
      continue;
    }
    if (c === "#") break;
    if (c === '"' || c === "'") state.quote = line.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
    if (state.quote && state.quote.length === 3) i += 2;
    else if ("([{".includes(c)) state.depth++;
    else if (")]}".includes(c)) state.depth = Math.max(0, state.depth - 1);
  }
  const trimmed = line.replace(/\r$/, "");
  if (trimmed.endsWith("\\") && !trimmed.endsWith("\\\\")) state.continued = true;
  // A one-quote string cannot run on past its line unless escaped; a triple-quoted one can.
  else if (state.quote?.length === 1) state.quote = null;
}

/** Masks a cell's IPython lines; a cell that is not Python even then says why, with its first bad line. */
export function maskCell(text: string): MaskedCell {
  return parsedAlone(maskLines(text));
}

/** A masked cell parsed on its own: one that does not parse is not Python, and says where it breaks. */
export function parsedAlone(cell: MaskedCell): MaskedCell {
  const error = cell.python ? syntaxError(parsePython(cell.masked)) : null;
  return error ? { python: false, reason: `not Python (line ${error.line}, column ${error.column + 1})` } : cell;
}

/**
 * Masks a cell's IPython lines without parsing the cell: a cell magic of another language says it is not
 * Python, but whether the rest parses is left to the caller (parsedAlone, or a parse of all the cells at once).
 */
export function maskLines(text: string): MaskedCell {
  const lines = text.split("\n");
  const first = lines[0]!.trimStart();
  if (first.startsWith("%%") && !PYTHON_CELL_MAGICS.test(first.trim())) return { python: false, reason: `a ${first.split(/\s/)[0]} cell, not Python` };
  const originals: string[] = [];
  const codeMagics = new Map<number, string>();
  const state: Scan = { depth: 0, quote: null, continued: false };
  let inMagic = false;
  const masked = lines.map((line) => {
    const cr = line.endsWith("\r") ? "\r" : "";
    const body = line.slice(0, line.length - cr.length);
    const atStatement = !state.quote && state.depth === 0 && !state.continued;
    const stripped = body.trimStart();
    if (inMagic || (atStatement && isIPython(stripped))) {
      const n = originals.push(line) - 1;
      state.continued = body.endsWith("\\");
      const indent = body.slice(0, body.length - stripped.length);
      const code = !inMagic && CODE_LINE_MAGIC.exec(stripped);
      const wasContinuation = inMagic;
      inMagic = state.continued;
      if (wasContinuation) return `${MARK}${n}${cr}`;
      if (code && !state.continued) {
        codeMagics.set(n, code[0]);
        scanLine(stripped.slice(code[0].length), state);
        return `${indent}${stripped.slice(code[0].length)}  ${MARK}${n}${cr}`;
      }
      return `${indent}pass  ${MARK}${n}${cr}`;
    }
    scanLine(line, state);
    return line;
  });
  const maskedText = masked.join("\n");
  if (originals.length === 0) return { python: true, masked: text, restore: (migrated) => migrated };
  return { python: true, masked: maskedText, restore: (migrated) => restore(migrated, originals, codeMagics) };
}

const MARKED = new RegExp(`${MARK}(\\d+)(\\r?)$`);

function restore(migrated: string, originals: readonly string[], codeMagics: ReadonlyMap<number, string>): string {
  const lines = migrated.split("\n");
  const marks = lines.flatMap((line, row) => {
    const m = MARKED.exec(line);
    return m ? [{ row, n: Number(m[1]), at: m.index, cr: m[2]! }] : [];
  });
  if (marks.length !== originals.length) throw new Error("an IPython line of a cell could not be put back; the notebook was left as it is");
  // Read on the masked text, before any line turns back into IPython: a statement may have grown onto more lines.
  const tree = codeMagics.size ? parsePython(migrated) : null;
  const prefixes = marks.flatMap(({ row, n }) => (codeMagics.has(n) ? [{ row: statementStart(tree!, lines, row), prefix: codeMagics.get(n)! }] : []));
  for (const { row, n, at, cr } of marks) lines[row] = codeMagics.has(n) ? lines[row]!.slice(0, at).replace(/ {2}$/, "") + cr : originals[n]!;
  for (const { row, prefix } of prefixes) {
    const indent = /^\s*/.exec(lines[row]!)![0];
    lines[row] = indent + prefix + lines[row]!.slice(indent.length);
  }
  return lines.join("\n");
}

/** The row where the statement holding `row` begins. */
function statementStart(tree: Tree, lines: readonly string[], row: number): number {
  let node: Node | null = tree.rootNode.descendantForPosition({ row, column: /^\s*/.exec(lines[row]!)![0].length });
  while (node?.parent && node.parent.type !== "module" && node.parent.type !== "block") node = node.parent;
  return node ? node.startPosition.row : row;
}
