import {
  categoryName,
  label,
  reasonName,
  sessionTitleText,
  valueName,
  type LabelKey,
  type Locale,
} from "../site/labels.ts";
import { formatTime } from "../site/format.ts";
import { markdownLabel, markdownLink, markdownText } from "../site/markdown-text.ts";
import { percent, signedChange } from "./report-numbers.ts";
import type { ReportLinks } from "./report-links.ts";
import { weekDays } from "./week-range.ts";
import type { WeekBlockedFlow, WeeklyReport } from "./weekly-report.ts";

/** A row of a Markdown table; every cell is Markdown already. */
function row(cells: readonly string[]): string {
  return `| ${cells.join(" | ")} |`;
}

/** The days a week covers, Monday to Sunday, in its zone: `2026-03-02 – 2026-03-08`. */
function period(report: WeeklyReport): string {
  const days = weekDays(report.startMs, report.endMs, report.timeZone);
  return `${days.first} – ${days.last}`;
}

/** A blocked flow's session: a link to its page, or a dash when it belongs to none. */
function flowSession(flow: WeekBlockedFlow, links: ReportLinks): string {
  if (flow.workSessionId === undefined || flow.sessionSegment === undefined) return "—";
  return markdownLink(flow.workSessionId, links.session(flow.sessionSegment));
}

/**
 * A week's report as Markdown to paste into a chat or a wiki: a heading that links to the week's
 * page, the headline numbers, a table of the categories with their change against the previous
 * week, the top sessions as links, the subTags and the blocked flows. Every fixed word comes from
 * the labels table; every text from a log goes through `markdownText`, so it stays text.
 */
export function weeklyReportMarkdown(report: WeeklyReport, locale: Locale, links: ReportLinks): string {
  const t = (key: LabelKey): string => label(locale, key);
  const zone = markdownText(report.timeZone);
  const lines: string[] = [
    `# ${markdownLink(`${t("rpWeeklyReport")} ${report.week}`, links.report(report.week))}`,
    "",
    `- ${t("rpPeriod")}: ${period(report)} (${zone})`,
    `- ${t("sessions")}: ${report.sessions} (${t("rpChangeFromPrevious")} ${signedChange(report.change)}; ${t("rpPreviousWeek")} ${report.previousWeek}: ${report.previousSessions})`,
    `- ${t("rpBlockedFlows")}: ${report.blockedFlows.length}`,
    `- ${t("rpFallbackShare")}: ${percent(report.fallbackRatio)}`,
    `- ${t("generatedAt")}: ${formatTime(Date.parse(report.generatedAt), report.timeZone)} (${zone})`,
    "",
    `## ${t("categories")}`,
    "",
    row([t("category"), t("sessions"), t("rpChangeFromPrevious")]),
    row(["---", "---:", "---:"]),
    ...report.categories.map((c) =>
      row([markdownLabel(categoryName(locale, c.category)), String(c.sessions), signedChange(c.change)]),
    ),
    row([`**${t("rpTotal")}**`, `**${report.sessions}**`, `**${signedChange(report.change)}**`]),
    "",
    `## ${t("rpTopSessions")}`,
    "",
    `${t("rpTopSessionsRule")}.`,
  ];
  for (const c of report.categories) {
    if (c.topSessions.length === 0) continue;
    lines.push("", `### ${markdownLabel(categoryName(locale, c.category))}`, "");
    for (const s of c.topSessions)
      lines.push(
        `- ${markdownLink(sessionTitleText(locale, s.title), links.session(s.segment))} — ${valueName(locale, s.status)} · ${s.eventCount} ${t("eventsCount")} · ${markdownText(s.id)}`,
      );
  }
  lines.push("", `## ${t("rpSubTags")}`, "");
  if (report.subTags.length === 0) lines.push("—");
  else
    lines.push(
      row([t("subTag"), t("sessions")]),
      row(["---", "---:"]),
      ...report.subTags.map((s) => row([markdownText(s.subTag), String(s.sessions)])),
    );
  if (report.subTagsTotal > report.subTags.length)
    lines.push("", `${report.subTags.length} / ${report.subTagsTotal}${t("shown")}`);
  lines.push("", `## ${t("rpBlockedFlows")}`, "");
  if (report.blockedFlows.length === 0) lines.push(t("rpNoBlockedFlows"));
  else
    lines.push(
      row([t("time"), t("rpReason"), t("from"), t("to"), t("session")]),
      row(["---", "---", "---", "---", "---"]),
      ...report.blockedFlows.map((f) =>
        row([
          formatTime(f.ts, report.timeZone),
          markdownLabel(reasonName(locale, f.reason)),
          f.fromAgent === null ? "—" : markdownText(f.fromAgent),
          f.toAgent === null ? "—" : markdownText(f.toAgent),
          flowSession(f, links),
        ]),
      ),
    );
  return `${lines.join("\n")}\n`;
}
