import * as z from "zod";
import type { EventSource } from "./event.ts";
import { isRecord } from "./formats/fields.ts";
import { intern } from "./formats/intern.ts";

/**
 * The fields of a producer's payload that the analysis reads: words to show and to classify, the
 * few values that decide outcomes, statuses and states, and what the producer says about the
 * event's place (its role, its sides' session types, delegation hints, its category). They are
 * taken while ingest parses the line anyway, so that the analysis never parses a line again; the
 * rest of the payload stays in the line (`eventData`).
 *
 * A v1.1 event keeps its type-specific fields in `payload`: those fields, and its run id, are read
 * from there. What a producer says about the event's place is read from the top level of the line
 * (OpenClaw's `data`, a v1.1 event itself, a hook payload), where producers write it.
 */
export const EventFacts = z
  .object({
    /** A message: an a2a send or response, a notification. Untrusted. */
    message: z.string(),
    /** A reply's first 200 characters. */
    replyPreview: z.string(),
    /** A spawn's label. */
    label: z.string(),
    /** An error text. */
    error: z.string(),
    /** A v1.1 summary: words that say what the work is. */
    summary: z.string(),
    /** A Claude Code prompt. */
    prompt: z.string(),
    /** A Claude Code task subject. */
    task_subject: z.string(),
    /** A human query's question. */
    question: z.string(),
    /** A human query's answer. */
    answer: z.string(),
    /** An a2a event's outcome (`blocked`, `no_reply`, `failed`): failure evidence. */
    outcome: z.string(),
    /** The gateway's wait status (`timeout`, `error`, `not_found`): failure evidence. */
    waitStatus: z.string(),
    /** The gateway's wait error text: failure evidence. */
    waitError: z.string(),
    /** True when a complete was refused for the concurrency limit. */
    concurrencyBlocked: z.boolean(),
    /** A spawn result's or task event's status. */
    status: z.string(),
    /** A ping-pong turn. */
    turn: z.number(),
    /** A retry's attempt. */
    attempt: z.number(),
    /** A retry's limit of attempts. */
    maxAttempts: z.number(),
    /** A backoff's, cancellation's or block's reason. */
    reason: z.string(),
    /** A zombie's action. */
    action: z.string(),
    /** A task.started's priority. */
    priority: z.string(),
    /** A task.started's approval flag. */
    requiresApproval: z.boolean(),
    /** A task.started's link to the work session it continues. */
    previousWorkSessionId: z.string(),
    /** A v1.1 event's run. */
    run_id: z.string(),
    /** The role the producer stated (`eventRole`), as written; classification checks it. */
    eventRole: z.string(),
    /** The sender's session type as the producer stated it, as written. */
    fromSessionType: z.string(),
    /** The receiver's session type as the producer stated it, as written. */
    toSessionType: z.string(),
    /** The session key of the requesting side (`agent:<id>:main`, `…:subagent:…`). */
    requesterSessionKey: z.string(),
    /**
     * The session key of the target side; null when the field is there but holds no text, which
     * still tells that the event has a target.
     */
    targetSessionKey: z.string().nullable(),
    /** A delegation hint: the conversation that delegated this one. */
    parentConversationId: z.string(),
    /** A delegation hint: how deep in a delegation chain the event is. */
    depth: z.number(),
    /** A delegation hint: how many hand-offs the event has passed. */
    hop: z.number(),
    /** The Claude Code hook that fired (`SubagentStart`, `PreToolUse`, …). */
    hook_event_name: z.string(),
    /** The category the producer stated (`collabCategory`), as written; classification checks it. */
    collabCategory: z.string(),
    /**
     * What a Claude Code transcript entry or hook payload shows in a transcript (see
     * TranscriptTurnKind): `prompt`, `answer`, `thinking`, `tool`, `compaction`, `title`, or
     * `meta` for entries shown nowhere (snapshots, queue operations, progress).
     */
    ccKind: z.string(),
    /** The tool a Claude Code tool call or result is about (`Bash`, `Task`, `Agent`, …). */
    toolName: z.string(),
    /**
     * The `tool_use` id(s) of a Claude Code tool call, result or hook payload (`tool_use_id`);
     * several, separated by one space, when one transcript line holds several blocks.
     */
    toolUseId: z.string(),
    /** True when a Claude Code tool result says the tool failed (`is_error`, a failure hook). */
    isError: z.boolean(),
    /**
     * The `tool_use` ids, separated by one space, of the failed results of a transcript line (a line
     * may hold several results, and the others succeeded). Absent when none failed, and on hook
     * payloads, which answer one call each.
     */
    failedToolUseIds: z.string(),
    /**
     * The Claude Code subagent the entry or payload comes from: a sidechain entry's `agentId`, a
     * hook payload's `agent_id`.
     */
    agentInstance: z.string(),
    /**
     * The subagent a Task/Agent call's result names (`toolUseResult.agentId`, or the text
     * `agentId: <id>`), or the one a SubagentStart/SubagentStop payload is about.
     */
    spawnedAgentId: z.string(),
    /** The subagent type a Task/Agent call asks for (`tool_input.subagent_type`), or a hook's `agent_type`. */
    subagentType: z.string(),
    /** True for a Claude Code transcript entry of a subagent (`isSidechain`). */
    isSidechain: z.boolean(),
    /** A transcript entry's own id (`uuid`): summaries point at one by `leafUuid`. */
    uuid: z.string(),
    /** A `summary` entry's `leafUuid`: the entry whose session it titles. */
    leafUuid: z.string(),
    /** A title a person or Claude Code gave the session (`summary`, `customTitle`). Untrusted. */
    title: z.string(),
    /** An assistant message's `message.id`: lines that share it are one message, counted once. */
    messageId: z.string(),
    /** The model of an assistant message. */
    model: z.string(),
    /** `usage.input_tokens` of an assistant message. */
    inputTokens: z.number(),
    /** `usage.output_tokens` of an assistant message. */
    outputTokens: z.number(),
    /** `usage.cache_creation_input_tokens` of an assistant message. */
    cacheCreationTokens: z.number(),
    /** `usage.cache_read_input_tokens` of an assistant message. */
    cacheReadTokens: z.number(),
    /** A compaction's `compactMetadata.preTokens`: the context's size before it was compacted. */
    preTokens: z.number(),
  })
  .partial();
