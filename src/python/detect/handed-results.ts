/**
 * Results handed to a function of the module (`show(page)`, `self._themes(job["data"])`) through a parameter with no
 * annotation: the function reads them as its caller would, so its reads migrate with the caller's, where every call
 * of it hands one of the same kind and none is out of sight. A parameter with an annotation says what it takes
 * itself (returned-results.ts converts at one promising a dict, result-values.ts reads one naming 2.x's models),
 * but for one that says nothing of what it holds (`pages: list`, `page: Any`).
 */
import { allCallsOf, parameterTaking, type CallsElsewhere } from "./callers.js";
import { bindingScope, rebinds, usesIn } from "./names.js";
import { enclosing, parameterName, type Node } from "../runtime/parser.js";

/** A function's parameter that a value is handed to, and the call that hands it. */
export interface Taking {
  readonly fn: Node;
  readonly name: Node;
  readonly call: Node;
}

/** Annotations that say nothing of what a value is, or of what a list holds (`list`, not `list[dict]`). */
const OPEN_ANNOTATIONS = { value: ["Any", "typing.Any"], list: ["Any", "typing.Any", "list", "List", "typing.List", "Sequence", "Iterable"] };

/**
 * The parameter with no annotation, or an open one (`def show(page)`, `def show(page=None)`, `def words(pages: list)`),
 * of the module's function a value (`list`: a list of results) is handed to.
 */
export function takingParameter(value: Node, list: boolean): Taking | null {
  const parameter = parameterTaking(value);
  const annotation = parameter?.childForFieldName("type")?.text;
  const open = annotation !== undefined && OPEN_ANNOTATIONS[list ? "list" : "value"].includes(annotation);
  if (!parameter || (parameter.type !== "identifier" && parameter.type !== "default_parameter" && !open)) return null;
  return taking(value, parameter);
}

/** The parameter of the module's function a value is handed to, whatever its annotation (`result: dict`). */
export function anyTakingParameter(value: Node): Taking | null {
  const parameter = parameterTaking(value);
  return parameter ? taking(value, parameter) : null;
}

function taking(value: Node, parameter: Node): Taking | null {
  const fn = parameter.parent?.parent;
  const name = parameterName(parameter);
  const call = enclosing(value, "call");
  return fn?.type === "function_definition" && name && call ? { fn, name, call } : null;
}

/**
 * The reads of a parameter in its function (and the closures in it that do not bind the name again); null where the
 * function binds it again (or deletes it), so that a read may be of another value.
 */
export function parameterReads(taking: Taking): Node[] | null {
  const uses = usesIn(taking.fn.childForFieldName("body")!, taking.name.text).filter((use) => bindingScope(use).id === taking.fn.id);
  return uses.some(rebinds) ? null : uses;
}

/** Calls that test what a value is (`isinstance(data, list)`): code that takes more than one shape. */
const PROBES = new Set(["isinstance", "hasattr", "type"]);

/**
 * Whether the function tests what it is handed, or what it draws from it (`if not isinstance(data, list): return []`):
 * it was written for more shapes than the result's, and reading it as the result would keep the test and change its answer.
 */
export function probed(heads: readonly Node[]): boolean {
  return heads.some((head) => {
    const call = head.parent?.type === "argument_list" && head.parent.namedChildren[0]?.id === head.id ? head.parent.parent : null;
    return call?.type === "call" && PROBES.has(call.childForFieldName("function")?.text ?? "");
  });
}

/**
 * Whether the calls that hand the function a value are all of its calls, where all are known (a private function's
 * or method's, or a module-level one no other module calls): `elsewhere` finds those of other modules.
 */
export function everyCallHands(fn: Node, handing: ReadonlySet<number>, elsewhere: CallsElsewhere): boolean {
  const calls = allCallsOf(fn, elsewhere);
  return !!calls && calls.length === handing.size && calls.every((call) => handing.has(call.id));
}
