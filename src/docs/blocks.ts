/**
 * The fenced code blocks of a Markdown or MDX document, found by micromark (through mdast-util-from-markdown):
 * CommonMark's own rules decide what a fence is (backticks or tildes, up to three spaces of indentation, a
 * fence inside a list item or a blockquote, an unclosed fence running to the end of its container), so no
 * hand-written scanner has to. MDX is read with micromark-extension-mdx-md, which turns off what MDX turns
 * off (indented code, HTML, autolinks): a fence indented inside `<Tabs>` is then still a fence. MDX's
 * expressions and ESM need no parsing of their own to find fences, so the full MDX parser (acorn, and a
 * refusal of the whole document at the first JSX error) would cost more than it gives.
 *
 * mdast gives each block's position and its `value` with the container prefixes (`> `, a list item's
 * indentation, the fence's own indentation) taken off each line; each content line of the document is its
 * prefix followed by the value's line, which is how the blocks are put back.
 */
import type { Code, Nodes } from "mdast";
import type { SourceLanguage } from "../core/language.js";

/**
 * The info string's first word (lower-cased) and the language its code is in: shell blocks for their curl
 * requests to the API.
 */
const LANGUAGES: Readonly<Record<string, SourceLanguage>> = {
  js: "javascript",
  javascript: "javascript",
  jsx: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  node: "javascript",
  ts: "typescript",
  typescript: "typescript",
  mts: "typescript",
  cts: "typescript",
  tsx: "tsx",
  py: "python",
  python: "python",
  python3: "python",
  bash: "shell",
  sh: "shell",
  shell: "shell",
  zsh: "shell",
  curl: "shell",
};

export interface ContentLine {
  /** where the line starts in the document (its prefix included) */
  readonly start: number;
  /** what the container put before the code: `> `, a list item's indentation, the fence's indentation */
  readonly prefix: string;
  /** the line of code, without its line end */
  readonly code: string;
  /** the line end that follows it in the document ("" for the last line of the text) */
  readonly eol: string;
  /** what the document puts after the code: the backslash of a hard-broken line (see hardBroken), else "" */
  readonly suffix: string;
}

export interface Block {
  /** the language of its code, by its info string; null for one the codemod does not read */
  readonly language: SourceLanguage | null;
  /** the info string's first word as written */
  readonly lang: string;
  /** the fence's line in the document, from 1 */
  readonly line: number;
  /** the code's lines, from the line after the opening fence up to (without) the closing one */
  readonly lines: readonly ContentLine[];
  /** the code as the engines see it: the lines without prefixes, joined by their own line ends */
  readonly code: string;
}

/** A block whose lines cannot be told from its container's (a tab the container's indentation splits). */
export interface Unreadable {
  readonly line: number;
  readonly lang: string;
  readonly unreadable: string;
}

/** The document's lines with their offsets and line ends (\r\n, \n or a lone \r, as micromark counts them). */
function documentLines(text: string): { start: number; text: string; eol: string }[] {
  const lines: { start: number; text: string; eol: string }[] = [];
  const ending = /\r\n|\n|\r/g;
  let start = 0;
  for (let m; (m = ending.exec(text)); start = m.index + m[0].length) lines.push({ start, text: text.slice(start, m.index), eol: m[0] });
  lines.push({ start, text: text.slice(start), eol: "" });
  return lines;
}

/** A fence line that ends with a backslash (```python\): CommonMark never reads one as a closing fence. */
const BROKEN_FENCE = /^[ \t>]*(`{3,}|~{3,})[^`]*\\$/;

