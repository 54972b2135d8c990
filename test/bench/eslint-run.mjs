// One ESLint 10 run over a tree: `none` with no rules at all, `plugin` with only the plugin's recommended rules
// (this checkout's build, or BENCH_PLUGIN's: an older build's dist/rules/index.js).
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";

const [tree, mode] = process.argv.slice(2);
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
  ],
});
const results = await eslint.lintFiles(["."]);
const findings = results.reduce((n, r) => n + r.messages.filter((m) => !m.fatal).length, 0);
console.error(`${results.length} files, ${findings} findings`);
