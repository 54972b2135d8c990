/**
 * Text from outside the tool (file names above all) as the text outputs may show it. A name holding a newline
 * would start a line of its own (`::error ...`, which GitHub Actions reads as a workflow command when check runs
 * in CI), and ESC or OSC bytes would drive the user's terminal: every control character is written as an escape.
 */

/** C0 controls, DEL and C1 controls (the 8-bit CSI and OSC among them), and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

const NAMED: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** `text` with each control character as `\n`, `\r`, `\t` or `\xHH` / `\uHHHH` (a backslash of the text stays as it is). */
export function printable(text: string): string {
  return text.replace(CONTROL, (c) => NAMED[c] ?? (c.charCodeAt(0) < 0x100 ? `\\x${hex(c, 2)}` : `\\u${hex(c, 4)}`));
}

const hex = (c: string, width: number) => c.charCodeAt(0).toString(16).padStart(width, "0");
