// The loader hook record-loads.mjs registers: runs in the loader's own thread, which sees the same environment.
import { appendFileSync } from "node:fs";

export async function load(url, context, next) {
  appendFileSync(process.env.RECORD_LOADS, `${url}\n`);
  return next(url, context);
}
