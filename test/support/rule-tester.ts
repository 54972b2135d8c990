/**
 * RuleTester for one rule's test file (test/rules/<rule>.test.ts, as typescript-eslint lays its tests out):
 * run under vitest, with typescript-eslint's parser, and a file header that makes a v1 client.
 */
import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { describe, it } from "vitest";

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

export const tsTester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

export const HEADER = 'import FirecrawlApp from "@mendable/firecrawl-js";\nconst app = new FirecrawlApp({ apiKey: "k" });\n';
