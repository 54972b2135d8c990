// A throwaway project's tsconfig whose `@mendable/firecrawl-js` resolves to the declarations given: what the
// tests and the bench hand the type-aware mode and the type checker. Plain JavaScript, so the bench script
// (run by node, unbuilt) shares it with the tests.
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "../..");

/** The compiler options; `node` adds Node's types (the batch projects use them). */
export function sdkCompilerOptions(declarations, { node = false } = {}) {
  return {
    strict: true,
    target: "ES2022",
    module: "ESNext",
    moduleResolution: "Bundler",
    skipLibCheck: true,
    noEmit: true,
    ...(node ? { types: ["node"], typeRoots: [join(root, "node_modules/@types")] } : {}),
    paths: { "@mendable/firecrawl-js": [declarations] },
  };
}

/** The tsconfig.json text, with the files it includes where given. */
export function sdkTsconfig(declarations, { node = false, include } = {}) {
  return `${JSON.stringify({ compilerOptions: sdkCompilerOptions(declarations, { node }), ...(include ? { include } : {}) }, null, 2)}\n`;
}
