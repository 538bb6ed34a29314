import { publish } from "../../src/core/redact/publish.ts";
import { describeCounts, Redactor } from "../../src/core/redact/redact.ts";
import { absoluteLinks } from "../../src/core/reports/report-links.ts";
import { isIsoWeek } from "../../src/core/reports/week-range.ts";
import { weeklyReport } from "../../src/core/reports/weekly-report.ts";
import { weeklyReportJson } from "../../src/core/reports/weekly-report-json.ts";
import { weeklyReportMarkdown } from "../../src/core/reports/weekly-report-markdown.ts";
import { siteUrls } from "../../src/site/urls.ts";
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
import { analyzeWithProgress, resolveInputs } from "./analyze.ts";
import { parseBase } from "./build.ts";

export const REPORT_HELP = `Usage: workscope report [inputs…] --week YYYY-Www [options]

Prints one ISO week's category report: the sessions of each category against the previous week,
the top sessions, subTags, blocked flows and the fallback share. It is the same Markdown (or JSON)
as the site's /reports/<week>/report.md (report.json), ready to paste into a chat or a wiki.
Inputs as for \`workscope analyze\` (no inputs: ~/.openclaw, ~/.claude/projects and
~/.claude/workscope, each when it exists, else the bundled sample).

A week is in the logs when a work session holding a conversation between main agents started in
it; for any other week the command names the weeks the logs hold and exits with 1.

Options:
  --week YYYY-Www  the ISO week to report, e.g. 2026-W10 (required)
  --format md|json Markdown (default) or the report as JSON
  --tz ZONE        the IANA time zone weeks are cut in and times shown in, e.g. Asia/Seoul
                   (default: UTC)
  --now ISO        judge against this time instead of the time of the run
  --locale ko|en   the language of the Markdown (default: ko)
  --base PATH|URL  the path the site is served under, which the links point into (default: /);
                   or its full URL, e.g. https://team.example/reports/, for absolute links
  --no-redact      keep secrets (API keys, tokens, passwords in URLs…); by default they are
                   replaced by [redacted: <kind>], as on the site (README: Redaction)
${LOAD_HELP}  --quiet          no progress on stderr
  -h, --help       this help
`;

/** How many weeks the message about an unknown week names one by one; more are shown as a range. */
const WEEKS_NAMED = 8;

/** The weeks the logs hold, for the message about a week they do not. */
function heldWeeks(weeks: readonly string[]): string {
  if (weeks.length === 0)
    return "the logs hold no week: no work session holds a conversation between main agents";
  const shown =
    weeks.length <= WEEKS_NAMED ? weeks.join(", ") : `${weeks[0]} … ${weeks.at(-1)} (${weeks.length} weeks)`;
  return `weeks held: ${shown}`;
}

/** Runs `workscope report` with its arguments; inputs are taken relative to `cwd`. */
export async function runReport(argv: string[], cwd: string = process.cwd()): Promise<number> {
  const { values, positionals } = parseCommand(argv, {
    week: { type: "string" },
    format: { type: "string" },
    tz: { type: "string" },
    now: { type: "string" },
    locale: { type: "string" },
    base: { type: "string" },
    "no-redact": { type: "boolean" },
    quiet: { type: "boolean" },
    ...LOAD_FLAGS,
  });
  if (values.help) {
    process.stdout.write(REPORT_HELP);
    return 0;
  }
  const week = values.week;
  if (week === undefined) throw new UsageError("--week is required, e.g. --week 2026-W10");
  if (!isIsoWeek(week))
    throw new UsageError(`--week should be an ISO week such as 2026-W10 (got ${JSON.stringify(week)})`);
  const format = values.format ?? "md";
  if (format !== "md" && format !== "json")
    throw new UsageError(`--format should be md or json (got ${JSON.stringify(format)})`);
  const locale = parseLocale(values.locale);
  const { base, siteUrl } = parseBase(values.base ?? "/");
  const nowMs = parseNow(values.now);
  const timeZone = parseTimeZone(values.tz);
  const quiet = values.quiet === true;

  const inputs = resolveInputs(positionals);
  const load = parseLoadOptions(values, cwd, quiet);
  const { analysis, progress } = await analyzeWithProgress(inputs, { cwd, nowMs, timeZone, quiet, load });
  const { report } = analysis;
  progress.finish(`read ${report.input.files.length} files: ${report.input.events} events`);
  const weekly = weeklyReport(report, analysis.untitledSessions, week);
  if (weekly === null) {
    process.stderr.write(
      `workscope report: no week ${week} in the logs (${timeZone}); ${heldWeeks(report.weeks.map((w) => w.week))}\n`,
    );
    return 1;
  }
  // Redacted as the site's page data is, so the text is the same as the site's report.md.
  const redactor = values["no-redact"] === true ? null : new Redactor();
  const published = publish(weekly, { redactor, inputRoots: null });
  process.stdout.write(
    format === "json"
      ? weeklyReportJson(published)
      : weeklyReportMarkdown(published, locale, absoluteLinks(siteUrls(base), siteUrl)),
  );
  const redacted = redactor?.counts() ?? [];
  if (redacted.length > 0 && !quiet) process.stderr.write(`secrets redacted: ${describeCounts(redacted)}\n`);
  return 0;
}
