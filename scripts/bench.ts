// npm run bench: times the commands users run (`workscope analyze`, `workscope build`), each in a
// process of its own, on a generated OpenClaw state directory, beside two baselines over the same
// log: a raw split + JSON.parse loop and DuckDB's read_ndjson. This machine is shared and absolute
// times drift with others' load, so the commands are measured in rounds, in alternating order,
// and the figures that count are ratios to the baseline of the same round.
import { existsSync } from "node:fs";
import { appendFile, cp, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { appendix, ensureState, sampleLines, STATE_LOG, type GeneratedState } from "./bench/corpus.ts";
import { helpFlags } from "./bench/help-flags.ts";
import { formatHookStart, HOOK_START_TARGET, hookStartRatio, measureHookStart } from "./bench/hook-start.ts";
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
  fitsVerdict,
  type BuildRow,
  type Row,
  type Run,
} from "./bench/stats.ts";
import { rendererFolderPrefix } from "./site/render-site.ts";

const HELP = `Usage: npm run bench -- [--mb N] [--runs N] [--skip-build] [--big] [--time-limit MIN] [--hook-runs N]

Times \`workscope analyze\` (cold, with one and two workers, and warm after a 1 MB append and
again after another) on a generated OpenClaw state directory of N MB (bench-data/state-<N>mb/,
made once), beside a raw split + JSON.parse loop and DuckDB's read_ndjson over the same log, in
rounds of alternating order; then \`workscope build\` of a state directory of 10,000 work
sessions; then the start of the hook collector (bin/workscope-hook.mjs) against a bare
\`node -e 0\`, under this Node and the system's. Prints MB/s, events/s, peak memory and speed against the raw loop, then the verdicts
against the targets.

Options:
  --mb N            the state directory's log in MB (default 120)
  --runs N          rounds; each command runs once a round and the median counts (default 3);
                    0 runs no round, for the builds alone
  --skip-build      no build of 10,000 sessions (--big still builds 100,000)
  --big             also build a state directory of 100,000 work sessions (1.3 GB of log) with
                    a 4 GB heap; it takes many minutes
  --time-limit MIN  a build still running after MIN minutes is stopped and reported as failed
                    (default 90: the 100,000-session build renders some 890,000 pages, about an
                    hour on two cores)
  --cli FILE        the workscope entry point to time (default bin/workscope.js), e.g. that of
                    another checkout, to set two versions side by side
  --hook-runs N     rounds of the hook collector against a bare Node (default 20); 0 skips them
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
  /** Rounds of the hook collector's start against a bare Node's; 0 for none. */
  hookRuns: number;
}

function parseOptions(): Options | null {
  const { values } = parseArgs({
    options: {
      mb: { type: "string", default: "120" },
      runs: { type: "string", default: "3" },
      "skip-build": { type: "boolean" },
      big: { type: "boolean" },
      "time-limit": { type: "string", default: "90" },
      cli: { type: "string", default: path.join(ROOT, "bin", "workscope.js") },
      "hook-runs": { type: "string", default: "20" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help === true) return null;
  const number = (name: string, text: string): number => {
    const n = Number(text);
    if (!(n > 0)) throw new Error(`--${name} should be a positive number (got ${JSON.stringify(text)})`);
    return n;
  };
  // A count of rounds: a positive number rounded to a whole one, or exactly 0 for none.
  const rounds = (name: string, text: string): number => (text === "0" ? 0 : Math.round(number(name, text)));
  return {
    mb: number("mb", values.mb),
    runs: rounds("runs", values.runs),
    skipBuild: values["skip-build"] === true,
    big: values.big === true,
    timeLimitMs: number("time-limit", values["time-limit"]) * 60_000,
    cli: path.resolve(values.cli),
    hookRuns: rounds("hook-runs", values["hook-runs"]),
  };
}

/** A timed process as a run of a row: its time and the peak of its whole tree (its own included). */
function asRun(timed: Timed): Run {
  return { ms: timed.ms, peakBytes: timed.treePeak };
}

/** A run that failed: no time, so that medians and ratios leave it out, and its round stays paired. */
const FAILED: Run = { ms: Number.NaN, peakBytes: 0 };

/** Every command that failed, in one line each: printed at the end, and the bench exits 1. */
const failures: string[] = [];

/** Runs a command; one that fails is noted (the bench goes on with the other rows) and gives null. */
async function tryRun(what: string, command: Command): Promise<Timed | null> {
  const timed = await runCommand(command);
  if (succeeded(timed)) return timed;
  failures.push(`${what}: ${failure(timed)}`);
  process.stderr.write(`bench: ${what} FAILED:\n${timed.stderr.slice(-2000)}\n`);
  return null;
}

/** A run of a row from a command that may have failed. */
function asRunOrFailed(timed: Timed | null): Run {
  return timed === null ? FAILED : asRun(timed);
}

/** Runs a command that must succeed for the bench to go on at all (asking for its help). */
async function mustRun(what: string, command: Command): Promise<Timed> {
  const timed = await tryRun(what, command);
  if (timed === null) throw new Error(`${what} failed: ${failures.at(-1) ?? ""}`);
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
  // A command not told where its cache is uses the user's ($XDG_CACHE_HOME/workscope): pointed
  // here, no run reads a cache an earlier bench or the user left, and none is left behind.
  process.env["XDG_CACHE_HOME"] = path.join(tmp, "xdg-cache");
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
  const fresh = (name: string): string => path.join(tmp, `${scratch++}-${name}`);
  const analyze = (dir: string, json: string, extra: readonly string[]): Command => ({
    script: options.cli,
    args: ["analyze", rel(dir), "--json", json, "--now", NOW, ...extra],
    cwd: ROOT,
  });
  const baseline = (args: readonly string[]): Command => ({
    script: path.join(ROOT, "scripts", "bench", "baseline-child.mjs"),
    args,
    cwd: ROOT,
  });

  const runs = {
    raw: [] as Run[],
    duck1: [] as Run[],
    duck2: [] as Run[],
    start: [] as Run[],
    cold: [] as Run[],
    workers1: [] as Run[],
    workers2: [] as Run[],
    warm: [] as Run[],
    warmAgain: [] as Run[],
    noCache: [] as Run[],
  };
  const identical: boolean[] = [];
  // A cold run: a new, empty cache folder when the command has caches, gone with the Report after.
  const timedAnalyze = async (into: Run[], extra: readonly string[]): Promise<void> => {
    const json = fresh("report.json");
    const cache = fresh("cache");
    const cacheArgs = has("--cache") ? ["--cache", cache] : [];
    const what = `workscope analyze ${extra.join(" ")}`.trimEnd();
    into.push(asRunOrFailed(await tryRun(what, analyze(state.dir, json, [...cacheArgs, ...extra]))));
    await Promise.all([rm(json, { force: true }), rm(cache, { recursive: true, force: true })]);
  };
  // A copy of the state directory is analyzed once to fill a cache, then grows twice by about a
  // megabyte of new events; after each append it is analyzed with the cache (timed) and without one
  // (the reference). Every run with the cache writes the same Report file, as a user's command
  // does, so that the Report it replaces can be kept as the spare the next run writes over. The
  // first warm run comes right after the fill, whose writes the system may still be flushing, and
  // before the cache holds a spare; the second comes after a --no-cache run, as a user's next run
  // comes after some time, with the spare there. The two are reported side by side.
  const warmCycle = async (): Promise<void> => {
    const copy = fresh("state");
    await cp(state.dir, copy, { recursive: true });
    const cache = fresh("cache");
    const reportJson = fresh("report.json");
    const checkJson = fresh("check.json");
    const filled = await tryRun("analyze, filling the cache", analyze(copy, reportJson, ["--cache", cache]));
    for (const [into, copyNumber] of [
      [runs.warm, state.copies],
      [runs.warmAgain, state.copies + 1],
    ] as const) {
      await appendFile(path.join(copy, STATE_LOG), appendix(sampleLines(), copyNumber, APPEND_BYTES));
      const warm =
        filled === null ? null : await tryRun("analyze, warm", analyze(copy, reportJson, ["--cache", cache]));
      into.push(asRunOrFailed(warm));
      const check = await tryRun("analyze --no-cache", analyze(copy, checkJson, ["--no-cache"]));
      if (into === runs.warm) runs.noCache.push(asRunOrFailed(check));
      const same = warm === null || check === null ? null : await sameBytes(reportJson, checkJson);
      if (same !== null) identical.push(same);
      if (same === false) {
        // Kept outside the scratch folder, which goes at the end, so the difference can be looked at.
        const kept = await mkdtemp(path.join(os.tmpdir(), "workscope-bench-differs-"));
        await cp(reportJson, path.join(kept, "warm.json"));
        await cp(checkJson, path.join(kept, "no-cache.json"));
        process.stderr.write(
          `bench: the warm Report DIFFERS from the --no-cache one; both kept in ${kept}/\n`,
        );
      }
    }
    for (const done of [copy, cache, reportJson, checkJson]) await rm(done, { recursive: true, force: true });
  };

  const steps: Array<[string, () => Promise<void>]> = [
    [
      "raw loop",
      async () => void runs.raw.push(asRunOrFailed(await tryRun("raw loop", baseline(["raw", state.log])))),
    ],
    [
      "DuckDB, 1 thread",
      async () =>
        void runs.duck1.push(asRunOrFailed(await tryRun("DuckDB", baseline(["duckdb", state.log, "1"])))),
    ],
    [
      "DuckDB, 2 threads",
      async () =>
        void runs.duck2.push(asRunOrFailed(await tryRun("DuckDB", baseline(["duckdb", state.log, "2"])))),
    ],
    [
      "workscope --help",
      async () =>
        void runs.start.push(
          asRunOrFailed(
            await tryRun("workscope --help", { script: options.cli, args: ["--help"], cwd: ROOT }),
          ),
        ),
    ],
    ["analyze, cold", () => timedAnalyze(runs.cold, [])],
  ];
  if (has("--workers"))
    steps.push(
      ["analyze --workers 1", () => timedAnalyze(runs.workers1, ["--workers", "1"])],
      ["analyze --workers 2", () => timedAnalyze(runs.workers2, ["--workers", "2"])],
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
  const warmAgainShare = runs.warmAgain.length === 0 ? Number.NaN : pairedRatio(runs.warmAgain, runs.cold);
  const checked =
    identical.length === 0 ? "not checked" : identical.every(Boolean) ? "identical" : "DIFFERENT";
  const rows: Row[] = [
    { label: "raw split + JSON.parse loop (baseline)", runs: runs.raw, vsRaw: 1 },
    { label: "DuckDB read_ndjson + GROUP BY, 1 thread", runs: runs.duck1, vsRaw: vs(runs.duck1) },
    { label: "DuckDB read_ndjson + GROUP BY, 2 threads", runs: runs.duck2, vsRaw: vs(runs.duck2) },
    {
      label: "workscope --help (start-up alone)",
      runs: runs.start,
      vsRaw: Number.NaN,
      readsNothing: true,
      note: "Node's start and module loading, part of every analyze time",
    },
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
          : `${warmShare.toFixed(3)} of cold; Report ${checked} to --no-cache`,
    },
    {
      label: "analyze, warm again after another 1 MB",
      runs: runs.warmAgain,
      vsRaw: vs(runs.warmAgain),
      note:
        runs.warmAgain.length === 0
          ? "not measured: no --cache/--no-cache flags yet"
          : `${warmAgainShare.toFixed(3)} of cold; the next run, spare Report kept; Report ${checked} to --no-cache`,
    },
    {
      label: "analyze --no-cache, the appended copy",
      runs: runs.noCache,
      vsRaw: vs(runs.noCache),
      ...(runs.noCache.length === 0 ? { note: "not measured: no --no-cache flag yet" } : {}),
    },
  ];
  // The warm check runs inside the rounds, so with no rounds there is nothing to print here.
  if (options.runs > 0) {
    say(formatTable(rows, input));
    say(
      `  MB/s and events/s are over the log (${(state.bytes / 1e6).toFixed(1)} MB, ${state.lines.toLocaleString("en-US")} events); times are whole processes (start to exit); vs raw is the median of each round's raw time / its time\n`,
    );
    if (identical.length > 0)
      say(
        `  warm check: the Report after each append ${identical.every(Boolean) ? `is byte-identical to a --no-cache run ${identical.length === 2 * options.runs ? "in every round" : `${identical.length} times of ${2 * options.runs}`}: identical` : `DIFFERS from a --no-cache run ${identical.filter((same) => !same).length} times of ${identical.length}`}\n`,
      );
    say("\n");
  }

  const builds: BuildRow[] = [];
  if (!options.skipBuild) {
    const ten = await ensureSiteState(path.join(ROOT, "bench-data", "state-10000-sessions"), 10_000);
    builds.push(await measureBuild("build, 10,000 sessions", ten, [], options, tmp, buildFlags, rel));
  }
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
  if (builds.length > 0) {
    say(formatBuildTable(builds));
    say(
      `  each state directory is the sample's whole log copied to at least that many sessions; × raw = the build's time / the raw loop's over its log; peak MB all = the build and its renderers together, sampled every 250 ms\n\n`,
    );
  }

  // The collector beside the entry point timed, so that --cli of another checkout times its own.
  const collector = path.join(path.dirname(options.cli), "workscope-hook.mjs");
  const hookRows =
    options.hookRuns > 0 && existsSync(collector)
      ? measureHookStart(collector, path.join(tmp, "hooks.ndjson"), options.hookRuns)
      : [];
  if (hookRows.length > 0) say(`${formatHookStart(hookRows, collector)}\n`);

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
    verdict({
      what: "warm analyze again, after another 1 MB append / cold",
      value: warmAgainShare,
      sense: "at most",
      target: TARGETS.warmShare,
      aim: TARGETS.warmShareAim,
      digits: 3,
    }),
    fitsVerdict(`100k-session build fits a ${BIG_HEAP_MB / 1024} GB heap`, big),
    ...hookRows.map((row) =>
      verdict({
        what: `hook collector start / bare node start, ${row.node}`,
        value: hookStartRatio(row),
        sense: "at most",
        target: HOOK_START_TARGET,
        digits: 2,
      }),
    ),
  ];
  say(`verdicts:\n${lines.map((l) => `  ${l}`).join("\n")}\n`);
  if (identical.some((same) => !same)) {
    process.exitCode = 1;
    say("FAILED: a warm Report differs from the --no-cache Report of the same directory\n");
  }
  if (failures.length > 0) {
    process.exitCode = 1;
    say(
      `FAILED: ${failures.length} commands did not end well:\n${failures.map((f) => `  ${f}`).join("\n")}\n`,
    );
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
    script: path.join(ROOT, "scripts", "bench", "baseline-child.mjs"),
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
  if (!ok) {
    process.stderr.write(`bench: ${label} failed; its last output:\n${lastLines(timed.stderr, 8)}\n`);
    // A killed build leaves its renderers' working folders, named after its process, in .astro/.
    const astro = path.join(ROOT, ".astro");
    for (const name of await readdir(astro).catch(() => []))
      if (name.startsWith(rendererFolderPrefix(timed.pid)))
        await rm(path.join(astro, name), { recursive: true, force: true });
  }
  await rm(out, { recursive: true, force: true });
  await rm(path.join(tmp, ".workscope"), { recursive: true, force: true });
  return row;
}

await main();
