import * as z from "zod";
import { BlockedFlow } from "../sessions/blocked-flows.ts";
import { pathSegment } from "../site/path-segment.ts";
import type { SiteLookups } from "../site/site-lookups.ts";
import { isoWeek } from "../weeks.ts";
import type { FlowEvents } from "./flow-events.ts";
import { FlowTimeline, flowTimeline } from "./flow-timeline.ts";

const { shape } = BlockedFlow;

/** Where a flow's transcript is: its session's thread page, or the page of a legacy conversation. */
export const TranscriptLink = z.object({
  /** `session` for a thread page of a work session, `legacy` for a conversation of lines no session took. */
  kind: z.enum(["session", "legacy"]),
  /** The session's path segment, for a session's thread. */
  sessionSegment: z.string().nullable(),
  /** The thread's path segment: pathSegment of its key. */
  threadSegment: z.string(),
});
export type TranscriptLink = z.infer<typeof TranscriptLink>;

/** One flow's postmortem page: the flow as the Report has it, where to read more, and its timeline. */
export const PostmortemPage = z.object({
  /** The flow's id. */
  flowId: shape.flowId,
  /** The page's path segment: pathSegment of the flow id. */
  segment: z.string(),
  /** Why it was blocked. */
  reason: shape.reason,
  /** When the failure showed, epoch ms. */
  ts: shape.ts,
  /** The ISO week of that time in the Report's time zone. */
  week: z.string(),
  /** The Report's time zone (an IANA name), which the Markdown copy writes its times in. */
  timeZone: z.string(),
  /** Who asked. */
  fromAgent: shape.fromAgent,
  /** Who was asked. */
  toAgent: shape.toAgent,
  /** The conversation, when the flow has one. */
  conversationId: z.string().nullable(),
  /** The work session, when the flow belongs to one. */
  workSessionId: z.string().nullable(),
  /** The thread's key, as sessions list it. */
  threadKey: shape.threadKey,
  /** The session's path segment, when the session has a page. */
  sessionSegment: z.string().nullable(),
  /** The session's title; null when it has no page or nothing names it. */
  sessionTitle: z.string().nullable(),
  /** Where the flow's transcript can be read, when anywhere. */
  transcript: TranscriptLink.nullable(),
  /** The wait status the gateway reported, when it did. */
  waitStatus: shape.waitStatus,
  /** The wait error the gateway reported, when it did: untrusted. */
  waitError: shape.waitError,
  /** The raw failure text, shown only folded away: untrusted. */
  rawText: shape.rawText,
  /** The events that show the reason, with their files and lines. */
  evidence: shape.evidence,
  /** The flow step by step, the rule that judged it and what followed. */
  timeline: FlowTimeline,
});
export type PostmortemPage = z.infer<typeof PostmortemPage>;

/** Where a flow's transcript is: its session's thread page when the session lists it, else a legacy page. */
function transcriptLink(flow: BlockedFlow, lookups: SiteLookups): TranscriptLink | null {
  const threadSegment = pathSegment(flow.threadKey);
  if (flow.workSessionId === undefined) return { kind: "legacy", sessionSegment: null, threadSegment };
  const card = lookups.sessionCards.get(flow.workSessionId);
  if (card === undefined || !card.threadSegments.includes(threadSegment)) return null;
  return { kind: "session", sessionSegment: card.segment, threadSegment };
}

/** One flow's page model, from its events (none when they could not be found). */
export function postmortemPage(
  flow: BlockedFlow,
  events: FlowEvents | undefined,
  lookups: SiteLookups,
  timeZone: string,
): PostmortemPage {
  const card = flow.workSessionId === undefined ? undefined : lookups.sessionCards.get(flow.workSessionId);
  return {
    flowId: flow.flowId,
    segment: pathSegment(flow.flowId),
    reason: flow.reason,
    ts: flow.ts,
    week: isoWeek(flow.ts, timeZone),
    timeZone,
    fromAgent: flow.fromAgent,
    toAgent: flow.toAgent,
    conversationId: flow.conversationId ?? null,
    workSessionId: flow.workSessionId ?? null,
    threadKey: flow.threadKey,
    sessionSegment: card?.segment ?? null,
    sessionTitle: card?.title ?? null,
    transcript: transcriptLink(flow, lookups),
    ...(flow.waitStatus === undefined ? {} : { waitStatus: flow.waitStatus }),
    ...(flow.waitError === undefined ? {} : { waitError: flow.waitError }),
    ...(flow.rawText === undefined ? {} : { rawText: flow.rawText }),
    evidence: flow.evidence,
    timeline: flowTimeline(flow, events?.thread ?? [], events?.following ?? (() => [])),
  };
}
