import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Node reads the CA bundle NODE_EXTRA_CA_CERTS names at every start, before any code runs: 80 ms a process on
// the CI machines, which set it, and the suites start hundreds of node processes (the CLI, its type-check and
// pyright processes) that open no TLS connection. With it the suite took 399 s, without it 371 s. npm may need
// it to reach a registry behind a private CA: the installs get it back (withCaCerts, test/support/cli.ts).
if (process.env.NODE_EXTRA_CA_CERTS) {
  process.env.FIRECRAWL_CODEMOD_TEST_CA_CERTS = process.env.NODE_EXTRA_CA_CERTS;
  delete process.env.NODE_EXTRA_CA_CERTS;
}

export default defineConfig({
  test: {
    // Several suites build a TypeScript program (the SDK oracle, the type-aware CLI runs): on a loaded
    // two-core machine the first check of a program alone can take longer than vitest's 5 s default.
    // Correctness is asserted, never speed (that is the bench's job), so they get the time they need.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Vitest's default (one worker fewer than the cores) runs the files one at a time on two cores, while
    // the slowest suites mostly wait on processes they spawn (the CLI, tsc, pyright, npm): a second worker
    // fills that core. On two cores, nearly idle: the suite took 187 s with two workers, 302 s with one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
