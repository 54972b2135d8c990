/**
 * The scope scan the index installs (src/js/detect/scopes.ts) gives every scope the bindings ast-types' own
 * gives it, the same paths in the same order, on every fixture's input and output: the steps read them.
 */
import { createRequire } from "node:module";
import type Jscodeshift from "jscodeshift";
import { expect, test } from "vitest";
import { PathIndex } from "../src/js/detect/paths.js";
import { parse } from "../src/js/runtime/parse.js";
import { readSource } from "../src/core/source.js";
import { loadFixtures } from "./support/fixtures.js";

interface RawPath {
  readonly value: unknown;
  readonly scope: RawScope | null;
  readonly __childCache: Record<string, RawPath> | null;
  _computeScope(): RawScope | null;
}
interface RawScope {
  readonly path: RawPath;
  readonly bindings: Record<string, RawPath[]>;
  readonly types: Record<string, RawPath[]>;
  scan(force?: boolean): void;
}

// ast-types' own scan and scope, taken before any index puts the fast ones in their place.
const jscodeshift = createRequire(import.meta.url)("jscodeshift") as typeof Jscodeshift;
const program = (jscodeshift("x;").paths()[0] as unknown as { get(name: string): RawPath }).get("program");
const Scope = program.scope!.constructor as { prototype: RawScope };
const ownScan = Scope.prototype.scan;
const ownScope = Object.getPrototypeOf(program)._computeScope as (this: RawPath) => RawScope | null;

function pathsBelow(path: RawPath, out: RawPath[] = []): RawPath[] {
  out.push(path);
  for (const child of Object.values(path.__childCache ?? {})) pathsBelow(child, out);
  return out;
}

test("the fast scope scan binds what ast-types' scan binds", () => {
  let scopes = 0;
  for (const fixture of loadFixtures()) {
    for (const [text, name] of [
      [fixture.input, fixture.inputPath],
      [fixture.output, fixture.inputPath.replace(".input.", ".output.")],
    ] as const) {
      const index = new PathIndex(parse(readSource(name, text)));
      for (const path of pathsBelow(index.root as unknown as RawPath)) {
        const scope = path.scope;
        expect(scope?.path, `${name}: the scope of a ${String((path.value as { type?: unknown }).type)}`).toBe(ownScope.call(path)?.path);
        if (!scope || scope.path !== path) continue;
        scopes++;
        scope.scan(true);
        const own = Object.create(Scope.prototype, { path: { value: path }, bindings: { value: {} }, types: { value: {} } }) as RawScope;
        ownScan.call(own, true);
        expect(scope.bindings, name).toEqual(own.bindings);
        expect(scope.types, name).toEqual(own.types);
        for (const [key, paths] of Object.entries(own.bindings)) paths.forEach((p, i) => expect(scope.bindings[key]![i], `${name}: ${key}`).toBe(p));
      }
    }
  }
  expect(scopes).toBeGreaterThan(1000);
});
