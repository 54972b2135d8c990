/**
 * Version awareness (DESIGN contract 8): which client calls are v1 code. A call is v1 when its method
 * exists only in v1, when its arguments have a shape only v1 takes, or, for a method both versions share
 * (`search`, `extract`, `cancelCrawl`, ...), when its result is read through a field only v1 has, the
 * package's SDK is v1, or nothing says otherwise: the file shows no sign of having been written for v2.
 * Only v1 calls are migrated, and only the results of v1 calls; v2 code is left as it is.
 */
import type { ASTPath } from "jscodeshift";
import type { Node } from "@babel/types";
import { TYPES, V2_ONLY_EXPORTS, type ApiVersion } from "../../mapping/imports.js";
import { ERRORS } from "../../mapping/errors.js";
import { METHODS, type ArgumentShape } from "../../mapping/client-methods.js";
import { RESULTS } from "../../mapping/results.js";
import { findClientCalls, resultDeclarator, type ClientCall } from "./calls.js";
import type { PathIndex } from "./paths.js";
import { bindingReferences } from "./references.js";
import type { SdkBindings } from "./sdk.js";
import { memberName, resolveObject } from "./expressions.js";

/** Method names that only v2 has (v1 spelled them otherwise). */
const V2_ONLY_METHODS: ReadonlySet<string> = new Set(METHODS.flatMap((row) => (row.js.v2 && row.js.v2 !== row.js.v1 ? [row.js.v2] : [])));
const V1_ONLY_EXPORTS: ReadonlySet<string> = new Set([...ERRORS.map((row) => row.js.v1), ...TYPES.map((row) => row.js.v1)]);
const V2_EXPORTS: ReadonlySet<string> = new Set([
  ...V2_ONLY_EXPORTS,
  ...TYPES.flatMap((row) => (row.js.v2 && !V1_ONLY_EXPORTS.has(row.js.v2) ? [row.js.v2] : [])),
]);

/** A call still in v1's positional shape, whatever its method is called now. */
export function hasV1Shape(call: ClientCall, shape: ArgumentShape): boolean {
  const args = call.node.arguments;
  if (args.length > shape.keep + 1) return true;
  if (shape.keep > 0 || args.length === 0) return call.isV1Name;
  // extract(urls, params) versus extract({ urls, ...params }): v1's first argument is the URL list.
  const first = args[0]!;
  if (first.type === "ArrayExpression") return true;
  if (first.type === "Identifier") {
    const resolved = resolveObject(call.path.get("arguments", 0) as ASTPath<Node>, true);
    return resolved?.node.type === "ArrayExpression";
  }
  return false;
}

/** v1 by what it is called or how it is called, whatever the package says. */
function isV1ByItself(call: ClientCall): boolean {
  if (call.isV1Name) return true;
  return call.row.js.args !== undefined && hasV1Shape(call, call.row.js.args);
}

/** Its result is read through a field only v1 results have (`success`, `error`, a search's `data`, ...); a moved field, or one v1 never had either, is no proof. */
function readsV1Fields(call: ClientCall): boolean {
  const kind = call.row.result;
  const declarator = resultDeclarator(call);
  const id = (declarator?.node as { id?: Node } | undefined)?.id;
  if (!kind || !declarator || id?.type !== "Identifier") return false;
  const v1Fields = new Set(
    RESULTS.filter((row) => row.of.includes(kind) && !["strings-to-objects", "moved", "never-had"].includes(row.change.kind)).map((row) => row.js.v1),
  );
  return bindingReferences(call.index, declarator, id, id.name).some((ref) => {
    const parent = ref.parent?.node as Node | undefined;
    if (parent?.type !== "MemberExpression" && parent?.type !== "OptionalMemberExpression") return false;
    const field = memberName(parent);
    return parent.object === ref.node && field !== undefined && v1Fields.has(field);
  });
}

const leaning = new WeakMap<SdkBindings, boolean>();

/** The file was written for v2: it uses a name only v2 has, and nothing only v1 has. */
function fileLeansV2(index: PathIndex, sdk: SdkBindings): boolean {
  const known = leaning.get(sdk);
  if (known !== undefined) return known;
  const calls = findClientCalls(index, sdk);
  const imported = [...sdk.named.values(), ...sdk.clientClasses];
  const v1 = calls.some(isV1ByItself) || imported.some((name) => V1_ONLY_EXPORTS.has(name));
  const verdict = usesV2Names(index, sdk) && !v1;
  leaning.set(sdk, verdict);
  return verdict;
}

/** The file calls a method or imports a name only v2 has. */
export function usesV2Names(index: PathIndex, sdk: SdkBindings): boolean {
  const imported = [...sdk.named.values(), ...sdk.clientClasses];
  return findClientCalls(index, sdk).some((call) => V2_ONLY_METHODS.has(call.method)) || imported.some((name) => V2_EXPORTS.has(name));
}

/** Verdicts by call and package version: the results, options and imports steps all ask about each call. */
const verdicts = new WeakMap<ClientCall, Map<ApiVersion | undefined, boolean>>();

/** Whether a client call is v1 code, to be migrated, with its result. */
export function isV1Call(call: ClientCall, sdk: SdkBindings, version: ApiVersion | undefined): boolean {
  let known = verdicts.get(call);
  if (!known) verdicts.set(call, (known = new Map()));
  let verdict = known.get(version);
  if (verdict === undefined) known.set(version, (verdict = judge(call, sdk, version)));
  return verdict;
}

function judge(call: ClientCall, sdk: SdkBindings, version: ApiVersion | undefined): boolean {
  if (isV1ByItself(call)) return true;
  // A name only v2 has, called the v2 way.
  if (call.method !== call.row.js.v1) return false;
  if (version === "v1" || readsV1Fields(call)) return true;
  return version === undefined && !fileLeansV2(call.index, sdk);
}

/** Whether the file has v1 calls to migrate: what a rename of the client class rides along with. */
export function hasV1Calls(index: PathIndex, sdk: SdkBindings, version: ApiVersion | undefined): boolean {
  return findClientCalls(index, sdk).some((call) => isV1Call(call, sdk, version));
}
