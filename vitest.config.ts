import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Several suites build a TypeScript program (the SDK oracle, the type-aware CLI runs): on a loaded
    // two-core machine the first check of a program alone can take longer than vitest's 5 s default.
    // Correctness is asserted, never speed (that is the bench's job), so they get the time they need.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
