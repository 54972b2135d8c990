/**
 * Who calls a function: its calls in its module, by its name or, for a method, `self.name(...)` in its class, and
 * whether those are all there are (other modules may call a public module-level function, and anything holding an
 * instance a public method).
 */
import { allOf, parameterName, within, type Node, type Tree } from "../runtime/parser.js";
import { bindingScope, rebinds, scopeOf, usesIn } from "./names.js";

/**
 * The calls of a function in its module: `name(...)`, or for a method `self.name(...)` in its class and
 * `obj.name(...)` where `obj` is only ever bound to an instance of it (`scraper = Scraper()`, a script's or a
 * notebook's way to call it).
 */
export function callsOf(fn: Node): Node[] {
  const name = fn.childForFieldName("name")!.text;
  const inClass = classOfMethod(fn);
  return allOf(fn.tree.rootNode, "call").filter((call) => {
    const callee = call.childForFieldName("function");
    if (!inClass) return callee?.type === "identifier" && callee.text === name;
    if (callee?.type !== "attribute" || callee.childForFieldName("attribute")?.text !== name) return false;
    const object = callee.childForFieldName("object")!;
    return object.text === "self" ? within(call, inClass) : instanceClass(object) === inClass.childForFieldName("name")!.text;
  });
}

/** A definition (a function, a class) as the block or module around it holds it: under its decorators where it has some. */
export const heldAs = (definition: Node) => (definition.parent?.type === "decorated_definition" ? definition.parent : definition);

/** Whether a method is a static one, which takes no self. */
export function staticMethod(fn: Node): boolean {
  return fn.parent?.type === "decorated_definition" && fn.parent.namedChildren.some((d) => d?.type === "decorator" && d.text === "@staticmethod");
}

/** The class a function is a method of, decorated or not; null for a function of the module or of another function. */
export function classOfMethod(fn: Node): Node | null {
  const holder = heldAs(fn);
  return holder.parent?.type === "block" && holder.parent.parent?.type === "class_definition" ? holder.parent.parent : null;
}

/** instanceClass's answers, by tree and by the scope and name asked about: every attribute read off a name asks. */
const instanceClasses = new WeakMap<object, Map<string, string | null>>();

/** The class (by the name it is called by) a name is bound only to new instances of where it is read, if one. */
export function instanceClass(object: Node): string | null {
  if (object.type !== "identifier") return null;
  const scope = bindingScope(object);
  let known = instanceClasses.get(object.tree);
  if (!known) instanceClasses.set(object.tree, (known = new Map()));
  const key = `${scope.id}:${object.text}`;
  if (!known.has(key)) known.set(key, boundClass(scope, object.text));
  return known.get(key)!;
}

function boundClass(scope: Node, name: string): string | null {
  const bindings = usesIn(scope, name).filter(rebinds);
  const classes = new Set(
    bindings.map((b) => {
      const assignment = b.parent?.type === "assignment" && b.parent.childForFieldName("left")?.id === b.id ? b.parent : null;
      const right = assignment?.childForFieldName("right");
      const callee = right?.type === "call" ? right.childForFieldName("function") : null;
      return callee?.type === "identifier" ? callee.text : null;
    }),
  );
  const [only] = classes;
  return classes.size === 1 && only ? only : null;
}

/**
 * A function's calls where they are all known: in its module, and elsewhere as `elsewhere` finds a module-level
 * function's (undefined where it cannot tell); undefined where some may be out of sight.
 */
export function allCallsOf(fn: Node, elsewhere: CallsElsewhere): Node[] | undefined {
  const name = fn.childForFieldName("name")!.text;
  const owner = heldAs(fn);
  const own = callsOf(fn);
  const inModule = owner.parent?.type === "module";
  const inClass = owner.parent?.parent?.type === "class_definition";
  // A function nested in another is called from there alone; a private one from its module or class.
  if ((!inModule && !inClass) || name.startsWith("_")) return own;
  // a public method nothing in its module calls is there for code out of sight
  if (inClass && (!own.length || !methodCallsAllSeen(fn, own))) return undefined;
  const other = inClass ? elsewhere(name, owner.parent!.parent!.childForFieldName("name")!.text) : elsewhere(name);
  return other && [...own, ...other];
}

