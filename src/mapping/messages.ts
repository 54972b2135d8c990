/**
 * How a change is worded, in the two places it is read (issue 12): as a finding where the code is still v1
 * (`check`, the ESLint rules: "`scrapeUrl()` is v1: use `scrape()`"), and as an action where the codemod
 * made the change (`run`'s report: "`scrapeUrl()` → `scrape()`"). Steps say what changed with these
 * helpers, never with sentences of their own, so every concern speaks alike in both places.
 */
import type { ResponseRead } from "./api-requests.js";
import { FORMATS } from "./formats.js";
import { snakeCase } from "./python.js";

export interface Message {
  /** what is v1 here, and what v2 wants instead */
  readonly finding: string;
  /** what the codemod did */
  readonly action: string;
  /**
   * what the run's report tells beside the change though nothing is asked of the user (a call kept on v1's
   * client through `.v1`, which behaves as before): a note in the report, where a TODO would be work handed back
   */
  readonly note?: string;
}

/** What a finding says after the code it is about. */
const IS_V1 = " is v1: ";

/** `v1` is written `v2` in v2: a method, an option, a field, a route, a name. */
export function renamed(v1: string, v2: string): Message {
  return { finding: `${v1}${IS_V1}use ${v2}`, action: `${v1} → ${v2}` };
}

/**
 * A finding with the TODO notes that qualify it, as one message (an ESLint report). A note that names the
 * same code says all the finding does and more (`maxDepth became maxDiscoveryDepth and the meaning
 * changed…` beside `maxDepth is v1: use maxDiscoveryDepth`): then the notes are the message alone.
 */
export function withNotes(finding: string, notes: readonly string[]): string {
  const subject = finding.includes(IS_V1) ? finding.slice(0, finding.indexOf(IS_V1)) : null;
  const said = notes.join("; ");
  return subject && notes.every((note) => note.includes(subject)) ? said : `${finding}; ${said}`;
}

/** `v1` has no place in v2, for the reason `why`. */
export function removed(v1: string, why: string): Message {
  return { finding: `${v1}${IS_V1}remove it (${why})`, action: `removed ${v1} (${why})` };
}

/** `v1` belongs inside `into` in v2. */
export function moved(v1: string, into: string): Message {
  return { finding: `${v1}${IS_V1}move it into ${into}`, action: `moved ${v1} into ${into}` };
}

/**
 * A change of its own kind: `finding` says what v1 does here and what v2 wants, `action` what was done.
 * v2 keeps the code's meaning only with it, though nothing in it is a v1 name.
 */
export function reworded(finding: string, action: string): Message {
  return { finding, action };
}

/**
 * A change another change made necessary (the import of a model an earlier step started using): `run`
 * reports what it did, and `check` says nothing of it, since the code it is about is not in the file yet;
 * the change that caused it is the finding.
 */
export function following(action: string): Message {
  return { finding: "", action };
}

/** A params parameter typed as a dict of `from` values, widened so that its splat type-checks against every keyword. */
export function widenedParams(name: string, from: string): Message {
  return following(`typed ${name}'s values Any, not ${from}: its keys are v2's keyword arguments now`);
}

/** Whether a message is a finding of its own (not a change that only follows another). */
export const isFinding = (finding: string): boolean => finding !== "";

/** Several changes made by one edit, said together. */
export function joined(messages: readonly Message[]): Message {
  return { finding: messages.map((m) => m.finding).join("; "), action: messages.map((m) => m.action).join("; ") };
}

/** A step's own description, where one of its edits has no message of its own. */
export function described(description: string): Message {
  return { finding: description, action: description };
}

/** The TODO above a request whose body goes to routes with different options (a URL chosen between two). */
export function mixedBody(tables: readonly string[]): string {
  return `this body is sent to routes with different options (${tables.join(", ")}), so its request stays on /v1: migrate its v1 keys for each route, then move the URL to /v2 (v2 rejects v1 keys)`;
}

/**
 * The TODO above a request that stays on /v1 because its body comes from where the codemod cannot see its
 * keys (a parameter, a builder in another module, a spread, a file): moving the URL alone would be a 400.
 */
/** Where a body comes from that another module writes: the expression, and the module it is imported from. */
export function importedBody(expression: string, module: string): string {
  return `${expression} (imported from \`${module}\`)`;
}

/** The allow-lists of a module that pick a body's keys from what the caller passes, with the v1 names they hold. */
export function allowList(lists: readonly { list: string; names: readonly string[] }[]): string {
  return `(picked by ${lists.map(({ list, names }) => `\`${list}\`, which holds v1 names ${names.join(", ")}`).join("; ")})`;
}

/**
 * The TODO above a request whose body an exported builder of the module makes: another module may send the
 * builder's object to /v1, which migrating it here would break, so the request and the builder stay.
 */
export function exportedBuilder(builder: string): string {
  return `this request stays on /v1: its body is built by \`${builder}()\`, which this module exports, so other modules may send the same object to /v1: migrate its keys to v2's and move the URL to /v2 together with every request that sends it (v2 rejects v1 keys)`;
}

export function unseenBody(where: string): string {
  return `this request stays on /v1: its body comes from ${where}, whose keys this codemod cannot see; migrate them to v2's, then move the URL to /v2 (v2 rejects v1 keys)`;
}

/**
 * The TODO above a request to a Firecrawl route on a base the code does not name as Firecrawl's (a parameter,
 * a helper of the file that joins it): the evidence is too weak to move it, another API may have the route.
 */
export function weakBase(path: string, how: string, body: boolean): string {
  return `/v1/${path} is ${how}, which this codemod cannot tell is Firecrawl's API: if it is, move the request to /v2${body ? " with its body's keys migrated" : ""}`;
}

/**
 * The TODO above a request whose whole URL is only the fallback of a value set outside the code (an
 * environment variable): that value most likely names the v1 route too, and the body goes wherever it points.
 */
export function urlElsewhere(path: string, value: string): string {
  return `this request stays on /v1: its URL is /v1/${path} only where ${value} is unset; move both to /v2 together, with the body's keys migrated (v2 rejects v1 keys)`;
}

