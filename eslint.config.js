// The repository's own lint (ESLint 10 flat config): ESLint's and typescript-eslint's recommended rules
// over the source, the transforms, the rules, the tests and the scripts. Fixtures, examples and the batch
// test's projects are inputs to the codemod, not code of this repository, so they are not linted.
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig(
  {
    ignores: ["dist/", "coverage/", "fixtures/", "examples/", "test/batch/projects/", ".typed-*/", ".configs-*/"],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    rules: {
      // `const { a: _, ...rest } = o` is how a copy without `a` is written: the dropped names are the point.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
    },
  },
);