/** A line that closes a fence of `mark`: as many of its characters or more, then at most a backslash. */
function closes(text: string, mark: string): boolean {
  const m = /^[ \t>]*(`{3,}|~{3,})[ \t]*\\?$/.exec(text);
  return m !== null && m[1]![0] === mark[0] && m[1]!.length >= mark.length;
}

/**
 * A web page saved as Markdown by a converter that ends every line with a backslash (a hard line break),
 * fences included: as written, such a fence runs to the end of the document and no block after it is
 * code. The break is read only where the page shows it: on the fence lines of a block opened by such a
 * fence, and on its lines of code only when every one of them ends in a backslash (a shell line continued
 * there ends in two). Anywhere else a trailing backslash is the code's own, a shell line continuation
 * first of all, so a block written by hand after the saved part keeps its commands whole. The lines are
 * given their breaks back when written.
 */
function hardBroken(lines: readonly { text: string }[]): string[] {
  const suffixes = lines.map(() => "");
  for (let open = 0; open < lines.length; open++) {
    const fence = BROKEN_FENCE.exec(lines[open]!.text);
    if (!fence) continue;
    let close = open + 1;
    while (close < lines.length && !closes(lines[close]!.text, fence[1]!)) close++;
    const code = lines.slice(open + 1, close);
    const broken = code.every((l) => l.text.endsWith("\\"));
    for (const i of [open, close]) if (lines[i]?.text.endsWith("\\")) suffixes[i] = "\\";
    if (broken) code.forEach((_, i) => (suffixes[open + 1 + i] = "\\"));
    open = close;
  }
  return suffixes;
}

let markdown: { fromMarkdown: typeof import("mdast-util-from-markdown").fromMarkdown; mdxMd: typeof import("micromark-extension-mdx-md").mdxMd } | null = null;

/**
 * Loads micromark, once, where a file may hold Markdown (run/preset.ts's readyFor): loading it was about
 * 50 ms of CPU of every thread, which a run over code alone never needs. Reading is synchronous after that.
 */
export async function loadMarkdown(): Promise<void> {
  if (markdown) return;
  const [{ fromMarkdown }, { mdxMd }] = await Promise.all([import("mdast-util-from-markdown"), import("micromark-extension-mdx-md")]);
  markdown = { fromMarkdown, mdxMd };
}

/** Every fenced code block, in document order. */
export function codeBlocks(path: string, text: string): (Block | Unreadable)[] {
  if (!markdown) throw new Error("the Markdown parser is not loaded (call loadMarkdown first)");
  const { fromMarkdown, mdxMd } = markdown;
  const original = documentLines(text);
  const suffixes = hardBroken(original);
  const all = original.map((l, i) => ({ ...l, text: l.text.slice(0, l.text.length - suffixes[i]!.length) }));
  const read = suffixes.some(Boolean) ? all.map((l) => l.text + l.eol).join("") : text;
  const tree = fromMarkdown(read, /\.mdx$/i.test(path) ? { extensions: [mdxMd()] } : {});
  const fenced: Code[] = [];
  const walk = (node: Nodes) => {
    if (node.type === "code") {
      // An indented block (no fence) is code of no stated language: nothing says what to parse it as.
      const { line, column } = node.position!.start;
      if (/^(`{3,}|~{3,})/.test(all[line - 1]!.text.slice(column - 1).replace(/^\uFEFF/, ""))) fenced.push(node);
    } else if ("children" in node) node.children.forEach(walk);
  };
  walk(tree);
  return fenced.map((node): Block | Unreadable => {
    const lang = node.lang ?? "";
    const line = node.position!.start.line;
    const values = node.value === "" ? [] : node.value.split(/\r\n|\n|\r/);
    const raw = all.slice(line, line + values.length);
    if (raw.length !== values.length || raw.some((l, i) => !l.text.endsWith(values[i]!)))
      return { line, lang, unreadable: "its lines could not be told apart from the container around it" };
    const lines = raw.map((l, i) => ({
      start: l.start,
      prefix: l.text.slice(0, l.text.length - values[i]!.length),
      code: values[i]!,
      eol: l.eol,
      suffix: suffixes[line + i]!,
    }));
    const code = lines.map((l, i) => l.code + (i < lines.length - 1 ? l.eol : "")).join("");
    return { language: LANGUAGES[lang.toLowerCase()] ?? null, lang, line, lines, code };
  });
}
