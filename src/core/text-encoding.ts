/**
 * A dependency file's text as its editor wrote it: UTF-8, or UTF-16 told by its byte-order mark, which Windows tools
 * write (PowerShell's `pip freeze > requirements.txt` gives UTF-16LE). Read as UTF-8, such a file names no package the
 * run can find, so its firecrawl-py pin would stay on v1 while the code moves to v2. Written back in the encoding and
 * with the mark it had. Source files in UTF-16 are left to the user (run/screen.ts): their edits would be the run's.
 */
export type TextEncoding = "utf8" | "utf16le" | "utf16be";

const MARKS: readonly { encoding: TextEncoding; mark: readonly number[] }[] = [
  { encoding: "utf16le", mark: [0xff, 0xfe] },
  { encoding: "utf16be", mark: [0xfe, 0xff] },
];

/** The text without a UTF-16 mark, and the encoding it was in. */
export function decodeText(bytes: Buffer): { text: string; encoding: TextEncoding } {
  const marked = MARKS.find(({ mark }) => mark.every((byte, i) => bytes[i] === byte));
  if (!marked) return { text: bytes.toString("utf8"), encoding: "utf8" };
  const body = Buffer.from(bytes.subarray(2));
  if (marked.encoding === "utf16be") body.swap16();
  return { text: body.toString("utf16le"), encoding: marked.encoding };
}

/** The bytes of a text in the encoding it was read in, its mark first. */
export function encodeText(text: string, encoding: TextEncoding): Buffer {
  if (encoding === "utf8") return Buffer.from(text, "utf8");
  const body = Buffer.from(text, "utf16le");
  if (encoding === "utf16be") body.swap16();
  return Buffer.concat([Buffer.from(MARKS.find((m) => m.encoding === encoding)!.mark), body]);
}
