/**
 * Version awareness for Python (DESIGN contract 8, as detect/version.ts for JavaScript). In firecrawl-py 3
 * and later `FirecrawlApp` is an alias of v2's `Firecrawl`, so `FirecrawlApp(...).scrape(...)` is v2 code.
 * A call is v1 when its method exists only in v1 (`scrape_url`, `crawl_url`, `map_url`, ...), or, for a
 * name both versions share (`search`, `cancel_crawl`, ...), when the package is on v1 or the file shows no
 * sign of v2 (a method only v2 has, and none only v1 has).
 */
import type { ApiVersion } from "../mapping/imports.js";
import type { PyMethodUse } from "./detect.js";

/** A method name only v2 has (v1 spelled it otherwise). */
function isV2Only(call: PyMethodUse): boolean {
  return !call.isV1Name && !call.row.python.v1.includes(call.method);
}

export function isV1PyCall(call: PyMethodUse, calls: readonly PyMethodUse[], sdk: ApiVersion | undefined): boolean {
  if (call.isV1Name) return true;
  if (isV2Only(call)) return false;
  if (sdk) return sdk === "v1";
  return !(calls.some(isV2Only) && !calls.some((c) => c.isV1Name));
}

/** Whether the file has v1 calls to migrate: what the client class's rename rides along with. */
export function hasV1PyCalls(calls: readonly PyMethodUse[], sdk: ApiVersion | undefined): boolean {
  return calls.some((call) => isV1PyCall(call, calls, sdk));
}
