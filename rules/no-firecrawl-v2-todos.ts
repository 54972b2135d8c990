/**
 * Reports the TODO(firecrawl-v2) markers the codemod left, so a CI step can insist that the migration is
 * finished. Off in `recommended` (the markers are the point of a first pass), on in `strict`.
 */
import type { Rule } from "eslint";
import { TODO_TAG, todoMessage } from "../src/core/todo.js";
import { RULE_DOCS_URL } from "../src/mapping/concerns.js";

const rule: Rule.RuleModule = {
  meta: {
    type: "suggestion",
    docs: { description: "Disallow TODO(firecrawl-v2) markers left by the migration", url: `${RULE_DOCS_URL}no-firecrawl-v2-todos.md`, recommended: false },
    schema: [],
    messages: { todo: "Unfinished Firecrawl v2 migration: {{message}}" },
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const at = comment.value.indexOf(TODO_TAG);
          if (at === -1) continue;
          const message = todoMessage(comment.value.slice(at + TODO_TAG.length));
          context.report({ loc: comment.loc!, messageId: "todo", data: { message } });
        }
      },
    };
  },
};

export default rule;
