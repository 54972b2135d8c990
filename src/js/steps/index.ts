/**
 * The whole v1 -> v2 migration, in order: results are read while calls still have their v1 names (a
 * waiter is known by its v1 name), options and formats before the arguments move (and, in a request to
 * the API, before its URL leaves /v1, by which the request is known), then the requests and the calls
 * themselves, the error fields, the imports last, and v1 defaults on request.
 */
import type { Step } from "../pipeline.js";
import { step as apiRequests } from "./api-requests.js";
import { step as clientMethods } from "./client-methods.js";
import { step as errors } from "./errors.js";
import { step as formats } from "./formats.js";
import { step as imports } from "./imports.js";
import { step as options } from "./options.js";
import { step as results } from "./results.js";
import { step as v1Defaults } from "./v1-defaults.js";

export const steps: readonly Step[] = [results, options, formats, apiRequests, clientMethods, errors, imports, v1Defaults];

/** The steps of the preset with these names (all when none are given), in preset order. */
export function stepsNamed(names?: readonly string[]): Step[] {
  return names ? steps.filter((step) => names.includes(step.name)) : [...steps];
}
