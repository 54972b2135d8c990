/** A file's bytes as text, only where they are UTF-8: anything else is left as it is rather than re-encoded. */

// ignoreBOM keeps a byte-order mark in the text, so it is written back (readSource sets it aside).
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The text, or null where the bytes are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return decoder.decode(bytes);
  } catch {
    return null;
  }
}
