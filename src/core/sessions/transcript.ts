import { z } from "zod";
import { BLOCKED_REASONS, blockedReasonOf } from "./blocked-reasons.ts";

/** One turn of a transcript: a message, a delegation step or an outcome. */
export const TranscriptTurn = z.object({
  /**
   * The id of the event it comes from: pages make the turn's anchor from it, so that a link to
   * one message finds it after any rebuild.
   */
  id: z.string(),
  /** When, epoch ms. */
  ts: z.number(),
  /** The event type it comes from. */
  type: z.string(),
  /** Who spoke. */
  from: z.string().nullable(),
  /** To whom. */
  to: z.string().nullable(),
  /** The ping-pong turn number, for turns of a ping-pong exchange. */
  turn: z.number().int().optional(),
  /** The message as markdown source: directive lines removed, Discord mentions as `@name`. Untrusted. */
  text: z.string(),
  /** For a failure: the reason, shown as a badge; the raw text is in `rawText`. */
  outcome: z.enum(BLOCKED_REASONS).optional(),
  /** The raw failure text (`[outcome] blocked: …`), for the collapsed detail. */
  rawText: z.string().optional(),
});
export type TranscriptTurn = z.infer<typeof TranscriptTurn>;

/** Discord user ids to names, where the config says; others show as `@user`. */
export type MentionNames = ReadonlyMap<string, string>;

/**
 * A message as a person should read it: `[[reply_to_current]]`-style directive lines dropped and
 * Discord mentions (`<@123…>`) shown as names. It stays markdown source; pages render it safely.
 */
export function cleanMessage(text: string, names: MentionNames): string {
  return text
    .split("\n")
    .map((line) => line.replace(/^\s*(\[\[[^\]]*\]\]\s*)+/, ""))
    .filter((line, i, all) => !(line.trim() === "" && i === 0 && all.length > 1))
    .join("\n")
    .replace(/<@!?(\d+)>/g, (_m, id: string) => `@${names.get(id) ?? "user"}`)
    .trim();
}

/** A transcript turn from one event's type, agents, time and payload; null for events without words. */
export function transcriptTurn(
  event: {
    id: string;
    type: string;
    ts: number;
    fromAgent: string | null;
    toAgent: string | null;
    agentId: string | null;
  },
  data: Record<string, unknown>,
  names: MentionNames,
): TranscriptTurn | null {
  const reason = blockedReasonOf({ type: event.type, data });
  const message = [data["message"], data["error"], data["replyPreview"], data["label"]].find(
    (v): v is string => typeof v === "string" && v.trim().length > 0,
  );
  const base = {
    id: event.id,
    ts: event.ts,
    type: event.type,
    from: event.fromAgent ?? event.agentId,
    to: event.toAgent,
  };
  const turn = typeof data["turn"] === "number" ? { turn: data["turn"] } : {};
  if (reason !== null)
    return {
      ...base,
      ...turn,
      text: "",
      outcome: reason,
      ...(message === undefined ? {} : { rawText: message }),
    };
  if (message === undefined) return null;
  return { ...base, ...turn, text: cleanMessage(message, names) };
}
