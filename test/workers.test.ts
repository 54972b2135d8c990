/** How many worker threads a run starts: --jobs's count, or on the default only as many as pay (src/run/pool.ts). */
import { describe, expect, test } from "vitest";
import { workersFor, workersThatPay } from "../src/run/pool.js";

const idle = (cores: number) => ({ cores, load: 0 });

describe("the default count of workers", () => {
  test("none for the few files most runs migrate, on any number of cores", () => {
    expect(workersThatPay(150, 100_000, idle(2))).toBe(0);
    expect(workersThatPay(999, 600_000, idle(16))).toBe(0);
  });

  test("one per 1,000 files or per MB of them, as many as the idle cores", () => {
    expect(workersThatPay(2000, 1_250_000, idle(2))).toBe(2);
    expect(workersThatPay(3000, 1_000_000, idle(8))).toBe(3);
    expect(workersThatPay(500, 6 * 1024 * 1024, idle(8))).toBe(6);
    expect(workersThatPay(20_000, 0, idle(4))).toBe(4);
  });

  test("never more than the files, since a file is never split: a single large file stays in the main thread", () => {
    expect(workersThatPay(1, 2 * 1024 * 1024, idle(8))).toBe(0);
    expect(workersThatPay(3, 8 * 1024 * 1024, idle(8))).toBe(3);
  });

  test("none on a machine others keep busy: extra threads only compete for the same cores", () => {
    expect(workersThatPay(2000, 1_250_000, { cores: 2, load: 0.4 })).toBe(2);
    expect(workersThatPay(2000, 1_250_000, { cores: 2, load: 1 })).toBe(0);
    expect(workersThatPay(2000, 1_250_000, { cores: 2, load: 12 })).toBe(0);
    expect(workersThatPay(8000, 0, { cores: 8, load: 5 })).toBe(3);
  });
});

describe("--jobs", () => {
  test("sets the count, one worker per 64 files at most, whatever the load", () => {
    expect(workersFor(2, 150, 0, { cores: 2, load: 12 })).toBe(2);
    expect(workersFor(8, 150, 0, idle(2))).toBe(2);
    expect(workersFor(2, 100, 0, idle(2))).toBe(1);
  });
});
