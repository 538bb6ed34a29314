import { pathSegment } from "../site/path-segment.ts";
import type { FamilyBuilder } from "../site/site-family.ts";
import { flowEventsOf } from "./flow-events.ts";
import { postmortemIndex } from "./postmortem-index.ts";
import { postmortemPage } from "./postmortem-page.ts";

/**
 * The postmortems family: the list of blocked flows with their counts and the queue contention,
 * and one page per flow, named by the path segment of its flow id.
 */
export const postmortemsFamily: FamilyBuilder = (analysis, lookups) => {
  const { report } = analysis;
  const events = flowEventsOf(analysis);
  return {
    family: "postmortems",
    index: postmortemIndex(report.blockedFlows, report.queueContention, lookups, report.timeZone),
    // Each page is made when it is read, not before: a build writes the pages one at a time, so
    // that the pages of thousands of flows are never held together. Making one is pure, so a page
    // read twice is the same value twice.
    pages: report.blockedFlows.map((flow) => ({
      segment: pathSegment(flow.flowId),
      get page() {
        return postmortemPage(flow, events.get(flow.flowId), lookups, report.timeZone);
      },
    })),
  };
};
