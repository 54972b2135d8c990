/**
 * Which TODO speaks for a type error the verification finds (src/js/checker/verify.ts): one written for the
 * same thing counts as its mark; one written for another reason does not hide it, and the error gets its own.
 */
import { describe, expect, test } from "vitest";
import { speaksFor } from "../src/js/checker/verify.js";
import { RESULTS, WAITER_TODO } from "../src/mapping/results.js";
import { joinTodo, nearestTodoAbove, todoEdit } from "../src/core/todo.js";
import { applyEdits } from "../src/core/edits.js";
import { readSource } from "../src/core/source.js";
import { alsoTodo, typeCheckTodo } from "../src/mapping/messages.js";

const todoOf = (field: string) => {
  const change = RESULTS.find((row) => row.js.v1 === field)!.change;
  return `// TODO(firecrawl-v2): ${"todo" in change ? change.todo : ""}`;
};

describe("a TODO above a statement with a new type error", () => {
  test("speaks for it when it names what the error names", () => {
    expect(speaksFor(todoOf("data"), { code: 2339, messageText: "Property 'url' does not exist on type 'Document | SearchResultWeb'." })).toBe(true);
    // The success guard's TODO covers the error read in the guard it marks: one TODO per guard.
    expect(speaksFor(todoOf("success"), { code: 2339, messageText: "Property 'error' does not exist on type 'Document'." })).toBe(true);
  });

  test("speaks for it when it quotes its code", () => {
    const quoted = "// TODO(firecrawl-v2): does not type-check against v2 (TS2769: No overload matches this call.)";
    expect(speaksFor(quoted, { code: 2769, messageText: "No overload matches this call." })).toBe(true);
  });

  test("names a type of the SDK's bundled declarations without the bundler's suffix, and still speaks for its error", () => {
    const error = { code: 2339, messageText: "Property 'error' does not exist on type 'CrawlResponse$1'." };
    const todo = `// TODO(firecrawl-v2): ${typeCheckTodo(error.code, error.messageText)}`;
    expect(todo).toContain("(TS2339: Property 'error' does not exist on type 'CrawlResponse'.)");
    expect(speaksFor(todo, error)).toBe(true);
  });

  test("does not speak for an error about something else", () => {
    expect(speaksFor(`// TODO(firecrawl-v2): ${WAITER_TODO}`, { code: 2769, messageText: "No overload matches this call." })).toBe(false);
    expect(speaksFor(todoOf("data"), { code: 2322, messageText: "Type 'unknown' is not assignable to type 'string'." })).toBe(false);
  });
});

describe("one TODO line per statement", () => {
  const link = "https://docs.firecrawl.dev/migrate-to-v2";
  const text = (eol: string) =>
    ["async function f() {", `  // TODO(firecrawl-v2): ${WAITER_TODO} ${link}`, "  const job = await app.batchScrape(urls);", "}", ""].join(eol);

  test.each([
    ["\n", "LF"],
    ["\r\n", "CRLF"],
  ])("the line already there goes on to say the other reason, before its link (%#: %s)", (eol) => {
    const input = text(eol);
    const marker = nearestTodoAbove(input, input.indexOf("const job"))!;
    expect(marker.message).toBe(WAITER_TODO);
    const output = applyEdits(input, [joinTodo(input, marker, alsoTodo("does not type-check against v2 (TS2352: ...)"))]);
    expect(output.split(eol)[1]).toBe(`  // TODO(firecrawl-v2): ${WAITER_TODO}; and it does not type-check against v2 (TS2352: ...) ${link}`);
    // A step that would write its own TODO there again finds it said.
    expect(todoEdit(readSource("a.ts", output), output.indexOf("const job"), WAITER_TODO, link)).toBeNull();
  });

  test("a blank line between them is not crossed for another's TODO", () => {
    const input = text("\n").replace("  const job", "\n  const job");
    expect(nearestTodoAbove(input, input.indexOf("const job"))).toBeUndefined();
  });
});
