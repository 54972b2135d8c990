/** How many threads a run puts to work, the main thread one of them: --jobs's count, or on the default only as many as pay (src/run/pool.ts). */
import { describe, expect, test } from "vitest";
import { batchSize, workersFor, threadsThatPay } from "../src/run/pool.js";

const idle = (cores: number) => ({ cores, load: 0 });

describe("the default count of threads", () => {
  test("the main thread alone for the few files most runs migrate, on any number of cores", () => {
    expect(threadsThatPay(150, 100_000, idle(2))).toBe(1);
    expect(threadsThatPay(999, 600_000, idle(16))).toBe(1);
  });

  test("one per 1,000 files or per MB of them, as many as the idle cores", () => {
    expect(threadsThatPay(2000, 1_250_000, idle(2))).toBe(2);
    expect(threadsThatPay(3000, 1_000_000, idle(8))).toBe(3);
    expect(threadsThatPay(500, 6 * 1024 * 1024, idle(8))).toBe(6);
    expect(threadsThatPay(20_000, 0, idle(4))).toBe(4);
  });

  test("never more than the files, since a file is never split: a single large file stays in the main thread", () => {
    expect(threadsThatPay(1, 2 * 1024 * 1024, idle(8))).toBe(1);
    expect(threadsThatPay(3, 8 * 1024 * 1024, idle(8))).toBe(3);
  });

  test("the main thread alone on a machine others keep busy: extra threads only compete for the same cores", () => {
    expect(threadsThatPay(2000, 1_250_000, { cores: 2, load: 0.4 })).toBe(2);
    expect(threadsThatPay(2000, 1_250_000, { cores: 2, load: 1 })).toBe(1);
    expect(threadsThatPay(2000, 1_250_000, { cores: 2, load: 12 })).toBe(1);
    expect(threadsThatPay(8000, 0, { cores: 8, load: 5 })).toBe(3);
  });
});

describe("the workers started beside the main thread", () => {
  test("--jobs sets the threads, one per 64 files at most, whatever the load", () => {
    expect(workersFor(2, 150, 0, { cores: 2, load: 12 })).toBe(1);
    expect(workersFor(8, 150, 0, idle(2))).toBe(1);
    expect(workersFor(8, 640, 0, idle(2))).toBe(7);
    expect(workersFor(2, 100, 0, idle(2))).toBe(0);
    expect(workersFor(1, 5000, 0, idle(8))).toBe(0);
  });

  test("on the default, one fewer than the threads that pay", () => {
    expect(workersFor(0, 3000, 1_000_000, idle(8))).toBe(2);
    expect(workersFor(0, 150, 100_000, idle(2))).toBe(0);
  });
});

describe("the batches a worker is sent", () => {
  test("16 files while many wait, fewer as the queue drains, one at the end: no thread is left holding a long batch", () => {
    expect(batchSize(2000, 2)).toBe(16);
    expect(batchSize(40, 2)).toBe(10);
    expect(batchSize(8, 2)).toBe(2);
    expect(batchSize(3, 2)).toBe(1);
    expect(batchSize(1, 8)).toBe(1);
  });
});
