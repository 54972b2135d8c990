/**
 * JSON blocks a document shows as the answer of the request just above them (`"success": true, "data":
 * {...}` after a `curl .../v1/map` or a `requests.post(".../v1/map", ...)`): once that request moved to /v2
 * in this run, the answer it shows is
 * v2's, with the fields the route's table says v2 answers elsewhere (mapping/api-requests.ts, `reads`).
 * A request that stayed on /v1 keeps its answer as it is.
 */
import { findNodeAtLocation, parseTree, type Node as JsonNode } from "jsonc-parser";
import { routeOf, type ResponseRead, type RouteRow } from "../mapping/api-requests.js";
import { responseRead } from "../mapping/messages.js";
import type { Change } from "../core/pipeline.js";
import { applyEdits, type Edit } from "../core/edits.js";

const V1_ROUTE = /\/v1\/([\w/-]+)/g;

/**
 * The one route a block's requests moved to /v2 in this run, from its text before and after: none where it
 * moved none, or several (an answer shown after two requests answers which?).
 */
export function movedRoute(before: string, after: string): RouteRow | undefined {
  const routes = new Set<RouteRow>();
  for (const [, path] of before.matchAll(V1_ROUTE)) {
    const route = routeOf(path!.replace(/\/$/, ""));
    if ((route?.reads || route?.shownReads) && after.includes(`/v2/${path}`)) routes.add(route);
  }
  return routes.size === 1 ? [...routes][0] : undefined;
}

/** The edit one changed field of a shown answer needs. */
function fieldEdit(code: string, node: JsonNode, { change }: ResponseRead): Edit[] {
  const text = (n: JsonNode) => code.slice(n.offset, n.offset + n.length);
  switch (change.kind) {
    case "rename": {
      const key = node.parent?.children?.[0];
      return key ? [{ start: key.offset, end: key.offset + key.length, text: JSON.stringify(change.to) }] : [];
    }
    case "strings-to-objects":
      return node.type !== "array"
        ? []
        : (node.children ?? [])
            .filter((item) => item.type === "string")
            .map((item) => ({ start: item.offset, end: item.offset + item.length, text: `{ ${JSON.stringify(change.pick)}: ${text(item)} }` }));
    case "nested":
      return node.type === "array" ? [{ start: node.offset, end: node.offset + node.length, text: `{ ${JSON.stringify(change.field)}: ${text(node)} }` }] : [];
  }
}

/** The nodes at a path into a JSON tree, `*` standing for each item of a list. */
function nodesAt(root: JsonNode, path: readonly string[]): JsonNode[] {
  const each = path.indexOf("*");
  if (each === -1) {
    const node = findNodeAtLocation(root, [...path]);
    return node ? [node] : [];
  }
  const list = findNodeAtLocation(root, path.slice(0, each));
  if (list?.type !== "array") return [];
  return (list.children ?? []).flatMap((item) => nodesAt(item, path.slice(each + 1)));
}

/**
 * A shown answer (a JSON object with `success` at its top) made v2's for `route`, with what changed at the
 * block's lines; null when it shows none of the fields v2 answers elsewhere.
 */
export function migrateShownResponse(code: string, route: RouteRow): { code: string; changes: Change[] } | null {
  const root = parseTree(code, [], { allowTrailingComma: true, disallowComments: false });
  if (root?.type !== "object" || !findNodeAtLocation(root, ["success"])) return null;
  const edits: Edit[] = [];
  const changes: Change[] = [];
  for (const read of [...(route.reads ?? []), ...(route.shownReads ?? [])])
    for (const node of nodesAt(root, read.at)) {
      const found = fieldEdit(code, node, read);
      if (!found.length) continue;
      edits.push(...found);
      const before = code.slice(0, node.offset).split("\n");
      const at = { line: before.length, column: before.at(-1)!.length + 1 };
      const { finding, action } = responseRead(read);
      changes.push({ transform: "api-requests", line: at.line, message: action, finding, source: at });
    }
  return edits.length ? { code: applyEdits(code, edits), changes } : null;
}
