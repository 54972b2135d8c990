/**
 * What the code reads of a raw request's response body (issue 16): the body is followed from the request
 * through `await`, `.json()` (fetch, ky, got, ofetch), `.then((r) => r.json())` or axios' `.data`, into the
 * variables that hold it and one level of destructuring, down to the member reads the route's v2 response
 * answers elsewhere (`body.data.extract`). Anything else done with the body or a part of it that changed
 * (returned, handed to a function, reassigned) leaves the reads incomplete: a human has to follow it.
 */
import type { Node } from "@babel/types";
import { leadsToRead, readAt, REQUEST_FUNCTIONS, REQUEST_METHODS, RESPONSE_STATUS, type ResponseRead } from "../../mapping/api-requests.js";
import { bindingReferences, untilRebound } from "./references.js";
import { isWrittenTo, type Path, type PathIndex } from "./paths.js";
import { AWAITED_WRAPPERS, callbackParam, memberName, propertyKey } from "./expressions.js";

/**
 * A read of a changed field: a member read that spells its path (`body.data.extract`, `res.data.links`), a
 * variable destructured from it (`links` of `const { links } = body`), or, for a renamed field, the
 * destructuring's property itself.
 */
export interface BodyRead {
  readonly at: Path<Extract<Node, { type: "MemberExpression" | "OptionalMemberExpression" | "Identifier" | "ObjectProperty" }>>;
  readonly read: ResponseRead;
}

export interface ResponseReads {
  readonly reads: readonly BodyRead[];
  /** every use of the body (and of its changed parts) was followed */
  readonly complete: boolean;
  /** the code gives the body a type of its own (`.json<T>()`, `as T`, an annotation): v1's shape, which the reads no longer fit */
  readonly typed: boolean;
}

const isMember = (node: Node | undefined): node is Extract<Node, { type: "MemberExpression" | "OptionalMemberExpression" }> =>
  node?.type === "MemberExpression" || node?.type === "OptionalMemberExpression";

const CASTS = new Set(["TSAsExpression", "TSSatisfiesExpression", "TSTypeAssertion"]);

/**
 * A type that names no field of the body (`any`, `unknown`, `object`, `Record<string, T>`, `{ [key: string]: T }`):
 * it gives no shape, v1's or another, so reads through it are typed no more than without it.
 */
function shapeless(type: Node | null | undefined): boolean {
  if (!type) return true;
  switch (type.type) {
    case "TSAnyKeyword":
    case "TSUnknownKeyword":
    case "TSObjectKeyword":
      return true;
    case "TSTypeReference":
      // `Record<string, T>`, not `Record<"data", { remaining_credits: number }>`, which names the fields.
      return type.typeName.type === "Identifier" && type.typeName.name === "Record" && type.typeParameters?.params[0]?.type === "TSStringKeyword";
    case "TSTypeLiteral":
      return type.members.every((member) => member.type === "TSIndexSignature");
    default:
      return false;
  }
}

/** Where a value gets a type the code wrote, with a shape: a cast around it, or the annotation of the variable it is bound to. */
function typedAt(path: Path): boolean {
  const parent = path.parent?.node as Node | undefined;
  if (parent && CASTS.has(parent.type)) return !shapeless((parent as { typeAnnotation?: Node }).typeAnnotation);
  if (parent?.type !== "VariableDeclarator" || parent.init !== path.node) return false;
  const annotation = (parent.id as { typeAnnotation?: Node | null }).typeAnnotation;
  return annotation?.type === "TSTypeAnnotation" && !shapeless(annotation.typeAnnotation);
}

/** `(r) => r.json()`: a callback that reads its response's body. */
function readsJson(node: Node | undefined): boolean {
  if (node?.type !== "ArrowFunctionExpression" || node.params[0]?.type !== "Identifier") return false;
  const param = node.params[0].name;
  const body = node.body;
  return (
    body.type === "CallExpression" &&
    isMember(body.callee) &&
    body.callee.object.type === "Identifier" &&
    body.callee.object.name === param &&
    memberName(body.callee) === "json"
  );
}

