/** The progress line a person sees on a terminal: the bar, and the spinner of a phase with nothing to count. */
import { afterEach, expect, test, vi } from "vitest";
import { Progress } from "../src/cli/progress.js";

const writes: string[] = [];
const tty = Object.getOwnPropertyDescriptor(process.stderr, "isTTY");
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  if (tty) Object.defineProperty(process.stderr, "isTTY", tty);
  else delete (process.stderr as { isTTY?: boolean }).isTTY;
  writes.length = 0;
});

/** stderr as a terminal, its writes kept. */
function onTerminal(): void {
  Object.defineProperty(process.stderr, "isTTY", { value: true, configurable: true });
  vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => (writes.push(String(chunk)), true));
}

test("a phase shows a spinner with its seconds from the start, then the bar counts files again", () => {
  // The clock is the test's: a busy machine cannot delay a frame past the moment the test looks.
  vi.useFakeTimers();
  onTerminal();
  const progress = new Progress(400, true);
  progress.phase("type-checking the project");
  vi.advanceTimersByTime(1_050);
  expect(writes[0]).toBe("\r\u001b[K⠋ type-checking the project · 0/400 files · 0 s");
  // A frame every 100 ms: the first at once, ten more, the spinner come round to its first frame again.
  expect(writes).toHaveLength(11);
  expect(writes.at(-1)).toBe("\r\u001b[K⠋ type-checking the project · 0/400 files · 1 s");
  // Files done during the phase count in the spinner's line, not in a bar that would fight it.
  progress.tick();
  expect(writes.filter((w) => w.startsWith("\r["))).toEqual([]);
  progress.endPhase();
  progress.tick();
  expect(writes.at(-1)).toBe(`\r[${" ".repeat(30)}] 2/400 files`);
  progress.done();
  expect(writes.at(-1)).toBe("\r\u001b[K");
  const count = writes.length;
  vi.advanceTimersByTime(1_000);
  expect(writes.length).toBe(count);
});

test("nothing is drawn for a few files, or where no person watches", () => {
  onTerminal();
  const small = new Progress(10, true);
  small.phase("type-checking the project");
  small.tick();
  small.done();
  const unwanted = new Progress(1000, false);
  unwanted.phase("verifying");
  unwanted.tick();
  unwanted.done();
  expect(writes).toEqual([]);
});
