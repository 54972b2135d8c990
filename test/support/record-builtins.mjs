// node --import test/support/record-builtins.mjs ...: writes to $RECORD_BUILTINS, at exit, the public built-in modules the
// process loaded, however it loaded them (import, require, process.getBuiltinModule), one a line as node:NAME. No loader
// hook: registering one starts a thread, which loads worker_threads itself.
import { writeFileSync } from "node:fs";

process.on("exit", () =>
  writeFileSync(
    process.env.RECORD_BUILTINS,
    process.moduleLoadList
      .filter((entry) => entry.startsWith("NativeModule ") && !entry.includes("internal/"))
      .map((entry) => `node:${entry.slice("NativeModule ".length)}\n`)
      .join(""),
  ),
);
