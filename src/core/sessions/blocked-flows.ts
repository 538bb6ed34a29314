import * as z from "zod";
import { eventId, type CanonicalEvent } from "../event.ts";
import { EventRef } from "../event-ref.ts";
import { BLOCKED_REASONS } from "./blocked-reasons.ts";
import { ORPHAN_AFTER_MS } from "./thread-outcome.ts";
import type { ThreadWork } from "./threads.ts";
import { pushTo } from "../group.ts";

/** An event that shows why a flow failed: which event, and where it was read. */
const EvidenceEvent = EventRef.pick({ id: true, type: true, ts: true }).extend({
  /** The file it was read from. */
  file: z.string(),
  /** The 1-based line in that file. */
  line: z.number().int().positive(),
});

/** An agent-to-agent flow that did not end well: a postmortem's subject. */
export const BlockedFlow = z.object({
  /**
   * The flow's id, stable across rebuilds: the id of the event that showed the failure (the last
   * evidence event; for an orphaned flow, the send or spawn nobody answered). Its postmortem page is
   * named after it.
   */
  flowId: z.string(),
  /** The conversation, when the flow has one. */
  conversationId: z.string().optional(),
  /** The work session, when the flow belongs to one. */
  workSessionId: z.string().optional(),
  /** The thread, as sessions list it. */
  threadKey: z.string(),
  /** Who asked. */
  fromAgent: z.string().nullable(),
  /** Who was asked. */
  toAgent: z.string().nullable(),
  /** The one reason. */
  reason: z.enum(BLOCKED_REASONS),
  /** When the failure showed, epoch ms. */
  ts: z.number(),
  /** The wait status the gateway reported, when it did. */
  waitStatus: z.string().optional(),
  /** The wait error the gateway reported, when it did. */
  waitError: z.string().optional(),
  /** The raw failure text (`[outcome] blocked: …`), for the detail view. */
  rawText: z.string().optional(),
  /** The events that show the reason. */
  evidence: z.array(EvidenceEvent),
});
export type BlockedFlow = z.infer<typeof BlockedFlow>;

/** Every thread that did not end well, in time order. */
export function blockedFlowsOf(works: readonly ThreadWork[]): BlockedFlow[] {
  const flows: BlockedFlow[] = [];
  for (const { thread, workSessionId, events, end } of works) {
    if (end.reason === null) continue;
    const evidence = end.evidence.map((i) => events[i]).filter((e): e is CanonicalEvent => e !== undefined);
    const last = evidence.at(-1) as CanonicalEvent;
    const facts = last.facts;
    const text = (
      key: "message" | "error" | "replyPreview" | "waitStatus" | "waitError",
    ): string | undefined => (facts[key] === "" ? undefined : facts[key]);
    const rawText = text("message") ?? text("error") ?? text("replyPreview");
    flows.push({
      flowId: eventId(last),
      ...(thread.conversationId === undefined ? {} : { conversationId: thread.conversationId }),
      ...(workSessionId === null ? {} : { workSessionId }),
      threadKey: thread.threadKey,
      fromAgent: thread.fromAgent,
      toAgent: thread.toAgent,
      reason: end.reason,
      ts: end.reason === "orphaned" ? last.ts + ORPHAN_AFTER_MS : last.ts,
      ...(text("waitStatus") === undefined ? {} : { waitStatus: text("waitStatus") as string }),
      ...(text("waitError") === undefined ? {} : { waitError: text("waitError") as string }),
      // An orphaned flow's evidence is the request nobody answered: its words are no failure text.
      ...(rawText === undefined || end.reason === "orphaned" || end.reason === "subagent_orphaned"
        ? {}
        : { rawText }),
      evidence: evidence.map((e) => ({ id: eventId(e), type: e.type, ts: e.ts, file: e.file, line: e.line })),
    });
  }
  // The same thread key can show up in two work sessions, so the flow id settles the last ties.
  const order = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);
  return flows.sort((a, b) => a.ts - b.ts || order(a.threadKey, b.threadKey) || order(a.flowId, b.flowId));
}

/** One send's wait within a queue contention: how long its sender waited for the busy agent. */
export const QueuedWait = z.object({
  /** The send's conversation. */
  conversationId: z.string(),
  /** Who sent it. */
  fromAgent: z.string(),
  /** When it was sent, epoch ms. */
  startMs: z.number(),
  /** When its first response or complete came, or the gateway's wait ran out, epoch ms. */
  endMs: z.number(),
  /** How long it waited: endMs − startMs. */
  waitedMs: z.number(),
});
export type QueuedWait = z.infer<typeof QueuedWait>;

