import * as z from "zod";
import { pushTo } from "../group.ts";
import { BLOCKED_REASONS } from "../sessions/blocked-reasons.ts";
import { isPairKey, LEGACY_GAP_MS } from "../sessions/thread-key.ts";
import { THREAD_OUTCOMES } from "../sessions/thread-outcome.ts";
import { Thread } from "../sessions/work-session.ts";
import { pathSegment } from "../site/path-segment.ts";
import type { FamilyBuilder } from "../site/site-family.ts";
import { transcriptPageCount } from "../site/transcript-pages.ts";

/** One thread of the lines no work session took, as the lists show it. */
export const LegacyThreadEntry = z.object({
  /** Its path segment: `pathSegment(threadKey)`, as every link to it is made. */
  segment: z.string(),
  /** Its key, as the Report's unattributed events and blocked flows name it. */
  threadKey: z.string(),
  /**
   * True when the log named no conversation and workscope inferred it, from an agent pair's lines
   * and their silences; false for a conversation the log names but no session took.
   */
  inferred: z.boolean(),
  /** The agents it is between, sorted, each once. */
  agents: z.array(z.string()),
  /** Who started it; null when no line of it names a sender. */
  fromAgent: z.string().nullable(),
  /** To whom; null when no line of it names a receiver. */
  toAgent: z.string().nullable(),
  /** Its first line, epoch ms. */
  startMs: z.number(),
  /** Its last line, epoch ms. */
  endMs: z.number(),
  /** Turns of its transcript (lines with words). */
  turns: z.number().int().nonnegative(),
  /** Its lines. */
  eventCount: z.number().int().positive(),
  /** How it ended. */
  outcome: z.enum(THREAD_OUTCOMES),
  /** Why it was blocked, when it was; absent otherwise. */
  blockedReason: z.enum(BLOCKED_REASONS).optional(),
  /** How many transcript pages it takes. */
  pages: z.number().int().positive(),
});
export type LegacyThreadEntry = z.infer<typeof LegacyThreadEntry>;

/** What every page of the family reads: the list of the threads outside work sessions. */
export const LegacyIndex = z.object({
  /** The silence, in minutes, after which an agent pair's next line starts another conversation. */
  gapMinutes: z.number(),
  /** Every thread of lines no session took, in time order. */
  threads: z.array(LegacyThreadEntry),
});
export type LegacyIndex = z.infer<typeof LegacyIndex>;

/** One thread's page: its entry and the thread with its transcript. */
export const LegacyThreadPage = z.object({
  /** The thread as the lists show it. */
  entry: LegacyThreadEntry,
  /** The thread as the Report's threads are, transcript included. */
  thread: Thread,
});
export type LegacyThreadPage = z.infer<typeof LegacyThreadPage>;

/** A thread's entry in the lists. */
export function legacyEntry(thread: Thread): LegacyThreadEntry {
  const agents = [
    ...new Set([thread.fromAgent, thread.toAgent].filter((a): a is string => a !== null)),
  ].sort();
  return {
    segment: pathSegment(thread.threadKey),
    threadKey: thread.threadKey,
    inferred: isPairKey(thread.threadKey),
    agents,
    fromAgent: thread.fromAgent,
    toAgent: thread.toAgent,
    startMs: thread.startMs,
    endMs: thread.lastActivityMs,
    turns: thread.transcript.length,
    eventCount: thread.eventCount,
    outcome: thread.outcome,
    ...(thread.blockedReason === undefined ? {} : { blockedReason: thread.blockedReason }),
    pages: transcriptPageCount(thread.transcript.length),
  };
}

/** The family "legacy": the list of threads outside work sessions, and one page per thread. */
export const legacyFamily: FamilyBuilder = (analysis, lookups) => {
  const threads = analysis.legacyThreads;
  const entries = lookups.legacyEntries;
  const index: LegacyIndex = { gapMinutes: LEGACY_GAP_MS / 60_000, threads: [...entries] };
  return {
    family: "legacy",
    index,
    pages: threads.map((thread, i) => {
      const entry = entries[i] as LegacyThreadEntry;
      const page: LegacyThreadPage = { entry, thread };
      return { segment: entry.segment, page };
    }),
  };
};

/**
 * Each agent's entries, newest first, by agent id: what its page lists. Made in one pass over the
 * threads, so that the agent pages together cost the threads once, not once per agent.
 */
export function legacyEntriesByAgent(
  entries: readonly LegacyThreadEntry[],
): Map<string, LegacyThreadEntry[]> {
  const byAgent = new Map<string, LegacyThreadEntry[]>();
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i] as LegacyThreadEntry;
    for (const agent of entry.agents) pushTo(byAgent, agent, entry);
  }
  return byAgent;
}
