/** Errors (sdk-facts 4.1): v1's error class and its fields, as v2 names them. */

export interface ErrorRow {
  readonly spec: string;
  readonly js: { readonly v1: string; readonly v2: string };
  /** fields of the error that were renamed */
  readonly fields: Readonly<Record<string, string>>;
}

export const ERRORS: readonly ErrorRow[] = [{ spec: "sdk-facts 4.1", js: { v1: "FirecrawlError", v2: "SdkError" }, fields: { statusCode: "status" } }];
