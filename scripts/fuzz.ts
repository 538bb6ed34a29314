// npm run fuzz: the property tests of test/property/ with many more cases than `npm test` runs,
// from a random seed that is printed first, so that a failure found once can be run again.
//   node scripts/fuzz.ts [--runs 2000] [--seed N]
import { spawnSync } from "node:child_process";
import { randomInt } from "node:crypto";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const HELP = `Usage: npm run fuzz -- [--runs N] [--seed N]

Runs the property tests of test/property/ (any bytes as a log file, a valid line among garbage,
the order of the input files, gzip members, any task files, config and overrides, path segments
of any ids, reruns on the parse cache as a log grows, is cut, edited or rotated) with many cases
each, from a random seed.

Options:
  --runs N     cases per property (default: $FUZZ_RUNS, else 2000: a few minutes)
  --seed N     the seed to start from (default: $FUZZ_SEED, else a random one, printed)
  -h, --help   this help
`;

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DEFAULT_RUNS = 2000;

/** How many cases and from which seed, from the arguments, then the environment, then defaults. */
interface FuzzOptions {
  /** Cases per property. */
  runs: number;
  /** The seed fast-check starts from. */
  seed: number;
}

/** A whole number within the range, or an error that names the option and what it got. */
function wholeNumber(name: string, text: string, min: number): number {
  const n = Number(text);
  if (text.trim() === "" || !Number.isSafeInteger(n) || n < min)
    throw new Error(`${name} should be a whole number of at least ${min} (got ${JSON.stringify(text)})`);
  return n;
}

function options(argv: string[], env: NodeJS.ProcessEnv): FuzzOptions | "help" {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: "string" },
      seed: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.help === true) return "help";
  const runs = values.runs ?? env["FUZZ_RUNS"];
  const seed = values.seed ?? env["FUZZ_SEED"];
  return {
    runs: runs === undefined ? DEFAULT_RUNS : wholeNumber("--runs", runs, 1),
    // fast-check takes any 32-bit seed; a random one is drawn in that range.
    seed: seed === undefined ? randomInt(0, 2 ** 31) : wholeNumber("--seed", seed, -(2 ** 31)),
  };
}

function main(): number {
  let chosen: FuzzOptions | "help";
  try {
    chosen = options(process.argv.slice(2), process.env);
  } catch (error) {
    process.stderr.write(`fuzz: ${(error as Error).message.split("\n")[0] ?? "bad arguments"}\n`);
    return 1;
  }
  if (chosen === "help") {
    process.stdout.write(HELP);
    return 0;
  }
  process.stdout.write(
    `fuzz: ${chosen.runs} cases per property from seed ${chosen.seed}` +
      ` (again: npm run fuzz -- --runs ${chosen.runs} --seed ${chosen.seed})\n`,
  );
  const run = spawnSync(
    process.execPath,
    [
      fileURLToPath(new URL("../node_modules/vitest/vitest.mjs", import.meta.url)),
      "run",
      "test/property",
      "--testTimeout",
      "0",
    ],
    {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, FUZZ_RUNS: String(chosen.runs), FUZZ_SEED: String(chosen.seed) },
    },
  );
  if (run.status !== 0) process.stdout.write(`fuzz: failed; the seed was ${chosen.seed}\n`);
  return run.status ?? 1;
}

process.exitCode = main();
