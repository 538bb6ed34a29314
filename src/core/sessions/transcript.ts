import * as z from "zod";
import { BLOCKED_REASONS, blockedReasonOf, type BlockedReason } from "./blocked-reasons.ts";

/**
 * What a Claude Code turn is: a person's prompt, the agent's answer, its hidden thinking, a tool
 * call (with its result folded in), the point where the context was compacted, or a notice (a
 * hook's notification, a subagent's start or stop).
 */
export const TRANSCRIPT_TURN_KINDS = [
  "prompt",
  "answer",
  "thinking",
  "tool",
  "compaction",
  "notice",
] as const;

/** A Claude Code tool call as one step: its name and outcome, the result folded in. */
export const ToolStep = z.object({
  /** The tool (`Bash`, `Edit`, `Task`, …). */
  name: z.string(),
  /** `ok` when its result came back, `failed` when the result or a hook said it failed, `pending` without a result. */
  outcome: z.enum(["ok", "failed", "pending"]),
  /** The error text of a failed call. Untrusted. */
  error: z.string().optional(),
  /** The `tool_use` id, joining the call to its result and to hook payloads. */
  toolUseId: z.string().optional(),
});
export type ToolStep = z.infer<typeof ToolStep>;

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
  /** What the turn is, for Claude Code turns (absent for agent-to-agent messages). */
  kind: z.enum(TRANSCRIPT_TURN_KINDS).optional(),
  /** For a Claude Code tool call: the tool, how it ended, and the error when it failed. */
  tool: ToolStep.optional(),
  /**
   * For the Task/Agent call that spawned a subagent: the key of the subagent's own thread, so
   * pages nest the subagent under the call.
   */
  subagentThreadKey: z.string().optional(),
  /** True when the turn's time is not known (see BaseEvent.undated). */
  undated: z.literal(true).optional(),
});
export type TranscriptTurn = z.infer<typeof TranscriptTurn>;

/** Discord user ids to names, where the config says; others show as `@user`. */
export type MentionNames = ReadonlyMap<string, string>;

/**
 * A message as a person should read it: `[[reply_to_current]]`-style directive lines dropped and
 * Discord mentions (`<@123…>`) shown as names. It stays markdown source; pages render it safely.
 *
 * Every message of a transcript passes here, and most hold neither a directive nor a mention:
 * those are only trimmed, which hands back the message itself when it has nothing to trim, so a
 * transcript does not hold a second copy of every message. (A leading blank line is dropped by
 * the trim as well, so skipping the line-by-line pass changes nothing.)
 */
export function cleanMessage(text: string, names: MentionNames): string {
  const lines = text.includes("[[")
    ? text
        .split("\n")
        .map((line) => line.replace(/^\s*(\[\[[^\]]*\]\]\s*)+/, ""))
        .filter((line, i, all) => !(line.trim() === "" && i === 0 && all.length > 1))
        .join("\n")
    : text;
  const named = lines.includes("<@")
    ? lines.replace(/<@!?(\d+)>/g, (_m, id: string) => `@${names.get(id) ?? "user"}`)
    : lines;
  return named.trim();
}

/** What a transcript turn shows of its event besides the payload. */
export interface TurnSource {
  type: string;
  ts: number;
  fromAgent: string | null;
  toAgent: string | null;
  agentId: string | null;
}

/** A transcript turn from one event's type, agents, time and payload; null for events without words. */
export function transcriptTurn(
  event: TurnSource & { id: string },
  data: Record<string, unknown>,
  names: MentionNames,
): TranscriptTurn | null {
  return turnOf(event, ownId, data, names, blockedReasonOf({ type: event.type, facts: data }));
}

const ownId = (event: { id: string }): string => event.id;

/** The payload fields a turn's words are taken from, the first with any text winning. */
const MESSAGE_KEYS = ["message", "error", "replyPreview", "label"] as const;

/**
 * The turn of an event whose blocked reason is already known (threads work it out once for both
 * the outcome and the transcript). The id is asked for only when the event makes a turn: most
 * events of a busy log have no words, and making an id costs a string.
 */
export function turnOf<E extends TurnSource>(
  event: E,
  idOf: (event: E) => string,
  data: Readonly<Record<string, unknown>>,
  names: MentionNames,
  reason: BlockedReason | null,
): TranscriptTurn | null {
  let message: string | undefined;
  for (const key of MESSAGE_KEYS) {
    const value = data[key];
    if (typeof value === "string" && value.trim().length > 0) {
      message = value;
      break;
    }
  }
  if (reason === null && message === undefined) return null;
  // Each shape is one literal in the order of TranscriptTurn, which is the order the Report writes:
  // fields added one by one after a literal went to a second block of memory per turn.
  const id = idOf(event);
  const { ts, type } = event;
  const from = event.fromAgent ?? event.agentId;
  const to = event.toAgent;
  const turn = data["turn"];
  if (reason === null) {
    const text = cleanMessage(message as string, names);
    return typeof turn === "number"
      ? { id, ts, type, from, to, turn, text }
      : { id, ts, type, from, to, text };
  }
  if (typeof turn === "number")
    return message === undefined
      ? { id, ts, type, from, to, turn, text: "", outcome: reason }
      : { id, ts, type, from, to, turn, text: "", outcome: reason, rawText: message };
  return message === undefined
    ? { id, ts, type, from, to, text: "", outcome: reason }
    : { id, ts, type, from, to, text: "", outcome: reason, rawText: message };
}
