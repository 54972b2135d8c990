/**
 * A rule per transform concern, made from the same step the codemod runs: the step plans its edits on the
 * file's text and the rule reports them. A change is an autofix when the step is sure of it; where the step
 * marks the statement with a TODO, the change (with its TODO line) is a suggestion for a human to take.
 */
import type { AST, Rule, SourceCode } from "eslint";
import { CONCERNS, RULE_DOCS_URL } from "../src/mapping/concerns.js";
import { isFinding, withNotes } from "../src/mapping/messages.js";
import { importsClientsFrom } from "../src/js/detect/linked.js";
import { mentionsFirecrawl } from "../src/core/mentions.js";
import { packageSdk } from "../src/project/package-sdk.js";
import type { TypeFacts } from "../src/js/detect/sdk.js";
import type { ApiVersion } from "../src/mapping/imports.js";
import { parseForSteps, planStep, reachesApi, type Parsed, type PlannedChange, type PlannedTodo, type Step } from "../src/js/pipeline.js";
import { within, type Edit } from "../src/core/edits.js";
import { languageOf } from "../src/core/language.js";
import { readSource, type Source } from "../src/core/source.js";
import { typeOracle } from "./type-oracle.js";

export interface StepRuleOptions {
  readonly description: string;
}

/**
 * The specifiers of the file's top-level imports that can bind a client by name (src/js/detect/linked.ts): read from
 * ESLint's tree, so a file that never names the SDK costs a look at its first statements.
 */
function bindingImports(program: AST.Program): string[] {
  return program.body.flatMap((statement) => {
    if (statement.type === "ImportDeclaration") return (statement as { importKind?: string }).importKind === "type" ? [] : [String(statement.source.value)];
    if (statement.type !== "VariableDeclaration") return [];
    return statement.declarations.flatMap((d) => {
      const call = d.init?.type === "CallExpression" ? d.init : undefined;
      const [argument] = call?.arguments ?? [];
      const isRequire = call?.callee.type === "Identifier" && call.callee.name === "require";
      return d.id.type === "ObjectPattern" && isRequire && argument?.type === "Literal" && typeof argument.value === "string" ? [argument.value] : [];
    });
  });
}

/** Every rule asks whether the file can reach the SDK: the answer is kept with the file's parse. */
const reaching = new WeakMap<SourceCode, boolean>();

/** A file that names the SDK, or (without types) imports a client another module of the project exports. */
function mayReachSdk(sourceCode: SourceCode, filename: string): boolean {
  let answer = reaching.get(sourceCode);
  if (answer === undefined) {
    answer = mentionsFirecrawl(sourceCode.text) || importsClientsFrom(filename, bindingImports(sourceCode.ast));
    reaching.set(sourceCode, answer);
  }
  return answer;
}

/**
 * ESLint has parsed the file already, with whatever parser the user configured (a `.js` file may hold
 * TypeScript under typescript-eslint). Ours picks its syntax by extension, so it tries that first, then
 * TypeScript; a file it still cannot read is left alone rather than guessed at.
 */
function parseAsEslintDid(sourceCode: SourceCode, filename: string, types: TypeFacts | undefined): { source: Source; parsed: Parsed } | null {
  const known = parses.get(sourceCode);
  if (known !== undefined) return known;
  const found = parseFresh(filename, sourceCode.text, types);
  parses.set(sourceCode, found);
  return found;
}

/**
 * One parse per file for all the rules: each concern's rule plans its step on the same parse (as the codemod
 * plans its steps), where each used to parse and index the file again, seven times per file. Kept while
 * ESLint holds the file's SourceCode (the types it was parsed with are that file's too).
 */
const parses = new WeakMap<SourceCode, { source: Source; parsed: Parsed } | null>();

function parseFresh(filename: string, text: string, types: TypeFacts | undefined): { source: Source; parsed: Parsed } | null {
  for (const language of [languageOf(filename), "typescript", "tsx"] as const) {
    const source = readSource(filename, text, language);
    try {
      return { source, parsed: parseForSteps(source, types) };
    } catch {
      continue;
    }
  }
  return null;
}

/**
 * The API the linted file's package depends on: `settings.firecrawl.sdk` ("v1" or "v2") when the config
 * says, else what the nearest package.json declaring the SDK says (src/project/package-sdk.ts).
 */
function sdkOf(context: Rule.RuleContext): ApiVersion | undefined {
  const setting = (context.settings?.firecrawl as { sdk?: unknown } | undefined)?.sdk;
  if (setting === "v1" || setting === "v2") return setting;
  return packageSdk(context.filename);
}