/**
 * The TODO above a v1 base that is only the fallback of a value set outside the code (`env || ".../v1"`):
 * the value most likely names a v1 base too, and the requests joined to the base go wherever it points.
 */
/** The TODO above a v1 base whose version the code cuts off to join its own (`base.replace(/\/v1$/, "")`). */
export function versionCut(where: string): string {
  return `${where} cuts this base's /v1 to join a version of its own: move the base to /v2 and that pattern with it, with the bodies of the requests joined to the base migrated (v2 rejects v1 keys)`;
}

export function baseElsewhere(value: string): string {
  return `this base is /v1 only where ${value} is unset, and that value most likely ends in /v1 too: move both to /v2 together, with the bodies of the requests joined to it migrated (v2 rejects v1 keys)`;
}

/**
 * The TODO above a request whose body takes its formats from where the codemod cannot see them: v2 takes
 * some v1 format strings only as objects, so the request stays until they are known to be v2's.
 */
/** The v1 format strings v2 takes only as objects (changeTracking, with settings v2 requires, stays valid as a string). */
const OBJECT_FORMATS = FORMATS.filter((row) => row.v2 && !row.v2.required)
  .map((row) => JSON.stringify(row.v1))
  .join(", ");

export function unseenFormats(where: string): string {
  return `this request stays on /v1: its formats come from ${where}, whose values this codemod cannot see; v2 takes ${OBJECT_FORMATS} only as format objects: make sure they are v2's, then move the URL to /v2`;
}

/**
 * The TODO above v1 format settings (`jsonOptions`, `extract`, `changeTrackingOptions`; Python's `json_options=`, ...)
 * whose format the options do not ask for: v2 has no such option, and which format object they belong in is the
 * author's call (v1's API refused json and extract settings without their format).
 */
export function settingsWithoutFormat(key: string, format: string, type: string, language: "js" | "python" = "js"): string {
  const holder = language === "python" ? `{"type": "${type}", ...} format dict` : `{ type: "${type}" } object`;
  return `v2 has no ${key} option, and these options ask for no "${format}" format: move its settings into a ${holder} in formats, or drop them`;
}

/** The start of a Python TODO that asks for settings to move into their format's dict. */
const intoFormatDict = (key: string, type: string) => `move ${key} into a {"type": "${type}", ...} format dict`;

/**
 * Python format settings (`json_options=config`, a raw body's `"jsonOptions": opts`) that are no literal the codemod
 * reads, so it cannot write them into the format dict; `key` as the code spells it.
 */
export function unreadSettings(key: string, type: string): string {
  return `${intoFormatDict(key, type)}; it is not a literal this codemod can read`;
}

/**
 * Python format settings a parameter typed as a dict holds (`extract=extract_params`), spread into the format dict
 * as they are: v2's object is strict, so a key it has no setting for fails the request.
 */
export function spreadSettings(name: string, type: string, settings: readonly string[]): string {
  return `${name}'s keys go into the {"type": "${type}"} format dict as they are: v2 takes ${settings.join(" and ")} there, so fold a systemPrompt into the prompt and drop any other key`;
}

/** A Python test's mock returns a value that is no dict literal the codemod reads, so it cannot write the v2 model. */
export function unreadMockReturn(model: string): string {
  return `make this mock return a v2 ${model}: it is not a dict literal this codemod can read`;
}

/**
 * Python format settings held in a public module-level name (`json_options=pricing_config`): another module
 * imports the name (or may, where no project shows who does) and sends it as v1 settings, which a format dict
 * written there would break.
 */
export function sharedSettings(key: string, type: string, name: string): string {
  return `${intoFormatDict(key, type)}; ${name} is a public name of the module, which another module imports (or may, where no repository or package shows the project) as it is, so it is left as written`;
}

/**
 * The same settings where the options' formats are set after the literal (`opts.formats = [...]`): whether
 * they ask for the format this step cannot see, and the settings stay beside them.
 */
export function settingsWithFormatsSetLater(key: string, format: string, type: string): string {
  return `v2 has no ${key} option; these options' formats are set after them, where a "${format}" format becomes a { type: "${type}" } object that takes these settings: move them there, or drop them`;
}

/** The TODO above a JSON block of a document that no command there sends, holding v1 body names. */
export function shownBody(names: readonly string[]): string {
  return `this JSON holds v1 request names (${names.join(", ")}): where it is a body sent to Firecrawl's API, migrate it with the request that sends it to /v2`;
}

/** The TODO above a test that asserts a request goes to a v1 URL of the API. */
export function expectsV1(path: string): string {
  return `this test expects the v1 URL /v1/${path}: when the request it tests moves to /v2, expect /v2/${path}`;
}

/** A URL a test expects, moved from /v1 to /v2 with the requests of its file to that route. */
export function expectationMoved(path: string): Message {
  return renamed(`the expected URL /v1/${path}`, `/v2/${path}, as the request it tests now goes there`);
}

/** The TODO above a PowerShell request to a v1 URL of the API, in a document. */
export function powershellRequest(path: string, body: boolean): string {
  return body
    ? `this PowerShell request stays on /v1: this codemod does not read PowerShell, so it cannot see what -Body sends; migrate the body's keys to v2's (v2 rejects v1 keys), then move /v1/${path} to /v2`
    : `this PowerShell request stays on /v1: this codemod does not read PowerShell; move /v1/${path} to /v2 by hand, with the other requests of its job`;
}

/**
 * The TODO above an n8n node's property offering v1 names (format values, an option its routing sends): n8n
 * sends them with the node's requests, which stay on /v1 with its base until they are v2's.
 */
export function n8nOptions(names: readonly string[], kind: "formats" | "option"): string {
  const said = names.map((n) => `"${n}"`).join(", ");
  return kind === "formats"
    ? `this n8n option list offers v1 formats ${said}, which v2 takes only as format objects or not at all: make them v2's when the node's base moves to /v2`
    : `this n8n property sends the v1 option ${said}, which v2 renamed or removed: make it v2's when the node's base moves to /v2`;
}

/** The TODO above an n8n expression naming a v1 URL of the API (a declarative node's base or route). */
export function n8nRequest(path: string): string {
  return `this n8n expression stays on /v1${path}: the node's requests are built from its option lists (values such as "extract", "screenshot@fullPage"), which this codemod does not read; make them v2's, then move it to /v2`;
}

