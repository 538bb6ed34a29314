import { z } from "zod";
import type { Analysis } from "../analysis.ts";
import type { CanonicalEvent } from "../event.ts";
import { BLOCKED_REASONS } from "../sessions/blocked-reasons.ts";
import { looseThreadEvents } from "../sessions/build-sessions.ts";
import { isPairKey, LEGACY_GAP_MS } from "../sessions/thread-key.ts";
import { THREAD_OUTCOMES } from "../sessions/thread-outcome.ts";
import { buildThreads } from "../sessions/threads.ts";
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
  /** Who started it and to whom. */
  fromAgent: z.string().nullable(),
  toAgent: z.string().nullable(),
  /** Its first and last line, epoch ms. */
  startMs: z.number(),
  endMs: z.number(),
  /** Turns of its transcript (lines with words). */
  turns: z.number().int().nonnegative(),
  /** Its lines. */
  eventCount: z.number().int().positive(),
  /** How it ended, and why when not well. */
  outcome: z.enum(THREAD_OUTCOMES),
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

/**
 * The threads of the agent-to-agent lines no work session took, built as the analysis built them
 * (the same events, the same split), from the events that no session's list holds.
 */
export function legacyThreads(analysis: Analysis): Thread[] {
  const inSessions = new Set<CanonicalEvent>();
  for (const list of analysis.sessionEvents.values()) for (const event of list) inSessions.add(event);
  const loose = looseThreadEvents(analysis.events.filter((event) => !inSessions.has(event)));
  const logEndMs = analysis.events.at(-1)?.ts ?? 0;
  return buildThreads(loose, null, logEndMs, analysis.mentionNames).map((work) => work.thread);
}

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
export const legacyFamily: FamilyBuilder = (analysis) => {
  const threads = legacyThreads(analysis);
  const entries = threads.map(legacyEntry);
  const index: LegacyIndex = { gapMinutes: LEGACY_GAP_MS / 60_000, threads: entries };
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