/**
 * The calls other modules make of a module-level function `name`, or of the method `name` of the module's class
 * `ofClass`; undefined where some may be out of sight.
 */
export type CallsElsewhere = (name: string, ofClass?: string) => readonly Node[] | undefined;

/**
 * Whether a public method's calls in its module are all callsOf finds: its class has no base (through which a
 * framework could call it by its name, `_run`, `forward`), and every `.name` of the module is one of those calls.
 */
function methodCallsAllSeen(fn: Node, own: readonly Node[]): boolean {
  const name = fn.childForFieldName("name")!.text;
  const bases = classOfMethod(fn)!.childForFieldName("superclasses")?.namedChildren ?? [];
  if (/^__\w+__$/.test(name) || bases.some((base) => base?.type !== "comment" && base?.text !== "object")) return false;
  const callees = new Set(own.map((call) => call.childForFieldName("function")!.id));
  return allOf(fn.tree.rootNode, "attribute").every((a) => a.childForFieldName("attribute")?.text !== name || callees.has(a.id));
}

/** The function a call of the module calls: `name(...)` a module-level one, `self.name(...)` a method of the caller's class. */
export function calledDefinition(call: Node): Node | undefined {
  const callee = call.childForFieldName("function");
  const inSelf = callee?.type === "attribute" && callee.childForFieldName("object")?.text === "self";
  if (callee?.type !== "identifier" && !inSelf) return undefined;
  const name = inSelf ? callee.childForFieldName("attribute")!.text : callee!.text;
  const scope = inSelf ? enclosingClass(call)?.childForFieldName("body") : call.tree.rootNode;
  const defined = scope?.namedChildren.map((n) => (n?.type === "decorated_definition" ? n.childForFieldName("definition") : n));
  return defined?.find((n) => n?.type === "function_definition" && n.childForFieldName("name")?.text === name) ?? undefined;
}

function enclosingClass(node: Node): Node | undefined {
  for (let at = node.parent; at; at = at.parent) if (at.type === "class_definition") return at;
  return undefined;
}

/** The name of a function's `**kwargs` parameter (`**kwargs: Any` too), if it has one. */
export function kwargsParameter(fn: Node): string | undefined {
  const parameters = fn.childForFieldName("parameters")?.namedChildren.map((p) => (p?.type === "typed_parameter" ? p.namedChildren[0] : p));
  return parameters?.find((p) => p?.type === "dictionary_splat_pattern")?.namedChildren[0]?.text;
}

/** The function of the module a value is handed to as an argument. */
export function calledWith(value: Node): Node | undefined {
  const args = value.parent?.type === "keyword_argument" ? value.parent.parent : value.parent;
  const call = args?.type === "argument_list" ? args.parent : null;
  return call?.type === "call" ? calledDefinition(call) : undefined;
}

/**
 * The parameter of a function of the module a value is handed to as an argument (`self._parse(response, portal)`,
 * `parse(data=response)`): its node (`response: Dict[str, Any]`), or a record class's field (fieldTaking), or undefined.
 */
export function parameterTaking(value: Node): Node | undefined {
  const keyword = value.parent?.type === "keyword_argument" && value.parent.childForFieldName("value")?.id === value.id ? value.parent : null;
  const args = keyword ? keyword.parent : value.parent;
  const call = args?.type === "argument_list" ? args.parent : null;
  if (call?.type !== "call" || !args) return undefined;
  const fn = calledDefinition(call);
  if (!fn) return fieldTaking(call, args, value, keyword);
  const parameters = fn.childForFieldName("parameters")!.namedChildren.filter((p): p is Node => p !== null && p.type !== "comment");
  if (keyword) return parameters.find((p) => parameterName(p)?.text === keyword.childForFieldName("name")!.text);
  const positional = args.namedChildren.filter((a) => a !== null && a.type !== "keyword_argument" && a.type !== "comment");
  if (positional.some((a) => a!.type === "list_splat" || a!.type === "dictionary_splat")) return undefined;
  // a method called on self: its first parameter is self, unless it is a static one
  const offset = call!.childForFieldName("function")?.type === "attribute" && !staticMethod(fn) ? 1 : 0;
  const at = positional.findIndex((a) => a!.id === value.id);
  const parameter = at < 0 ? undefined : parameters[at + offset];
  return parameter && parameterName(parameter) ? parameter : undefined;
}