/** The TODO above a request whose `v1` is a version variable another API's URL uses too. */
export function versionShared(other: string): string {
  return `this request stays on /v1: its version variable also makes ${other}, which is not Firecrawl's; give Firecrawl's URLs a version of their own, then make it v2`;
}

/** The TODO above a request whose body a document shows once for several commands (`-d @site.json` twice). */
export function sharedBodyFile(file: string): string {
  return `this request stays on /v1: its body \`${file}\` is sent by more than one command here, and each route takes its own keys; give each its body with v2's keys, then move the URLs to /v2`;
}

/** The TODO above a request whose body another request that stays on /v1 sends too (a builder, a shared literal). */
export function bodyStays(path: string): string {
  return `this request (/v1/${path}) stays on /v1 with another request that sends the same body and cannot move yet: move them to /v2 together`;
}

/** The TODO above a request of a job (its status, errors, cancel) that stays on /v1 with the request that starts it. */
export function jobStays(path: string): string {
  return `this request stays on /v1 with the other requests of its job (/v1/${path}), which cannot move yet: move them to /v2 together`;
}

/** A request's route, moved from /v1 to /v2. */
export function routeMoved(path: string): Message {
  return renamed(`/v1/${path}`, `/v2/${path}`);
}

/** A map result's links, objects in v2, read as the strings they were. */
export function linksKept(links: string): Message {
  return reworded(`${links} are objects in v2: read link.url`, `${links} kept as strings (link.url)`);
}

/** A waiter's failure guard, which v2 answers with a job status instead of a throw. */
export const WAITER_GUARD = reworded(
  "a waiter's success guard is v1: check the job status (v2 returns failed jobs)",
  "the waiter's success guard checks the job status (v2 returns failed jobs)",
);

/** A waiter's success flag read elsewhere than in a guard: the job's status says it. */
export const WAITER_SUCCESS = reworded(
  "a waiter's success flag is v1: check the job status (v2 returns failed jobs)",
  "the waiter's success flag is read as the job's status (v2 returns failed jobs)",
);

/** A waiter's result nothing checked: it throws on a failed or cancelled job, as v1's waiter did. */
export const WAITER_THROWS = reworded(
  "v2 waiters return failed or cancelled jobs instead of throwing: throw on them as v1 did",
  "throws on a failed or cancelled job, as the v1 waiter did (v2 returns it)",
);

/** A Python waiter's result nothing checked: it raises on a failed or cancelled job, as 1.x/2.x's waiter did. */
export const WAITER_RAISES = reworded(
  "v2 waiters return failed or cancelled jobs instead of raising: raise on them as v1 did",
  "raises on a failed or cancelled job, as the v1 waiter did (v2 returns it)",
);

/** A result literal of a test's mock that answers a v1 failure: v2 has no such result, it throws. */
export const MOCK_FAILURE_THROWS =
  "v2 throws SdkError on failure where v1 answered { success: false }: make this mock throw (or reject) instead of answering a result";

/** A success guard that only threw: v2 throws before it. */
export const GUARD_REMOVED = removed("the success guard", "v2 throws SdkError on failure");

/** A success test beside what decides a condition (`r.success && r.markdown`), true wherever v2 returns. */
export const SUCCESS_TEST_REMOVED = removed("the success test", "v2 returns a result only where the call succeeded, and throws SdkError otherwise");

/** An optional success test beside what decides a condition (`r?.success && r.markdown`): v2's result is there only where the call succeeded. */
export const SUCCESS_TEST_PRESENCE = reworded(
  "the success test is v1: v2 returns a result only where the call succeeded, so test that the result is there",
  "the success test became a test that the result is there (v2 returns a result only where the call succeeded)",
);

/** A result's success guard, answered by the call's own failure path in v2 (src/js/failure-path.ts). */
export const FAILURE_PATH = reworded(
  "a success guard is v1: v2 throws SdkError, so the call must catch its failure",
  "the success guard tests the call's caught failure (v2 throws SdkError)",
);

/** The v2 types a cast of search hits names, imported from the SDK. */
export const JOB_URL_ADDED = reworded(
  "v2's start calls answer with the job's status address (url), which this stand-in for one lacks",
  "added the job's status address (url) v2's start calls answer with",
);

/** A fallback read of a field (`r.metadata?.title` in `r.title ?? r.metadata?.title`) that plain search hits never have. */
export function deadFallback(field: string): Message {
  return reworded(
    `search hits of a call that scrapes nothing have no ${field}: v2 types them without it, so this fallback, which never answered, goes`,
    `removed the fallback read of .${field}, which search hits of a call that scrapes nothing never have`,
  );
}

export const ITEM_TYPES_IMPORTED = reworded("v2 types search hits as a union: import the type they are cast to", "imported the type search hits are cast to");

/** A read of a raw response's field that v2 answers elsewhere (mapping/api-requests.ts), rewritten. */
export function responseRead({ at, change }: ResponseRead): Message {
  // `*` is each item of a list: `.data[].extract`
  const path = (names: readonly string[]) => `.${names.join(".")}`.replace(/\.\*/g, "[]");
  const field = `response ${path(at)}`;
  if (change.kind === "rename") return renamed(field, path([...at.slice(0, -1), change.to]));
  if (change.kind === "nested") return renamed(field, `${path(at)}.${change.field}`);
  return linksKept(field);
}

/** v1's defaults written into a migrated scrape (the opt-in keepV1Defaults). */
export const V1_DEFAULTS = reworded("v2 changed this scrape's defaults: write v1's out to keep its behaviour", "v1 defaults written out");
/** v1's defaults asked for on a scrape run by a call that passes positional arguments only (`loop.run_in_executor`). */
export const V1_DEFAULTS_NOT_PASSED =
  "v2 changed this scrape's defaults, and v1's are keyword arguments this call cannot pass on (positional ones only): hand it functools.partial(method, url, max_age=0, ...) instead";

/** Metadata keys read off documents of a result made a dict, where the dump spells them snake_case. */
export function dumpedMetadataKeys(keys: readonly string[], where = "this function"): string {
  return `this result is made a dict (.model_dump()), whose documents' metadata spells its fields snake_case: ${keys.map((k) => `"${k}"`).join(", ")} read in ${where} would raise KeyError (read "${snakeCase(keys[0]!)}")`;
}

