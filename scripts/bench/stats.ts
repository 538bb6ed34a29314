// The figures of `npm run bench` and how they are printed: pure functions of the measured runs, so
// that what the table and the verdicts say can be tested without timing anything.

/** One timed run of a command. */
export interface Run {
  /** Wall time from starting the process to its exit, in ms. */
  ms: number;
  /** Peak resident memory, in bytes: the process's own, or its whole tree's where that is larger. */
  peakBytes: number;
}

/**
 * The median of some numbers (the mean of the middle two for an even count), leaving out those that
 * are not numbers (the runs that failed); NaN for none.
 */
export function median(values: readonly number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  if (sorted.length % 2 === 1) return sorted[mid] ?? Number.NaN;
  return ((sorted[mid - 1] ?? Number.NaN) + (sorted[mid] ?? Number.NaN)) / 2;
}

/**
 * The median of the ratios of runs measured side by side, round by round: `a[i].ms / b[i].ms`.
 * With the raw loop as `a` it is a command's speed against the raw loop (1 is as fast, 0.5 half as
 * fast); with warm runs as `a` and cold ones as `b`, the share of the cold time a warm run takes.
 * Pairing the runs of one round cancels most of the drift of a shared machine, which medians
 * taken apart would keep. NaN when no round has both sides.
 */
export function pairedRatio(a: readonly Run[], b: readonly Run[]): number {
  const n = Math.min(a.length, b.length);
  const ratios: number[] = [];
  // A round where either side failed has a NaN ratio, which the median leaves out.
  for (let i = 0; i < n; i++) ratios.push((a[i]?.ms ?? Number.NaN) / (b[i]?.ms ?? Number.NaN));
  return median(ratios);
}

/** The largest peak memory of some runs, in bytes (0 for none). */
export function peak(runs: readonly Run[]): number {
  return runs.reduce((max, r) => Math.max(max, r.peakBytes), 0);
}

/** One line of the table of the commands over the log. */
export interface Row {
  /** What ran. */
  label: string;
  /** Its runs; none when it could not run (the note says why). */
  runs: readonly Run[];
  /** Its speed as a fraction of the raw loop's (see pairedRatio); NaN when not measured. */
  vsRaw: number;
  /** A short remark printed after the figures: a flag that is missing, a check's result. */
  note?: string;
  /** True for a row that reads no log (the start-up alone): no MB/s or events/s. */
  readsNothing?: boolean;
}

/** The size of what every row read: the same file for all of them. */
export interface Input {
  /** Bytes of the log. */
  bytes: number;
  /** Lines of the log, each one event. */
  events: number;
}

const COLUMNS = [
  ["command", 44],
  ["median s", 9],
  ["MB/s", 8],
  ["events/s", 12],
  ["peak MB", 9],
  ["vs raw", 8],
] as const;

/** A number with thousands separators, or "–" when it is not a number. */
function whole(n: number): string {
  return Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "–";
}

/** A number with `digits` decimals, or "–" when it is not a number. */
function fixed(n: number, digits: number): string {
  return Number.isFinite(n) ? n.toFixed(digits) : "–";
}

/**
 * The table: per row the median time, MB/s and events/s over the log, the peak memory of its
 * runs and its speed against the raw loop; a row that did not run shows dashes and its note.
 */
export function formatTable(rows: readonly Row[], input: Input): string {
  const head = COLUMNS.map(([name, width], i) => (i === 0 ? name.padEnd(width) : name.padStart(width)));
  const lines = [head.join("").trimEnd()];
  for (const row of rows) {
    const seconds = median(row.runs.map((r) => r.ms)) / 1000;
    const cells = [
      fixed(seconds, 2),
      row.readsNothing === true ? "–" : fixed(input.bytes / 1e6 / seconds, 1),
      row.readsNothing === true ? "–" : whole(input.events / seconds),
      peak(row.runs) === 0 ? "–" : whole(peak(row.runs) / 1e6),
      fixed(row.vsRaw, 2),
    ];
    const figures = cells.map((cell, i) => cell.padStart(COLUMNS[i + 1]?.[1] ?? 0)).join("");
    const failed = row.runs.filter((r) => !Number.isFinite(r.ms)).length;
    const notes = [
      ...(row.note === undefined ? [] : [row.note]),
      ...(failed === 0 ? [] : [`FAILED in ${failed} of ${row.runs.length} rounds`]),
    ];
    lines.push(`${row.label.padEnd(COLUMNS[0][1])}${figures}${notes.map((n) => `  ${n}`).join(";")}`);
  }
  return `${lines.join("\n")}\n`;
}

/** A target a figure is judged against: `at least` for speeds, `at most` for memory and time. */
export interface Target {
  /** What is judged, e.g. "cold analyze speed / raw loop speed". */
  what: string;
  /** The measured figure; NaN when it could not be measured. */
  value: number;
  /** Whether the figure should be at least or at most the target. */
  sense: "at least" | "at most";
  /** The figure the work must reach. */
  target: number;
  /** The figure the work aims for, beyond the target. */
  aim?: number;
  /** Decimals to print the figures with. */
  digits: number;
  /** A unit after the figures, e.g. " MB". */
  unit?: string;
}

/** Whether a figure meets a bound, in the target's sense. */
function meets(value: number, bound: number, sense: Target["sense"]): boolean {
  return sense === "at least" ? value >= bound : value <= bound;
}

