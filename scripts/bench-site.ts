// npm run bench:site: builds the report site from a generated log of N work sessions (default
// 10,000) with `workscope build` in a process of its own whose V8 heap is capped (default 4 GB),
// and prints the build's time, its peak memory (its renderers counted), how many pages it wrote
// and how much a transcript page weighs. `npm run bench` builds state directories of 10,000 and
// 100,000 sessions beside its other rows; this one keeps the knobs for the site alone. The raw
// split + JSON.parse loop over the same log, a process of its own too, is measured in the same
// run, as the baseline the time is a ratio of: this machine is shared and absolute times drift.
//   node scripts/bench-site.ts [--sessions 10000] [--heap 4096] [--jobs N] [--whole-log]
// The log is the sample's session events copied (see site-corpus.ts); --whole-log copies every
// line of the sample's log, more than half of them legacy lines that no session takes.
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { failure, runCommand, succeeded } from "./bench/run-command.ts";
import { ensureSiteCorpus } from "./bench/site-corpus.ts";
import { countPages, transcriptSizes } from "./bench/site-pages.ts";
import { buildStage } from "./bench/stats.ts";

const HELP = `Usage: npm run bench:site -- [--sessions N] [--heap MB] [--jobs N] [--whole-log]

Builds the report site from a generated log of N work sessions (made once under bench-data/) in
a child process whose heap is capped, and prints the build's time as a ratio to a raw split +
JSON.parse loop over the same log, its peak memory, its pages and its transcript pages' sizes.

Options:
  --sessions N   work sessions in the log (default 10000)
  --heap MB      the build's V8 heap cap (default 4096)
  --jobs N       processes rendering pages, as workscope build --jobs
  --whole-log    copy every line of the sample's log, not only its session events
  -h, --help     this help
`;

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TIME_TARGET_S = 90;
const PAGE_TARGET_KB = 150;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sessions: { type: "string", default: "10000" },
      heap: { type: "string", default: "4096" },
      jobs: { type: "string" },
      "whole-log": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help === true) {
    process.stdout.write(HELP);
    return;
  }
  const sessions = Number(values.sessions);
  const whole = values["whole-log"] === true;
  const corpus = path.join(ROOT, "bench-data", `site-${sessions}${whole ? "-whole" : ""}.ndjson`);
  const { bytes, copies, lines } = await ensureSiteCorpus(corpus, sessions, whole);
  const out = path.join(ROOT, "bench-data", `site-${sessions}-out`);
  rmSync(out, { recursive: true, force: true });
  process.stdout.write(
    `workscope bench:site — ${sessions.toLocaleString("en-US")}+ work sessions (${copies} copies of the sample's ${whole ? "whole log" : "session events"}: ${lines.toLocaleString("en-US")} events, ${(bytes / 1e6).toFixed(1)} MB), heap capped at ${values.heap} MB\n\n`,
  );

  const raw = await runCommand({
    script: path.join(ROOT, "scripts", "bench", "baseline-child.mjs"),
    args: ["raw", corpus],
    cwd: ROOT,
  });
  // The build runs in a process of its own with the heap cap, which its renderers inherit; its
  // memory is that of the process and its renderers together.
  const jobs = values.jobs === undefined ? [] : ["--jobs", values.jobs];
  const build = await runCommand({
    script: path.join(ROOT, "bin", "workscope.js"),
    args: ["build", corpus, "--out", out, "--now", "2027-01-01T00:00:00Z", "--quiet", ...jobs],
    nodeFlags: [`--max-old-space-size=${values.heap}`],
    cwd: ROOT,
  });
  if (!succeeded(build)) {
    process.stdout.write(
      `build FAILED: ${failure(build)}; stage: ${buildStage(build.stderr)}\n${build.stderr.slice(-2000)}\n`,
    );
    process.exitCode = 1;
    return;
  }
  const result = { ms: build.ms, maxRss: build.ownPeak };
  const peakTree = build.treePeak;
  const pages = countPages(out);
  const sizes = transcriptSizes(out);
  const kb = (n: number | undefined): string => `${((n ?? 0) / 1024).toFixed(1)} KB`;
  const seconds = result.ms / 1000;
  process.stdout.write(`raw split + JSON.parse of the log (baseline): ${(raw.ms / 1000).toFixed(1)} s\n`);
  process.stdout.write(
    `build: ${seconds.toFixed(1)} s = ×${(result.ms / raw.ms).toFixed(1)} the baseline; ${pages.toLocaleString("en-US")} pages (${Math.round(pages / seconds)} pages/s); peak memory ${(peakTree / 1e6).toFixed(0)} MB (all processes; the analyzing one alone ${(result.maxRss / 1e6).toFixed(0)} MB)\n`,
  );
  process.stdout.write(
    `transcript pages: ${sizes.length.toLocaleString("en-US")}, median ${kb(sizes[Math.floor(sizes.length / 2)])}, p99 ${kb(sizes[Math.floor(sizes.length * 0.99)])}, largest ${kb(sizes.at(-1))} (target < ${PAGE_TARGET_KB} KB: ${(sizes.at(-1) ?? 0) < PAGE_TARGET_KB * 1024 ? "met" : "NOT met"})\n`,
  );
  if (sessions <= 10_000)
    process.stdout.write(
      `time target ≤ ${TIME_TARGET_S} s for 10,000 sessions: ${seconds <= TIME_TARGET_S ? "met" : "NOT met"}\n`,
    );
  process.stdout.write(`heap cap ${values.heap} MB: not exceeded (the build finished)\n`);
}

await main();
