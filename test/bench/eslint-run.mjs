// One ESLint 10 run over a tree: `none` with no rules at all, `plugin` with only the plugin's recommended rules.
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";

const [tree, mode] = process.argv.slice(2);
const plugin = mode === "plugin" ? (await import("../../dist/rules/index.js")).default : null;
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
