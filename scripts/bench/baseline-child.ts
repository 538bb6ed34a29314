// The process `npm run bench` times for a baseline row, so that the baselines start, load and end
// as the commands they are set beside do:
//   node scripts/bench/baseline-child.ts raw FILE
//   node scripts/bench/baseline-child.ts duckdb FILE THREADS
// It prints what the baseline measured inside the process as JSON.
import { duckdbSessions, rawLoop } from "./baselines.ts";

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