/** Sends to one agent whose waits overlapped: the gateway runs one message per session at a time. */
export const QueueContention = z.object({
  /** The agent the sends waited on. */
  toAgent: z.string(),
  /** When the first of the overlapping waits began, epoch ms. */
  startMs: z.number(),
  /** When the last of them ended, epoch ms. */
  endMs: z.number(),
  /** The conversations whose waits overlapped, in order of their sends. */
  conversationIds: z.array(z.string()),
  /** Who sent them. */
  fromAgents: z.array(z.string()),
  /** Each send's wait, in order of the sends, so a page can say how long each one waited. */
  waits: z.array(QueuedWait),
});
export type QueueContention = z.infer<typeof QueueContention>;

/**
 * Finds sends to the same agent whose waits overlap. A wait runs from a send to the first
 * response or complete of its conversation, or for the gateway's 300 s wait when none came.
 */
export function queueContention(events: readonly CanonicalEvent[]): QueueContention[] {
  return contentionOfWaits(queuedWaitsOf(events));
}

/**
 * One send's wait for its receiver, as queue contention reads it: kept by the incremental
 * analysis, whose later events can only answer the sends no earlier event answered.
 */
export const SendWait = z.object({
  /** The agent the send waited on. */
  toAgent: z.string(),
  /** When it was sent, epoch ms. */
  start: z.number(),
  /** When its first response or complete came, else when the gateway's wait ran out. */
  end: z.number(),
  /** Whether a response or complete ended it. */
  answered: z.boolean(),
  /** Its conversation. */
  conversationId: z.string(),
  /** Who sent it (`?` when the event names no one). */
  from: z.string(),
});
export type SendWait = z.infer<typeof SendWait>;

/** Each send's wait, in timeline order: from the send to its conversation's first answer after it. */
export function queuedWaitsOf(events: readonly CanonicalEvent[]): SendWait[] {
  const answered = new Map<string, number[]>();
  // Indexed loops: each runs once over every event, and a for…of loop that runs once makes an
  // iterator result per element before it is optimized (several times slower on a big log).
  for (let i = 0; i < events.length; i++) {
    const e = events[i] as CanonicalEvent;
    if (e.conversationId !== null && (e.type === "a2a.response" || e.type === "a2a.complete"))
      pushTo(answered, e.conversationId, e.ts);
  }
  const waits: SendWait[] = [];
  for (let i = 0; i < events.length; i++) {
    const e = events[i] as CanonicalEvent;
    if (e.type !== "a2a.send" || e.conversationId === null || e.toAgent === null) continue;
    const reply = firstAtOrAfter(answered.get(e.conversationId), e.ts);
    waits.push({
      toAgent: e.toAgent,
      start: e.ts,
      end: reply ?? e.ts + ORPHAN_AFTER_MS,
      answered: reply !== undefined,
      conversationId: e.conversationId,
      from: e.fromAgent ?? e.agentId ?? "?",
    });
  }
  return waits;
}

/** Queue contention from the sends' waits, given in timeline order. */
export function contentionOfWaits(all: readonly SendWait[]): QueueContention[] {
  const waits = new Map<string, SendWait[]>();
  // Indexed loops, as in queuedWaitsOf: a rerun runs this once over every kept wait.
  for (let i = 0; i < all.length; i++) pushTo(waits, all[i]!.toAgent, all[i]!);
  const episodes: QueueContention[] = [];
  for (const [toAgent, list] of waits) {
    list.sort((a, b) => a.start - b.start);
    // A group of overlapping waits is the list's waits from `first` on; it is made into a list
    // only when they are of more than one conversation (most groups are one wait, or waits of one
    // conversation: no contention).
    let first = 0;
    let groupEnd = -Infinity;
    let mixed = false;
    for (let i = 0; i <= list.length; i++) {
      const wait = list[i];
      if (wait === undefined || wait.start >= groupEnd) {
        if (mixed) episodes.push(episodeOf(toAgent, list.slice(first, i), groupEnd));
        first = i;
        mixed = false;
        if (wait === undefined) break;
      } else if (wait.conversationId !== list[first]!.conversationId) mixed = true;
      groupEnd = Math.max(groupEnd === -Infinity ? wait.end : groupEnd, wait.end);
    }
  }
  return episodes.sort((a, b) => a.startMs - b.startMs || (a.toAgent < b.toAgent ? -1 : 1));
}

/** The episode of a group of overlapping waits of more than one conversation, ending at `endMs`. */
function episodeOf(toAgent: string, group: readonly SendWait[], endMs: number): QueueContention {
  return {
    toAgent,
    startMs: group[0]?.start ?? 0,
    endMs,
    conversationIds: [...new Set(group.map((w) => w.conversationId))],
    fromAgents: [...new Set(group.map((w) => w.from))].sort(),
    waits: group.map((w) => ({
      conversationId: w.conversationId,
      fromAgent: w.from,
      startMs: w.start,
      endMs: w.end,
      waitedMs: w.end - w.start,
    })),
  };
}

/** The first of some times (in time order) at or after `ts`; undefined when none is. */
function firstAtOrAfter(times: readonly number[] | undefined, ts: number): number | undefined {
  if (times !== undefined) for (const t of times) if (t >= ts) return t;
  return undefined;
}
