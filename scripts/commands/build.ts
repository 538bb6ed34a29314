import { existsSync, readdirSync, statSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { toIso } from "../../src/core/time.ts";
import { siteShards } from "../../src/core/site/build-site.ts";
import { describeCounts, type RedactionCount } from "../../src/core/redact/redact.ts";
import { writeSiteData } from "../../src/ingest/write-site-data.ts";
import type { LoadOptions } from "../../src/ingest/load.ts";
import {
  LOAD_FLAGS,
  LOAD_HELP,
  parseCommand,
  parseLoadOptions,
  parseLocale,
  parseNow,
  parseTimeZone,
  UsageError,
} from "../args.ts";
import { DEFAULT_OUT, dataFolderBeside } from "../../src/site/data-folder.ts";
import {
  checkDataFolder,
  discardDataFolder,
  nextDataFolder,
  replaceDataFolder,
  startDataFolder,
} from "../site/data-folder.ts";
import { ROOT, startRendering } from "../site/render-site.ts";
import { SITE_MARKER, writeSiteMarker } from "../site/site-marker.ts";
import { analyzeWithProgress, resolveInputs } from "./analyze.ts";

export const BUILD_HELP = `Usage: workscope build [inputs…] [options]

Analyzes the logs once and writes the report site: static HTML that any static host serves.
Inputs as for \`workscope analyze\` (no inputs: ~/.openclaw, ~/.claude/projects and
~/.claude/workscope, each when it exists, else the bundled sample).
The site's data stays beside the output folder, in .workscope/<its name>/ (--out dist:
.workscope/dist/), for \`npx astro dev\`.

Options:
  --now ISO        judge against this time instead of the time of the run
  --out DIR        where the site goes (default: dist)
  --base PATH|URL  the path the site is served under, e.g. /reports/ (default: /); or its full
                   URL, e.g. https://team.example/reports/, which also makes the links of
                   report.md, postmortem.md and the feed absolute
  --tz ZONE        the IANA time zone of ISO weeks, days and shown times, e.g. Asia/Seoul
                   (default: UTC)
  --locale ko|en   the site's language (default: ko)
  --jobs N         processes rendering pages side by side (default: the CPU count, at most 4)
  --no-redact      keep secrets (API keys, tokens, passwords in URLs…) in the pages; by default
                   they are replaced by [redacted: <kind>] (README: Redaction)
${LOAD_HELP}  --quiet          no progress on stderr
  -h, --help       this help
`;

export async function runBuild(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommand(argv, {
    now: { type: "string" },
    out: { type: "string" },
    base: { type: "string" },
    tz: { type: "string" },
    locale: { type: "string" },
    jobs: { type: "string" },
    "no-redact": { type: "boolean" },
    quiet: { type: "boolean" },
    ...LOAD_FLAGS,
  });
  if (values.help) {
    process.stdout.write(BUILD_HELP);
    return 0;
  }
  const nowMs = parseNow(values.now);
  const locale = parseLocale(values.locale);
  const out = path.resolve(values.out ?? DEFAULT_OUT);
  checkOutDir(out);
  const timeZone = parseTimeZone(values.tz);
  const { base, siteUrl } = parseBase(values.base ?? "/");
  const quiet = values.quiet === true;
  const load = parseLoadOptions(values, process.cwd(), quiet);
  const jobs = values.jobs === undefined ? Math.min(4, os.availableParallelism()) : Number(values.jobs);
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 64)
    throw new UsageError(`--jobs should be a whole number from 1 to 64 (got ${JSON.stringify(values.jobs)})`);

  const inputs = resolveInputs(positionals);
  const dataDir = dataFolderBeside(out);
  checkDataFolder(dataDir, out);
  // The new data is written beside the data of the previous build, which stays until the new site
  // is in place: a failed build leaves the earlier site with the data it was built from.
  const nextDir = nextDataFolder(dataDir);
  const outExisted = existsSync(out);
  await mkdir(out, { recursive: true });
  await startDataFolder(nextDir, {
    locale,
    base,
    generatedAt: toIso(nowMs),
    ...(siteUrl === undefined ? {} : { siteUrl }),
  });
  const rendering = await startRendering({ dataDir: nextDir, out, jobs, quiet });
  let summary: BuildSummary;
  try {
    summary = await writeData(
      inputs,
      { nowMs, timeZone, load },
      nextDir,
      quiet,
      values["no-redact"] !== true,
    );
    const files = await rendering.finished();
    await writeSiteMarker(out, { generatedAt: summary.generatedAt, base, files });
  } catch (error) {
    await rendering.cancel();
    if (!outExisted) await rm(out, { recursive: true, force: true });
    await discardDataFolder(nextDir);
    throw error;
  }
  await replaceDataFolder(nextDir, dataDir);
  const shown = path.relative(process.cwd(), out) || ".";
  process.stdout.write(
    [
      `workscope build — ${summary.sessions} work sessions, ${summary.tasks} tasks, ${summary.agents} agents`,
      ...(summary.redactions.length > 0 ? [`  secrets redacted: ${describeCounts(summary.redactions)}`] : []),
      `  site written to ${shown}/`,
      `  preview it: npx workscope preview --out ${shown}  (or any static server)`,
      `  its data stays in ${path.relative(process.cwd(), dataDir) || "."}/ for Astro's dev server (README: Development)`,
      "",
    ].join("\n"),
  );
  return 0;
}