/** A result made a dict (.model_dump()) and unpacked into a call (`Envelope(**result)`): the call's keywords were v1's keys. */
export const DUMP_UNPACKED =
  "this result is made a dict (.model_dump()), whose keys are snake_case (expires_at, raw_html) where v1's were the API's camelCase (expiresAt, rawHtml): unpacked here, it hands the call those names";

/** A document a public function hands only to other modules, which read it as v1's dict by keys its dump spells alike. */
export function returnedToOtherModulesDumped(name: string): Message {
  return reworded(
    `${name}() hands this result to other modules of the project, which read it as v1's dict by keys v2's dump spells alike: it is returned as that dict`,
    "the result returned as a dict (.model_dump())",
  );
}

/** A v2 result a public function hands to other modules, which read it as v1's dict and are not migrated with it. */
export function leavesModule(name: string): string {
  return `${name}() hands this result to other modules of the project, which read it as v1's dict (r["markdown"]) and are not migrated with this one: v2 results are pydantic models, so change their reads (r.markdown) or return .model_dump() (its keys are snake_case)`;
}

/** v2's dump a public function returns to other modules, which read it by 1.x's camelCase keys, and are not migrated with it. */
export function dumpLeavesModule(name: string): string {
  return `${name}() returns v2's dump to other modules of the project, and its keys are snake_case (raw_html; metadata's source_url, status_code, og_title) where 1.x's dict had the API's camelCase: rename the keys they read, which are not migrated with this module`;
}

/** A job's documents a public function hands to other modules, which read each as v1's dict, and are not migrated with it. */
export function documentsLeaveModule(name: string): string {
  return `${name}() hands these documents to other modules of the project, which read each as v1's dict (page["markdown"]) and are not migrated with this one: v2's documents are pydantic models, so change their reads (page.markdown) or return [page.model_dump() for page in ...] (its keys are snake_case)`;
}

/** An async client's batch scrape, its page options nested (PY_ASYNC_BATCH_OPTIONS). */
export const ASYNC_BATCH_OPTIONS_NESTED = reworded(
  "v2's async client drops a batch scrape's page options given as flat keyword arguments: it takes them as options=ScrapeOptions(...)",
  "page options nested in options=ScrapeOptions(...)",
);

/** The same, where `**kwargs` may hold page options this codemod cannot see. */
export const ASYNC_BATCH_OPTIONS_SPLAT =
  "v2's async client drops a batch scrape's page options given as flat keyword arguments (formats, only_main_content, ...): give them as options=ScrapeOptions(...), and keep only webhook, max_concurrency, ignore_invalid_urls, append_to_id and zero_data_retention flat";

/**
 * What the verification says of pyright's `No parameter named "scrape_options"` on a scrape (after "; and it" too): crawl's
 * and search's nesting, which no release's scrape took.
 */
export const SCRAPE_OPTIONS_ON_SCRAPE =
  "gives scrape crawl's scrape_options, which no release's scrape took (1.x/2.x raised ValueError, 4.x a TypeError): give its fields to scrape directly (formats=[...], only_main_content=...)";

/** The same, done: the model's fields given to the scrape as its own keyword arguments. */
export function scrapeOptionsLifted(): Message {
  const why = "crawl's nesting, which no release's scrape took (2.x raised ValueError, 1.x's request was refused), so the call never ran as written";
  return {
    ...reworded(`scrape_options on a scrape is ${why}: give its fields to scrape directly`, "gave ScrapeOptions' fields to scrape directly"),
    note: `scrape_options on scrape(): ${why}; its fields are scrape's own keyword arguments now`,
  };
}

/** A page's options given flat to a crawl or a search, nested where it takes them. */
export function scrapeOptionsNested(names: readonly string[], method: string): Message {
  const why = `${method}() takes a page's options only in scrape_options (2.x raised ValueError on them flat, 1.x's request was refused), so the call never ran as written`;
  return {
    ...moved(names.join(", "), "scrape_options=ScrapeOptions(...)"),
    note: `${names.join(", ")} on ${method}(): ${why}; they are its scrape_options now`,
  };
}

/** A read of an item of a list other branches bind to strings or documents, which getattr cannot say as v1 did. */
export const MIXED_ITEMS =
  "this list holds documents in some branches and strings in others: read the document's v2 field where the item is one (getattr(doc, \"markdown\", None)), as v1's dict key was read";

/** Results collected in a list (`pages.append(page)`) that goes on where the run cannot follow its items (`json.dumps(pages)`). */
export function collectedUnfollowed(list: string, where: string): string {
  return `${list} collects v2 results, pydantic models where v1's were dicts, and goes on where this run cannot read its items (${where}): read their fields there (page.markdown), or append .model_dump() (its keys are snake_case)`;
}

/** A result handed to a function of the module that reads its fields by names it computes, which the run cannot follow. */
export function handedToComputedReader(name: string): string {
  return `${name}() reads what it is handed by field names it computes (r.get(key), getattr(r, key)), which the run cannot follow: v2 results are pydantic models with snake_case fields, and a map's links are LinkResult objects (link.url), not 1.x's strings: check what it reads`;
}

/** A scraped document handed, as 1.x's dict was, to a function of the module that tests what it is handed. */
export function handedToProbingHelper(name: string): Message {
  return reworded(
    `1.x answered a dict here, and ${name}() tests what it is handed and reads it as one: v2's model is dumped where it is handed (its metadata's keys are snake_case)`,
    `the result handed to ${name}() as a dict (.model_dump())`,
  );
}

/** A result handed to a function of the module that reads it as v1's dict, and that the run could not migrate with it. */
export function handedToDictReader(name: string): string {
  return `${name}() reads what it is handed as v1's dict (r["markdown"]), and the run did not migrate it with this call (it tests what it is handed, takes other values too, or is called from where the run cannot see): v2 results are pydantic models, so change its reads (r.markdown) or hand it .model_dump() (its keys are snake_case)`;
}

