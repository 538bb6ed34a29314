import * as z from "zod";
import { BlockedFlow, QueuedWait, type QueueContention } from "../sessions/blocked-flows.ts";
import { pathSegment } from "../site/path-segment.ts";
import type { SiteLookups } from "../site/site-lookups.ts";
import { PostmortemCounts, postmortemCounts } from "./postmortem-counts.ts";

const { shape } = BlockedFlow;

/** A flow as the list of postmortems shows it. */
export const ListedFlow = z.object({
  /** The postmortem's path segment. */
  segment: z.string(),
  /** The flow's id. */
  flowId: shape.flowId,
  /** Why it was blocked. */
  reason: shape.reason,
  /** When the failure showed, epoch ms. */
  ts: shape.ts,
  /** Who asked. */
  fromAgent: shape.fromAgent,
  /** Who was asked. */
  toAgent: shape.toAgent,
  /** The work session, when the flow belongs to one. */
  workSessionId: z.string().nullable(),
  /** The session's path segment, when the session has a page. */
  sessionSegment: z.string().nullable(),
});
export type ListedFlow = z.infer<typeof ListedFlow>;

/** One wait within a contention, with the postmortem of its conversation's flow when it failed. */
export const ListedWait = QueuedWait.extend({
  /** The path segment of the postmortem of the wait's conversation, when its flow was blocked. */
  segment: z.string().nullable(),
});

/** A queue contention as the list shows it. */
export const ListedContention = z.object({
  /** The agent the sends waited on. */
  toAgent: z.string(),
  /** When the first wait began, epoch ms. */
  startMs: z.number(),
  /** When the last ended, epoch ms. */
  endMs: z.number(),
  /** The first WAITS_LISTED waits, in order of the sends. */
  waits: z.array(ListedWait),
  /** How many waits the contention held in all. */
  waitsTotal: z.number().int().positive(),
});
export type ListedContention = z.infer<typeof ListedContention>;

/**
 * How many flows a page of the list of postmortems shows. Logs of thousands of sessions block
 * thousands of flows, more than one page can usefully hold.
 */
export const FLOWS_PER_PAGE = 100;

/**
 * How many queue contentions the first page lists: the newest. An agent busy all day can make
 * hundreds, and each is a table of its own; the counts above them already say how often flows failed.
 */
export const CONTENTIONS_LISTED = 50;

/** How many waits of one contention are listed: a busy agent's queue can chain hundreds of sends. */
export const WAITS_LISTED = 20;

/** What every postmortem page reads: the flows in pages, their counts and the queue contention. */
export const PostmortemIndex = z.object({
  /**
   * Every blocked flow, newest first, cut into pages of FLOWS_PER_PAGE: page n of the list shows
   * `flowPages[n - 1]`. Empty when no flow was blocked.
   */
  flowPages: z.array(z.array(ListedFlow)),
  /** Counts by reason, pair and week. */
  counts: PostmortemCounts,
  /** The newest CONTENTIONS_LISTED sets of sends to one agent whose waits overlapped, newest first. */
  queueContention: z.array(ListedContention),
  /** How many queue contentions there were in all. */
  queueContentionTotal: z.number().int().nonnegative(),
});
export type PostmortemIndex = z.infer<typeof PostmortemIndex>;

/** The segments of every flow's postmortem, newest first. */
export function flowSegments(index: PostmortemIndex): string[] {
  return index.flowPages.flatMap((page) => page.map((flow) => flow.segment));
}

/** The index of the postmortems of some flows and contentions (both in the Report's order, oldest first). */
export function postmortemIndex(
  flows: readonly BlockedFlow[],
  contention: readonly QueueContention[],
  lookups: SiteLookups,
  timeZone: string,
): PostmortemIndex {
  const segmentOfConversation = new Map(
    flows.flatMap((f) => (f.conversationId === undefined ? [] : [[f.conversationId, pathSegment(f.flowId)]])),
  );
  const listed = flows
    .map((flow) => ({
      segment: pathSegment(flow.flowId),
      flowId: flow.flowId,
      reason: flow.reason,
      ts: flow.ts,
      fromAgent: flow.fromAgent,
      toAgent: flow.toAgent,
      workSessionId: flow.workSessionId ?? null,
      sessionSegment:
        flow.workSessionId === undefined
          ? null
          : (lookups.sessionCards.get(flow.workSessionId)?.segment ?? null),
    }))
    .reverse();
  const flowPages: ListedFlow[][] = [];
  for (let i = 0; i < listed.length; i += FLOWS_PER_PAGE) flowPages.push(listed.slice(i, i + FLOWS_PER_PAGE));
  return {
    flowPages,
    counts: postmortemCounts(flows, timeZone),
    queueContention: contention
      .slice(-CONTENTIONS_LISTED)
      .reverse()
      .map((c) => ({
        toAgent: c.toAgent,
        startMs: c.startMs,
        endMs: c.endMs,
        waits: c.waits
          .slice(0, WAITS_LISTED)
          .map((w) => ({ ...w, segment: segmentOfConversation.get(w.conversationId) ?? null })),
        waitsTotal: c.waits.length,
      })),
    queueContentionTotal: contention.length,
  };
}