/**
 * The functions of the module that read the field of a record class a value is handed to (`page.content[...]`, any
 * object's `.content` read as that field's): where a value made a dict for the field is read on.
 */
export function fieldReaders(value: Node): Node[] {
  const field = parameterTaking(value);
  if (field?.type !== "assignment") return [];
  const name = field.childForFieldName("left")!.text;
  const reads = allOf(value.tree.rootNode, "attribute").filter((a) => a.childForFieldName("attribute")?.text === name);
  return [
    ...new Map(
      reads
        .map((a) => scopeOf(a))
        .filter((s) => s.type === "function_definition")
        .map((s) => [s.id, s]),
    ).values(),
  ];
}

/** The module's classes by name, once a tree: every attribute read off a name, every call handed a result, may ask. */
const moduleClasses = new WeakMap<object, Map<string, Node>>();

/** The class the module defines at its top level under a name (the first, decorated or not). */
export function moduleClassNamed(tree: Tree, name: string): Node | undefined {
  let classes = moduleClasses.get(tree);
  if (!classes) {
    classes = new Map();
    for (const n of tree.rootNode.namedChildren) {
      const cls = n?.type === "decorated_definition" ? n.childForFieldName("definition") : n;
      const named = cls?.type === "class_definition" ? cls.childForFieldName("name")?.text : undefined;
      if (named && !classes.has(named)) classes.set(named, cls!);
    }
    moduleClasses.set(tree, classes);
  }
  return classes.get(name);
}

/** Decorators and bases that make a class's annotated fields its constructor's parameters, and whether in their order. */
const RECORD_DECORATORS = /^(?:dataclasses\.)?dataclass\b/;
const RECORD_BASES = /^(?:(?:typing\.)?NamedTuple|(?:pydantic\.)?BaseModel)$/;

/**
 * The field of a record class of the module (a dataclass, a NamedTuple, a pydantic model) a value is handed to by
 * constructing it (`Result(content=page)`): its annotated assignment (`content: Dict[str, Any]`), whose annotation
 * says what the field takes as a parameter's does. Positionally only where the fields are the parameters in order
 * (a pydantic model takes keywords alone).
 */
function fieldTaking(call: Node, args: Node, value: Node, keyword: Node | null): Node | undefined {
  const callee = call.childForFieldName("function");
  const cls = callee?.type === "identifier" ? moduleClassNamed(call.tree, callee.text) : undefined;
  const owner = cls && heldAs(cls);
  if (!owner || !cls) return undefined;
  const decorated =
    owner.type === "decorated_definition" && owner.namedChildren.some((d) => d?.type === "decorator" && RECORD_DECORATORS.test(d.text.slice(1)));
  const bases = cls.childForFieldName("superclasses")?.namedChildren.map((b) => b?.text ?? "") ?? [];
  if (!decorated && !bases.some((b) => RECORD_BASES.test(b))) return undefined;
  const fields = cls
    .childForFieldName("body")!
    .namedChildren.map((s) => (s?.type === "expression_statement" ? s.namedChildren[0] : null))
    .filter((a): a is Node => a?.type === "assignment" && a.childForFieldName("left")?.type === "identifier" && !!a.childForFieldName("type"));
  if (keyword) return fields.find((f) => f.childForFieldName("left")!.text === keyword.childForFieldName("name")!.text);
  const positional = args.namedChildren.filter((a) => a !== null && a.type !== "keyword_argument" && a.type !== "comment");
  if (bases.some((b) => /BaseModel$/.test(b)) || positional.some((a) => a!.type === "list_splat" || a!.type === "dictionary_splat")) return undefined;
  return fields[positional.findIndex((a) => a!.id === value.id)];
}
