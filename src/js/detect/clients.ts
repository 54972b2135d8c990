/**
 * Which expressions are Firecrawl clients, found the way aws-sdk-js-codemod finds its clients: follow a
 * receiver back to where it was made. A receiver is a client when it is `new <client class>(...)`, a
 * binding initialised, assigned or annotated as one, a `this.x` member the class sets or types as one, or
 * the result of a factory in the same file that returns one, or a client or factory imported from a
 * project module that exports one (linked.ts). Everything else (another API with a `scrapeUrl` method,
 * the `.v1` accessor of a v2 client) is not.
 */
import type { ASTPath } from "jscodeshift";
import type { Node } from "@babel/types";
import { CLIENT, V1_ACCESSOR, V1_CLIENT_EXPORT } from "../../mapping/imports.js";
import { MOCK_FACTORIES, MOCK_TYPE_WRAPPERS, MOCKED_HELPER } from "../../mapping/mocks.js";
import { isRunnerCall } from "./module-mocks.js";
import { enclosingFunction, FUNCTION_TYPES, type PathIndex } from "./paths.js";
import { isClientClass, type SdkBindings } from "./sdk.js";
import { AWAITED_WRAPPERS, memberName, unwrapNode } from "./expressions.js";

type AnyPath = ASTPath<Node>;

const CLASS_TYPES = new Set(["ClassDeclaration", "ClassExpression"]);

export class ClientTracker {
  private readonly verdicts = new Map<Node, boolean>();
  private readonly pending = new Set<Node>();
  /** isClientBinding's answers, by the scope that binds the name */
  private readonly bindingVerdicts = new Map<unknown, Map<string, boolean>>();
  private readonly handed = new Map<Node, boolean>();
  private readonly deciding = new Set<Node>();
  /** counts the answers given while a parameter's verdict was still being made */
  private provisional = 0;
  private readonly calls = new Map<Node, AnyPath[] | undefined>();

  constructor(
    private readonly sdk: SdkBindings,
    private readonly index: PathIndex,
  ) {}

  /** Whether a type annotation names the client class (through unions, `| null`, `Promise<...>`). */
  isClientAnnotation(node: Node | null | undefined): boolean {
    if (!node) return false;
    switch (node.type) {
      case "TSTypeAnnotation":
        return this.isClientAnnotation(node.typeAnnotation);
      case "TSUnionType":
        return node.types.some((t) => this.isClientAnnotation(t));
      case "TSParenthesizedType":
        return this.isClientAnnotation(node.typeAnnotation);
      case "TSTypeLiteral":
        return this.sdk.clientShapes.has(node);
      case "TSTypeReference": {
        const name = node.typeName;
        // `Promise<T>`, and a mock library's wrapper that keeps T's methods (`MockProxy<T>`, `jest.Mocked<T>`).
        const wrapper = name.type === "Identifier" ? name.name : name.right.name;
        if (wrapper === "Promise" || MOCK_TYPE_WRAPPERS.has(wrapper)) return this.isClientAnnotation(node.typeParameters?.params[0]);
        if (name.type === "Identifier") return this.sdk.clientClasses.has(name.name) || this.sdk.clientShapes.has(name.name);
        return (
          name.left.type === "Identifier" && this.sdk.namespaces.has(name.left.name) && (name.right.name === "default" || name.right.name === CLIENT.js.v2)
        );
      }
      default:
        return false;
    }
  }

  /** Whether the expression at `path` evaluates to a Firecrawl client. */
  isClient(path: AnyPath): boolean {
    const node = path.node;
    const known = this.verdicts.get(node);
    if (known !== undefined) return known;
    if (this.pending.has(node)) return false;
    this.pending.add(node);
    const before = this.provisional;
    const verdict = this.decide(path) || (this.sdk.types?.isClient(node.start!, node.end!) ?? false);
    this.pending.delete(node);
    if (this.provisional === before) this.verdicts.set(node, verdict);
    return verdict;
  }