export type EventFacts = z.infer<typeof EventFacts>;

/** Events whose payload holds none of the fields share this one. */
export const NO_FACTS: EventFacts = Object.freeze({});

/** How a fact's value is taken: free text as written, a short text shared (see intern), a number, a flag, or a target session key (null when it holds no text). */
type Take = "text" | "shared" | "number" | "flag" | "key";

/**
 * Where a producer writes a fact: in the payload (a v1.1 event's `payload`, else the top of the
 * line), at the top of the line (what it says about the event's place), or under the names our
 * Claude Code formats give the facts they work out.
 */
type Place = "payload" | "top" | "claude";

/**
 * How each fact is read, one row per field of EventFacts in the schema's order (a test holds the
 * two together). Short texts a log repeats (roles, session types, session keys, statuses, ids) are
 * shared like the event's own ids: kept as JSON.parse made them, a copy of `conversation.main` or
 * `main` per event was a quarter of the loaded strings. Free texts (messages, prompts, answers)
 * are kept as they are, as they rarely repeat and would only churn the bounded table.
 */
export const FACT_READERS: ReadonlyArray<{ name: keyof EventFacts & string; place: Place; take: Take }> = [
  { name: "message", place: "payload", take: "text" },
  { name: "replyPreview", place: "payload", take: "text" },
  { name: "label", place: "payload", take: "shared" },
  { name: "error", place: "payload", take: "text" },
  { name: "summary", place: "payload", take: "text" },
  { name: "prompt", place: "payload", take: "text" },
  { name: "task_subject", place: "payload", take: "text" },
  { name: "question", place: "payload", take: "text" },
  { name: "answer", place: "payload", take: "text" },
  { name: "outcome", place: "payload", take: "shared" },
  { name: "waitStatus", place: "payload", take: "shared" },
  { name: "waitError", place: "payload", take: "text" },
  { name: "concurrencyBlocked", place: "payload", take: "flag" },
  { name: "status", place: "payload", take: "shared" },
  { name: "turn", place: "payload", take: "number" },
  { name: "attempt", place: "payload", take: "number" },
  { name: "maxAttempts", place: "payload", take: "number" },
  { name: "reason", place: "payload", take: "shared" },
  { name: "action", place: "payload", take: "shared" },
  { name: "priority", place: "payload", take: "shared" },
  { name: "requiresApproval", place: "payload", take: "flag" },
  { name: "previousWorkSessionId", place: "payload", take: "shared" },
  { name: "run_id", place: "payload", take: "shared" },
  { name: "eventRole", place: "top", take: "shared" },
  { name: "fromSessionType", place: "top", take: "shared" },
  { name: "toSessionType", place: "top", take: "shared" },
  { name: "requesterSessionKey", place: "top", take: "shared" },
  { name: "targetSessionKey", place: "top", take: "key" },
  { name: "parentConversationId", place: "top", take: "shared" },
  { name: "depth", place: "top", take: "number" },
  { name: "hop", place: "top", take: "number" },
  { name: "hook_event_name", place: "top", take: "shared" },
  { name: "collabCategory", place: "top", take: "shared" },
  { name: "ccKind", place: "claude", take: "shared" },
  { name: "toolName", place: "claude", take: "shared" },
  { name: "toolUseId", place: "claude", take: "text" },
  { name: "isError", place: "claude", take: "flag" },
  { name: "failedToolUseIds", place: "claude", take: "text" },
  { name: "agentInstance", place: "claude", take: "shared" },
  { name: "spawnedAgentId", place: "claude", take: "shared" },
  { name: "subagentType", place: "claude", take: "shared" },
  { name: "isSidechain", place: "claude", take: "flag" },
  { name: "uuid", place: "claude", take: "text" },
  { name: "leafUuid", place: "claude", take: "text" },
  { name: "title", place: "claude", take: "text" },
  { name: "messageId", place: "claude", take: "text" },
  { name: "model", place: "claude", take: "shared" },
  { name: "inputTokens", place: "claude", take: "number" },
  { name: "outputTokens", place: "claude", take: "number" },
  { name: "cacheCreationTokens", place: "claude", take: "number" },
  { name: "cacheReadTokens", place: "claude", take: "number" },
  { name: "preTokens", place: "claude", take: "number" },
];