/**
 * One verdict line: the figure, the target and whether it is met, and the aim when there is one,
 * e.g. `cold analyze / raw: 0.61 (target ≥ 0.50: met; aim 1.00: not yet)`.
 */
export function verdict(t: Target): string {
  const unit = t.unit ?? "";
  const sign = t.sense === "at least" ? "≥" : "≤";
  if (!Number.isFinite(t.value))
    return `${t.what}: not measured (target ${sign} ${t.target.toFixed(t.digits)}${unit})`;
  const met = meets(t.value, t.target, t.sense) ? "met" : "NOT met";
  const aim =
    t.aim === undefined
      ? ""
      : `; aim ${t.aim.toFixed(t.digits)}${unit}: ${meets(t.value, t.aim, t.sense) ? "reached" : "not yet"}`;
  return `${t.what}: ${t.value.toFixed(t.digits)}${unit} (target ${sign} ${t.target.toFixed(t.digits)}${unit}: ${met}${aim})`;
}

/**
 * The order of the measurements in round `round` of a benchmark: as given in even rounds and
 * reversed in odd ones, so that a load that rises or falls through a round hits each command
 * alike over two rounds.
 */
export function roundOrder<T>(items: readonly T[], round: number): T[] {
  return round % 2 === 0 ? [...items] : [...items].reverse();
}

/** One `workscope build` the benchmark ran, or tried to. */
export interface BuildRow {
  /** What was built, e.g. "build, 10,000 sessions". */
  label: string;
  /** Lines of the state directory's log, each one event. */
  events: number;
  /** The raw loop's time over the same log, measured just before, in ms. */
  rawMs: number;
  /** The build's wall time in ms (up to where it failed, if it did). */
  ms: number;
  /** Pages written; NaN when the build failed. */
  pages: number;
  /** Peak resident memory of the build's processes together, in bytes. */
  treePeak: number;
  /** Peak resident memory of the analyzing process alone, in bytes (0 if it died before telling). */
  ownPeak: number;
  /** Why the build failed, and at which stage; undefined when it succeeded. */
  failure?: string;
}

const BUILD_COLUMNS = [
  ["build", 30],
  ["s", 8],
  ["pages", 10],
  ["pages/s", 9],
  ["events/s", 12],
  ["peak MB all", 13],
  ["analyzer MB", 13],
  ["× raw", 8],
] as const;

/**
 * The table of the builds: time, pages, pages and events per second, the peak memory of all the
 * build's processes and of the analyzing one, and the time as a multiple of the raw loop's over
 * the same log. A failed build shows its time and peak so far, and why it failed beneath.
 */
export function formatBuildTable(rows: readonly BuildRow[]): string {
  const head = BUILD_COLUMNS.map(([name, width], i) => (i === 0 ? name.padEnd(width) : name.padStart(width)));
  const lines = [head.join("").trimEnd()];
  for (const row of rows) {
    const seconds = row.ms / 1000;
    const ok = row.failure === undefined;
    const cells = [
      fixed(seconds, 1),
      ok ? whole(row.pages) : "FAILED",
      ok ? whole(row.pages / seconds) : "–",
      ok ? whole(row.events / seconds) : "–",
      whole(row.treePeak / 1e6),
      row.ownPeak > 0 ? whole(row.ownPeak / 1e6) : "–",
      ok ? fixed(row.ms / row.rawMs, 1) : "–",
    ];
    lines.push(
      `${row.label.padEnd(BUILD_COLUMNS[0][1])}${cells.map((c, i) => c.padStart(BUILD_COLUMNS[i + 1]?.[1] ?? 0)).join("")}`,
    );
    if (!ok) lines.push(`  ${row.failure}`);
  }
  return `${lines.join("\n")}\n`;
}

/**
 * The stage a build had reached, from its progress lines on standard error: still reading the
 * logs, past the analysis (writing page data, rendering pages), or out of memory on the way.
 */
export function buildStage(stderr: string): string {
  const oom = /heap out of memory|Reached heap limit|ERR_STRING_TOO_LONG|Invalid string length/.test(stderr);
  const analyzed = /^workscope: read \d+ files: .* in [\d.]+ s/m.test(stderr);
  const rendering = /rendering pages \(part \d+ of \d+\) failed/.test(stderr);
  const stage = rendering
    ? "rendering pages"
    : analyzed
      ? "after the analysis: building or writing the page data, or rendering pages"
      : /^workscope: \d+\/\d+ files/m.test(stderr)
        ? "reading and analyzing the logs"
        : "before the first progress line";
  const progress = [...stderr.matchAll(/^workscope: .*$/gm)].at(-1)?.[0];
  return `${oom ? "out of memory, " : ""}${stage}${progress === undefined ? "" : ` (last progress: ${progress})`}`;
}

/**
 * Whether a build fitted its heap: met when it finished; NOT met when it failed, out of memory or
 * otherwise; undecided when the time limit stopped it first, as a build that is slow may still fit.
 */
export function fitsVerdict(what: string, row: BuildRow | undefined): string {
  if (row === undefined) return `${what}: not measured (run with --big)`;
  if (row.failure === undefined) return `${what}: met`;
  if (row.failure.startsWith("stopped at the time limit") && !row.failure.includes("out of memory"))
    return `${what}: not decided (${row.failure})`;
  return `${what}: NOT met (${row.failure})`;
}
