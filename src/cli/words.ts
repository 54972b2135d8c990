/** Counts as a person writes them: "1 file", "2 files", "no errors". */

const english = new Intl.PluralRules("en");

/** `n` with the noun in the number it takes; `none` is said for zero where a word reads better than "0". */
export function counted(n: number, one: string, many = `${one}s`, none?: string): string {
  if (n === 0 && none !== undefined) return `${none} ${many}`;
  return `${n} ${english.select(n) === "one" ? one : many}`;
}

/** The verb that agrees with a count: "1 TODO needs", "2 TODOs need". */
export function agrees(n: number, one: string, many: string): string {
  return english.select(n) === "one" ? one : many;
}