  private decide(path: AnyPath): boolean {
    const node = path.node;
    switch (node.type) {
      case "AwaitExpression":
      case "TSNonNullExpression":
      case "TSAsExpression":
      case "TSSatisfiesExpression":
      case "ParenthesizedExpression":
        if (
          node.type !== "AwaitExpression" &&
          node.type !== "TSNonNullExpression" &&
          node.type !== "ParenthesizedExpression" &&
          this.isClientAnnotation(node.typeAnnotation)
        )
          return true;
        return this.isClient(path.get(node.type === "AwaitExpression" ? "argument" : "expression"));
      case "NewExpression":
        return isClientClass(this.sdk, node.callee);
      case "ConditionalExpression":
        return this.isClient(path.get("consequent")) || this.isClient(path.get("alternate"));
      case "LogicalExpression":
        return this.isClient(path.get("left")) || this.isClient(path.get("right"));
      case "Identifier":
        return this.isClientBinding(path, node.name);
      case "ThisExpression":
        return this.isClientThis(path);
      case "MemberExpression":
        return node.object.type === "ThisExpression" && !node.computed && node.property.type === "Identifier"
          ? this.isClientMember(path, node.property.name)
          : false;
      case "CallExpression":
        if (node.callee.type === "MemberExpression" && node.callee.object.type === "ThisExpression" && node.callee.property.type === "Identifier") {
          return this.isClientMethod(path, node.callee.property.name);
        }
        // `vi.mocked(app)`: the client itself, typed as its mock.
        if (isRunnerCall(node, MOCKED_HELPER) && node.arguments[0]) return this.isClient(path.get("arguments", 0));
        // jest-mock-extended's `mock<T>()`: a mock of T, with T's methods.
        if (node.callee.type === "Identifier" && MOCK_FACTORIES.has(node.callee.name) && this.isClientAnnotation(node.typeParameters?.params[0])) return true;
        return node.callee.type === "Identifier" && this.isFactory(path.get("callee"), node.callee.name);
      default:
        return false;
    }
  }

  /** `this` in an instance method (or an arrow function in one) of the file's own subclass of the client. */
  private isClientThis(path: AnyPath): boolean {
    for (let at = path.parent as AnyPath | null; at; at = at.parent as AnyPath | null) {
      const node = at.node;
      if (node.type === "ArrowFunctionExpression") continue;
      if (node.type === "ClassMethod" || node.type === "ClassPrivateMethod") {
        const cls = node.static ? null : (at.parent?.parent as AnyPath | null | undefined)?.node;
        return !!cls && this.sdk.subclasses.has(cls);
      }
      if (FUNCTION_TYPES.has(node.type) || CLASS_TYPES.has(node.type)) return false;
    }
    return false;
  }

  private bindingsOf(path: AnyPath, name: string): AnyPath[] {
    const scope = path.scope?.lookup(name);
    if (!scope) return [];
    return (scope.getBindings()[name] ?? []) as AnyPath[];
  }

  /** A binding made by an import (or a destructured require) from a project module. */
  private isImported(binding: AnyPath): boolean {
    const parent = binding.parent?.node as Node | undefined;
    return (
      parent?.type === "ImportSpecifier" ||
      parent?.type === "ImportDefaultSpecifier" ||
      (parent?.type === "ObjectProperty" && binding.parent?.parent?.node.type === "ObjectPattern")
    );
  }

  /**
   * Whether the name `path` reads is bound to a client: asked once for each scope and name, what the answer depends
   * on (each read of a module-level name would otherwise scan the module's assignments again).
   */
  private isClientBinding(path: AnyPath, name: string): boolean {
    const scope = path.scope?.lookup(name);
    if (!scope) return false;
    const byName = this.bindingVerdicts.get(scope) ?? new Map<string, boolean>();
    const known = byName.get(name);
    if (known !== undefined) return known;
    const before = this.provisional;
    const verdict = this.bindsClient(path, name, scope);
    // As for isClient: an answer read off a verdict still being made is not kept.
    if (this.provisional === before) this.bindingVerdicts.set(scope, byName.set(name, verdict));
    return verdict;
  }

