// node --import test/support/record-loads.mjs ...: appends the URL of every module loaded through the ESM loader to $RECORD_LOADS,
// and at exit the path of every module loaded with require() (the loader hook does not see those).
import { appendFileSync } from "node:fs";
import { createRequire, register } from "node:module";

register(new URL("./record-loads-hooks.mjs", import.meta.url));

const { cache } = createRequire(import.meta.url);
process.on("exit", () =>
  appendFileSync(
    process.env.RECORD_LOADS,
    Object.keys(cache)
      .map((path) => `${path}\n`)
      .join(""),
  ),
);