/** `console.log(body)`: a value shown, not used. */
function isLogged(call: Path): boolean {
  const node = call.node;
  return node.type === "CallExpression" && isMember(node.callee) && node.callee.object.type === "Identifier" && node.callee.object.name === "console";
}

/** `fetch(...)`, `axios(...)`, `axios.post(...)`, `http.get(...)`: a call whose result is the response. */
function isRequestCall(node: Node): boolean {
  if (node.type !== "CallExpression") return false;
  const callee = node.callee;
  if (callee.type === "Identifier") return REQUEST_FUNCTIONS.has(callee.name);
  return isMember(callee) && REQUEST_METHODS.has(memberName(callee) ?? "");
}

/** Whether a path is part of a `throw` statement's expression (within its function). */
function inThrow(path: Path): boolean {
  for (let at = path.parent as Path | null; at; at = at.parent as Path | null) {
    if (at.node.type === "ThrowStatement") return true;
    if (/Function|Statement|Declaration/.test(at.node.type)) return false;
  }
  return false;
}

/**
 * Whether the items of a list are read as objects where it goes (`found.map((p) => p.url)`, `for (const l of
 * links) l.url`, `links[0].url`, a `typeof l === "string"` test, or a variable typed as such): code that
 * already reads the v2 shape, which a `.map((link) => link.url)` would break.
 */
export function readsItemsAsObjects(index: PathIndex, path: Path, pick: string): boolean {
  let at = path;
  // Through fallbacks and casts to where the list goes.
  for (;;) {
    const parent = at.parent?.node as Node | undefined;
    if (
      parent &&
      (AWAITED_WRAPPERS.has(parent.type) ||
        (parent.type === "LogicalExpression" && parent.operator !== "&&") ||
        (parent.type === "ConditionalExpression" && parent.test !== at.node))
    ) {
      at = at.parent as Path;
      continue;
    }
    break;
  }
  const parent = at.parent?.node as Node | undefined;
  if (parent?.type === "VariableDeclarator" && parent.init === at.node && parent.id.type === "Identifier") {
    const id = parent.id;
    const annotation = id.typeAnnotation;
    if (annotation && containsMember(annotation, pick)) return true;
    return bindingReferences(index, at.parent as Path, id, id.name).some((ref) => itemsReadAsObjects(ref, pick));
  }
  return itemsReadAsObjects(at, pick);
}

/**
 * A type that declares `pick` (`{ url: string }[]`), or code that reads `item.url` or tests `typeof item`
 * of the item named `item`.
 */
function containsMember(node: Node, pick: string, item?: string): boolean {
  const named = (n: Node) => item === undefined || (n.type === "Identifier" && n.name === item);
  let found = false;
  const visit = (n: unknown): void => {
    if (found || !n || typeof n !== "object") return;
    const v = n as Node;
    if (v.type === "TSPropertySignature" && v.key.type === "Identifier" && v.key.name === pick) found = true;
    else if (isMember(v) && memberName(v) === pick && named(v.object)) found = true;
    else if (v.type === "UnaryExpression" && v.operator === "typeof" && named(v.argument)) found = true;
    else {
      for (const [key, child] of Object.entries(v)) {
        if (key === "loc" || key === "extra" || typeof child !== "object") continue;
        if (Array.isArray(child)) child.forEach(visit);
        else visit(child);
      }
    }
  };
  visit(node);
  return found;
}