  private bindsClient(path: AnyPath, name: string, scope: NonNullable<AnyPath["scope"]>): boolean {
    for (const binding of this.bindingsOf(path, name)) {
      const id = binding.node;
      if (this.sdk.linked?.clients.has(name) && this.isImported(binding)) return true;
      if (id.type === "Identifier" && this.isClientAnnotation(id.typeAnnotation)) return true;
      const parent = binding.parent as AnyPath | null;
      if (!parent) continue;
      if (parent.node.type === "VariableDeclarator" && parent.node.id === id && parent.node.init) {
        if (this.isClient(parent.get("init"))) return true;
      }
      if (parent.node.type === "AssignmentPattern" && parent.node.left === id && this.isClient(parent.get("right"))) return true;
      if (untypedParameter(binding) && this.isHandedClients(parent, id)) return true;
    }
    // `let app; ... app = new FirecrawlApp()` in the same scope
    return this.index.within("AssignmentExpression", scope.path.node as Node).some((p) => {
      const left = p.node.left;
      return left.type === "Identifier" && left.name === name && p.scope?.lookup(name) === scope && this.isClient(p.get("right"));
    });
  }

  /**
   * An untyped parameter every call of its function in this file hands a client, as plain JavaScript passes one on
   * (`fetchPage(app, url)`, `new Pages(new FirecrawlApp(...))` with `this.client = client`). A function that is
   * exported, or named anywhere but as the callee of a call (a callback, `.call`, an alias, an object exported), may
   * be handed anything: it is not told by this file's calls, nor is one called with spread arguments there.
   */
  private isHandedClients(fn: AnyPath, param: Node): boolean {
    const known = this.handed.get(param);
    if (known !== undefined) return known;
    // A parameter asked about while its own verdict is being made (functions that call each other) says nothing yet:
    // no verdict that read this answer is kept.
    if (this.deciding.has(param)) {
      this.provisional++;
      return false;
    }
    const before = this.provisional;
    this.deciding.add(param);
    const { handed, deferred } = this.handedTo(fn, param) ?? { handed: [], deferred: false };
    // Functions that hand each other a client are taken, while deciding, to hand one: a verdict read that way is
    // told again, and stands where every other call hands a client too.
    const verdict = (handed.length > 0 || deferred) && handed.every((arg) => this.isClient(arg));
    this.deciding.delete(param);
    if (deferred) this.provisional++;
    if (this.provisional === before) this.handed.set(param, verdict);
    return verdict;
  }

  /**
   * What each call of its function in this file hands a parameter, but for a call handing it on (recursion) or
   * handing a parameter whose own verdict is being made, which say nothing more of it (`deferred`: some did);
   * undefined where that cannot be told: another module may call the function, a call spreads its arguments or
   * passes too few, or the function assigns the parameter another value.
   */
  private handedTo(fn: AnyPath, param: Node): { handed: AnyPath[]; deferred: boolean } | undefined {
    const at = (fn.node as Extract<Node, { type: "FunctionDeclaration" }>).params.indexOf(param as never);
    const calls = at < 0 ? undefined : this.callsOf(fn);
    if (!calls || this.reassigned(fn, param)) return undefined;
    const handed: AnyPath[] = [];
    let deferred = false;
    for (const call of calls) {
      const args = (call.node as Extract<Node, { type: "CallExpression" }>).arguments;
      if (args.slice(0, at + 1).some((a) => a.type === "SpreadElement") || !args[at]) return undefined;
      const arg = call.get("arguments", at) as AnyPath;
      const bound = arg.node.type === "Identifier" ? this.bindingsOf(arg, arg.node.name).map((b) => b.node) : [];
      if (bound.includes(param)) continue;
      if (bound.some((b) => this.deciding.has(b))) {
        deferred = true;
        continue;
      }
      handed.push(arg);
    }
    return { handed, deferred };
  }

  /** Whether an expression is a name some function binds as its parameter. */
  private isParameter(path: AnyPath): boolean {
    const { node } = path;
    return node.type === "Identifier" && this.bindingsOf(path, node.name).some((b) => FUNCTION_TYPES.has((b.parent as AnyPath | null)?.node.type ?? ""));
  }

  /** Whether a function assigns its parameter (`source = new Cache(source)`): what it calls methods on is no longer what it was handed. */
  private reassigned(fn: AnyPath, param: Node): boolean {
    const name = (param as { name: string }).name;
    return this.index
      .within("AssignmentExpression", fn.node)
      .some((p) => p.node.left.type === "Identifier" && p.node.left.name === name && this.bindingsOf(p as AnyPath, name).some((b) => b.node === param));
  }

