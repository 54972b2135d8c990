/**
 * Which raw HTTP requests move from /v1 to /v2, for every language (issue 25): a request moves whole or not
 * at all. It stays on /v1 when v2 has no such route or the code computes it, when its body comes from where
 * the codemod cannot see its keys, or when one body goes to routes with different options; and with it stay
 * the requests that share its `/v1` (a base URL joined to several routes) and the other requests of its job
 * (a crawl started on /v1 is polled on /v1). A URL moved while its body keeps v1 keys is a 400 at run time.
 */
import type { RouteRow } from "../mapping/api-requests.js";
import {
  baseElsewhere,
  bodyStays,
  exportedBuilder,
  jobStays,
  mixedBody,
  sharedBodyFile,
  unseenBody,
  unseenFormats,
  urlElsewhere,
  versionCut,
  versionShared,
  weakBase,
} from "../mapping/messages.js";

export interface Movable {
  /** offsets of the `v1` to make `v2`; requests that share them share one base */
  readonly version: { readonly start: number };
  readonly route: RouteRow | undefined;
  /** the text after /v1/ as written */
  readonly path: string;
  /** where a body comes from whose keys the code does not show (a parameter, a spread, a file) */
  readonly unseen?: string;
  /** the options tables of the routes one body goes to, where they differ */
  readonly mixed?: readonly string[];
  /** the base a Firecrawl route is joined to, where nothing says the base is Firecrawl's: the request stays */
  readonly weak?: string;
  /** what a whole URL is the fallback of (a variable set outside the code), which may name the v1 route */
  readonly fallbackOf?: string;
  /** where a body's formats come from when the code does not show them: the request stays */
  readonly formatsFrom?: string;
  /** another URL that the version variable holding this request's `v1` makes too: the request stays */
  readonly sharedWith?: string;
  /** a body file a document shows once for several commands: the request stays */
  readonly sharedFile?: string;
  /** the body object the request sends: requests that send the same one move together */
  readonly sends?: object;
  /** the code that cuts a v1 base's version off to join its own (`base.replace(/\/v1$/, "")`): the base stays */
  readonly cut?: string;
  /** the builder of the body, which other modules can import: the request stays */
  readonly exported?: string;
  /** the request starts its route's job (`/crawl`), rather than reading or cancelling one (`/crawl/{id}`) */
  readonly start: boolean;
}

/** Why a request stays on /v1 when v2 has no such route, or the code computes it. */
export function why(request: Pick<Movable, "route" | "path">): string {
  if (request.route?.v1Only) return request.route.v1Only;
  if (request.path === "") return "a v1 base URL handed on as it is: move it to /v2 where every route joined to it exists in v2";
  return `the route after /v1/ (${request.path || "computed"}) is computed or unknown: check that v2 has it, then move the URL to /v2`;
}

function ownReason(request: Movable): string | undefined {
  // Only a request that starts something on a route with options sends a body (a status read sends none).
  if (request.weak !== undefined && request.route) return weakBase(request.path, request.weak, Boolean(request.route.body) && request.start);
  if (request.sharedWith !== undefined) return versionShared(request.sharedWith);
  if (request.fallbackOf !== undefined && request.path === "") return baseElsewhere(request.fallbackOf);
  if (request.cut !== undefined) return versionCut(request.cut);
  if (!request.route || request.route.v1Only) return why(request);
  if (request.fallbackOf !== undefined) return urlElsewhere(request.path, request.fallbackOf);
  if (request.sharedFile !== undefined) return sharedBodyFile(request.sharedFile);
  if (request.unseen !== undefined) return unseenBody(request.unseen);
  if (request.exported !== undefined) return exportedBuilder(request.exported);
  if (request.mixed) return mixedBody(request.mixed);
  if (request.formatsFrom !== undefined) return unseenFormats(request.formatsFrom);
  return undefined;
}

/**
 * The requests that stay on /v1, each with the TODO it needs: its own reason, the job it belongs to, or
 * none where it only shares a base with a request whose TODO says why. The others move. The file does not
 * say which status request reads which start's job: where it reads any, a job route that stays on /v1 for
 * one request stays for all; where it only starts jobs, each start stands alone.
 */
export function staying<R extends Movable>(requests: readonly R[]): Map<R, string | undefined> {
  const polled = new Set(requests.flatMap((r) => (r.route?.job && !r.start ? [r.route.path] : [])));
  const stays = new Map<R, string | undefined>();
  for (const request of requests) {
    const reason = ownReason(request);
    if (reason !== undefined) stays.set(request, reason);
  }
  for (let grew = stays.size > 0; grew;) {
    grew = false;
    const bases = new Set([...stays.keys()].map((r) => r.version.start));
    const jobs = new Set([...stays.keys()].flatMap((r) => (r.route?.job && polled.has(r.route.path) ? [r.route.path] : [])));
    const bodies = new Set([...stays.keys()].flatMap((r) => (r.sends ? [r.sends] : [])));
    for (const request of requests) {
      if (stays.has(request)) continue;
      if (bases.has(request.version.start)) stays.set(request, undefined);
      else if (request.route?.job && jobs.has(request.route.path)) stays.set(request, jobStays(request.route.path));
      else if (request.sends && bodies.has(request.sends)) stays.set(request, bodyStays(request.path));
      else continue;
      grew = true;
    }
  }
  return stays;
}

/** The requests that move to /v2. */
export function moving<R extends Movable>(requests: readonly R[]): R[] {
  const stays = staying(requests);
  return requests.filter((r) => !stays.has(r));
}
