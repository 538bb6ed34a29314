import type { CanonicalEvent } from "../event.ts";
import { toIso } from "../time.ts";

export const BUCKET_MS = 5 * 60 * 1000;

/**
 * How long an agent pair may stay silent before its next line starts another inferred
 * conversation. An OpenClaw exchange waits at most 300 seconds for each reply and runs at most
 * five ping-pong turns, so one conversation has no gap near this long: half an hour of silence
 * is six times the longest wait, and means the pair has started talking about something else.
 */
export const LEGACY_GAP_MS = 30 * 60 * 1000;

/** The prefix of the threads of legacy lines, which name no conversation and are keyed by agent pair. */
const PAIR_PREFIX = "pair:";

/**
 * The thread an event belongs to, before legacy pair threads are split: its conversation; else
 * the pair of agents, sorted, for legacy events without ids; else its type and 5-minute bucket.
 */
export function threadKeyOf(
  event: Pick<CanonicalEvent, "conversationId" | "fromAgent" | "toAgent" | "type" | "ts">,
): string {
  if (event.conversationId !== null) return `conv:${event.conversationId}`;
  const a = event.fromAgent;
  const b = event.toAgent;
  // The pair in sorted order (as Array.prototype.sort orders text), without making an array per event.
  if (a !== null && b !== null) return a <= b ? `${PAIR_PREFIX}${a}_${b}` : `${PAIR_PREFIX}${b}_${a}`;
  return `event:${event.type}:${bucketOf(event.ts)}`;
}

/** The start of the five minutes a time falls in, which keys the thread of an event of neither a conversation nor a pair. */
export function bucketOf(ts: number): number {
  return Math.floor(ts / BUCKET_MS) * BUCKET_MS;
}

/** True for the key of a thread of an agent pair (unsplit, or one inferred part of it). */
export function isPairKey(threadKey: string): boolean {
  return threadKey.startsWith(PAIR_PREFIX);
}

/**
 * The thread of each event (in the events' order), with pair threads split into inferred
 * conversations when `splitPairs` is set: the lines of one pair that follow each other with no
 * silence longer than LEGACY_GAP_MS are one conversation, keyed `pair:<a>_<b>@<ISO time of its
 * first line>`. Every part is keyed by its own start, so adding older logs leaves the keys of
 * the parts they do not touch as they were. The events must be in time order.
 */
export function threadKeysOf(events: readonly CanonicalEvent[], splitPairs: boolean): string[] {
  // Per unsplit pair key: the last time the pair spoke and the key of the part it is in.
  const open = new Map<string, { lastMs: number; key: string }>();
  // One key string per conversation rather than one per event: the events of a conversation then
  // share it, and the threads are grouped by a string whose hash is already known.
  const ofConversation = new Map<string, string>();
  // Likewise one key per sender and receiver: a log's legacy lines, which name no conversation,
  // are most of its lines, and building and hashing a new key for each was most of this work.
  const ofPair = new Map<string, Map<string, string>>();
  return events.map((event) => {
    const conversation = event.conversationId;
    if (conversation !== null) {
      let key = ofConversation.get(conversation);
      if (key === undefined) ofConversation.set(conversation, (key = threadKeyOf(event)));
      return key;
    }
    const { fromAgent, toAgent } = event;
    if (fromAgent === null || toAgent === null) return threadKeyOf(event);
    let ofSender = ofPair.get(fromAgent);
    if (ofSender === undefined) ofPair.set(fromAgent, (ofSender = new Map()));
    let key = ofSender.get(toAgent);
    if (key === undefined) ofSender.set(toAgent, (key = threadKeyOf(event)));
    if (!splitPairs) return key;
    const part = open.get(key);
    if (part !== undefined && event.ts - part.lastMs <= LEGACY_GAP_MS) {
      part.lastMs = event.ts;
      return part.key;
    }
    const started = { lastMs: event.ts, key: `${key}@${toIso(event.ts)}` };
    open.set(key, started);
    return started.key;
  });
}
