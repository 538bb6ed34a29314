import { absoluteUrl } from "../site/absolute-url.ts";
import { formatDuration, formatTime } from "../site/format.ts";
import {
  evidenceName,
  label,
  nextStepName,
  reasonName,
  sessionTitleText,
  stepName,
  type Locale,
} from "../site/labels.ts";
import type { FlowStep } from "./flow-timeline.ts";
import { cellCode, codeBlock, codeSpan } from "../site/markdown-text.ts";
import type { PostmortemPage } from "./postmortem-page.ts";

/** The links a postmortem's Markdown copy holds, as the site's URLs give them (under its base path). */
export interface PostmortemLinks {
  /**
   * The site's full URL ending with its base path (`https://team.example/reports/`), when the build
   * knows it: the links are then absolute, so the copy works wherever it is pasted. Else they stay
   * relative to the site's root.
   */
  siteUrl: string | null;
  /** The postmortem's own page. */
  postmortem: string;
  /** The flow's work session, when it has a page. */
  session: string | null;
  /** The flow's transcript, when it has a page. */
  transcript: string | null;
}

/** An agent as the copy names it: a code span, `?` when unknown. */
const agent = (name: string | null): string => codeSpan(name ?? "?");

/** One step of the timeline as a list item. */
function stepLine(step: FlowStep, page: PostmortemPage, locale: Locale): string {
  const parts = [
    `${formatTime(step.ts, page.timeZone)} — **${stepName(locale, step.kind)}**`,
    `${agent(step.fromAgent)} → ${agent(step.toAgent)}`,
  ];
  if (step.turn !== undefined) parts.push(`${label(locale, "turn")} ${step.turn}`);
  if (step.attempt !== undefined)
    parts.push(`${step.attempt}${step.maxAttempts === undefined ? "" : ` / ${step.maxAttempts}`}`);
  if (step.waitedMs !== undefined) parts.push(formatDuration(step.waitedMs));
  if (step.answered === false) parts.push(label(locale, "pmUnanswered"));
  if (step.kind === "blocked") parts.push(`${reasonName(locale, page.reason)} (\`${page.reason}\`)`);
  if (step.evidence) parts.push(`_${label(locale, "pmEvidenceStep")}_`);
  if (step.text !== undefined) parts.push(codeSpan(step.text));
  return `- ${parts.join(" · ")}`;
}

/**
 * A flow's postmortem as Markdown: a title, a summary table, the timeline, the rule that judged
 * the flow, what happened next, the evidence lines and links to the pages. Every text from a log
 * (agents, ids, titles, messages, file names) is written inside code spans or a fenced block, so
 * that it cannot add HTML, links or structure to the document.
 */
export function postmortemMarkdown(page: PostmortemPage, locale: Locale, links: PostmortemLinks): string {
  const t = (key: Parameters<typeof label>[1]): string => label(locale, key);
  const time = (ms: number): string => `${formatTime(ms, page.timeZone)} (${page.timeZone})`;
  const reason = `${reasonName(locale, page.reason)} (\`${page.reason}\`)`;
  const sessionCell =
    page.workSessionId === null
      ? t("pmNoSession")
      : `${cellCode(sessionTitleText(locale, page.sessionTitle))} ${cellCode(page.workSessionId)}`;
  const rows: Array<[string, string]> = [
    [t("pmPair"), `${cellCode(page.fromAgent ?? "?")} → ${cellCode(page.toAgent ?? "?")}`],
    [t("pmJudged"), time(page.ts)],
    [t("pmWeek"), page.week],
    [t("session"), sessionCell],
    ...(page.conversationId === null
      ? []
      : [[t("pmConversation"), cellCode(page.conversationId)] as [string, string]]),
    ...(page.waitStatus === undefined
      ? []
      : [[t("pmWaitStatus"), cellCode(page.waitStatus)] as [string, string]]),
    ...(page.waitError === undefined
      ? []
      : [[t("pmWaitError"), cellCode(page.waitError)] as [string, string]]),
    [t("pmFlowId"), cellCode(page.flowId)],
  ];
  const { timeline } = page;
  const rule = timeline.rule;
  const out: string[] = [
    `# ${t("pmTitle")}: ${reasonName(locale, page.reason)} — ${agent(page.fromAgent)} → ${agent(page.toAgent)}`,
    "",
    `| ${t("pmReason")} | ${reason} |`,
    "| --- | --- |",
    ...rows.map(([name, value]) => `| ${name} | ${value} |`),
    "",
  ];
  if (page.reason === "orphaned") out.push(`> ${t("pmOrphaned")}`, "");
  if (page.reason === "subagent_orphaned") out.push(`> ${t("pmSubagentOrphaned")}`, "");
  out.push(`## ${t("timeline")}`, "");
  if (timeline.omittedSteps > 0) out.push(`- … ${timeline.omittedSteps}${t("pmOmitted")}`);
  out.push(...timeline.steps.map((step) => stepLine(step, page, locale)));
  if (timeline.steps.length === 0) out.push(`- ${t("noMessages")}`);
  out.push(
    "",
    `## ${t("pmJudged")}`,
    "",
    `- ${t("time")}: ${time(timeline.judgedMs)}`,
    `- ${t("pmRule")}: ${reasonName(locale, rule.reason)} (\`${rule.reason}\`) — ${evidenceName(locale, rule.evidence)} (\`${rule.evidence}\`)`,
    `- ${rule.row === null ? t("pmThreadRule") : `${t("pmRuleRow")}: ${rule.row}`}`,
    "",
    `## ${t("pmNext")}`,
    "",
  );
  if (timeline.next.length === 0) out.push(t("pmNothingNext"));
  for (const next of timeline.next) {
    const parts = [
      `${formatTime(next.ts, page.timeZone)} — **${nextStepName(locale, next.kind)}**`,
      `${agent(next.fromAgent)} → ${agent(next.toAgent)}`,
    ];
    if (next.taskId !== null) parts.push(`${t("task")} ${codeSpan(next.taskId)}`);
    if (next.text !== undefined) parts.push(codeSpan(next.text));
    out.push(`- ${parts.join(" · ")}`);
  }
  out.push("", `## ${t("pmEvidence")}`, "");
  for (const e of page.evidence)
    out.push(
      `- ${codeSpan(`${e.file}:${e.line}`)} · ${codeSpan(e.type)} · ${formatTime(e.ts, page.timeZone)}`,
    );
  if (page.rawText !== undefined) out.push("", `## ${t("rawOutcome")}`, "", codeBlock(page.rawText));
  out.push("", "---", "");
  out.push(`- [${t("pmTitle")}](${absoluteUrl(links.siteUrl, links.postmortem)})`);
  if (links.session !== null) out.push(`- [${t("session")}](${absoluteUrl(links.siteUrl, links.session)})`);
  if (links.transcript !== null)
    out.push(`- [${t("transcript")}](${absoluteUrl(links.siteUrl, links.transcript)})`);
  return `${out.join("\n")}\n`;
}