/** Each reader's `take` as a small number, for a switch on an integer. */
const TAKE_CODE: Readonly<Record<Take, number>> = { text: 0, shared: 1, number: 2, flag: 3, key: 4 };
const READER_TAKE = Uint8Array.from(FACT_READERS, (r) => TAKE_CODE[r.take]);
const READER_NAME = FACT_READERS.map((r) => r.name);

/** The readers of the facts found in some places, by field name, with their row numbers. */
function readersIn(places: readonly Place[]): ReadonlyMap<string, number> {
  return new Map(FACT_READERS.flatMap((r, i) => (places.includes(r.place) ? [[r.name, i] as const] : [])));
}
const PAYLOAD_AND_TOP = readersIn(["payload", "top"]);
const EVERY_PLACE = readersIn(["payload", "top", "claude"]);
const PAYLOAD_ONLY = readersIn(["payload"]);
const TOP_ONLY = readersIn(["top"]);

/** The rows found for the event being read, and their values by row; reused, as events are read one at a time. */
const foundRows = new Int32Array(FACT_READERS.length);
const foundValues: unknown[] = FACT_READERS.map(() => undefined);

/**
 * The facts of one event, from its payload as `eventData` gives it. Every event passes through
 * here, so the payload's own keys are walked once and looked up among the readers (a payload has a
 * handful of keys, the schema some fifty: reading each field by name was most of the work), and
 * the facts found are then written in the schema's order, the order the rest of the engine
 * expects them in. Claude Code facts are read only from Claude Code events, where our formats put
 * them; other formats never carry them.
 */
export function extractFacts(source: EventSource, data: Record<string, unknown>): EventFacts {
  let found: number;
  if (source === "v1.1" && isRecord(data["payload"])) {
    // A v1.1 event keeps its type-specific fields and run in `payload`, its place at the top.
    found = collect({ ...data["payload"], run_id: data["run_id"] }, PAYLOAD_ONLY, 0);
    found = collect(data, TOP_ONLY, found);
  } else found = collect(data, source === "claude_code" ? EVERY_PLACE : PAYLOAD_AND_TOP, 0);
  if (found === 0) return NO_FACTS;
  // A few rows, nearly always found in order already: an insertion sort.
  for (let i = 1; i < found; i++) {
    const row = foundRows[i]!;
    let j = i - 1;
    for (; j >= 0 && foundRows[j]! > row; j--) foundRows[j + 1] = foundRows[j]!;
    foundRows[j + 1] = row;
  }
  const facts: Record<string, unknown> = {};
  for (let i = 0; i < found; i++) {
    const row = foundRows[i]!;
    facts[READER_NAME[row]!] = foundValues[row];
  }
  return facts as EventFacts;
}

/** Notes the facts `from` holds among `readers`, after the `found` noted already; gives the new count. */
function collect(from: Record<string, unknown>, readers: ReadonlyMap<string, number>, found: number): number {
  let n = found;
  for (const key in from) {
    const row = readers.get(key);
    if (row === undefined) continue;
    const value = from[key];
    let fact: unknown;
    switch (READER_TAKE[row]) {
      case 0:
        if (typeof value !== "string") continue;
        fact = value;
        break;
      case 1:
        if (typeof value !== "string") continue;
        fact = intern(value);
        break;
      case 2:
        if (typeof value !== "number") continue;
        fact = value;
        break;
      case 3:
        if (typeof value !== "boolean") continue;
        fact = value;
        break;
      default:
        if (value === undefined) continue;
        fact = typeof value === "string" ? intern(value) : null;
    }
    foundValues[row] = fact;
    foundRows[n++] = row;
  }
  return n;
}
