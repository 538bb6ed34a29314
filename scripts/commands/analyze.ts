import { existsSync } from "node:fs";
import { lstat } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";
import { eventLineWriter } from "../../src/core/event-line.ts";
import { publish, redactJsonLine } from "../../src/core/redact/publish.ts";
import { describeCounts, Redactor } from "../../src/core/redact/redact.ts";
import type { Report } from "../../src/core/report.ts";
import type { Analysis } from "../../src/core/analysis.ts";
import { analyzeInputs, type AnalyzeOptions } from "../../src/ingest/analyze-inputs.ts";
import { analyzeToJson } from "../../src/ingest/analyze-to-json.ts";
import { storingLines } from "../../src/ingest/line-store.ts";
import type { LoadOptions } from "../../src/ingest/load.ts";
import { silentProgress, streamProgress, type Progress } from "../../src/ingest/progress.ts";
import { writeJsonAtomic, writeJsonTo } from "../../src/ingest/write-json.ts";
import { writeLinesAtomic } from "../../src/ingest/write-output.ts";
import { LOAD_FLAGS, LOAD_HELP, parseCommand, parseLoadOptions, parseNow, parseTimeZone } from "../args.ts";
import { PROJECT_ROOT } from "../../src/ingest/project-root.ts";

export const ANALYZE_HELP = `Usage: workscope analyze [inputs…] [options]

Reads agent logs and prints what they hold: work sessions, blocked flows, tasks, weeks, and
every line it could not read.

Inputs are state directories (like ~/.openclaw or ~/.claude/projects), files or globs. A
directory is searched for *.ndjson / *.ndjson.gz / *.jsonl / *.json event files (each told by
its content: NDJSON, JSONL or one JSON array; Claude Code transcripts and hook captures
included), agent-*.meta.json, workspace-*/tasks/task_*.md, task-history, CURRENT_TASK.md,
openclaw.json and work-session-category-overrides.json. With no inputs:
$OPENCLAW_STATE_DIR or ~/.openclaw, $CLAUDE_CONFIG_DIR/projects or ~/.claude/projects, and
$CLAUDE_CONFIG_DIR/workscope or ~/.claude/workscope (hook captures), each when it exists; when
none does, the bundled sample.

Options:
  --now ISO        judge against this time instead of the time of the run
  --tz ZONE        the IANA time zone ISO weeks are cut in, e.g. Asia/Seoul (default: UTC)
  --json FILE|-    write the Report as JSON to FILE, or to stdout with -
  --pretty         indent that JSON by two spaces, one member a line (default: compact)
  --events FILE    write every distinct event as one NDJSON line (for DuckDB, ClickHouse…)
  --redact         replace secrets (API keys, tokens, passwords in URLs…) in every text of the
                   Report and the events by [redacted: <kind>] (README: Redaction)
${LOAD_HELP}  --quiet          no progress on stderr
  -h, --help       this help
`;

/** The bundled sample state directory, used when no inputs are named and no default input exists. */
const SAMPLE_DIR = path.join(PROJECT_ROOT, "content", "sample", path.sep);

/**
 * What was read when no input was named, in words, for the commands to say on stderr: the list
 * `resolveInputs` handed back is the key, so named inputs have no entry.
 */
const PICKED = new WeakMap<readonly string[], string>();

/**
 * The inputs to read: those named; else each of the user's OpenClaw state directory
 * (`$OPENCLAW_STATE_DIR`, else `~/.openclaw`) and Claude Code's transcripts
 * (`$CLAUDE_CONFIG_DIR/projects`, else `~/.claude/projects`) and the hook collector's captures
 * (`$CLAUDE_CONFIG_DIR/workscope`, else `~/.claude/workscope`) that exists; else the bundled sample.
 * The home folder is taken from `env` first, so a test can point it anywhere.
 */
