/**
 * ast-types' scope scan (0.16's lib/scope.js: scanScope, recursiveScanScope, recursiveScanChild, addPattern),
 * step for step, with its type checks asked once per node type and no paths made for fields that hold no
 * node. Every check it makes is shallow, which ast-types answers from the node's `type` alone; its scan asked
 * them again at every node, and made (and gave a `node` and a `parent`) a path for every field of every
 * statement, a string's and a location's too. On a file of 20,000 client calls that was the largest part of
 * finding the client calls, and the paths it left a good part of the collector's work.
 *
 * The scan keeps its quirks, as the bindings they make are the ones the steps have always read: a named
 * function expression binds its name in its own scope once for each field of its body that is not a node
 * (a path to such a value has the function for its parent), and a catch's parameter is dropped from the
 * outer scope's bindings after its body's declarations went there.
 */
import type * as AstTypes from "ast-types";

type Types = typeof AstTypes;
type Value = unknown;
/** A path as the scan reads it: what it holds, whatever that is, and the path it was reached through. */
interface RawPath {
  readonly value: Value;
  readonly parentPath: RawPath | null;
  readonly scope: unknown;
}
type Bindings = Record<string, RawPath[]>;
interface RawScope {
  readonly path: RawPath;
  readonly bindings: Bindings;
  readonly types: Bindings;
  didScan: boolean;
  scan(force?: boolean): void;
}

const hasOwn = (object: object, key: string | number) => Object.prototype.hasOwnProperty.call(object, key);

let installed = false;

/**
 * Puts this scan in ast-types' place, for every path of the process (its Scope class and NodePath prototype
 * are shared): `program` is a Program's path, to reach them by. Installed once.
 */
