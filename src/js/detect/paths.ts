/**
 * Paths (ast-types NodePaths, which carry scopes) over Babel's AST, indexed by node type in one walk per
 * parse. jscodeshift's `find` builds a fresh visitor and walks the whole tree on every call; the
 * detectors ask dozens of questions per file, so they ask this index instead.
 */
import type * as AstTypes from "ast-types";
import type { ASTPath } from "jscodeshift";
import { onFirstUse } from "../../core/on-first-use.js";
import type { File, Node } from "@babel/types";
import { fastScopes } from "./scopes.js";

/**
 * ast-types, jscodeshift's paths and scopes, asked for itself and only when a file is indexed (one that may reach the
 * SDK): jscodeshift's own entry loads recast's printer and Babel's builders too, 58 ms against 25 on each thread.
 */
const astTypes = onFirstUse<typeof AstTypes>(import.meta.url, "ast-types");

export type Path<N extends Node = Node> = ASTPath<N>;

type NodeOf<T extends Node["type"]> = Extract<Node, { type: T }>;

const SKIPPED_KEYS = new Set(["loc", "comments", "leadingComments", "trailingComments", "innerComments", "tokens", "extra"]);

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === "object" && typeof (value as Node).type === "string";
}

/** What ast-types keeps on each path: the child paths it made, by key (Path's `__childCache`). */
interface Cached {
  __childCache: Record<string | number, Path> | null;
  readonly value: unknown;
  readonly constructor: new (value: unknown, parent: Path, name: string | number) => Path;
}

/**
 * `path.get(name)` for a value the walk already holds, as ast-types makes it (the same constructor, kept
 * in the same cache, so a later `get` returns this path), without what `get` does for a name it has not
 * seen: look the field up in the node type's definition, for a default value. That lookup and the check
 * that a path's value is a node were a third of building a file's index.
 */
function childPath(parent: Path, name: string | number, value: unknown): Path {
  const own = parent as unknown as Cached;
  const cache = (own.__childCache ??= Object.create(null) as Record<string | number, Path>);
  const known = cache[name];
  if (known !== undefined && known.value === value) return known;
  return (cache[name] = new own.constructor(value, parent, name));
}

/** Whether ast-types takes a value for a node (its check looks at the type alone, so once per type). */
const nodeTypes = new Map<string, boolean>();
function isAstNode(node: Node): boolean {
  let answer = nodeTypes.get(node.type);
  if (answer === undefined) nodeTypes.set(node.type, (answer = astTypes().namedTypes.Node.check(node)));
  return answer;
}

/** Visits `path` (holding `node`) and every path below it in document order; `skip` prunes a subtree (not the root). */
function walkFrom(path: Path, node: Node, visit: (path: Path, node: Node) => void, skip?: (node: Node) => boolean): void {
  // What path.node's first read sets, set here in walk order: every path then gets its fields in the same
  // order and so one shape, which ast-types' scope scan reads fast (set later in any order, the shapes split
  // and the scan of a large file took 2.8x as long). A node of a type ast-types does not know is no node to
  // it: its getter answers the parent's node, as the index always took it.
  if (!Object.prototype.hasOwnProperty.call(path, "node") && isAstNode(node)) Object.defineProperty(path, "node", { configurable: true, value: node });
  visit(path, path.node as Node);
  const fields = node as unknown as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    if (SKIPPED_KEYS.has(key)) continue;
    const value = fields[key];
    if (Array.isArray(value)) {
      let list: Path | undefined;
      for (let i = 0; i < value.length; i++) {
        const child: unknown = value[i];
        if (isNode(child) && !skip?.(child)) walkFrom(childPath((list ??= childPath(path, key, value)), i, child), child, visit, skip);
      }
    } else if (isNode(value) && !skip?.(value)) {
      walkFrom(childPath(path, key, value), value, visit, skip);
    }
  }
}

/** Visits `path` and every path below it in document order; `skip` prunes a subtree (not the root). */
export function walkPaths(path: Path, visit: (path: Path, node: Node) => void, skip?: (node: Node) => boolean): void {
  walkFrom(path, path.node as Node, visit, skip);
}

export const FUNCTION_TYPES: ReadonlySet<string> = new Set([
  "FunctionDeclaration",
  "FunctionExpression",
  "ArrowFunctionExpression",
  "ObjectMethod",
  "ClassMethod",
  "ClassPrivateMethod",
]);

/** The function a path stands in, nearest first; null at a module's top level. */
export function enclosingFunction(path: Path): Node | null {
  for (let at = path.parent as Path | null; at; at = at.parent as Path | null) {
    if (FUNCTION_TYPES.has(at.node.type)) return at.node;
  }
  return null;
}

