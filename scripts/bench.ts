// npm run bench: times the commands users run (`workscope analyze`, `workscope build`), each in a
// process of its own, on a generated OpenClaw state directory, beside two baselines over the same
// log: a raw split + JSON.parse loop and DuckDB's read_ndjson. This machine is shared and absolute
// times drift with others' load, so the commands are measured in rounds, in alternating order,
// and the figures that count are ratios to the baseline of the same round.
import { appendFile, cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { appendix, ensureState, sampleLines, STATE_LOG, type GeneratedState } from "./bench/corpus.ts";
import { helpFlags } from "./bench/help-flags.ts";
import { failure, lastLines, runCommand, succeeded, type Command, type Timed } from "./bench/run-command.ts";
import { sameBytes } from "./bench/same-bytes.ts";
import { ensureSiteState } from "./bench/site-corpus.ts";
import { countPages } from "./bench/site-pages.ts";
import {
  buildStage,
  formatBuildTable,
  formatTable,
  pairedRatio,
  peak,
  roundOrder,
  verdict,
  type BuildRow,
  type Row,
  type Run,
} from "./bench/stats.ts";

const HELP = `Usage: npm run bench -- [--mb N] [--runs N] [--skip-build] [--big] [--time-limit MIN]

Times \`workscope analyze\` (cold, with one and two workers, and warm after a 1 MB append) on a
generated OpenClaw state directory of N MB (bench-data/state-<N>mb/, made once), beside a raw
split + JSON.parse loop and DuckDB's read_ndjson over the same log, in rounds of alternating
order; then \`workscope build\` of a state directory of 10,000 work sessions. Prints MB/s,
events/s, peak memory and speed against the raw loop, then the verdicts against the targets.

Options:
  --mb N            the state directory's log in MB (default 120)
  --runs N          rounds; each command runs once a round and the median counts (default 3)
  --skip-build      time analyze only, no build
  --big             also build a state directory of 100,000 work sessions (1.3 GB of log) with
                    a 4 GB heap; it takes many minutes
  --time-limit MIN  a build still running after MIN minutes is stopped and reported as failed
                    (default 15)
  --cli FILE        the workscope entry point to time (default bin/workscope.js), e.g. that of
                    another checkout, to set two versions side by side
  -h, --help        this help
`;

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** Every command judges against one fixed time, so that reruns give the same Report. */
const NOW = "2026-11-01T00:00:00Z";
const APPEND_BYTES = 1e6;
const BIG_HEAP_MB = 4096;

const TARGETS = {
  coldSpeed: 0.5,
  coldSpeedAim: 1,
  peakMb: 1000,
  peakAimMb: 400,
  warmShare: 0.2,
  warmShareAim: 0.05,
};

interface Options {
  mb: number;
  runs: number;
  skipBuild: boolean;
  big: boolean;
  timeLimitMs: number;
  /** The entry point of the workscope to time. */
  cli: string;
}

function parseOptions(): Options | null {
  const { values } = parseArgs({
    options: {
      mb: { type: "string", default: "120" },
      runs: { type: "string", default: "3" },
      "skip-build": { type: "boolean" },
      big: { type: "boolean" },
      "time-limit": { type: "string", default: "15" },
      cli: { type: "string", default: path.join(ROOT, "bin", "workscope.js") },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help === true) return null;
  const number = (name: string, text: string): number => {
    const n = Number(text);
    if (!(n > 0)) throw new Error(`--${name} should be a positive number (got ${JSON.stringify(text)})`);
    return n;
  };
  return {
    mb: number("mb", values.mb),
    runs: Math.round(number("runs", values.runs)),
    skipBuild: values["skip-build"] === true,
    big: values.big === true,
    timeLimitMs: number("time-limit", values["time-limit"]) * 60_000,
    cli: path.resolve(values.cli),
  };
}

/** A timed process as a run of a row: its time and the peak of its whole tree (its own included). */
function asRun(timed: Timed): Run {
  return { ms: timed.ms, peakBytes: timed.treePeak };
}

/** Runs a command and fails the benchmark loudly if it does not end well. */
async function mustRun(what: string, command: Command): Promise<Timed> {
  const timed = await runCommand(command);
  if (!succeeded(timed)) throw new Error(`${what} failed: ${failure(timed)}\n${timed.stderr.slice(-2000)}`);
  return timed;
}

const say = (text: string): void => void process.stdout.write(text);

async function main(): Promise<void> {
  const options = parseOptions();
  if (options === null) return say(HELP);
  const stateDir = path.join(ROOT, "bench-data", `state-${options.mb}mb`);
  const state = await ensureState(stateDir, options.mb * 1e6);
  const rel = (p: string): string => path.relative(ROOT, p);
  const tmp = await mkdtemp(path.join(os.tmpdir(), "workscope-bench-"));
  try {
    await benchmark(options, state, rel, tmp);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

async function benchmark(
  options: Options,
  state: GeneratedState,
  rel: (p: string) => string,
  tmp: string,
): Promise<void> {
  // The command is asked which flags it has, so that the benchmark runs before and after they come.
  const helpOf = async (command: string): Promise<Set<string>> =>
    helpFlags(
      (await mustRun(`${command} --help`, { script: options.cli, args: [command, "--help"], cwd: ROOT }))
        .stdout,
    );
  const analyzeFlags = await helpOf("analyze");
  const buildFlags = await helpOf("build");
  const has = (flag: string): boolean => analyzeFlags.has(flag);
  say(
    `workscope bench — ${rel(state.dir)}/ (openclaw.json + ${rel(state.log)}: ${(state.bytes / 1e6).toFixed(1)} MB, ${state.lines.toLocaleString("en-US")} lines), ${options.runs} rounds in alternating order, medians\n`,
  );
  say(
    `node ${process.version}, ${os.availableParallelism()} CPUs; analyze has ${["--cache", "--no-cache", "--workers", "--pretty"].map((f) => `${f} ${has(f) ? "yes" : "no"}`).join(", ")}\n\n`,
  );

  const input = { bytes: state.bytes, events: state.lines };
  let scratch = 0;
  const fresh = (name: string): string => path.join(tmp, `${name}-${scratch++}`);
  const cacheArgs = (): string[] => (has("--cache") ? ["--cache", fresh("cache")] : []);
  const analyze = (dir: string, json: string, extra: readonly string[]): Command => ({
    script: options.cli,
    args: ["analyze", rel(dir), "--json", json, "--now", NOW, ...extra],
    cwd: ROOT,
  });
  const baseline = (args: readonly string[]): Command => ({
    script: path.join(ROOT, "scripts", "bench", "baseline-child.ts"),
    args,
    cwd: ROOT,
  });

  const runs = {
    raw: [] as Run[],
    duck1: [] as Run[],
    duck2: [] as Run[],
    cold: [] as Run[],
    workers1: [] as Run[],
    workers2: [] as Run[],
    warm: [] as Run[],
    noCache: [] as Run[],
  };
  const identical: boolean[] = [];
  const timedAnalyze = async (into: Run[], extra: readonly string[]): Promise<void> => {
    const json = fresh("report.json");
    into.push(asRun(await mustRun("workscope analyze", analyze(state.dir, json, extra))));
    await rm(json, { force: true });
  };
  // A copy of the state directory is analyzed once to fill a cache, grows by about a megabyte of
  // new events, and is analyzed again with the cache (timed) and without one (the reference).
  const warmCycle = async (): Promise<void> => {
    const copy = fresh("state");
    await cp(state.dir, copy, { recursive: true });
    const cache = fresh("cache");
    await mustRun("filling the cache", analyze(copy, fresh("fill.json"), ["--cache", cache]));
    await appendFile(path.join(copy, STATE_LOG), appendix(sampleLines(), state.copies, APPEND_BYTES));
    const warmJson = fresh("warm.json");
    runs.warm.push(asRun(await mustRun("warm analyze", analyze(copy, warmJson, ["--cache", cache]))));
    const checkJson = fresh("check.json");
    runs.noCache.push(asRun(await mustRun("analyze --no-cache", analyze(copy, checkJson, ["--no-cache"]))));
    const same = await sameBytes(warmJson, checkJson);
    identical.push(same);
    if (!same) {
      // Kept outside the scratch folder, which goes at the end, so the difference can be looked at.
      const kept = await mkdtemp(path.join(os.tmpdir(), "workscope-bench-differs-"));
      await cp(warmJson, path.join(kept, "warm.json"));
      await cp(checkJson, path.join(kept, "no-cache.json"));
      process.stderr.write(`bench: the warm Report DIFFERS from the --no-cache one; both kept in ${kept}/\n`);
    }
    await rm(copy, { recursive: true, force: true });
  };

  const steps: Array<[string, () => Promise<void>]> = [
    [
      "raw loop",
      async () => void runs.raw.push(asRun(await mustRun("raw loop", baseline(["raw", state.log])))),
    ],
    [
      "DuckDB, 1 thread",
      async () => void runs.duck1.push(asRun(await mustRun("DuckDB", baseline(["duckdb", state.log, "1"])))),
    ],
    [
      "DuckDB, 2 threads",
      async () => void runs.duck2.push(asRun(await mustRun("DuckDB", baseline(["duckdb", state.log, "2"])))),
    ],
    ["analyze, cold", () => timedAnalyze(runs.cold, cacheArgs())],
  ];
  if (has("--workers"))
    steps.push(
      ["analyze --workers 1", () => timedAnalyze(runs.workers1, [...cacheArgs(), "--workers", "1"])],
      ["analyze --workers 2", () => timedAnalyze(runs.workers2, [...cacheArgs(), "--workers", "2"])],
    );
  if (has("--cache") && has("--no-cache")) steps.push(["analyze, warm after a 1 MB append", warmCycle]);
  for (let round = 0; round < options.runs; round++) {
    for (const [name, step] of roundOrder(steps, round)) {
      process.stderr.write(`bench: round ${round + 1}/${options.runs}: ${name}\n`);
      await step();
    }
  }

  const vs = (r: Run[]): number => (r.length === 0 ? Number.NaN : pairedRatio(runs.raw, r));
  const coldLabel = has("--cache") ? "analyze, cold (--cache empty dir)" : "analyze, cold";
  const warmShare = runs.warm.length === 0 ? Number.NaN : pairedRatio(runs.warm, runs.cold);
  const rows: Row[] = [
    { label: "raw split + JSON.parse loop (baseline)", runs: runs.raw, vsRaw: 1 },
    { label: "DuckDB read_ndjson + GROUP BY, 1 thread", runs: runs.duck1, vsRaw: vs(runs.duck1) },
    { label: "DuckDB read_ndjson + GROUP BY, 2 threads", runs: runs.duck2, vsRaw: vs(runs.duck2) },
    {
      label: coldLabel,
      runs: runs.cold,
      vsRaw: vs(runs.cold),
      ...(has("--cache") ? {} : { note: "no --cache flag yet: run without one" }),
    },
    {
      label: "analyze --workers 1, cold",
      runs: runs.workers1,
      vsRaw: vs(runs.workers1),
      ...(has("--workers") ? {} : { note: "not measured: no --workers flag yet" }),
    },
    {
      label: "analyze --workers 2, cold",
      runs: runs.workers2,
      vsRaw: vs(runs.workers2),
      ...(has("--workers") ? {} : { note: "not measured: no --workers flag yet" }),
    },
    {
      label: "analyze, warm after a 1 MB append",
      runs: runs.warm,
      vsRaw: vs(runs.warm),
      note:
        runs.warm.length === 0
          ? "not measured: no --cache/--no-cache flags yet"
          : `${warmShare.toFixed(3)} of cold; Report ${identical.every(Boolean) ? "identical" : "DIFFERENT"} to --no-cache`,
    },
    {
      label: "analyze --no-cache, the appended copy",
      runs: runs.noCache,
      vsRaw: vs(runs.noCache),
      ...(runs.noCache.length === 0 ? { note: "not measured: no --no-cache flag yet" } : {}),
    },
  ];
  say(formatTable(rows, input));
  say(
    `  MB/s and events/s are over the log (${(state.bytes / 1e6).toFixed(1)} MB, ${state.lines.toLocaleString("en-US")} events); times are whole processes (start to exit); vs raw is the median of each round's raw time / its time\n`,
  );
  if (identical.length > 0)
    say(
      `  warm check: the Report after the append ${identical.every(Boolean) ? "is byte-identical to a --no-cache run in every round: identical" : `DIFFERS from a --no-cache run in ${identical.filter((s) => !s).length} of ${identical.length} rounds`}\n`,
    );
  say("\n");

  const builds: BuildRow[] = [];
  if (!options.skipBuild) {
    const ten = await ensureSiteState(path.join(ROOT, "bench-data", "state-10000-sessions"), 10_000);
    builds.push(await measureBuild("build, 10,000 sessions", ten, [], options, tmp, buildFlags, rel));
    if (options.big) {
      const big = await ensureSiteState(path.join(ROOT, "bench-data", "state-100000-sessions"), 100_000);
      builds.push(
        await measureBuild(
          `build, 100,000 sessions, ${BIG_HEAP_MB / 1024} GB heap`,
          big,
          [`--max-old-space-size=${BIG_HEAP_MB}`],
          options,
          tmp,
          buildFlags,
          rel,
        ),
      );
    }
    say(formatBuildTable(builds));
    say(
      `  state directories: ${builds.length} of ${(builds.length === 1 ? [10_000] : [10_000, 100_000]).map((n) => n.toLocaleString("en-US")).join(" and ")}+ sessions (the sample's whole log copied); peak MB all = the build and its renderers together, sampled every 250 ms\n\n`,
    );
  }

  const peakColdMb = peak(runs.cold) / 1e6;
  const big = builds.find((b) => b.label.includes("100,000"));
  const lines = [
    verdict({
      what: "cold analyze speed / raw loop speed",
      value: vs(runs.cold),
      sense: "at least",
      target: TARGETS.coldSpeed,
      digits: 2,
    }),
    verdict({
      what: "cold analyze --workers 2 speed / raw loop speed",
      value: vs(runs.workers2),
      sense: "at least",
      target: TARGETS.coldSpeed,
      aim: TARGETS.coldSpeedAim,
      digits: 2,
    }),
    verdict({
      what: "cold analyze peak memory",
      value: runs.cold.length === 0 ? Number.NaN : peakColdMb,
      sense: "at most",
      target: TARGETS.peakMb,
      aim: TARGETS.peakAimMb,
      digits: 0,
      unit: " MB",
    }),
    verdict({
      what: "warm analyze after a 1 MB append / cold",
      value: warmShare,
      sense: "at most",
      target: TARGETS.warmShare,
      aim: TARGETS.warmShareAim,
      digits: 3,
    }),
    big === undefined
      ? `100k-session build fits a ${BIG_HEAP_MB / 1024} GB heap: not measured (run with --big)`
      : `100k-session build fits a ${BIG_HEAP_MB / 1024} GB heap: ${big.failure === undefined ? "met" : `NOT met (${big.failure})`}`,
  ];
  say(`verdicts:\n${lines.map((l) => `  ${l}`).join("\n")}\n`);
  if (identical.some((same) => !same)) {
    process.exitCode = 1;
    say("FAILED: a warm Report differs from the --no-cache Report of the same directory\n");
  }
}

/** Times the raw loop over a state directory's log, then `workscope build` of it, once each. */
async function measureBuild(
  label: string,
  state: GeneratedState,
  nodeFlags: readonly string[],
  options: Options,
  tmp: string,
  buildFlags: Set<string>,
  rel: (p: string) => string,
): Promise<BuildRow> {
  process.stderr.write(`bench: ${label}: raw loop, then the build\n`);
  const raw = await mustRun("raw loop", {
    script: path.join(ROOT, "scripts", "bench", "baseline-child.ts"),
    args: ["raw", state.log],
    cwd: ROOT,
  });
  const out = path.join(tmp, `site-${path.basename(state.dir)}`);
  const cache = buildFlags.has("--cache")
    ? ["--cache", path.join(tmp, `build-cache-${path.basename(state.dir)}`)]
    : [];
  const timed = await runCommand({
    script: options.cli,
    args: ["build", rel(state.dir), "--out", out, "--now", "2027-01-01T00:00:00Z", ...cache],
    nodeFlags,
    cwd: ROOT,
    timeLimitMs: options.timeLimitMs,
  });
  const ok = succeeded(timed);
  const row: BuildRow = {
    label,
    events: state.lines,
    rawMs: raw.ms,
    ms: timed.ms,
    pages: ok ? countPages(out) : Number.NaN,
    treePeak: timed.treePeak,
    ownPeak: timed.ownPeak,
    ...(ok ? {} : { failure: `${failure(timed, options.timeLimitMs)}; stage: ${buildStage(timed.stderr)}` }),
  };
  if (!ok) process.stderr.write(`bench: ${label} failed; its last output:\n${lastLines(timed.stderr, 8)}\n`);
  await rm(out, { recursive: true, force: true });
  await rm(path.join(tmp, ".workscope"), { recursive: true, force: true });
  return row;
}

await main();
