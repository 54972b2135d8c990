#!/usr/bin/env node
/**
 * The command's entry (package.json's bin): `--version` alone is answered from the package's version, before
 * the command line's parser and the commands are loaded (main.ts), which took twice node's own start.
 */
import { VERSION } from "../version.js";

/** V8's budget (bytes of bytecode run) before a function is weighed for optimizing: 12x its default of 66 KB. */
const INTERRUPT_BUDGET = 800_000;

const [first, ...rest] = process.argv.slice(2);
if (rest.length === 0 && (first === "--version" || first === "-v")) process.stdout.write(`${VERSION}\n`);
else {
  // A run is short next to what V8's optimizing compiler (TurboFan) expects: on its default budget it compiled
  // over 500 functions, some for a third of a second each, on its background threads, which was a third of the
  // CPU of run over 2,000 files that use the SDK. A larger budget before a function counts as hot leaves the
  // lukewarm ones to the interpreter and optimizes only the hot ones, a little later (process-wide: the
  // workers too). The flag is read whenever a function's budget is reset, so setting it now takes effect.
  process.getBuiltinModule("node:v8").setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
  await import("./main.js");
}
