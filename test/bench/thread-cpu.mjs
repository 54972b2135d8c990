// Preloaded (`node --import`) into one timed command by bench.mjs: at exit, the CPU time of the main thread and of
// the process's other threads (V8's compiler and garbage collector, libuv's pool), read from /proc (Linux), as JSON
// on stderr's last line.
import { readdirSync, readFileSync } from "node:fs";
import { isMainThread } from "node:worker_threads";

if (isMainThread)
  process.on("exit", () => {
    let main = 0;
    let others = 0;
    for (const task of readdirSync("/proc/self/task")) {
      try {
        const stat = readFileSync(`/proc/self/task/${task}/stat`, "utf8");
        // utime and stime, fields 14 and 15, in clock ticks (100 a second), after the parenthesised name.
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        const seconds = (Number(fields[11]) + Number(fields[12])) / 100;
        if (Number(task) === process.pid) main += seconds;
        else others += seconds;
      } catch {
        // a thread that ended while being read
      }
    }
    process.stderr.write(`\n${JSON.stringify({ main, others })}\n`);
  });