/** A v2 result returned from a function that promises a dict. */
/** A list of results returned where the function says a list of dicts: each made one. */
export const DOCUMENTS_DUMPED = reworded(
  "v2 results are models, and this function says it returns dicts: dump each",
  "each result in the returned list made a dict (.model_dump())",
);

export const DOCUMENTS_SERIALIZED = reworded(
  "v2's documents and search hits are models, which JSON cannot serialize (and pickle would store as models): dump each",
  'each item in the list made a dict (.model_dump(mode="json"))',
);

/** An assertion of a result's success flag, removed where v2 raises on failure (python/steps/results.ts). */
export const SUCCESS_ASSERTION_REMOVED = reworded(
  "v2 results have no success flag: the call raises where v1 answered success False, so this assertion is the call's own now",
  "the assertion of the success flag removed (v2 raises on failure)",
);

/** A result or item handed to a serializer where it is (python/steps/results.ts). */
export const RESULT_SERIALIZED = reworded(
  "v2 results are models, which JSON cannot serialize: dump it where it is serialized",
  'the result made JSON\'s values where it is serialized (.model_dump(mode="json"))',
);

/** A 1.x dict result handed whole to code the run cannot read (python/steps/results.ts). */
export const HANDED_OUT_DUMPED = reworded(
  "1.x answered a dict here, and this hands it to code the run cannot read, which expects one still: v2's model is dumped where it is handed (its keys are snake_case)",
  "the result handed on as a dict (.model_dump())",
);

/** A 1.x dict result kept as a value of a dict the code builds (python/steps/results.ts). */
export const KEPT_IN_DICT_DUMPED = reworded(
  "1.x answered a dict here, and this keeps it in a dict the code builds, whose readers expect one still: v2's model is dumped where it is kept (its keys are snake_case)",
  "the result kept in a dict as a dict (.model_dump())",
);

/** A scraped search hit (a Document) dumped where it is serialized: its dump keeps the hit's own fields in its metadata. */
export const SCRAPED_HIT_DUMPED =
  "this scraped search hit is a v2 Document, dumped here as a dict: its url, title and description are under metadata (source_url, title, description), where 1.x's dict had them at the top; add them back if what reads this needs them";

export const MODEL_DUMPED = reworded(
  "this function promises a dict, and v2 results are pydantic models: return .model_dump()",
  "the result returned as a dict (.model_dump())",
);

/** The TODO above a call given its options in a dict the codemod cannot read (`**config["params"]`), where v2 renamed or dropped some of the method's. */
export function unreadOptionNames(dict: string, names: readonly string[]): string {
  return `the options in **${dict} are not in sight here, and v2 renamed or dropped ${names.join(", ")} among this method's: rename them where the dict is made`;
}

/** The TODO above a call handing on `**parameter` as its options, where the names its callers give are not all v2's. */
export function forwardedOptionNames(parameter: string, names: readonly string[] | undefined): string {
  const which = names ? `its callers give ${names.join(", ")}` : "not every caller can be read from here";
  return `the options in **${parameter} are handed on under the names the callers give, and ${which}: v2 takes snake_case names and renamed or dropped some, so rename them where they are given`;
}

/** A class of the user's that extends v1's client and overrides what v2's client does not have: it stays on v1's. */
export function subclassKeptOnV1(name: string, overrides: readonly string[], onV1: string, v2: string): string {
  const what = overrides.map((o) => `${o}()`).join(", ");
  return `${name} overrides ${what} of v1's client, which v2's ${v2} neither has nor calls: it stays on v1's client (${onV1}, still in firecrawl-py 4.x), and its calls with it; move it to ${v2} by hand`;
}

/** A JavaScript class of the user's that extends the client and overrides what v2's client does not have. */
export function subclassOverridesV1(name: string, overrides: readonly string[]): string {
  const what = overrides.map((o) => `${o}()`).join(", ");
  return `${name} overrides ${what} of v1's client, which v2's Firecrawl neither has nor calls, and its calls were left as they are: extend FirecrawlAppV1 (still exported in v2) to keep it on v1, or move it to v2's methods by hand`;
}

export const SUBCLASS_KEPT_ON_V1 = reworded(
  "this class extends v1's client and overrides its internals, which v2's client does not call: extend v2's copy of v1's client",
  "the class kept on v1's client",
);

/** The TODO above an async client's call that lost an option only the sync client takes in v2. */
export function asyncKeywordRemoved(name: string, method: string): string {
  return `AsyncFirecrawl.${method}() in firecrawl-py 4.x does not take ${name}= and it was removed: Firecrawl.${method}() (sync) still does`;
}

/** The TODO above a call whose v0 option groups held keys v2 has no keyword argument for. */
export function v0OptionsDropped(keys: readonly string[]): string {
  return `v0 options with no v2 keyword argument were dropped: ${keys.join(", ")} (v2 asks for HTML, screenshots and extraction in formats)`;
}

/** Keys of a 1.x params dict its method built no request from: dropped, as the call never sent them; the report says which. */
export function neverSent(keys: readonly string[], method: string): Message {
  const why = `firecrawl-py 1.x's ${method}() never sent ${keys.length > 1 ? "them" : "it"} to the service`;
  return { ...removed(keys.join(", "), why), note: `${keys.join(", ")} dropped from ${method}(): ${why}` };
}

/**
 * A sync client class the code only awaits the calls of (python/detect/awaited-clients.ts): it becomes v2's async
 * one, and the report says why, since v1's class was not the async one.
 */
export function awaitedClient(v1: string, v2: string): Message {
  const why = `every call of its clients is awaited, which ${v1}'s results never allowed (a TypeError once the request was done): the code was written for the async client`;
  return { ...renamed(v1, v2), note: `${v1} → ${v2}: ${why}` };
}

/**
 * v0 option groups of other methods (a crawl's `crawlOptions` in a scrape's params, `takenBy` the methods that
 * took them): the call never used them, so they are dropped, and the report says which.
 */
export function v0GroupsNotTaken(groups: readonly string[], takenBy: readonly string[], method: string): Message {
  const why = `v0 option ${groups.length > 1 ? "groups" : "group"} of ${takenBy.join(", ")}, which ${method}() never took`;
  return { ...removed(groups.join(", "), why), note: `${groups.join(", ")} dropped from ${method}(): ${why}` };
}

