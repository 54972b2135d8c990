// One ESLint 10 run over a tree: `none` with no rules at all, `plugin` with only the plugin's recommended rules
// (this checkout's build, or BENCH_PLUGIN's: an older build's dist/rules/index.js), `builtin N` with N of
// ESLint's own cheapest rules: ESLint pays per file for each rule configured, whatever the rule does.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";

const [tree, mode, count] = process.argv.slice(2);
// Rules that look at one rare node type each.
const BUILTIN = ["no-debugger", "no-with", "no-octal", "no-delete-var", "no-empty-pattern", "no-new-native-nonconstructor", "no-dupe-args", "no-sparse-arrays"];
if (mode === "builtin" && !(Number(count) <= BUILTIN.length)) throw new Error(`builtin takes a count up to ${BUILTIN.length}`);
const pluginPath = process.env.BENCH_PLUGIN ? pathToFileURL(resolve(process.env.BENCH_PLUGIN)).href : "../../dist/rules/index.js";
const plugin = mode === "plugin" ? (await import(pluginPath)).default : null;
const eslint = new ESLint({
  cwd: tree,
  overrideConfigFile: true,
  overrideConfig: [
    { files: ["**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}"] },
    { files: ["**/*.{ts,tsx,mts,cts}"], languageOptions: { parser: tseslint.parser } },
    { files: ["**/*.{js,mjs,jsx}"], languageOptions: { sourceType: "module" } },
    ...(plugin ? [plugin.configs.recommended] : []),
    ...(mode === "builtin" ? [{ rules: Object.fromEntries(BUILTIN.slice(0, Number(count)).map((rule) => [rule, "error"])) }] : []),
  ],
});
const results = await eslint.lintFiles(["."]);
const findings = results.reduce((n, r) => n + r.messages.filter((m) => !m.fatal).length, 0);
console.error(`${results.length} files, ${findings} findings`);
