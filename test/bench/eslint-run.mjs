// One ESLint 10 run over a tree: `none` with no rules at all, `plugin` with only the plugin's recommended rules
// (this checkout's build, or BENCH_PLUGIN's: an older build's dist/rules/index.js), `builtin N` with N of
// ESLint's own cheapest rules. A mode ending in `+contexts` first makes ESLint build each rule's context as a
// plain object (see below), to tell ESLint's cost of having any rule at all from what the rules themselves cost.
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";

const [tree, asked, count] = process.argv.slice(2);
const contexts = asked.endsWith("+contexts");
const mode = contexts ? asked.slice(0, -"+contexts".length) : asked;
if (contexts) {
  // ESLint makes each rule's context with Object.create(fileContext), a fresh object per file: V8 then makes
  // that object a prototype, and its young-generation collections grow slower. One rule that does nothing costs
  // about as much as seven (not the rules' work: ESLint's, for any rule). The same properties, copied onto an
  // object of FileContext's own prototype, keep every rule's view of its context.
  const require = createRequire(import.meta.url);
  const { FileContext } = require(join(dirname(require.resolve("eslint")), "linter/file-context.js"));
  FileContext.prototype.extend = function (extension) {
    return Object.freeze(Object.assign(Object.setPrototypeOf({ ...this }, FileContext.prototype), extension));
  };
}
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
