/**
 * The members a type of the user's own declares (issue 23, "the user's own v1 shapes"): a type literal, an
 * interface or type alias of the file, or one a project module exports (`import { SearchResult } from
 * "./firecrawl.interface"`), read without the type checker. A migration that rebuilds v1's shape for such a
 * type has to know it asks for nothing more than what it rebuilds.
 */
import { readFileSync } from "node:fs";
import type { File, Node } from "@babel/types";
import { parse } from "../runtime/parse.js";
import { readSource } from "../../core/source.js";
import { resolveImport } from "./modules.js";

/** Where a type is written: the statements of its module, and the module's path, which its names are resolved in. */
interface Scope {
  readonly statements: readonly Node[];
  readonly path: string;
}

/** A member's name, whether it may be left out, and its type (null where none is written), in the scope that declares it. */
export interface Member {
  readonly name: string;
  readonly optional: boolean;
  readonly type: Node | null;
  readonly scope: Scope;
}

function membersOf(body: readonly Node[], scope: Scope): Member[] | null {
  const members: Member[] = [];
  for (const member of body) {
    if (member.type !== "TSPropertySignature" || member.computed) return null;
    const name = member.key.type === "Identifier" ? member.key.name : member.key.type === "StringLiteral" ? member.key.value : null;
    if (!name) return null;
    members.push({ name, optional: Boolean(member.optional), type: member.typeAnnotation?.typeAnnotation ?? null, scope });
  }
  return members;
}

/** The members of a declaration named `name` among a scope's statements (exported or not), or null. */
function declaredIn(scope: Scope, name: string): Member[] | null {
  for (const statement of scope.statements) {
    const declaration = statement.type === "ExportNamedDeclaration" ? statement.declaration : statement;
    if (declaration?.type === "TSInterfaceDeclaration" && declaration.id.name === name) {
      return declaration.extends?.length ? null : membersOf(declaration.body.body, scope);
    }
    if (declaration?.type === "TSTypeAliasDeclaration" && declaration.id.name === name) {
      return declaration.typeAnnotation.type === "TSTypeLiteral" ? membersOf(declaration.typeAnnotation.members, scope) : null;
    }
  }
  return null;
}

/** The statements of a project module, parsed; null where it cannot be read or parsed. */
function moduleStatements(path: string): readonly Node[] | null {
  try {
    return parse(readSource(path, readFileSync(path, "utf8"))).program.body;
  } catch {
    return null;
  }
}

/**
 * The members `type` declares, where it is the user's own and written as plain properties: a literal, or a
 * name declared in the file (`ast`, read from `path`) or imported by name from a project module. Null where that cannot be
 * told (a generic, an `extends`, a package's type, a method member).
 */
export function ownTypeMembers(ast: File, path: string, type: Node): Member[] | null {
  return membersIn({ statements: ast.program.body, path }, type);
}

/**
 * The members of the items a member's array type holds (`data: Array<{ url?: string }>`, `data: Page[]`), resolved
 * where the member is declared; null where they cannot be told, as for ownTypeMembers.
 */
export function itemMembers(member: Member): Member[] | null {
  const type = member.type;
  const item =
    type?.type === "TSArrayType"
      ? type.elementType
      : type?.type === "TSTypeReference" && type.typeName.type === "Identifier" && ["Array", "ReadonlyArray"].includes(type.typeName.name)
        ? type.typeParameters?.params[0]
        : undefined;
  return item ? membersIn(member.scope, item) : null;
}

function membersIn(scope: Scope, type: Node): Member[] | null {
  if (type.type === "TSTypeLiteral") return membersOf(type.members, scope);
  if (type.type !== "TSTypeReference" || type.typeName.type !== "Identifier" || type.typeParameters) return null;
  const name = type.typeName.name;
  const local = declaredIn(scope, name);
  if (local) return local;
  for (const node of scope.statements) {
    if (node.type !== "ImportDeclaration") continue;
    const specifier = node.specifiers.find((s) => s.type === "ImportSpecifier" && s.local.name === name);
    if (specifier?.type !== "ImportSpecifier") continue;
    const imported = specifier.imported.type === "Identifier" ? specifier.imported.name : specifier.imported.value;
    const module = resolveImport(scope.path, node.source.value);
    const statements = module ? moduleStatements(module) : null;
    return statements ? declaredIn({ statements, path: module! }, imported) : null;
  }
  return null;
}