export function resolveInputs(named: string[], env: NodeJS.ProcessEnv = process.env): string[] {
  if (named.length > 0) return named;
  const home = setting(env, "HOME") ?? setting(env, "USERPROFILE") ?? homedir();
  const openclaw = setting(env, "OPENCLAW_STATE_DIR") ?? path.join(home, ".openclaw");
  const claudeDir = setting(env, "CLAUDE_CONFIG_DIR") ?? path.join(home, ".claude");
  const claude = path.join(claudeDir, "projects");
  // The folder the README's hook settings write to, so captured hooks join their transcripts.
  const hooks = path.join(claudeDir, "workscope");
  const found = [openclaw, claude, hooks].filter((dir) => existsSync(dir));
  const inputs = found.length > 0 ? found : [SAMPLE_DIR];
  PICKED.set(
    inputs,
    found.length > 0
      ? `no inputs named: reading ${found.join(" and ")}`
      : `no inputs named, and none of ${openclaw}, ${claude} and ${hooks} exists: reading the bundled sample (${SAMPLE_DIR})`,
  );
  return inputs;
}

/** An environment variable's value; one set to nothing counts as unset, as shells treat `VAR=`. */
function setting(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === "" ? undefined : value;
}

/** What `resolveInputs` picked for these inputs when none were named, in words; else undefined. */
export function pickedInputs(inputs: readonly string[]): string | undefined {
  return PICKED.get(inputs);
}

/**
 * Analyzes the inputs as every command does, with progress on stderr unless `quiet`: the progress
 * comes back beside the analysis, for the command to finish with its own summary line.
 */
export async function analyzeWithProgress(
  inputs: readonly string[],
  options: Omit<AnalyzeOptions, "progress"> & { quiet: boolean },
): Promise<{ analysis: Analysis; progress: Progress }> {
  const { quiet, ...judged } = options;
  const picked = pickedInputs(inputs);
  if (picked !== undefined && !quiet) process.stderr.write(`${picked}\n`);
  let progress = silentProgress;
  const analysis = await analyzeInputs(inputs, {
    ...judged,
    progress: (files) => (progress = quiet ? silentProgress : streamProgress(files, process.stderr)),
  });
  return { analysis, progress };
}

/**
 * Runs `workscope analyze` with its arguments. Inputs and output files are taken relative to
 * `cwd`, the working directory of the command line.
 */
export async function runAnalyze(argv: string[], cwd: string = process.cwd()): Promise<number> {
  const { values, positionals } = parseCommand(argv, {
    now: { type: "string" },
    tz: { type: "string" },
    json: { type: "string" },
    pretty: { type: "boolean" },
    events: { type: "string" },
    redact: { type: "boolean" },
    quiet: { type: "boolean" },
    ...LOAD_FLAGS,
  });
  if (values.help) {
    process.stdout.write(ANALYZE_HELP);
    return 0;
  }
  const nowMs = parseNow(values.now);
  const timeZone = parseTimeZone(values.tz);
  const inputs = resolveInputs(positionals);
  const quiet = values.quiet === true;
  // Lines stay in their files unless every event's line is written out (--events), which reads them all.
  return storingLines(
    parseLoadOptions(values, cwd, quiet),
    values.events === undefined,
    (load) => analyzeAndWrite(values, inputs, { cwd, nowMs, timeZone, quiet, load }),
    (message) => {
      if (!quiet) process.stderr.write(`workscope: ${message}; reading it again\n`);
    },
  );
}