/** What the build says when it is done. */
interface BuildSummary {
  generatedAt: string;
  sessions: number;
  tasks: number;
  agents: number;
  /** The secrets replaced in the pages, per kind. */
  redactions: RedactionCount[];
}

/**
 * Reads and analyzes the inputs and writes the site's data. A function of its own so that the
 * events and the Report are garbage once it returns: the renderers need the memory more.
 */
async function writeData(
  inputs: string[],
  judged: { nowMs: number; timeZone: string; load: LoadOptions },
  dataDir: string,
  quiet: boolean,
  redact: boolean,
): Promise<BuildSummary> {
  const { analysis, progress } = await analyzeWithProgress(inputs, { cwd: process.cwd(), ...judged, quiet });
  const { report } = analysis;
  progress.finish(
    `read ${report.input.files.length} files: ${report.input.events} events, ${report.workSessions.length} work sessions`,
  );
  const shards = siteShards(analysis, { redact, inputRoots: inputs.map((i) => path.resolve(i)) });
  const index = await writeSiteData(dataDir, shards);
  return {
    redactions: index.redactions,
    generatedAt: report.generatedAt,
    sessions: report.workSessions.length,
    tasks: report.tasks.length,
    agents: report.agents.length,
  };
}

/**
 * The output folder must be a folder, new or empty or holding an earlier site of ours (its marker
 * says so). A rebuild replaces only the files the earlier build listed (scripts/site/place-site.ts),
 * but a folder of someone else's is still refused, so that `--out ~` cannot scatter a site among
 * their files.
 */
function checkOutDir(out: string): void {
  if (path.resolve(out) === path.resolve(ROOT))
    throw new UsageError(`--out ${out} is the project folder; choose a folder of its own, e.g. dist`);
  // The nearest part of the path that exists must be a folder, or the site's folders cannot be made.
  for (let at = out; ; at = path.dirname(at)) {
    const info = statSync(at, { throwIfNoEntry: false });
    if (info !== undefined && !info.isDirectory())
      throw new UsageError(
        at === out
          ? `--out ${out} is a file; name a folder for the site`
          : `--out ${out} lies inside ${at}, which is a file`,
      );
    if (info !== undefined || path.dirname(at) === at) break;
  }
  if (!existsSync(out)) return;
  const entries = readdirSync(out);
  if (entries.length > 0 && !entries.includes(SITE_MARKER)) {
    throw new UsageError(
      `--out ${out} is not empty and holds no earlier workscope site; choose an empty or new folder`,
    );
  }
}

/**
 * `--base` as a path and, when it was given as a full URL (`https://team.example/reports/`), the
 * site's URL: the path is what Astro serves under, the URL what exported Markdown and feeds link to.
 */
export function parseBase(value: string): { base: string; siteUrl?: string } {
  if (!/^https?:\/\//i.test(value)) return { base: normalizeBase(value) };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--base should be a URL path or an http(s) URL (got ${JSON.stringify(value)})`);
  }
  if (url.search !== "" || url.hash !== "" || url.username !== "" || url.password !== "")
    throw new UsageError(
      `--base should be a site's URL without a query, fragment or credentials (got ${JSON.stringify(value)})`,
    );
  const base = normalizeBase(decodeURIComponent(url.pathname));
  return { base, siteUrl: `${url.origin}${base}` };
}

/** `--base` as Astro wants it: starting and ending with one slash. */
function normalizeBase(base: string): string {
  if (!/^[\w\-./~]*$/.test(base) || base.includes(".."))
    throw new UsageError(`--base should be a URL path such as /reports/ (got ${JSON.stringify(base)})`);
  const trimmed = base.replace(/^\/+|\/+$/g, "");
  return trimmed === "" ? "/" : `/${trimmed}/`;
}
