import { z } from "zod";
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
  /** Each wait, in order of the sends. */
  waits: z.array(ListedWait),
});
export type ListedContention = z.infer<typeof ListedContention>;

/** What every postmortem page reads: the flows, their counts and the queue contention. */
export const PostmortemIndex = z.object({
  /** Every blocked flow, newest first. */
  flows: z.array(ListedFlow),
  /** Counts by reason, pair and week. */
  counts: PostmortemCounts,
  /** Sends to one agent whose waits overlapped, oldest first. */
  queueContention: z.array(ListedContention),
});
export type PostmortemIndex = z.infer<typeof PostmortemIndex>;

/** The index of the postmortems of some flows (in the Report's order) and contentions. */
export function postmortemIndex(
  flows: readonly BlockedFlow[],
  contention: readonly QueueContention[],
  lookups: SiteLookups,
  timeZone: string,
): PostmortemIndex {
  const segmentOfConversation = new Map(
    flows.flatMap((f) => (f.conversationId === undefined ? [] : [[f.conversationId, pathSegment(f.flowId)]])),
  );
  return {
    flows: flows
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
      .reverse(),
    counts: postmortemCounts(flows, timeZone),
    queueContention: contention.map((c) => ({
      toAgent: c.toAgent,
      startMs: c.startMs,
      endMs: c.endMs,
      waits: c.waits.map((w) => ({ ...w, segment: segmentOfConversation.get(w.conversationId) ?? null })),
    })),
  };
}
