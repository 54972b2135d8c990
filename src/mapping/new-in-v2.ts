/**
 * What spec section 9 lists that v1 code cannot have used: new v2 features. They have nothing to migrate,
 * and are listed so the table accounts for every line of the spec.
 */
export interface NewInV2Row {
  readonly spec: string;
  readonly what: string;
}

export const NEW_IN_V2: readonly NewInV2Row[] = [
  { spec: "9.1.3", what: 'the "summary" format' },
  { spec: "9.1.6", what: "search sources (news, images)" },
  { spec: "9.1.7", what: "crawl prompt and the params-preview operation" },
  { spec: "9.3", what: "crawl prompt (the row 'none -> prompt')" },
];
