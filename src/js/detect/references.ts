/**
 * Every use of a module-level binding in a file: value and type positions alike, skipping property
 * names and keys, and skipping places where an inner declaration shadows it.
 */
import { contains, type Path, type PathIndex } from "./paths.js";
import type { Node } from "@babel/types";

export function referencesTo(index: PathIndex, name: string): Path[] {
  const refs: Path[] = [];
  for (const p of index.of("Identifier", { name }) as Path[]) {
    const parent = p.parent?.node as Node | undefined;
    if (!parent) continue;
    if ((parent.type === "MemberExpression" || parent.type === "OptionalMemberExpression") && parent.property === p.node && !parent.computed) continue;
    if (
      (parent.type === "ObjectProperty" || parent.type === "ClassProperty" || parent.type === "ObjectMethod" || parent.type === "ClassMethod") &&
      parent.key === p.node &&
      !parent.computed
    ) {
      if (!(parent.type === "ObjectProperty" && parent.shorthand)) continue;
    }
    if (parent.type === "TSQualifiedName" && parent.right === p.node) continue;
    if (parent.type === "ImportSpecifier" && parent.imported === p.node && parent.local !== p.node) continue;
    const scope = p.scope?.lookup(name);
    if (scope && !scope.isGlobal && scope.path.node.type !== "Program") continue;
    refs.push(p);
  }
  return refs;
}

/** Whether a name is free to take at module level. */
export function isFree(index: PathIndex, name: string): boolean {
  return index.of("Identifier", { name }).length === 0;
}

const BLOCKS = new Set(["BlockStatement", "StaticBlock", "SwitchStatement", "ForStatement", "ForInStatement", "ForOfStatement", "Program"]);

/** The statements directly in a block, a switch's cases, or a for head. */
function ownStatements(block: Node): readonly Node[] {
  switch (block.type) {
    case "BlockStatement":
    case "StaticBlock":
    case "Program":
      return block.body;
    case "SwitchStatement":
      return block.cases.flatMap((c) => c.consequent);
    case "ForStatement":
      return block.init ? [block.init] : [];
    case "ForInStatement":
    case "ForOfStatement":
      return [block.left];
    default:
      return [];
  }
}

/** Whether a block declares `name` itself with let, const, a class or a function. */
function declaresLexically(block: Node, name: string): boolean {
  return ownStatements(block).some((statement) => {
    if (statement.type === "VariableDeclaration")
      return statement.kind !== "var" && statement.declarations.some((d) => d.id.type === "Identifier" && d.id.name === name);
    return (statement.type === "ClassDeclaration" || statement.type === "FunctionDeclaration") && statement.id?.name === name;
  });
}

/**
 * The block a `let` or `const` binding lives in. ast-types gives such bindings their function's scope, so
 * two `const response` in two `case` blocks of one function would be one binding to it.
 */
function lexicalBlock(binding: Path): Path | null {
  const declaration =
    binding.node.type === "VariableDeclarator" ? binding.parent : binding.parent?.node.type === "VariableDeclarator" ? binding.parent.parent : null;
  if (declaration?.node.type !== "VariableDeclaration" || declaration.node.kind === "var") return null;
  for (let at = declaration.parent as Path | null; at; at = at.parent as Path | null) if (BLOCKS.has(at.node.type)) return at;
  return null;
}

/** Every read of a local binding inside the scope (or, for let and const, the block) that declares it, in source order. */
export function bindingReferences(index: PathIndex, binding: Path, id: Node, name: string): Path[] {
  const scope = binding.scope?.lookup(name);
  if (!scope) return [];
  const block = lexicalBlock(binding);
  const container = (block?.node ?? scope.path.node) as Node;
  return index.within("Identifier", container, { name }).filter((p) => {
    if (contains(id, p.node)) return false;
    const parent = p.parent?.node as Node | undefined;
    if (parent && (parent.type === "MemberExpression" || parent.type === "OptionalMemberExpression") && parent.property === p.node && !parent.computed)
      return false;
    if (parent?.type === "ObjectProperty" && parent.key === p.node && !parent.shorthand) return false;
    if (p.scope?.lookup(name) !== scope) return false;
    // A block between the read and the binding's own block that declares the name again shadows it.
    for (let at = p.parent as Path | null; at && at.node !== container; at = at.parent as Path | null) {
      if (BLOCKS.has(at.node.type) && declaresLexically(at.node, name)) return false;
    }
    return true;
  });
}

/**
 * The references that still read the value a binding got: those before the name is assigned again, by
 * position (the assignment's own right-hand side still reads it: `result = result.data`).
 */
export function untilRebound(refs: readonly Path[]): Path[] {
  const rebind = refs.find((r) => r.parent?.node.type === "AssignmentExpression" && (r.parent.node as { left: Node }).left === r.node);
  if (!rebind) return [...refs];
  const end = rebind.parent!.node.end!;
  return refs.filter((r) => r !== rebind && r.node.start! < end);
}
