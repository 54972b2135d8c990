/**
 * A call's result assigned to a `let` of the same function (`result = await app.crawlUrl(...)`, as a retry
 * loop keeps its last answer): which reads of the name see that value, and which may or may not.
 */
import type { Node } from "@babel/types";
import { contains, enclosingFunction, type Path, type PathIndex } from "./paths.js";
import { bindingReferences } from "./references.js";
import { AWAITED_WRAPPERS, outsideWrappers, variableDeclaratorOf } from "./expressions.js";

export interface AssignedReads {
  /** the declarator of the name */
  readonly binding: Path;
  readonly name: string;
  /** reads that see the assigned value (or nothing at all) */
  readonly sure: Path[];
  /** reads that may see it or another value: assigned elsewhere too, read after the block or in a closure */
  readonly unsure: Path[];
}

const LOOPS = new Set(["ForStatement", "ForInStatement", "ForOfStatement", "WhileStatement", "DoWhileStatement"]);

/** Whether a reference of the name writes it (`x = ...`, `x++`, `for (x of ...)`, a pattern's target). */
function isWrite(ref: Path): boolean {
  const parent = ref.parent?.node as Node | undefined;
  switch (parent?.type) {
    case "AssignmentExpression":
      return parent.left === ref.node;
    case "UpdateExpression":
    case "ArrayPattern":
    case "RestElement":
      return true;
    case "ForInStatement":
    case "ForOfStatement":
      return parent.left === ref.node;
    case "ObjectProperty":
      return ref.parent?.parent?.node.type === "ObjectPattern" && parent.value === ref.node;
    case "AssignmentPattern":
      return parent.left === ref.node;
    default:
      return false;
  }
}

/** Whether a write leaves the name empty (`x = null`, `x = undefined`): a read that finds something found the call's. */
function isEmpty(value: Node | null | undefined): boolean {
  return (
    !value ||
    value.type === "NullLiteral" ||
    (value.type === "Identifier" && value.name === "undefined") ||
    (value.type === "UnaryExpression" && value.operator === "void")
  );
}

/**
 * Whether `child` may not run when `parent` does: an if or ?: branch, the right side of a short circuit, a loop's
 * body, a try block or handler, a switch case, an optional call's arguments, a default value.
 */
function mayBeSkipped(parent: Node, child: Node): boolean {
  switch (parent.type) {
    case "IfStatement":
    case "ConditionalExpression":
      return child !== parent.test;
    case "LogicalExpression":
      return child === parent.right;
    case "AssignmentExpression":
      return LOGICAL_ASSIGNMENTS.has(parent.operator) && child === parent.right;
    case "WhileStatement":
      return child === parent.body;
    case "ForStatement":
      return child === parent.body || child === parent.update;
    case "ForInStatement":
    case "ForOfStatement":
      return child !== parent.right;
    case "TryStatement":
      return child === parent.block || child === parent.handler;
    case "SwitchStatement":
      return child !== parent.discriminant;
    case "OptionalCallExpression":
      return child !== parent.callee;
    case "OptionalMemberExpression":
      return child === parent.property;
    case "AssignmentPattern":
      return child === parent.right;
    default:
      return false;
  }
}

const LOGICAL_ASSIGNMENTS = new Set(["&&=", "||=", "??="]);

/**
 * Whether a read runs only once an `&&` came out truthy, so after its right side ran: further right in the same
 * chain (`online && (r = await app.search(q)) && r.data.length`) or in the branch that chain's test opens.
 */
function afterTruthy(and: Path, read: Path): boolean {
  for (let at = and; at.parent; at = at.parent as Path) {
    const parent = at.parent.node as Node;
    if (parent.type === "LogicalExpression" && parent.operator === "&&" && parent.left === at.node) {
      if (contains(parent.right, read.node)) return true;
    } else
      return (parent.type === "IfStatement" || parent.type === "ConditionalExpression") && parent.test === at.node && contains(parent.consequent, read.node);
  }
  return false;
}

/** Whether `write` runs whenever `read` does, up to the statement that holds it: no branch between skips one without the other. */
function runsWith(write: Path, read: Path, statement: Path): boolean {
  for (let at = write; at !== statement && at.parent; at = at.parent as Path) {
    const parent = at.parent.node as Node;
    if (!mayBeSkipped(parent, at.node) || contains(at.node, read.node)) continue;
    return parent.type === "LogicalExpression" && parent.operator === "&&" && afterTruthy(at.parent as Path, read);
  }
  return true;
}

