// Loaded with `node --import` into every command the benchmark times: at exit it writes the
// process's own peak resident memory (its worker threads included) to the file the benchmark
// named, as a parent cannot read a child's peak once the child has gone.
import { writeFileSync } from "node:fs";

/** The environment variable naming the file the peak memory goes to, in bytes. */
export const MAX_RSS_FILE = "WORKSCOPE_BENCH_MAX_RSS_FILE";

const file = process.env[MAX_RSS_FILE];
// Gone from the environment, so that processes this one starts do not write over its figure.
delete process.env[MAX_RSS_FILE];
if (file !== undefined)
  process.on("exit", () => writeFileSync(file, String(process.resourceUsage().maxRSS * 1024)));
