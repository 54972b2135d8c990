/**
 * The Python migration, in order: requests to the API over HTTP (with their bodies), then v1 methods an executor
 * runs with their options go into a partial, version hedges on a client's methods keep the side 1.x ran, an empty
 * dict standing in for a result that was None goes, 1.x params dicts become keyword arguments (on a fresh parse, which
 * the results step after it reads too), results are read while
 * calls still have their v1 names, tests' mocks follow them, then options and formats (on the keyword arguments),
 * v1's defaults where asked for, the async client's batch scrapes' page options nested, the calls themselves, and
 * the imports last (once JsonConfig calls are gone).
 */
import { step as asyncBatchOptions } from "./async-batch-options.js";
import { step as clientMethods } from "./client-methods.js";
import { step as executorPartial } from "./executor-partial.js";
import { step as formats } from "./formats.js";
import { step as imports } from "./imports.js";
import { step as methodProbes } from "./method-probes.js";
import { step as mocks } from "./mocks.js";
import type { PyStep } from "../pipeline.js";
import { step as options } from "./options.js";
import { step as params } from "./params.js";
import { step as requests } from "./api-requests.js";
import { step as results } from "./results.js";
import { step as resultGuards } from "./result-guards.js";
import { step as v1Defaults } from "./v1-defaults.js";

export const pythonSteps: readonly PyStep[] = [
  requests,
  executorPartial,
  methodProbes,
  resultGuards,
  params,
  results,
  mocks,
  options,
  formats,
  v1Defaults,
  asyncBatchOptions,
  clientMethods,
  imports,
];

/** The steps with these names, in order; names the Python migration does not have are skipped. */
export function pythonStepsNamed(names?: readonly string[]): PyStep[] {
  return names ? pythonSteps.filter((step) => names.includes(step.name)) : [...pythonSteps];
}
