import { z } from "zod";

/** Which of the three formats workscope reads an event came from. */
export const EventSource = z.enum(["openclaw", "v1.1", "claude_code"]);
export type EventSource = z.infer<typeof EventSource>;

/**
 * The one shape every input event is normalized into. The fields at the top level are the ones
 * the analysis joins on; everything the producer wrote is kept, unchanged, in `raw`, the line as
 * read. `eventData()` gives the producer's payload from it.
 *
 * The line is kept as text rather than as the parsed object because one string costs the
 * garbage collector far less than the dozen objects a parsed event is made of, and because text
 * crosses from the parsing workers to the main thread at the cost of a copy (DESIGN.md §6).
 */
export const CanonicalEvent = z.object({
  /** The producer's id where it has one; otherwise `fp-` and a fingerprint of the line. */
  id: z.string(),
  /** When it happened, in epoch milliseconds (UTC). */
  ts: z.number(),
  /** True when the producer wrote no time and `ts` was taken from neighbouring lines. */
  tsEstimated: z.boolean().optional(),
  /** The event type: OpenClaw's (`a2a.send`), v1.1's (`tool_failed`), or a hook's mapped type. */
  type: z.string(),
  /** Which format the event was read from. */
  source: EventSource,
  /** The agent that emitted the event, when known. */
  agentId: z.string().nullable(),
  /** The sending agent of an agent-to-agent event. */
  fromAgent: z.string().nullable(),
  /** The receiving or target agent. */
  toAgent: z.string().nullable(),
  /** The work session the producer attached the event to, when it did. */
  workSessionId: z.string().nullable(),
  /** The agent-to-agent conversation the event belongs to, when known. */
  conversationId: z.string().nullable(),
  /** The task the event is about, when known. */
  taskId: z.string().nullable(),
  /** The line exactly as read (without its line ending or a BOM). */
  raw: z.string(),
  /** Set on `schema_error` events made from v1.1 lines that broke the rules: why. */
  invalid: z.string().optional(),
  /** The file the event was read from (the first copy's, when copies were dropped). */
  file: z.string(),
  /** The 1-based line in that file. */
  line: z.number().int().positive(),
});
export type CanonicalEvent = z.infer<typeof CanonicalEvent>;

/** Orders events by time, then id: the one order every output uses. */
export function compareEvents(a: CanonicalEvent, b: CanonicalEvent): number {
  if (a.ts !== b.ts) return a.ts - b.ts;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Orders copies of one event by where they were read: the first file and line comes first. */
export function compareOrigins(a: CanonicalEvent, b: CanonicalEvent): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line;
}