/**
 * The changes that only follow another (the type import a renamed query needs) are no finding of their own, and
 * check does not report them: their edits go with the fix of the finding before them (else the first after), so a
 * linter's fix still writes them. One a TODO qualifies is reported as it is.
 */
function followersOf(
  changes: readonly PlannedChange[],
  claims: ReadonlyMap<PlannedChange, readonly PlannedTodo[]>,
): { taken: Set<PlannedChange>; of: Map<PlannedChange, Edit[]> } {
  const taken = new Set<PlannedChange>();
  const of = new Map<PlannedChange, Edit[]>();
  const findings = changes.filter((c) => isFinding(c.message.finding));
  let last: PlannedChange | undefined;
  for (const change of changes) {
    if (isFinding(change.message.finding)) last = change;
    else if (findings.length && !claims.has(change)) {
      const to = last ?? findings[0]!;
      of.set(to, [...(of.get(to) ?? []), ...change.edits]);
      taken.add(change);
    }
  }
  return { taken, of };
}

/** The ESLint rule of a step's concern, under the concern's name (src/mapping/concerns.ts). */
export function stepRule(step: Step, { description }: StepRuleOptions): Rule.RuleModule {
  const name = CONCERNS.find((c) => c.name === step.name)?.name;
  if (!name) throw new Error(`the step ${step.name} is no concern of src/mapping/concerns.ts`);
  return {
    meta: {
      type: "problem",
      docs: { description, url: `${RULE_DOCS_URL}${name}.md`, recommended: true },
      fixable: "code",
      hasSuggestions: true,
      schema: [],
      messages: {
        change: "{{message}}",
        manual: "{{message}}",
        applyWithTodo: "Apply it and leave a TODO(firecrawl-v2) line for what still needs a human",
        addTodo: "Leave a TODO(firecrawl-v2) line for a human",
      },
    },
    create(context) {
      const { sourceCode } = context;
      const typed = typeOracle(sourceCode, context.filename, context.settings);
      // Where the checker found nothing, the file is read as without types: a text screen, not a parse (as the
      // CLI's type-aware mode transforms only the files that name the SDK or that the checker found clients in).
      if (!typed?.found && !mayReachSdk(sourceCode, context.filename)) return {};
      const types = typed?.facts;
      return {
        "Program:exit"() {
          const found = parseAsEslintDid(sourceCode, context.filename, types);
          if (!found) return;
          const { source, parsed } = found;
          if (!reachesApi(parsed)) return;
          const plan = planStep(step, source, parsed, { sdk: sdkOf(context) });
          const loc = (start: number, end = start) => ({ start: sourceCode.getLocFromIndex(start), end: sourceCode.getLocFromIndex(end) });
          // A TODO qualifies one change, the step's last before it in its statement (else its first after):
          // the other changes of that statement stay autofixes with their own messages.
          const claims = new Map<PlannedChange, PlannedTodo[]>();
          const unclaimed: PlannedTodo[] = [];
          for (const todo of plan.todos) {
            const inStatement = plan.changes.map((change, i) => ({ change, i })).filter(({ change }) => within(todo.statement, change.edits[0]!));
            const claimed = inStatement.filter(({ i }) => i < todo.after).at(-1) ?? inStatement.find(({ i }) => i >= todo.after);
            if (claimed) claims.set(claimed.change, [...(claims.get(claimed.change) ?? []), todo]);
            else unclaimed.push(todo);
          }
          const followers = followersOf(plan.changes, claims);
          for (const change of plan.changes) {
            if (followers.taken.has(change)) continue;
            // Reported where the code it is about stands (a removal's own code, not the line or comma it takes along).
            const first = change.subject ?? change.edits[0]!;
            const todos = claims.get(change) ?? [];
            const fixes = (fixer: Rule.RuleFixer) =>
              [...change.edits, ...(followers.of.get(change) ?? []), ...todos.map((t) => t.edit)].map((e) => fixer.replaceTextRange([e.start, e.end], e.text));
            if (todos.length) {
              const message = withNotes(
                change.message.finding,
                todos.map((t) => t.message),
              );
              context.report({
                loc: loc(first.start, first.end),
                messageId: "manual",
                data: { message },
                suggest: [{ messageId: "applyWithTodo", fix: fixes }],
              });
            } else {
              context.report({
                loc: loc(first.start, first.end),
                messageId: "change",
                data: { message: change.message.finding || change.message.action },
                fix: fixes,
              });
            }
          }
          for (const todo of unclaimed) {
            context.report({
              loc: loc(todo.statement.start),
              messageId: "manual",
              data: { message: todo.message },
              suggest: [{ messageId: "addTodo", fix: (fixer) => fixer.replaceTextRange([todo.edit.start, todo.edit.end], todo.edit.text) }],
            });
          }
        },
      };
    },
  };
}
