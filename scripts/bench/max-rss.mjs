// Loaded with `node --import` into every command the benchmark times: at exit it writes the
// process's own peak resident memory (its worker threads included) to the file the benchmark
// named, as a parent cannot read a child's peak once the child has gone.
//
// The peak is the process's VmHWM (Linux), not `process.resourceUsage().maxRSS`: a process started
// by another one inherits, in maxRSS, what its parent had resident when it started it (a child of a
// process holding 600 MB said 576 MB where its own peak was 43 MB), and the benchmark's own memory
// is no part of a command's. maxRSS stands in where there is no /proc.
//
// Plain JavaScript, not TypeScript: Node makes ready to strip types the first time it loads a
// TypeScript module, some 50 ms of a process's start, which a command run from its bundle never
// pays and the benchmark must not add to it.
import { readFileSync, writeFileSync } from "node:fs";

/** The environment variable naming the file the peak memory goes to, in bytes. */
export const MAX_RSS_FILE = "WORKSCOPE_BENCH_MAX_RSS_FILE";

const file = process.env[MAX_RSS_FILE];
// Gone from the environment, so that processes this one starts do not write over its figure.
delete process.env[MAX_RSS_FILE];
if (file !== undefined) process.on("exit", () => writeFileSync(file, String(ownPeak())));

/**
 * The process's own peak resident memory, in bytes.
 * @returns {number}
 */
function ownPeak() {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"))?.[1];
    if (kb !== undefined) return Number(kb) * 1024;
  } catch {
    // No /proc: the system's figure, which may count the parent's memory.
  }
  return process.resourceUsage().maxRSS * 1024;
}
