/**
 * firecrawl-codemod/eslint-plugin: the rules, and flat configs that register the plugin themselves.
 *   recommended                every v1 rule as an error
 *   recommended-type-checked   the same, with receivers confirmed by the TypeScript type checker
 *   strict                     recommended, plus no TODO(firecrawl-v2) marker may stay
 */
import type { ESLint, Linter, Rule } from "eslint";
import { VERSION } from "../src/version.js";
import noFirecrawlV2Todos from "./no-firecrawl-v2-todos.js";
import noV1ClientMethods from "./no-v1-client-methods.js";
import noV1Errors from "./no-v1-errors.js";
import noV1Formats from "./no-v1-formats.js";
import noV1Imports from "./no-v1-imports.js";
import noV1Options from "./no-v1-options.js";
import noV1ResultShapes from "./no-v1-result-shapes.js";

export const rules: Record<string, Rule.RuleModule> = {
  "no-v1-client-methods": noV1ClientMethods,
  "no-v1-options": noV1Options,
  "no-v1-formats": noV1Formats,
  "no-v1-result-shapes": noV1ResultShapes,
  "no-v1-errors": noV1Errors,
  "no-v1-imports": noV1Imports,
  "no-firecrawl-v2-todos": noFirecrawlV2Todos,
};

const FILES = ["**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}"];
const V1_RULES = Object.keys(rules).filter((name) => name.startsWith("no-v1-"));

export const meta = { name: "firecrawl-codemod", version: VERSION, namespace: "firecrawl" };

/**
 * Flat configs only (the plugin's type says so, so `defineConfig` and `tseslint.config` accept them
 * without the legacy config type). Exported by name too: `require("firecrawl-codemod/eslint-plugin")`
 * in an eslint.config.cjs gets this module's namespace, which is then the plugin itself, no `.default`.
 */
export const configs: Record<string, Linter.Config> = {};

const plugin: { meta: typeof meta; rules: typeof rules; configs: typeof configs } = { meta, rules, configs } satisfies ESLint.Plugin;

const recommendedRules = Object.fromEntries(V1_RULES.map((name) => [`firecrawl/${name}`, "error"])) as Linter.RulesRecord;

configs.recommended = {
  name: "firecrawl/recommended",
  files: FILES,
  plugins: { firecrawl: plugin },
  rules: recommendedRules,
};

configs["recommended-type-checked"] = {
  name: "firecrawl/recommended-type-checked",
  files: FILES,
  plugins: { firecrawl: plugin },
  languageOptions: { parserOptions: { projectService: true } },
  settings: { firecrawl: { typeAware: true } },
  rules: recommendedRules,
};

configs.strict = {
  name: "firecrawl/strict",
  files: FILES,
  plugins: { firecrawl: plugin },
  rules: { ...recommendedRules, "firecrawl/no-firecrawl-v2-todos": "error" },
};

export default plugin;
