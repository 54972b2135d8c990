/**
 * firecrawl-codemod/eslint-plugin: the rules, and flat configs that register the plugin themselves.
 *   recommended                every v1 rule as an error
 *   recommended-type-checked   the same, with receivers confirmed by the TypeScript type checker
 *   strict                     recommended, plus no TODO(firecrawl-v2) marker may stay
 */
import type { ESLint, Linter, Rule } from "eslint";
import { VERSION } from "../src/version.js";
import { CONCERNS, type ConcernName } from "../src/mapping/concerns.js";
import apiRequests from "./api-requests.js";
import clientMethods from "./client-methods.js";
import errors from "./errors.js";
import formats from "./formats.js";
import imports from "./imports.js";
import noFirecrawlV2Todos from "./no-firecrawl-v2-todos.js";
import options from "./options.js";
import results from "./results.js";

/** One rule per concern, named as the concern is everywhere else (src/mapping/concerns.ts). */
const concernRules: Record<ConcernName, Rule.RuleModule> = {
  "client-methods": clientMethods,
  options,
  formats,
  "api-requests": apiRequests,
  results,
  errors,
  imports,
};

/** The rules' earlier names, so existing configs keep working: the same rule, deprecated, pointing to its name now. */
const legacyRules = Object.fromEntries(
  CONCERNS.flatMap(({ name, legacyRule }) => {
    const rule = concernRules[name];
    return legacyRule ? [[legacyRule, { ...rule, meta: { ...rule.meta, deprecated: true, replacedBy: [name] } }]] : [];
  }),
);

export const rules: Record<string, Rule.RuleModule> = { ...concernRules, "no-firecrawl-v2-todos": noFirecrawlV2Todos, ...legacyRules };

const FILES = ["**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}"];
const V1_RULES = CONCERNS.map((c) => c.name);

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
