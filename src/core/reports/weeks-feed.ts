import { isoTime } from "../site/format.ts";
import { categoryName, label, type LabelKey, type Locale } from "../site/labels.ts";
import { percent, signedChange } from "./report-numbers.ts";
import type { ReportIndex, WeekSummary } from "./report-index.ts";
import type { ReportLinks } from "./report-links.ts";
import { xmlText } from "./xml-text.ts";

/** What the feed needs to know of the site it belongs to. */
export interface FeedSite {
  /** The language of its words. */
  locale: Locale;
  /** The site's links: absolute when its full URL is known, else site-relative paths. */
  links: ReportLinks;
  /** The site's full URL (`https://team.example/reports/`), when `--base` gave one. */
  siteUrl: string | undefined;
}

/**
 * The ids of the feed and its entries when the site's full URL is unknown: `tag:` URIs (RFC 4151),
 * which stay the same from build to build as Atom asks of ids. The authority is the tool's name
 * and the date the year this form was chosen, since the site has no name of its own to offer.
 */
const TAG_PREFIX = "tag:workscope,2026:reports";

/** One week as an entry: the week's page, its headline numbers as the summary. */
function entry(week: WeekSummary, index: ReportIndex, site: FeedSite): string {
  const t = (key: LabelKey): string => label(site.locale, key);
  const url = site.links.report(week.week);
  const id = site.siteUrl === undefined ? `${TAG_PREFIX}/${week.week}` : url;
  // A week that is over no longer changes; the running week changes until the Report's now.
  const updated = Math.min(week.endMs, Date.parse(index.generatedAt));
  const summary = [
    `${t("sessions")} ${week.sessions} (${t("rpChangeFromPrevious")} ${signedChange(week.change)})`,
    `${t("rpTopCategory")} ${categoryName(site.locale, week.topCategory)}`,
    `${t("rpBlockedFlows")} ${week.blockedFlows}`,
    `${t("rpFallbackShare")} ${percent(week.fallbackRatio)}`,
  ].join(" · ");
  return [
    "  <entry>",
    `    <id>${xmlText(id)}</id>`,
    `    <title>${xmlText(`${t("rpWeeklyReport")} ${week.week}`)}</title>`,
    `    <updated>${isoTime(updated)}</updated>`,
    `    <link rel="alternate" type="text/html" href="${xmlText(url)}"/>`,
    `    <summary type="text">${xmlText(summary)}</summary>`,
    "  </entry>",
  ].join("\n");
}

/**
 * The weeks as an Atom feed (RFC 4287), newest first, one entry per week linking to its page. Its
 * `updated` is the Report's now. Links are absolute when the site's full URL is known and
 * site-relative paths otherwise, which Atom allows (readers resolve them against the feed's URL).
 */
export function weeksFeed(index: ReportIndex, site: FeedSite): string {
  const { links } = site;
  const id = site.siteUrl === undefined ? TAG_PREFIX : links.reportFeed();
  const weeks = [...index.weeks].sort((a, b) => (a.week < b.week ? 1 : a.week > b.week ? -1 : 0));
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${site.locale}">`,
    `  <id>${xmlText(id)}</id>`,
    `  <title>${xmlText(`workscope — ${label(site.locale, "reports")}`)}</title>`,
    `  <updated>${isoTime(Date.parse(index.generatedAt))}</updated>`,
    "  <author><name>workscope</name></author>",
    "  <generator>workscope</generator>",
    `  <link rel="self" type="application/atom+xml" href="${xmlText(links.reportFeed())}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(links.reports())}"/>`,
    ...weeks.map((week) => entry(week, index, site)),
    "</feed>",
    "",
  ].join("\n");
}