/** The `try` statements whose block holds a path, nearest first, within the function it stands in. */
export function triesAround(path: Path): Extract<Node, { type: "TryStatement" }>[] {
  const tries: Extract<Node, { type: "TryStatement" }>[] = [];
  for (let at = path; at.parent; at = at.parent as Path) {
    const parent = at.parent.node as Node;
    if (FUNCTION_TYPES.has(parent.type)) break;
    if (parent.type === "TryStatement" && parent.block === at.node) tries.push(parent);
  }
  return tries;
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

/** Paths of one kind in walk order, with their order by position beside, so a range is found by binary search. */
class Listing<N extends Node> {
  private byStart?: { path: Path<N>; order: number }[];

  constructor(readonly paths: Path<N>[]) {}

  /** The paths inside `container`, in walk order. */
  within(container: Node): Path<N>[] {
    if (this.paths.length < 16) return this.paths.filter((p) => contains(container, p.node));
    this.byStart ??= this.paths.map((path, order) => ({ path, order })).sort((a, b) => a.path.node.start! - b.path.node.start! || a.order - b.order);
    const sorted = this.byStart;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sorted[middle]!.path.node.start! < container.start!) low = middle + 1;
      else high = middle;
    }
    const inside: { path: Path<N>; order: number }[] = [];
    for (let i = low; i < sorted.length && sorted[i]!.path.node.start! <= container.end!; i++)
      if (contains(container, sorted[i]!.path.node)) inside.push(sorted[i]!);
    return inside.sort((a, b) => a.order - b.order).map((entry) => entry.path);
  }
}

export class PathIndex {
  readonly root: Path<File>;
  private readonly byType = new Map<string, Path[]>();
  /** per node type, its paths by `name` (identifiers are looked up by name dozens of times per binding) */
  private readonly byName = new Map<string, Map<unknown, Listing<Node>>>();
  private readonly listings = new Map<string, Listing<Node>>();

  constructor(ast: File) {
    this.root = new (astTypes().NodePath)(ast) as unknown as Path<File>;
    fastScopes(astTypes(), this.root.get("program") as Path);
    walkPaths(this.root, (path, node) => {
      const list = this.byType.get(node.type);
      if (list) list.push(path);
      else this.byType.set(node.type, [path]);
    });
    bindOptionalCatches(this.byType.get("CatchClause") ?? []);
  }

  /**
   * The paths of a type, narrowed by the filter's `name` through a map built on first use: a file of N
   * bindings asks for each one's name, and filtering every identifier each time made a file's cost grow
   * with the square of its size. The rest of the filter is matched one by one.
   */
  private listing(type: string, filter: object | undefined): { listing: Listing<Node>; rest: object | undefined } {
    const all = this.byType.get(type) ?? [];
    if (!filter || !("name" in filter)) {
      let listing = this.listings.get(type);
      if (!listing) this.listings.set(type, (listing = new Listing(all)));
      return { listing, rest: filter };
    }
    let names = this.byName.get(type);
    if (!names) {
      names = new Map();
      for (const path of all) {
        const name = (path.node as { name?: unknown }).name;
        const listing = names.get(name);
        if (listing) listing.paths.push(path);
        else names.set(name, new Listing([path]));
      }
      this.byName.set(type, names);
    }
    const { name, ...rest } = filter as { name: unknown };
    return { listing: names.get(name) ?? new Listing([]), rest: Object.keys(rest).length > 0 ? rest : undefined };
  }

  /** Every path of a node type, in document order, optionally matching some of the node's fields. */
  of<T extends Node["type"]>(type: T, filter?: Partial<NodeOf<T>>): Path<NodeOf<T>>[] {
    const { listing, rest } = this.listing(type, filter);
    const all = listing.paths as Path<NodeOf<T>>[];
    return rest ? all.filter((p) => matches(p.node, rest)) : all;
  }

  /** The same, limited to paths inside `container`. */
  within<T extends Node["type"]>(type: T, container: Node, filter?: Partial<NodeOf<T>>): Path<NodeOf<T>>[] {
    const { listing, rest } = this.listing(type, filter);
    const inside = listing.within(container) as Path<NodeOf<T>>[];
    return rest ? inside.filter((p) => matches(p.node, rest)) : inside;
  }
}

/** `r.data = x`, `r.data ??= x`, `r.data++`, `delete r.data`: a place written to, where a rewritten read cannot stand. */
export function isWrittenTo(member: Path): boolean {
  const parent = member.parent?.node as Node | undefined;
  if (parent?.type === "AssignmentExpression") return parent.left === member.node;
  if (parent?.type === "UpdateExpression") return true;
  return parent?.type === "UnaryExpression" && parent.operator === "delete";
}
