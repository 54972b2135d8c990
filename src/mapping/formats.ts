/**
 * Format strings -> format objects: spec 9.1.4-5 and 9.2, sdk-facts 3.1. A v1 format string that needed
 * a sibling options key becomes one object in `formats`, and the sibling key goes.
 */

export interface FormatRow {
  readonly spec: string;
  /** the v1 entry of `formats` */
  readonly v1: string;
  /** the sibling option that carried its settings in v1 */
  readonly optionsKey?: string;
  /**
   * what replaces the string: an object of this type, or nothing (the format no longer exists); `settings`, the keys
   * the v2 object takes beside its type, where the API refuses any other (its format objects are strict)
   */
  readonly v2: {
    type: string;
    fixed?: Readonly<Record<string, boolean>>;
    required?: Readonly<Record<string, "[]">>;
    settings?: readonly string[];
  } | null;
  /** v1 settings the v2 object drops with nothing lost, each with the one value that says so: v1's `mode`, only ever its default */
  readonly dropped?: Readonly<Record<string, string>>;
  /** v1 settings with no slot in the v2 object, and what happens to them */
  readonly unsupported?: Readonly<Record<string, { foldInto: string; todo: string }>>;
  /** `aliases`: other spellings Python code asks for the same format by (4.x's FormatString takes snake_case ones too) */
  readonly python: { readonly v1: string; readonly aliases?: readonly string[]; readonly optionsKey?: string };
  /** v2 still takes the name alone as a format (only its settings moved into the object) */
  readonly namedInV2?: true;
}

const SYSTEM_PROMPT = {
  systemPrompt: {
    foldInto: "prompt",
    todo: "v2 json formats have no systemPrompt; it was folded into prompt, check the combined wording",
  },
};

/**
 * Both of v1's extraction formats become v2's json object: its settings (sdk-facts 3.1: the API's object is strict),
 * v1's systemPrompt folded into its prompt, v1's extraction mode dropped ("llm", its only value and its default).
 */
const JSON_FORMAT = { v2: { type: "json", settings: ["schema", "prompt"] }, unsupported: SYSTEM_PROMPT, dropped: { mode: "llm" } } as const;

export const FORMATS: readonly FormatRow[] = [
  { spec: "9.1.4", v1: "extract", optionsKey: "extract", ...JSON_FORMAT, python: { v1: "extract", optionsKey: "extract" } },
  { spec: "9.2", v1: "json", optionsKey: "jsonOptions", ...JSON_FORMAT, python: { v1: "json", optionsKey: "json_options" }, namedInV2: true },
  { spec: "9.1.5", v1: "screenshot@fullPage", v2: { type: "screenshot", fixed: { fullPage: true } }, python: { v1: "screenshot@fullPage" } },
  {
    // The plain string is still valid in v2; only a call with changeTrackingOptions needs the object,
    // whose JS type makes `modes` required (the API's default is an empty list).
    spec: "9.2",
    v1: "changeTracking",
    optionsKey: "changeTrackingOptions",
    v2: { type: "changeTracking", required: { modes: "[]" } },
    python: { v1: "changeTracking", aliases: ["change_tracking"], optionsKey: "change_tracking_options" },
    namedInV2: true,
  },
  {
    // In the v1 JS type but never in the v1 API's enum: it did nothing, so it goes.
    spec: "sdk-facts 3.1",
    v1: "content",
    v2: null,
    python: { v1: "content" },
  },
];

/**
 * What becomes of a v1 setting (its camelCase key; `value`, where it is a plain string) in the row's v2 object:
 * folded into another setting, dropped as the one value that loses nothing, refused by the v2 object, or kept.
 * The JavaScript and Python formats steps both ask here.
 */
export function settingFate(row: FormatRow, key: string, value?: string): "folded" | "dropped" | "refused" | "kept" {
  if (row.unsupported?.[key]) return "folded";
  if (value !== undefined && row.dropped?.[key] === value) return "dropped";
  return row.v2?.settings && !row.v2.settings.includes(key) ? "refused" : "kept";
}

/** v1 format names v2 does not take alone: a format whose settings v2 needs in its object, or that v2 dropped. */
export const V1_ONLY_FORMAT_NAMES: ReadonlySet<string> = new Set(FORMATS.filter((row) => !row.namedInV2).map((row) => row.v1));

/** Format settings 2.x took beside the formats list (`extract=`, `json_options=`), which v2 gives in it. */
export const PY_FORMAT_SETTINGS: ReadonlySet<string> = new Set(FORMATS.flatMap((row) => (row.python.optionsKey ? [row.python.optionsKey] : [])));

/** How code tests the formats it asked for: `formats.includes("extract")`. */
export const FORMAT_TEST = { list: "formats", method: "includes" } as const;

/** Format strings that mean the same in v1 and v2 (spec 9.2). */
export const UNCHANGED_FORMATS = ["markdown", "html", "rawHtml", "links", "screenshot", "summary", "images"] as const;