/** v1's extraction mode, dropped from a json format object. */
export const V1_MODE_DROPPED = "v1's only extraction mode, \"llm\", was its default, and v2's json format has none";

/** The TODO above a format whose v1 settings held keys v2's object refuses, dropped. */
export function settingsRefused(keys: readonly string[], type: string, takes: readonly string[]): string {
  return `${keys.join(", ")} ${keys.length > 1 ? "are" : "is"} no setting of v2's ${type} format, which takes ${takes.join(" and ")} and refuses others, so ${keys.length > 1 ? "they were" : "it was"} dropped (v1's API refused ${keys.length > 1 ? "them" : "it"} too, so this request failed before): say what you meant in the prompt`;
}

/**
 * Keys a 2.x pydantic model of a format's settings did not declare (`JsonConfig(mode=...)`): it ignored them and sent
 * the request without them, as v2's dropping them does.
 */
export function settingsIgnored(keys: readonly string[], model: string): Message {
  const why = `2.x's ${model} ignored ${keys.length > 1 ? "them" : "it"}, and sent the request without ${keys.length > 1 ? "them" : "it"}`;
  return { ...removed(keys.join(", "), why), note: `${keys.join(", ")} dropped from ${model}(...): ${why}` };
}

/**
 * The TODO above a format whose settings come from a variable the file binds to a literal holding keys v2's object
 * refuses; `hints`, what to do with those the table knows (v1's systemPrompt folded into the prompt, its mode dropped).
 */
export function heldSettingsRefusedTodo(name: string, keys: readonly string[], type: string, takes: readonly string[], hints: readonly string[]): string {
  const them = keys.length > 1 ? "them" : "it";
  return `${name} also holds ${keys.join(", ")}: v2's ${type} format takes ${takes.join(" and ")} and refuses the request with any other setting, so take ${them} out where ${name} is made${hints.length ? ` (${hints.join("; ")})` : ""}`;
}

/** The same in JavaScript, where the format switches v1's layer mapped are mapped: what is named has no exact equivalent. */
export function v0KeysDropped(keys: readonly string[]): string {
  // v0's extraction asked with a system prompt v2's json format has no slot for.
  const extraction = keys.some((key) => key.startsWith("extractorOptions."))
    ? ' (v2 extracts with a json format in formats: { type: "json", prompt, schema })'
    : "";
  return `v0 options with no exact v2 equivalent were dropped: ${keys.join(", ")}${extraction}`;
}

/** The TODO above a Python call given v0's page options as keyword arguments (`include_html=True`), which v2 rejects. */
export function v0KeywordsKept(names: readonly string[]): string {
  return `v2 rejects ${names.join(", ")} (v0 page options, which v1's SDK sent as they were): ask for HTML, raw HTML and screenshots in formats, and drop the rest`;
}

/** The TODO above a call whose v0 option group (`pageOptions`) the codemod cannot see into or has no place for. */
export function v0GroupKept(name: string): string {
  return `${name} is a v0 option group, which v2 rejects: move what it holds into v2's options`;
}

/** A v0 option group whose keys were lifted out as v2 spells them, into a nested options object or the group's own. */
export function v0GroupLifted(name: string, into?: string): Message {
  const where = into ?? "the options object itself";
  return reworded(`${name} is a v0 option group, which v2 rejects: its keys belong in ${where}`, `lifted ${name}'s keys into ${where}`);
}

/** A dict method that only reads (`keys()`, `items()`), called on a v2 result through its dump. */
export const MODEL_DUMPED_READ = reworded(
  "v2 results are pydantic models, not dicts: call dict methods on .model_dump()",
  "the dict method called on the result's .model_dump()",
);

/** The TODO on a read of a field v2's model has none of (v0's `content` on a document, `status` on a map, ...). */
export function noSuchField(model: string, field: string): string {
  return `v2's ${model} has no "${field}" field (v1's result had no such key either; v2 raises on failure): read one it has`;
}

/** Search hits read where v2 types them as either of two models: cast to the one the call returns. */
/** A result of the v1 proxy's deep_research: 4.x returns the response's JSON as v1 did, yet types it as a model. */
export const PROXY_DICT_CAST = reworded(
  "4.x's v1 client types deep_research's result as a model, yet returns the dict v1 gave",
  "the result cast to the dict it is (cast(dict, ...)), its reads kept",
);

/** A test's mock of a client method that returns a v1 response dict, made the v2 model the migrated call returns. */
export function mockReturns(model: string): Message {
  return reworded(`the mock returns a v1 response: return a v2 ${model}, as the migrated call does`, `mock returns a v2 ${model}, as the migrated call does`);
}

/** The TODO on `patch.object(FirecrawlApp, "scrape_url")` where the test does not make the client under the patch. */
export function patchedClassMethod(method: string, to: string): string {
  const what =
    method === to
      ? `v2's Firecrawl sets ${to}() on each instance, so a patch on the class misses it`
      : `${method}() is ${to}() in v2, which Firecrawl sets on each instance`;
  return `${what}: patch FirecrawlClient.${to} (from firecrawl.v2) before the client is made, or the client instance's ${to}`;
}

/** A scraped search's hits, left uncast: 4.x makes a Document only of a hit whose page scraped. */
export const SCRAPED_HITS_EITHER = reworded(
  "v2 types search hits as SearchResultWeb | Document, and a hit whose page failed to scrape is a SearchResultWeb",
  "each read of a scraped hit asks which model it is (isinstance(hit, Document))",
);

/** The TODO on a read of a scraped hit that is no name, which a test of its model would evaluate again. */
export const SCRAPED_HIT_EITHER =
  "a scraped search's hit is a Document, or a SearchResultWeb (url, title, description) where its page failed to scrape: bind it to a name and read it by isinstance(hit, Document)";

export function hitsCast(model: string): Message {
  return reworded(`v2 types search hits as SearchResultWeb | Document: cast them to ${model}`, `search hits cast to ${model}, what the call returns`);
}

/** The TODO on a v1 method passed to an executor with a params dict among the arguments it passes on. */
export const PASSED_PARAMS = "this v1 method is passed on with a params dict for its arguments: v2 takes keyword arguments (snake_case names)";
/**
 * A v1 method called on a parameter that some calls hand a client and others something else: renaming it would
 * break the others, keeping it breaks the client's.
 */