export function fastScopes(types: Types, program: object): void {
  if (installed) return;
  installed = true;
  const named = types.namedTypes as unknown as Record<string, { check(value: Value): boolean; assert(value: Value): void } | undefined>;

  /** `namedTypes[kind].check`, answered once per node type; a value without a string `type` is none of them. */
  const is = (...kinds: string[]) => {
    const known = new Map<string, boolean>();
    const types = kinds.map((kind) => named[kind]).filter((type) => type !== undefined);
    return (value: Value): boolean => {
      const type = value !== null && typeof value === "object" ? (value as { type?: unknown }).type : undefined;
      if (typeof type !== "string") return false;
      let answer = known.get(type);
      if (answer === undefined) known.set(type, (answer = types.some((t) => t.check(value))));
      return answer;
    };
  };
  const isNode = is("Node");
  const isExpression = is("Expression");
  const isPattern = is("Pattern");
  const isIdentifier = is("Identifier");
  const isFunction = is("Function");
  const isCatch = is("CatchClause");
  const isScope = is("Program", "Function", "CatchClause");
  const isTypeParameterScope = is(
    "Function",
    "ClassDeclaration",
    "ClassExpression",
    "InterfaceDeclaration",
    "TSInterfaceDeclaration",
    "TypeAlias",
    "TSTypeAliasDeclaration",
  );
  const isInterface = is("InterfaceDeclaration", "TSInterfaceDeclaration");
  const isTypeAlias = is("TypeAlias", "InterfaceDeclaration", "TSTypeAliasDeclaration", "TSInterfaceDeclaration");
  const isFunctionExpression = is("FunctionExpression");
  const isFunctionDeclaration = is("FunctionDeclaration");
  const isClassDeclaration = is("ClassDeclaration");
  const isDeclarator = is("VariableDeclarator");
  const isAssignmentPattern = is("AssignmentPattern");
  const isObjectPattern = is("ObjectPattern");
  const isArrayPattern = is("ArrayPattern");
  const isProperty = is("Property", "ObjectProperty");
  const isSpreadProperty = is("SpreadProperty");
  const isSpreadElement = is("SpreadElement");
  const isPropertyPattern = is("PropertyPattern");
  const isRest = is("SpreadElementPattern", "RestElement", "SpreadPropertyPattern");

  /** A node type's fields in its definition's order, as ast-types' eachField walks them. */
  const fieldNames = new Map<string, string[]>();
  const fieldsOf = (node: { type: string }) => {
    let names = fieldNames.get(node.type);
    if (!names) fieldNames.set(node.type, (names = types.getFieldNames(node as never)));
    return names;
  };
  /** A field's value as ast-types reads it: its definition's default where the node has none. */
  const fieldValue = (value: Value, name: string | number): Value => {
    const own = value === null || value === undefined ? undefined : (value as Record<string | number, Value>)[name];
    return own !== undefined ? own : types.getFieldValue(value as never, name as never);
  };
  /** `path.get(name)`: the child path ast-types keeps (and makes, as it does) for that field. */
  const get = (path: RawPath, name: string | number): RawPath => (path as unknown as { get(name: string | number): RawPath }).get(name);
  /** NodePath's `parent`: the nearest path above holding a node, above the node a path that holds none stands in. */
  const parentOf = (path: RawPath): RawPath | null => {
    let up = path.parentPath;
    if (!isNode(path.value)) {
      while (up && !isNode(up.value)) up = up.parentPath;
      if (up) up = up.parentPath;
    }
    while (up && !isNode(up.value)) up = up.parentPath;
    return up;
  };
  const each = (list: RawPath, visit: (item: RawPath) => void) => {
    const items = list.value as Value[];
    for (let i = 0; i < items.length; i++) if (hasOwn(items, i)) visit(get(list, i));
  };
  const push = (into: Bindings, name: string, path: RawPath) => {
    if (hasOwn(into, name)) into[name]!.push(path);
    else into[name] = [path];
  };

  const addPattern = (path: RawPath, bindings: Bindings): void => {
    const pattern = path.value;
    if (!isPattern(pattern)) named.Pattern!.assert(pattern);
    if (isIdentifier(pattern)) push(bindings, (pattern as { name: string }).name, path);
    else if (isAssignmentPattern(pattern)) addPattern(get(path, "left"), bindings);
    else if (isObjectPattern(pattern))
      each(get(path, "properties"), (property) => {
        if (isPattern(property.value)) addPattern(property, bindings);
        else if (isProperty(property.value)) addPattern(get(property, "value"), bindings);
        else if (isSpreadProperty(property.value)) addPattern(get(property, "argument"), bindings);
      });
    else if (isArrayPattern(pattern))
      each(get(path, "elements"), (element) => {
        if (isPattern(element.value)) addPattern(element, bindings);
        else if (isSpreadElement(element.value)) addPattern(get(element, "argument"), bindings);
      });
    else if (isPropertyPattern(pattern)) addPattern(get(path, "pattern"), bindings);
    else if (isRest(pattern)) addPattern(get(path, "argument"), bindings);
  };
  const addTypePattern = (path: RawPath, scopeTypes: Bindings): void => {
    const pattern = path.value;
    if (!isPattern(pattern)) named.Pattern!.assert(pattern);
    if (isIdentifier(pattern)) push(scopeTypes, (pattern as { name: string }).name, path);
  };

  /** What recursiveScanScope does first with any path: a named function expression above binds its name. */
  const nameOfFunctionAbove = (parent: RawPath | null, bindings: Bindings) => {
    if (parent && isFunctionExpression(parent.value) && (parent.value as { id?: unknown }).id) addPattern(get(parent, "id"), bindings);
  };

  const scanScopeBody = (path: RawPath, bindings: Bindings, scopeTypes: Bindings): void => {
    const node = path.value as Record<string, Value> | null | undefined;
    nameOfFunctionAbove(parentOf(path), bindings);
    if (!node) return;
    if (Array.isArray(node)) each(path, (item) => scanChild(item, bindings, scopeTypes));
    else if (isFunction(node)) {
      each(get(path, "params"), (param) => addPattern(param, bindings));
      scanChild(get(path, "body"), bindings, scopeTypes);
      scanScopeBody(get(path, "typeParameters"), bindings, scopeTypes);
    } else if (isTypeAlias(node)) addTypePattern(get(path, "id"), scopeTypes);
    else if (isDeclarator(node)) {
      addPattern(get(path, "id"), bindings);
      scanChild(get(path, "init"), bindings, scopeTypes);
    } else if (node.type === "ImportSpecifier" || node.type === "ImportNamespaceSpecifier" || node.type === "ImportDefaultSpecifier") {
      addPattern(get(path, node.local ? "local" : node.name ? "name" : "id"), bindings);
    } else if (isNode(node) && !isExpression(node)) {
      // A field holding neither a node nor a list is none of the scan's cases: its only effect is the check
      // for a named function expression above, whose path (the node's parent) is the same for all of them.
      const above = parentOf(path);
      for (const name of fieldsOf(node as { type: string })) {
        const value = fieldValue(node, name);
        if (!value) continue;
        if (Array.isArray(value) || isNode(value)) scanChild(get(path, name), bindings, scopeTypes);
        else nameOfFunctionAbove(above, bindings);
      }
    }
  };

  const scanChild = (path: RawPath, bindings: Bindings, scopeTypes: Bindings): void => {
    const node = path.value as Record<string, Value> | null | undefined;
    if (!node || isExpression(node)) return;
    if (isFunctionDeclaration(node) && node.id !== null) addPattern(get(path, "id"), bindings);
    else if (isClassDeclaration(node) && node.id !== null) {
      addPattern(get(path, "id"), bindings);
      scanScopeBody(get(path, "typeParameters"), bindings, scopeTypes);
    } else if (isInterface(node)) addTypePattern(get(path, "id"), scopeTypes);
    else if (isScope(node)) {
      const param = node.param as { name: string } | undefined;
      if (isCatch(node) && isIdentifier(param)) {
        // the catch's own parameter; the body's other declarations are the outer scope's
        const had = hasOwn(bindings, param!.name);
        scanScopeBody(get(path, "body"), bindings, scopeTypes);
        if (!had) delete bindings[param!.name];
      }
    } else scanScopeBody(path, bindings, scopeTypes);
  };

  const scanScope = (path: RawPath, bindings: Bindings, scopeTypes: Bindings): void => {
    const node = path.value;
    if (isTypeParameterScope(node)) {
      const params = get(get(path, "typeParameters"), "params");
      if (Array.isArray(params.value))
        each(params, (param) => {
          if (!named.TypeParameter?.check(param.value)) named.TSTypeParameter!.assert(param.value);
          push(scopeTypes, (param.value as { name: string }).name, param);
        });
    }
    if (isScope(node)) {
      if (isCatch(node)) addPattern(get(path, "param"), bindings);
      else scanScopeBody(path, bindings, scopeTypes);
    }
  };

  const rootScope = (program as RawPath).scope as RawScope & { constructor: { prototype: RawScope } };
  const Scope = rootScope.constructor;
  Scope.prototype.scan = function (this: RawScope, force?: boolean) {
    if (!force && this.didScan) return;
    for (const name in this.bindings) delete this.bindings[name];
    for (const name in this.types) delete this.types[name];
    scanScope(this.path, this.bindings, this.types);
    this.didScan = true;
  };

  // NodePath's scope: a new one where the path's node establishes one (a check asked once per node type too).
  const establishes = is(
    "Program",
    "Function",
    "CatchClause",
    "ClassDeclaration",
    "ClassExpression",
    "InterfaceDeclaration",
    "TSInterfaceDeclaration",
    "TypeAlias",
    "TSTypeAliasDeclaration",
  );
  const pathPrototype = Object.getPrototypeOf(program) as { _computeScope(this: RawPath): unknown };
  pathPrototype._computeScope = function () {
    const up = this.parentPath;
    const scope = up && up.scope;
    if (isNode(this.value) && establishes(this.value)) return new (Scope as unknown as new (path: RawPath, parent: unknown) => unknown)(this, scope);
    return scope || null;
  };
}
