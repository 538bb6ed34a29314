import { absoluteUrl } from "../site/absolute-url.ts";

/**
 * The links a weekly report's Markdown and the feed of the weeks write. The site's URLs
 * (src/site/urls.ts) have this shape already, so a caller hands them over as they are, or made
 * absolute with `absoluteLinks` when the site's full URL is known.
 */
export interface ReportLinks {
  /** The list of the weeks. */
  reports: () => string;
  /** One week's page. */
  report: (week: string) => string;
  /** One week's report as Markdown. */
  reportMarkdown: (week: string) => string;
  /** One week's report as JSON. */
  reportJson: (week: string) => string;
  /** The Atom feed of the weeks. */
  reportFeed: () => string;
  /** A session's page, by its path segment. */
  session: (segment: string) => string;
}

/**
 * The links made absolute against the site's full URL (`https://team.example/reports/`), whose
 * path is the base the site-relative paths already start with; as they are when it is unknown,
 * since a report pasted elsewhere can only be given the paths then.
 */
export function absoluteLinks(links: ReportLinks, siteUrl: string | undefined): ReportLinks {
  if (siteUrl === undefined) return links;
  const at = (path: string): string => absoluteUrl(siteUrl, path);
  return {
    reports: () => at(links.reports()),
    report: (week) => at(links.report(week)),
    reportMarkdown: (week) => at(links.reportMarkdown(week)),
    reportJson: (week) => at(links.reportJson(week)),
    reportFeed: () => at(links.reportFeed()),
    session: (segment) => at(links.session(segment)),
  };
}
