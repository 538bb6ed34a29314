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
    pages: report.blockedFlows.map((flow) => {
      const page = postmortemPage(flow, events.get(flow.flowId), lookups, report.timeZone);
      return { segment: page.segment, page };
    }),
  };
};