export function mixedReceiver(parameter: string, method: string, client: string, other: string | null): string {
  return `${parameter} is a Firecrawl client where a call passes ${quoted(client)}, and ${other === null ? "its default where a call passes none" : `not one where a call passes ${quoted(other)}`}: ${method}() is left as v1 for both; give the client its own function, or migrate this one by hand`;
}

/** An argument's code as a TODO line quotes it: on one line (the TODO is a line comment), cut at 40 characters. */
function quoted(code: string): string {
  const line = code.replace(/\s+/g, " ");
  return line.length > 40 ? `${line.slice(0, 37)}...` : line;
}

/**
 * How mixedReceiver names a client made in the call that passes it (`fetch(FirecrawlApp(api_key=key), url)`): its
 * text changes with the migration (`Firecrawl(...)`), and a TODO must read the same on a second run to be found again.
 */
export const MADE_CLIENT = "a client it makes";

/** A v1 method `loop.run_in_executor` runs with its options, handed to it in a partial that can pass them as keywords. */
export const EXECUTOR_PARTIAL = reworded(
  "run_in_executor passes positional arguments only, and v2 takes this method's options as keyword arguments: hand it functools.partial(method, ...)",
  "handed the method to run_in_executor in functools.partial(...), so its options can be keyword arguments",
);

/** A v1 method run by `loop.run_in_executor`, which passes positional arguments only, with a params dict. */
export const PASSED_POSITIONALLY =
  "this v1 method is run with a params dict by a call that passes positional arguments only: v2 takes keyword arguments (snake_case names), so hand it functools.partial(method, url, ...) with them instead";

/**
 * The TODO above a Python statement the migration left failing pyright against firecrawl-py 4.x: the
 * checker's own message (its first line, kept short), with the rule that reported it.
 */
export function pyrightTodo(rule: string | undefined, message: string): string {
  const first = message.split("\n")[0]!.trim();
  const text = first.length > 160 ? `${first.slice(0, 157)}...` : first;
  return `does not type-check against firecrawl-py 4.x (pyright${rule ? ` ${rule}` : ""}: ${text})`;
}

/**
 * A v2 field read where pyright faults only its None (an argument, a return, an operand, an iterable), given v1's
 * value where it is None: 1.x's dict always had the key when its format was asked for.
 */
export function optionalFieldEmpty(field: string, empty: string): Message {
  return reworded(
    `${field} may be None in v2, where v1's result always had it when its format was asked for`,
    `${field} read as \`${field} or ${empty}\`: v2 may give None where v1 always gave a value`,
  );
}

/**
 * The TODO above a JavaScript or TypeScript statement the migration left failing the type check against v2:
 * the compiler's code and the first line of its message, kept short. The SDK's bundled declarations name some
 * types with the bundler's suffix (`CrawlResponse$1`), which the TODO drops: the user knows the type without it.
 */
export function typeCheckTodo(code: number, message: string): string {
  const first = message.split("\n")[0]!.replace(/([A-Za-z_]\w*)\$\d+(?![\w$])/g, "$1");
  return `does not type-check against v2 (TS${code}: ${first.length > 160 ? `${first.slice(0, 157)}...` : first})`;
}

/**
 * What a TODO written for one reason goes on to say when the verification finds its statement failing the type
 * check for another: one line per statement says both (`<reason>; and it does not type-check against v2 (...)`).
 */
export const TODO_AND = "; and it ";

/** The rest of a TODO line that already says why it is there, for the error `quote` (typeCheckTodo) it says too. */
export function alsoTodo(quote: string): string {
  return `${TODO_AND}${quote}`;
}

/** A call the migration moved onto the client's `.v1`, whose proxy 4.x types Optional, asserted there (python/checker/verify.ts). */
export function v1ProxyAsserted(proxy: string): Message {
  return reworded(
    `4.x types ${proxy} as Optional (None only where its v1 module could not be imported), and pyright will not call through it`,
    `asserted ${proxy} is not None where the call through it is made`,
  );
}

/** A parameter whose dict is splatted into a v2 method, annotated as the dict it is (checker/verify.ts). */
export function splatAnnotated(name: string): Message {
  return reworded(
    `pyright types ${name} by the literal the code binds it to, and faults every keyword of the method **${name} is handed to with it`,
    `annotated ${name} as the dict it is, which pyright checks against the method's keywords no more than 2.x's **kwargs`,
  );
}

/** A guarded `d.get(k)` read as `d[k]` by the Python verification (python/checker/verify.ts). */
export const GUARDED_GET_READ = reworded(
  "pyright types this read Optional, though the if around it tests the same read true: the key is there wherever it runs",
  "read the key the guard tests as d[key] (the same value; pyright narrows no call)",
);

/** A list of str handed as a call's formats, which v1 took untyped in its params dict, cast to v2's type of them (python/checker/verify.ts). */
export const FORMATS_CAST = reworded(
  "v1 took these formats in its params dict, untyped; v2 types them as format options, and pyright will not take a list of str for them",
  "cast to List[FormatOption]: the names go to v2 as they went to v1, unchecked as they were (v2 calls extract json, and screenshot@fullPage a screenshot format object)",
);

/**
 * A value v1's types gave as any (an any field, an index signature of any) cast to the type its place expects,
 * where v2 types the same expression strictly: the cast lets through what v1 let through and changes nothing at run time.
 */
export function v1AnyCast(type: string): string {
  return `cast to ${type}: v1 typed this value any and v2 types it strictly; the cast keeps what v1 let through, nothing changes at run time`;
}

/** v1's rebuilt shape cast to a type of the user's through unknown (checker/rebuilt-shape.ts). */
export function rebuiltShapeCast(type: string): string {
  return `cast to ${type} through unknown: v1's result, a union with ErrorResponse, overlapped any type with a success flag and v2's does not; the cast keeps what v1 let through, nothing changes at run time`;
}