/** How one use of a list reads its items: by a callback of an array method, a `for...of`, or an index. */
function itemsReadAsObjects(use: Path, pick: string): boolean {
  const parent = use.parent?.node as Node | undefined;
  if (isMember(parent) && parent.object === use.node) {
    const call = use.parent?.parent?.node as Node | undefined;
    if (parent.computed) return isMember(call) && call.object === parent && memberName(call) === pick;
    const callback = call?.type === "CallExpression" && call.callee === parent ? call.arguments[0] : undefined;
    const isFunction = callback?.type === "ArrowFunctionExpression" || callback?.type === "FunctionExpression";
    const item = isFunction && callback.params[0]?.type === "Identifier" ? callback.params[0].name : undefined;
    return isFunction && item !== undefined && containsMember(callback.body, pick, item);
  }
  if (parent?.type === "ForOfStatement" && parent.right === use.node) {
    const left = parent.left.type === "VariableDeclaration" ? parent.left.declarations[0]?.id : parent.left;
    return left?.type === "Identifier" && containsMember(parent.body, pick, left.name);
  }
  return false;
}

class Follower {
  readonly reads: BodyRead[] = [];
  complete = true;
  typed = false;

  /** The expression a value is seen as by its parent: through `await`, parentheses and casts (noting a cast). */
  private outermost(path: Path): Path {
    let at = path;
    for (;;) {
      if (typedAt(at)) this.typed = true;
      if (!at.parent || !AWAITED_WRAPPERS.has(at.parent.node.type)) return at;
      at = at.parent as Path;
    }
  }

  constructor(
    private readonly index: PathIndex,
    private readonly changed: readonly ResponseRead[],
  ) {}

  /** The response object: its body is `.json()`'s result (awaited) or, from axios, its `.data`. */
  response(path: Path): void {
    const at = this.outermost(path);
    const parent = at.parent as Path | undefined;
    const node = parent?.node;
    if (isMember(node) && node.object === at.node) {
      const name = memberName(node);
      const call = parent!.parent as Path | undefined;
      const calls = call?.node.type === "CallExpression" && call.node.callee === node;
      if (name === "json" && calls) {
        // `.json<T>()`: the code types the body itself.
        const types = call!.node as { typeParameters?: { params: Node[] } | null; typeArguments?: { params: Node[] } | null };
        const given = (types.typeParameters ?? types.typeArguments)?.params[0];
        if (given && !shapeless(given)) this.typed = true;
        return this.body(call!, []);
      }
      if (name === "then" && calls && readsJson((call!.node as Extract<Node, { type: "CallExpression" }>).arguments[0] as Node)) return this.body(call!, []);
      if (name === "data" && !calls) return this.body(parent!, []);
      // Anything else (`.text()`, got's `.body`) hands the body on unparsed, to be read who knows where;
      // but not a `throw new Error(await res.text())`, which only says why it failed.
      if (!RESPONSE_STATUS.has(name ?? "") && !(name === "text" && calls && inThrow(call!))) this.complete = false;
      return;
    }
    if (node?.type === "VariableDeclarator" && node.init === at.node) {
      if (node.id.type === "Identifier") {
        for (const ref of untilRebound(bindingReferences(this.index, parent!, node.id, node.id.name))) this.response(ref);
        return;
      }
      // `const { data } = await axios.post(...)`: the body under its own name.
      if (node.id.type === "ObjectPattern") return this.pattern(parent!, node.id, [], "response");
    }
    if (node?.type === "ExpressionStatement") return;
    this.complete = false;
  }