/** The rest of runAnalyze, with the options parsed: one analysis and its outputs. */
async function analyzeAndWrite(
  values: { json?: string; pretty?: boolean; events?: string; redact?: boolean },
  inputs: string[],
  context: { cwd: string; nowMs: number; timeZone: string; quiet: boolean; load: LoadOptions },
): Promise<number> {
  const { cwd, nowMs, timeZone, quiet, load } = context;
  // The compact Report of a file, with the cache on, is written by the path that can reuse the
  // last analysis; every other output needs the whole Analysis.
  const target = values.json === undefined || values.json === "-" ? null : path.resolve(cwd, values.json);
  if (
    target !== null &&
    load.cacheDir !== null &&
    load.cacheDir !== undefined &&
    values.pretty !== true &&
    values.events === undefined &&
    values.redact !== true &&
    (await isFileOrNothing(target))
  ) {
    const picked = pickedInputs(inputs);
    if (picked !== undefined && !quiet) process.stderr.write(`${picked}\n`);
    let progress = silentProgress;
    const run = await analyzeToJson(inputs, {
      cwd,
      nowMs,
      timeZone,
      load,
      target,
      cacheDir: load.cacheDir,
      warn: (message) => {
        if (!quiet) process.stderr.write(`${message}\n`);
      },
      progress: (files) => (progress = quiet ? silentProgress : streamProgress(files, process.stderr)),
    });
    progress.finish(
      `read ${run.input.files.length} files: ${run.input.events} events, ${run.input.duplicates} duplicates, ${findingCount({ input: run.input })} findings`,
    );
    if (run.reused !== null && !quiet)
      process.stderr.write(
        `reused the last analysis: ${run.reused.rebuilt} of ${run.reused.sessions} work sessions analysed again\n`,
      );
    if (run.notReused !== null && !quiet)
      process.stderr.write(`analysed every event again, as ${run.notReused}\n`);
    return 0;
  }
  const { analysis, progress } = await analyzeWithProgress(inputs, { cwd, nowMs, timeZone, quiet, load });
  // Text is kept as the logs have it unless asked: the Report stays on the user's machine.
  const redactor = values.redact === true ? new Redactor() : null;
  const report =
    redactor === null ? analysis.report : publish(analysis.report, { redactor, inputRoots: null });
  const events = analysis.events;
  progress.finish(
    `read ${report.input.files.length} files: ${report.input.events} events, ${report.input.duplicates} duplicates, ${findingCount(report)} findings`,
  );

  // Written piece by piece: one string of a Report this large could pass what a string can hold.
  const layout = { pretty: values.pretty === true };
  if (values.json === "-") await writeJsonTo(process.stdout, report, layout);
  else if (values.json !== undefined) await writeJsonAtomic(path.resolve(cwd, values.json), report, layout);
  // Each line is made as it is written, so the lines of every event are never all held at once.
  const eventLines = function* (): Generator<string> {
    const toEventLine = eventLineWriter();
    for (const e of events)
      yield redactor === null ? toEventLine(e) : redactJsonLine(toEventLine(e), redactor);
  };
  if (values.events !== undefined) await writeLinesAtomic(path.resolve(cwd, values.events), eventLines());
  const redacted = redactor?.counts() ?? [];
  if (redacted.length > 0 && !quiet) process.stderr.write(`secrets redacted: ${describeCounts(redacted)}\n`);
  if (values.json === undefined) process.stdout.write(summarize(report, inputs));
  return 0;
}

/**
 * Whether a path is a regular file or nothing yet: the Report is then written through a temporary
 * name beside the snapshot. A device, a pipe or a link is written as writeJsonAtomic writes it.
 */
async function isFileOrNothing(target: string): Promise<boolean> {
  try {
    return (await lstat(target)).isFile();
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT";
  }
}

/** Every finding: those the Report lists and those it counts without listing. */
function findingCount(report: Pick<Report, "input">): number {
  return report.input.errors.length + (report.input.errorsOmitted ?? []).reduce((n, o) => n + o.count, 0);
}

/** The plain-text summary printed when no --json is asked for. */
function summarize(report: Report, inputs: string[]): string {
  const { input, tasks, workSessions, blockedFlows } = report;
  const lines = [
    `workscope analyze — ${inputs.join(", ")}`,
    `  files      ${input.files.length} (${countBy(input.files.map((f) => f.kind))})`,
    `  events     ${input.events} distinct, ${input.duplicates} duplicates dropped, ${report.unattributed.length} in no work session`,
    `  sessions   ${workSessions.length} (${countBy(workSessions.map((s) => s.status))})`,
    `  blocked    ${blockedFlows.length} flows (${countBy(blockedFlows.map((f) => f.reason))})`,
    `  tasks      ${tasks.length} (${countBy(tasks.map((t) => t.status))})`,
    `  weeks      ${report.weeks.map((w) => w.week).join(", ") || "none"}`,
    `  findings   ${findingCount(report)}`,
  ];
  for (const finding of input.errors.slice(0, 10))
    lines.push(`    ${finding.file}:${finding.line}  ${finding.reason}`);
  if (findingCount(report) > 10) lines.push(`    … and ${findingCount(report) - 10} more (see --json)`);
  return `${lines.join("\n")}\n`;
}

function countBy(values: string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return (
    [...counts]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, n]) => `${k} ${n}`)
      .join(", ") || "none"
  );
}