/** The statement an expression stands in, with the statement list (block, case, program) that holds it. */
function statementOf(path: Path): { statement: Path; list: Path } | null {
  for (let at = path; at.parent; at = at.parent as Path) {
    const holder = at.parent.node as Node;
    if (holder.type === "BlockStatement" || holder.type === "Program" || holder.type === "SwitchCase" || holder.type === "StaticBlock")
      return { statement: at, list: at.parent as Path };
    if (holder.type.endsWith("Function") || holder.type === "ArrowFunctionExpression") return null;
  }
  return null;
}

export function assignedReads(index: PathIndex, call: Path): AssignedReads | null {
  const { path: at, from } = outsideWrappers(call, AWAITED_WRAPPERS);
  const assignment = at?.node;
  if (assignment?.type !== "AssignmentExpression" || assignment.operator !== "=" || assignment.right !== from || assignment.left.type !== "Identifier")
    return null;
  const binding = variableDeclaratorOf(at!.get("left") as Path);
  const declaration = binding?.parent?.node as Node | undefined;
  const fn = enclosingFunction(at!);
  if (!binding || declaration?.type !== "VariableDeclaration" || declaration.kind === "const" || !fn || enclosingFunction(binding) !== fn) return null;
  const name = assignment.left.name;
  const id = (binding.node as Extract<Node, { type: "VariableDeclarator" }>).id;
  const refs = bindingReferences(index, binding, id, name);
  // The declaration's own value is a write too (`let m = cached; if (online) m = await app.mapUrl(u)`).
  const declared = (binding.node as Extract<Node, { type: "VariableDeclarator" }>).init ? [binding.get("id") as Path] : [];
  const writes = [...declared, ...refs.filter(isWrite)];
  const others = writes.filter((ref) => ref.parent!.node !== assignment);
  const reads = refs.filter((ref) => !isWrite(ref));
  const valueOf = (write: Path) => {
    const site = write.parent!.node as Node;
    return site.type === "VariableDeclarator" ? site.init : site.type === "AssignmentExpression" && site.operator === "=" ? site.right : undefined;
  };
  const emptied = (write: Path) => {
    const value = valueOf(write);
    return value !== undefined && isEmpty(value);
  };
  if (others.every(emptied)) return { binding, name, sure: reads, unsure: [] };
  // Whether a read sees what one assignment wrote and nothing else: it follows it in its statement list, no
  // other write comes between, and no loop around the read (inside that list) writes the name again.
  const seesOnly = (write: Path, read: Path): boolean => {
    const holder = statementOf(write);
    const end = write.node.end!;
    const rest = writes.filter((w) => w.parent!.node !== write.node);
    if (!holder || read.node.start! < end || !contains(holder.list.node, read.node) || enclosingFunction(read) !== enclosingFunction(write)) return false;
    if (!runsWith(write, read, holder.statement)) return false;
    if (rest.some((w) => w.node.start! > end && w.node.start! < read.node.start!)) return false;
    for (let up = read.parent as Path | null; up && up.node !== holder.list.node; up = up.parent as Path | null) {
      if (LOOPS.has(up.node.type) && rest.some((w) => contains(up!.node, w.node))) return false;
    }
    return true;
  };
  const sure = (read: Path) => seesOnly(at!, read);
  // A read another assignment answers alone is that one's.
  const elsewhere = (read: Path) => others.some((w) => valueOf(w) !== undefined && seesOnly(w.parent as Path, read));
  // A read before the assignment sees it only from a loop around both, or from a closure.
  const reaches = (read: Path): boolean => {
    if (read.node.start! > assignment.end! || enclosingFunction(read) !== fn) return true;
    for (let up = at!.parent as Path | null; up && up.node !== fn; up = up.parent as Path | null)
      if (LOOPS.has(up.node.type) && contains(up.node, read.node)) return true;
    return false;
  };
  return { binding, name, sure: reads.filter(sure), unsure: reads.filter((read) => !sure(read) && reaches(read) && !elsewhere(read)) };
}
