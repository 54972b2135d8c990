/**
 * The command that formats only the files a run changed, with the formatter the project already uses
 * (Prettier, Biome or ESLint, told by its config file or its package.json entry); none when it uses none.
 */
import { existsSync } from "node:fs";
import { readJson } from "../project/manifests.js";
import { join } from "node:path";
import { CONTROL } from "../run/printable.js";

/**
 * A shell word that stands for exactly this text: bare when it is plain, else single-quoted; a name holding a
 * control character in $'...' with it escaped (bash, zsh, ksh and POSIX.1-2024 sh read that), so the command
 * shows on one line and sends nothing to the terminal.
 */
function shellWord(text: string): string {
  if (/^[\w./@%+=:,-]+$/.test(text)) return text;
  // Bytes, not characters: $'\u...' depends on the shell's locale, $'\xHH' does not.
  if (text.match(CONTROL))
    return `$'${text.replace(/[\\']/g, (c) => `\\${c}`).replace(CONTROL, (c) => [...Buffer.from(c)].map((b) => `\\x${b.toString(16).padStart(2, "0")}`).join(""))}'`;
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The formatters a project uses, found by their config files or their package.json entries. */
export function formatCommand(cwd: string, files: readonly string[]): string | null {
  if (files.length === 0) return null;
  // A package.json that does not parse names no formatter (the summary says it is not valid JSON).
  const pkg = (readJson(join(cwd, "package.json")) ?? {}) as Record<string, Record<string, string> | undefined>;
  const deps = { ...pkg.dependencies, ...pkg.devDependencies };
  const has = (name: string, configs: readonly string[]) =>
    name in deps || configs.some((c) => existsSync(join(cwd, c))) || (name === "prettier" && "prettier" in pkg);
  // Pasted into a shell: every name is a word of its own (no expansion), and none is taken for an option.
  const list = `-- ${files.map(shellWord).join(" ")}`;
  if (
    has("prettier", [
      ".prettierrc",
      ".prettierrc.json",
      ".prettierrc.js",
      ".prettierrc.cjs",
      ".prettierrc.mjs",
      ".prettierrc.yaml",
      ".prettierrc.yml",
      "prettier.config.js",
      "prettier.config.mjs",
      "prettier.config.cjs",
    ])
  )
    return `npx prettier --write ${list}`;
  if (has("@biomejs/biome", ["biome.json", "biome.jsonc"])) return `npx biome format --write ${list}`;
  if (has("eslint", ["eslint.config.js", "eslint.config.mjs", "eslint.config.cjs", "eslint.config.ts", ".eslintrc.json", ".eslintrc.js", ".eslintrc.cjs"]))
    return `npx eslint --fix ${list}`;
  return null;
}
