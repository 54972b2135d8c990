/**
 * The calls a test makes to mock a module (`jest.mock(...)`, `vi.mock(...)`), apart from what the mocks stand in for
 * (mocks.ts): whether a file mocks the SDK is asked before its bindings are made (sdk.ts), which mocks.ts needs.
 */
import type { ASTPath } from "jscodeshift";
import type { Node } from "@babel/types";
import { SDK_MODULES } from "../../mapping/imports.js";
import { MOCKERS, MODULE_MOCK } from "../../mapping/mocks.js";
import type { PathIndex } from "./paths.js";

/** `jest.<name>(...)` / `vi.<name>(...)`. */
export function isRunnerCall(node: Node, name: string): boolean {
  return (
    node.type === "CallExpression" &&
    node.callee.type === "MemberExpression" &&
    node.callee.object.type === "Identifier" &&
    MOCKERS.has(node.callee.object.name) &&
    node.callee.property.type === "Identifier" &&
    node.callee.property.name === name
  );
}

/** `jest.mock("@mendable/firecrawl-js", ...)`, `vi.mock(...)`: the calls that mock the SDK module. */
export function sdkModuleMocks(index: PathIndex): ASTPath<Node>[] {
  return index.of("CallExpression").filter(({ node }) => {
    const first = node.arguments[0];
    return isRunnerCall(node, MODULE_MOCK) && first?.type === "StringLiteral" && (SDK_MODULES as readonly string[]).includes(first.value);
  }) as ASTPath<Node>[];
}
