/**
 * Paths (ast-types NodePaths, which carry scopes) over Babel's AST, indexed by node type in one walk per
 * parse. jscodeshift's `find` builds a fresh visitor and walks the whole tree on every call; the
 * detectors ask dozens of questions per file, so they ask this index instead.
 */
import jscodeshift, { type ASTPath } from "jscodeshift";
import type { File, Node } from "@babel/types";

export type Path<N extends Node = Node> = ASTPath<N>;

type NodeOf<T extends Node["type"]> = Extract<Node, { type: T }>;

const SKIPPED_KEYS = new Set(["loc", "comments", "leadingComments", "trailingComments", "innerComments", "tokens", "extra"]);

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === "object" && typeof (value as Node).type === "string";
}

/** Visits `path` and every path below it in document order; `skip` prunes a subtree (not the root). */
export function walkPaths(path: Path, visit: (path: Path) => void, skip?: (node: Node) => boolean): void {
  visit(path);
  const node = path.node as unknown as Record<string, unknown>;
  for (const key of Object.keys(node)) {
    if (SKIPPED_KEYS.has(key)) continue;
    const value = node[key];
    if (Array.isArray(value)) {
      value.forEach((child, i) => {
        if (isNode(child) && !skip?.(child)) walkPaths(path.get(key, i) as Path, visit, skip);
      });
    } else if (isNode(value) && !skip?.(value)) {
      walkPaths(path.get(key) as Path, visit, skip);
    }
  }
}

export function contains(outer: Node, inner: Node): boolean {
  return inner.start! >= outer.start! && inner.end! <= outer.end!;
}

function matches(node: Node, filter: object | undefined): boolean {
  return !filter || Object.entries(filter).every(([key, value]) => (node as unknown as Record<string, unknown>)[key] === value);
}

/**
 * ast-types (0.16) throws on the optional catch binding (`catch {`) when it scans scopes, and drops the
 * declarations of such a catch body from the enclosing scope. Scopes are scanned lazily, after the index
 * is built, so each binding-less clause gets a stand-in parameter that no source can name: scopes then
 * come out as they would for `catch (e)`, and the index, built before, never lists the stand-in.
 */
function bindOptionalCatches(clauses: readonly Path[]): void {
  for (const { node } of clauses) {
    if (node.type !== "CatchClause" || node.param) continue;
    const at = node.body.start!;
    node.param = { type: "Identifier", name: "\u0000catch", start: at, end: at, loc: node.body.loc } as never;
  }
}

export class PathIndex {
  readonly root: Path<File>;
  private readonly byType = new Map<string, Path[]>();

  constructor(ast: File) {
    this.root = jscodeshift(ast as never).paths()[0] as unknown as Path<File>;
    walkPaths(this.root, (path) => {
      const list = this.byType.get(path.node.type);
      if (list) list.push(path);
      else this.byType.set(path.node.type, [path]);
    });
    bindOptionalCatches(this.byType.get("CatchClause") ?? []);
  }

  /** Every path of a node type, in document order, optionally matching some of the node's fields. */
  of<T extends Node["type"]>(type: T, filter?: Partial<NodeOf<T>>): Path<NodeOf<T>>[] {
    const all = (this.byType.get(type) ?? []) as Path<NodeOf<T>>[];
    return filter ? all.filter((p) => matches(p.node, filter)) : all;
  }

  /** The same, limited to paths inside `container`. */
  within<T extends Node["type"]>(type: T, container: Node, filter?: Partial<NodeOf<T>>): Path<NodeOf<T>>[] {
    return this.of(type, filter).filter((p) => contains(container, p.node));
  }
}

/** `r.data = x`, `r.data ??= x`, `r.data++`, `delete r.data`: a place written to, where a rewritten read cannot stand. */
export function isWrittenTo(member: Path): boolean {
  const parent = member.parent?.node as Node | undefined;
  if (parent?.type === "AssignmentExpression") return parent.left === member.node;
  if (parent?.type === "UpdateExpression") return true;
  return parent?.type === "UnaryExpression" && parent.operator === "delete";
}