  /** A value at `at` within the body (the body itself at []): a read of it, or a variable holding it. */
  body(path: Path, at: readonly string[]): void {
    const changed = readAt(this.changed, at);
    if (changed) {
      // A variable holding a changed field is read in its place, but not where it is also a property's
      // name (`{ links }`), and a renamed one only where it was destructured (BodyRead).
      const shorthand = path.parent?.node.type === "ObjectProperty" && path.parent.node.shorthand;
      if (path.node.type === "Identifier" && changed.change.kind !== "rename" && !shorthand && !isWrittenTo(path))
        this.reads.push({ at: path as BodyRead["at"], read: changed });
      else this.complete = false;
      return;
    }
    let value = this.outermost(path);
    let where = at;
    // Member reads down the body, as far as they lead to a changed field.
    for (;;) {
      const parent = value.parent as Path | undefined;
      const node = parent?.node;
      if (!isMember(node) || node.object !== value.node) break;
      const name = memberName(node);
      if (name === undefined) {
        this.complete = false;
        return;
      }
      // `.then((j) => j.data.extract)`: the value goes on under the callback's parameter.
      if (name === "then" && where.length === 0) return this.handedTo(parent!, where);
      where = [...where, name];
      if (!leadsToRead(this.changed, where)) return;
      const found = readAt(this.changed, where);
      if (found) {
        if (isWrittenTo(parent!)) this.complete = false;
        else this.reads.push({ at: parent as BodyRead["at"], read: found });
        return;
      }
      value = this.outermost(parent!);
    }
    const parent = value.parent as Path | undefined;
    const node = parent?.node;
    if (node?.type === "VariableDeclarator" && node.init === value.node) {
      if (node.id.type === "Identifier") {
        for (const ref of untilRebound(bindingReferences(this.index, parent!, node.id, node.id.name))) this.body(ref, where);
        return;
      }
      if (node.id.type === "ObjectPattern") return this.pattern(parent!, node.id, where, "body");
    }
    // Tested or logged, a value that is not itself changed keeps its meaning.
    if (node?.type === "ExpressionStatement" || node?.type === "IfStatement" || node?.type === "UnaryExpression" || isLogged(parent!)) return;
    this.complete = false;
  }

  /** A promise's `.then(callback)`: the value at `at` is the callback's first parameter. */
  private handedTo(member: Path, at: readonly string[]): void {
    const callback = callbackParam(member);
    if (!callback) {
      this.complete = false;
      return;
    }
    for (const ref of untilRebound(bindingReferences(this.index, callback.path, callback.param, callback.param.name))) this.body(ref, at);
  }

  /** `const { data, links } = body`: each name bound to a part that leads to a changed field is followed. */
  private pattern(declarator: Path, pattern: Extract<Node, { type: "ObjectPattern" }>, at: readonly string[], of: "response" | "body"): void {
    for (const property of pattern.properties) {
      const key = propertyKey(property);
      if (property.type === "RestElement" || key === undefined) {
        this.complete = false;
        continue;
      }
      if (of === "response") {
        // axios's `data` is the body; undici's `body` is a stream whose `.json()` gives it, as a response's does.
        const named = property.type === "ObjectProperty" && property.value.type === "Identifier" ? property.value : undefined;
        if (key === "data" && named) this.bound(declarator, named, []);
        else if (key === "body" && named) for (const ref of untilRebound(bindingReferences(this.index, declarator, named, named.name))) this.response(ref);
        else if (!RESPONSE_STATUS.has(key)) this.complete = false;
        continue;
      }
      const where = [...at, key];
      if (!leadsToRead(this.changed, where)) continue;
      const changed = this.changed.find((read) => read.at.length === where.length);
      const index = pattern.properties.indexOf(property);
      if (property.type !== "ObjectProperty" || property.value.type !== "Identifier") this.complete = false;
      else if (changed?.change.kind === "rename") this.reads.push({ at: declarator.get("id", "properties", index) as BodyRead["at"], read: changed });
      else this.bound(declarator, property.value, where);
    }
  }

  private bound(declarator: Path, id: Extract<Node, { type: "Identifier" }>, at: readonly string[]): void {
    for (const ref of untilRebound(bindingReferences(this.index, declarator, id, id.name))) this.body(ref, at);
  }
}

/**
 * The reads of a request's response body that v2 answers elsewhere. `call` is the request (`fetch(...)`,
 * `axios.post(...)`); `changed` the route's changed fields.
 */
export function responseReads(index: PathIndex, call: Path, changed: readonly ResponseRead[]): ResponseReads {
  const follower = new Follower(index, changed);
  // A function of the code's own may give back anything: the body, a part of it, its own object.
  if (isRequestCall(call.node)) follower.response(call);
  else follower.complete = false;
  return { reads: follower.reads, complete: follower.complete, typed: follower.typed };
}