  /**
   * For a receiver that is an untyped parameter some calls in its file hand a client and others an object of the
   * code's own (`cachedMarkdown(app, url)`, `cachedMarkdown(new PageCache(), url)`), or the class member a constructor
   * keeps such a parameter in: what each hands, first found.
   */
  mixedParameter(path: AnyPath): { client: Node; other: Node } | undefined {
    const { node } = path;
    // `this.client`, where the constructor keeps such a parameter (`this.client = client`) and nothing makes it a client
    if (node.type === "MemberExpression" && node.object.type === "ThisExpression" && !node.computed && node.property.type === "Identifier") {
      const cls = this.classOf(path);
      if (!cls || this.isClient(path)) return undefined;
      const name = node.property.name;
      for (const kept of this.index.within("AssignmentExpression", cls.node)) {
        const left = kept.node.left;
        if (left.type !== "MemberExpression" || left.object.type !== "ThisExpression" || left.property.type !== "Identifier" || left.property.name !== name)
          continue;
        const mixed = this.mixedParameter(kept.get("right") as AnyPath);
        if (mixed) return mixed;
      }
      return undefined;
    }
    if (node.type !== "Identifier") return undefined;
    for (const binding of this.bindingsOf(path, node.name)) {
      if (!untypedParameter(binding)) continue;
      const handed = this.handedTo(binding.parent as AnyPath, binding.node)?.handed ?? [];
      const client = handed.find((arg) => this.isClient(arg));
      // what another function's parameter holds is not known to be the code's own
      const other = handed.find((arg) => !this.isClient(arg) && !this.isParameter(arg));
      if (client && other) return { client: client.node, other: other.node };
    }
    return undefined;
  }

  /** The calls that hand a function's parameters their arguments; undefined where they are not all in sight. */
  private callsOf(fn: AnyPath): AnyPath[] | undefined {
    if (this.calls.has(fn.node)) return this.calls.get(fn.node);
    const node = fn.node;
    let calls: AnyPath[] | undefined;
    if (node.type === "ClassMethod" && node.kind === "constructor") {
      const cls = this.classOf(fn);
      calls = cls ? this.constructions(cls) : undefined;
    } else {
      const holder =
        node.type === "FunctionDeclaration"
          ? fn
          : fn.parent?.node.type === "VariableDeclarator" && fn.parent.node.init === node
            ? (fn.parent as AnyPath)
            : null;
      const id = holder && (holder.node as { id?: Node | null }).id;
      calls = holder && id?.type === "Identifier" ? this.onlyUses(holder, id, "CallExpression") : undefined;
    }
    this.calls.set(fn.node, calls);
    return calls;
  }

  /**
   * The calls (`f(...)`) or constructions (`new C(...)`, and a subclass declared `class S extends C`) that are the only
   * uses of a declaration in this file; undefined where it is exported, or named in any other way.
   */
  private onlyUses(holder: AnyPath, id: Extract<Node, { type: "Identifier" }>, kind: "CallExpression" | "NewExpression"): AnyPath[] | undefined {
    const up = holder.node.type === "VariableDeclarator" ? holder.parent?.parent : holder.parent;
    if (up?.node.type === "ExportNamedDeclaration" || up?.node.type === "ExportDefaultDeclaration") return undefined;
    const uses: AnyPath[] = [];
    for (const ref of this.index.of("Identifier", { name: id.name }) as AnyPath[]) {
      if (ref.node === id) continue;
      const parent = ref.parent?.node as Node | undefined;
      // a member named alike (`obj.markdownOf`), or a key, is not the declaration
      if ((parent?.type === "MemberExpression" || parent?.type === "OptionalMemberExpression") && parent.property === ref.node && !parent.computed) continue;
      if (
        (parent?.type === "ObjectProperty" || parent?.type === "ClassMethod" || parent?.type === "ObjectMethod") &&
        parent.key === ref.node &&
        !(parent as { shorthand?: boolean }).shorthand
      )
        continue;
      if (!this.bindingsOf(ref, id.name).some((b) => b.node === id)) continue;
      if (parent?.type === kind && (parent as { callee: Node }).callee === ref.node) uses.push(ref.parent as AnyPath);
      else if (!(kind === "NewExpression" && parent?.type === "ClassDeclaration" && parent.superClass === ref.node)) return undefined;
    }
    return uses;
  }