/** A waiter's job going on as a type of the user's own that declares v1's success flag: bound, checked, and given v1's shape. */
export function jobFlagKept(flag: string): Message {
  return reworded(
    `this job goes on as a type of your own that declares ${flag}: v1's waiter answered { ${flag}: true, ...job } and threw where the job failed, v2's returns the job alone, failed or not, so check it and keep the flag`,
    `the job is checked as v1's waiter checked it and keeps v1's ${flag}: true, which a type of your own declares (v2's waiter returns the job alone, failed or not)`,
  );
}

/** A result going on as a type of the user's own that declares v1's success flag: it keeps v1's shape. */
export function successKept(flag: string): Message {
  return reworded(
    `this result goes on as a type of your own that declares ${flag}: v1 answered { ${flag}: true, ...document }, v2 answers the document alone (and throws where v1 answered a failure), so keep the flag`,
    `the result keeps v1's ${flag}: true, which a type of your own declares (v2 answers the document alone and throws where v1 answered a failure)`,
  );
}

/**
 * A result going on as the user's own v1 shape (`{ data }`), rebuilt from the v2 field that holds it: returned as
 * its function's type, or (`returned` false) cast to one.
 */
export function rebuiltShape(v1: string, v2: string, returned = true): Message {
  const subject = returned ? "this function returns the result as a type of its own" : "this result goes on as a type of your own";
  return reworded(
    `${subject}, written for v1's .${v1}: v2 answers it in .${v2}`,
    `the ${returned ? "returned " : ""}result keeps its v1 shape (.${v1} from v2's .${v2})`,
  );
}

/** A `@ts-expect-error` over an option v1's types lacked and v2's declare: nothing is left for it to expect. */
export function expectErrorRemoved(key: string): Message {
  return removed(`the @ts-expect-error over ${key}`, `v2's options type declares ${key}`);
}

/** A v1 method's positional arguments, moved into the v2 options object. */
export function argumentsMoved(method: string): Message {
  return reworded(`${method}()'s arguments are v1: pass them in the v2 options object`, `${method}()'s arguments moved into the v2 options object`);
}

/** A method with no v2 equivalent, kept on the v1 client v2 carries (`.v1`); `note`: what the report tells of it. */
export function routedThroughV1(method: string, accessor: string, note?: string): Message {
  const message = reworded(`${method}() has no v2 equivalent: call it through .${accessor}`, `${method}() routed through .${accessor}`);
  return note ? { ...message, note } : message;
}

/** A note of the run's report, at the line of the change it is about: notes are a file's strings, as a document's are. */
export function noteAt(line: string, note: string): string {
  return `line ${line}: ${note}`;
}

/** What a mocked v1 method is called in v2, for the mock's TODO: its v2 name, or that it lives on `.v1`. */
export function mockedMethodNow(method: string, v2: string | null): string {
  return v2 ? `${method}() is ${v2}()` : `${method}() is on .v1`;
}

/** A test of the formats asked for by a v1 format string that v2 writes as an object, or has no more. */
export function formatTestTodo(v1: string, v2Type: string | undefined): string {
  const v2 = v2Type ? `a { type: "${v2Type}" } object in formats` : "nothing (the format is gone)";
  return `v2 has no "${v1}" format string: it is ${v2}, so test for that, and make sure the request asks for it that way`;
}

/** A test that mocks the SDK and still names some of its methods by v1 names the run could not tie to a client. */
export function sdkMockTodo(names: readonly string[]): string {
  return `this test mocks the SDK with v1 method names (${names.join(", ")}) and v1 results; v2 results have no success/data wrapper: update the mocks and expectations`;
}

/** The options kinds whose v2 JavaScript request builder copies only the keys it knows (sdk-facts 3; prepareSearchPayload, ...). */
const BUILT_FROM_KNOWN_KEYS: ReadonlySet<string> = new Set(["crawl", "map", "search", "extract"]);

/**
 * Options a v1 call passes on from where the file cannot see their keys, which may carry v1 names: v2's SDK drops
 * those silently where it builds the request from the keys it knows, and the API rejects them where it sends them on.
 */
export function passedThroughTodo(kind: string, names: readonly string[]): string {
  const fate = BUILT_FROM_KNOWN_KEYS.has(kind) ? "v2's SDK leaves them out of the request without a word" : "v2 rejects them";
  return `options passed through from elsewhere: make sure they use none of v1's ${kind} option names (${names.join(", ")}); ${fate}`;
}

/** A read of a `let` that holds a v1 call's result on some paths and another value on others. */
export function unsureResult(name: string, methods: readonly string[]): string {
  return `\`${name}\` may hold the result of ${methods.map((m) => `${m}()`).join(" or ")} here, or another value, and v2's result has another shape (no success or error field, fields renamed): check this read`;
}

/** The TODO above a call whose options object gets keys v2 rejects assigned after its literal, where no step can rewrite them. */
export function assignedV1Keys(names: readonly string[]): string {
  return `these options carry keys v2 rejects (${names.join(", ")}), set where this codemod cannot rewrite them: move format settings into a format object in formats ({ type: "json", prompt, schema }), ask for HTML or screenshots in formats, and drop the rest`;
}

/** A specifier that pins the v1 SDK, moved with the code it brings in (`npm:@mendable/firecrawl-js@1.29.3`). */
export function pinMoved(from: string, to: string): Message {
  return { finding: `"${from}" pins the v1 SDK: the v2 code it runs needs "${to}"`, action: `"${from}" → "${to}" (the SDK this file pins)` };
}

/** A specifier that pins v1 in a form the tool does not write for another release: its code is left on v1. */
export function stuckPin(specifier: string, release: string): string {
  return `"${specifier}" pins a v1 release of the SDK in a form this tool cannot rewrite, so the code it brings in was left on v1: point it at ${release} (an npm: specifier or https://esm.sh/@mendable/firecrawl-js@${release}) and run the migration again`;
}

/** The v2 types written for queries of a v1 method's type, imported from the SDK as the file imports it. */
export const QUERIED_TYPES_IMPORTED = following("imported the v2 types written for the queries of v1 methods' types");

/** A result's read kept under v1's name, since the request it answers still asks for the format v1's way. */
export function readKeptV1(field: string, to: string, format: string): string {
  return `this read keeps v1's .${field}: the request still asks for the "${format}" format v1's way (see its TODO); v2 answers a { type: "json" } format object under .${to}, so read .${to} once the request asks for that`;
}
