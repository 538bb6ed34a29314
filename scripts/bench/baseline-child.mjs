// The process `npm run bench` times for a baseline row, so that the baselines start, load and end
// as the commands they are set beside do:
//   node scripts/bench/baseline-child.mjs raw FILE
//   node scripts/bench/baseline-child.mjs duckdb FILE THREADS
// It prints what the baseline measured inside the process as JSON. Plain JavaScript, as the
// command is a bundle: a TypeScript module would add Node's start of its type stripping (some
// 50 ms) to the baseline's time and not to the command's.
import { duckdbSessions, rawLoop } from "./baselines.mjs";

const [kind, file = "", threads = "1"] = process.argv.slice(2);
const result =
  kind === "raw"
    ? await rawLoop(file)
    : kind === "duckdb"
      ? await duckdbSessions(file, Number(threads))
      : null;
if (result === null) {
  process.stderr.write(`baseline-child: unknown baseline ${JSON.stringify(kind)} (raw or duckdb)\n`);
  process.exitCode = 2;
} else process.stdout.write(`${JSON.stringify(result)}\n`);