  /** The calls that run a class's constructor: `new C(...)`, and its subclasses' `super(...)` or, where they have no constructor, their own `new`. */
  private constructions(cls: AnyPath, seen = new Set<Node>()): AnyPath[] | undefined {
    seen.add(cls.node);
    const id = (cls.node as Extract<Node, { type: "ClassDeclaration" }>).id;
    const made = cls.node.type === "ClassDeclaration" && id ? this.onlyUses(cls, id, "NewExpression") : undefined;
    if (!made) return undefined;
    const calls = [...made];
    for (const sub of this.index.of("ClassDeclaration")) {
      const superClass = sub.node.superClass;
      if (seen.has(sub.node) || superClass?.type !== "Identifier" || superClass.name !== id!.name) continue;
      const own = sub.node.body.body.find((m) => m.type === "ClassMethod" && m.kind === "constructor");
      if (own) calls.push(...(this.index.within("CallExpression", own).filter((p) => p.node.callee.type === "Super") as AnyPath[]));
      else {
        const inherited = this.constructions(sub as AnyPath, seen);
        if (!inherited) return undefined;
        calls.push(...inherited);
      }
    }
    return calls;
  }

  private classOf(path: AnyPath): AnyPath | null {
    let cls: AnyPath | null = path.parent as AnyPath | null;
    while (cls && !CLASS_TYPES.has(cls.node.type)) cls = cls.parent as AnyPath | null;
    return cls;
  }

  /** `this.getClient()`: a method of the same class that returns a client. */
  private isClientMethod(path: AnyPath, name: string): boolean {
    const cls = this.classOf(path);
    if (!cls) return false;
    const members = (cls.node as Extract<Node, { type: "ClassDeclaration" }>).body.body;
    const body = cls.get("body", "body") as AnyPath;
    return members.some(
      (member, i) =>
        member.type === "ClassMethod" &&
        member.kind === "method" &&
        member.key.type === "Identifier" &&
        member.key.name === name &&
        this.returnsClient(body.get(i) as AnyPath),
    );
  }

  private isClientMember(path: AnyPath, name: string): boolean {
    const cls = this.classOf(path);
    return !!cls && this.holdsClient(cls, name, new Set());
  }

  /**
   * Whether a class, or the class of this file it extends (`class PageScraper extends BaseScraper`, whose field the
   * subclass reads as `this.app`), sets or types its member `name` as a client. A field the class declares itself
   * is its own: the superclass's is not looked at.
   */
  private holdsClient(cls: AnyPath, name: string, seen: Set<Node>): boolean {
    if (seen.has(cls.node)) return false;
    seen.add(cls.node);
    const classNode = cls.node as Extract<Node, { type: "ClassDeclaration" }>;
    const body = cls.get("body", "body") as AnyPath;
    for (let i = 0; i < classNode.body.body.length; i++) {
      const member = classNode.body.body[i]!;
      const memberPath = body.get(i) as AnyPath;
      if ((member.type === "ClassProperty" || member.type === "ClassPrivateProperty") && member.key.type === "Identifier" && member.key.name === name) {
        if (this.isClientAnnotation(member.typeAnnotation)) return true;
        if (member.value && this.isClient(memberPath.get("value"))) return true;
      }
      if (member.type === "ClassMethod" && member.kind === "constructor") {
        for (const [j, param] of member.params.entries()) {
          if (param.type !== "TSParameterProperty") continue;
          const own = param.parameter;
          if (own.type === "Identifier" && own.name === name && this.isClientAnnotation(own.typeAnnotation)) return true;
          // `constructor(private readonly app = new FirecrawlApp(...))`, as NestJS-style services write it.
          if (own.type === "AssignmentPattern" && own.left.type === "Identifier" && own.left.name === name) {
            if (this.isClientAnnotation(own.left.typeAnnotation) || this.isClient(memberPath.get("params", j, "parameter", "right") as AnyPath)) return true;
          }
        }
      }
    }
    const assigned = this.index.within("AssignmentExpression", cls.node).some((p) => {
      const left = p.node.left;
      return (
        left.type === "MemberExpression" &&
        left.object.type === "ThisExpression" &&
        left.property.type === "Identifier" &&
        left.property.name === name &&
        this.isClient(p.get("right"))
      );
    });
    if (assigned) return true;
    const declared = classNode.body.body.some(
      (member) => (member.type === "ClassProperty" || member.type === "ClassPrivateProperty") && member.key.type === "Identifier" && member.key.name === name,
    );
    const parent = declared ? null : this.superclassOf(cls);
    return !!parent && this.holdsClient(parent, name, seen);
  }

