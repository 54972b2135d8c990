/**
 * PowerShell blocks of a document (`Invoke-RestMethod`, `Invoke-WebRequest`): the codemod reads no
 * PowerShell, so it cannot see what `-Body` sends and must not move a URL without its body. A command that
 * names a v1 URL of the API gets a TODO above it, in PowerShell's own comments, and stays on /v1.
 */
import type { Change } from "../core/pipeline.js";
import { TODO_TAG } from "../core/todo.js";
import { HOSTS } from "../mapping/api-requests.js";
import { DOCS } from "../mapping/docs.js";
import { powershellRequest } from "../mapping/messages.js";
import type { Block } from "./blocks.js";

const LANGS = new Set(["powershell", "pwsh", "ps1", "ps"]);
const REQUEST = /\b(?:Invoke-RestMethod|Invoke-WebRequest|irm|iwr)\b/i;
const V1_URL = new RegExp(`(?:https?://)?(?:${HOSTS})/v1/([\\w./-]*)`);

/** The block's code with a TODO above each request to a v1 URL, and those TODOs; null when it has none. */
export function markPowershell(block: Block): { code: string; todos: Change[] } | null {
  if (!LANGS.has(block.lang.toLowerCase())) return null;
  const lines = block.code.split(/(?<=\r\n|\n|\r(?!\n))/);
  const eol = /\r\n|\n|\r/.exec(block.code)?.[0] ?? "\n";
  // Commands by their first line: a line ended with a backtick goes on on the next one.
  const commands: number[][] = [];
  lines.forEach((line, i) => (i > 0 && /`\s*(?:\r\n|\n|\r)$/.test(lines[i - 1]!) ? commands.at(-1)!.push(i) : commands.push([i])));
  const out: string[] = [];
  const todos: Change[] = [];
  for (const command of commands) {
    const text = command.map((i) => lines[i]!).join("");
    const url = V1_URL.exec(text);
    const first = lines[command[0]!]!;
    if (url && REQUEST.test(text) && !(out.at(-1) ?? "").includes(TODO_TAG)) {
      const message = powershellRequest(url[1]!.replace(/\/$/, ""), /-Body\b/i.test(text));
      const indent = /^[ \t]*/.exec(first)![0];
      out.push(`${indent}# ${TODO_TAG} ${message} ${DOCS.migrate}${eol}`);
      const line = out.join("").split(/\r\n|\n|\r/).length - 1;
      todos.push({ transform: "api-requests", line, message, finding: message, source: { line: command[0]! + 1, column: indent.length + 1 } });
    }
    out.push(text);
  }
  return todos.length ? { code: out.join(""), todos } : null;
}