  /** The class of this file a class extends by name; null for one imported, or an expression. */
  private superclassOf(cls: AnyPath): AnyPath | null {
    const superClass = (cls.node as Extract<Node, { type: "ClassDeclaration" }>).superClass;
    if (superClass?.type !== "Identifier") return null;
    for (const binding of this.bindingsOf(cls.get("superClass") as AnyPath, superClass.name)) {
      const parent = binding.parent as AnyPath | null;
      if (parent && CLASS_TYPES.has(parent.node.type) && (parent.node as { id?: Node | null }).id === binding.node) return parent;
    }
    return null;
  }

  /** A function that returns a client: one in this file, by its return type or what it returns, or an imported factory. */
  isFactory(calleePath: AnyPath, name: string): boolean {
    for (const binding of this.bindingsOf(calleePath, name)) {
      if (this.sdk.linked?.factories.has(name) && this.isImported(binding)) return true;
      const parent = binding.parent as AnyPath | null;
      if (!parent) continue;
      let fn: AnyPath | null = null;
      if (parent.node.type === "FunctionDeclaration" && parent.node.id === binding.node) fn = parent;
      else if (parent.node.type === "VariableDeclarator" && parent.node.init && FUNCTION_TYPES.has(unwrapNode(parent.node.init, AWAITED_WRAPPERS).type)) {
        fn = parent.get("init") as AnyPath;
      }
      if (fn && this.returnsClient(fn)) return true;
    }
    return false;
  }

  /** Whether the function at `fn` returns a client: by its return type, or by what it returns. */
  returnsClient(fn: AnyPath): boolean {
    const fnNode = fn.node as Extract<Node, { type: "FunctionDeclaration" }>;
    if (this.isClientAnnotation(fnNode.returnType)) return true;
    if (fnNode.body.type !== "BlockStatement") return this.isClient(fn.get("body"));
    const returns = this.index.within("ReturnStatement", fnNode.body).filter((p) => p.node.argument && enclosingFunction(p) === fnNode);
    return returns.some((p) => this.isClient(p.get("argument")));
  }
}

/**
 * Whether a binding is a function's parameter written without a type: a type written out says what the parameter
 * is (a client's, or a shape of its own: heldShapes), so only an untyped one is told by what its calls hand it.
 */
function untypedParameter(binding: AnyPath): boolean {
  const { node } = binding;
  return node.type === "Identifier" && !node.typeAnnotation && FUNCTION_TYPES.has((binding.parent as AnyPath | null)?.node.type ?? "");
}

/**
 * Whether the file keeps client code on v1 on purpose: it names v2's export of the v1 client
 * (`FirecrawlAppV1`), or calls through a client's `.v1` accessor. What it asserts of v1 is then meant.
 */
export function keepsV1OnPurpose(index: PathIndex, sdk: SdkBindings): boolean {
  if ([...sdk.named.values()].includes(V1_CLIENT_EXPORT)) return true;
  const tracker = new ClientTracker(sdk, index);
  return [...index.of("MemberExpression"), ...index.of("OptionalMemberExpression")].some((path) => {
    const { node } = path;
    const name = memberName(node);
    if (name === V1_CLIENT_EXPORT) return node.object.type === "Identifier" && sdk.namespaces.has(node.object.name);
    return name === V1_ACCESSOR && tracker.isClient(path.get("object") as AnyPath);
  });
}
