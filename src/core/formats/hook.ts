import * as z from "zod";
import { extractFacts } from "../event-facts.ts";
import { hash64 } from "../hash.ts";
import { readTime, toIso } from "../time.ts";
import { readCaptureTime } from "./claude-time.ts";
import { SPAWNING_TOOLS } from "./claude-transcript-rules.ts";
import { isRecord, textOf } from "./fields.ts";
import { hookCcKind, mapHookType, type HookPayload } from "./hook-rules.ts";
import { intern, internOrNull } from "./intern.ts";
import { lineId } from "./line-id.ts";
import { LoadedEvent } from "./loaded-event.ts";
import { rejected, type LineRef, type Normalized } from "./normalized.ts";
import { summarizeIssues } from "./openclaw.ts";

/** A raw Claude Code hook payload: only the fields every payload has are checked. */
const HookPayloadSchema = z.looseObject({
  /** Which hook fired, e.g. `PreToolUse`. */
  hook_event_name: z.string().min(1),
  /** The Claude Code session. */
  session_id: z.string().optional(),
  /** Present inside a subagent: that subagent's id. */
  agent_id: z.string().optional(),
  /** Present inside a subagent: its type, e.g. `Explore`. */
  agent_type: z.string().optional(),
});

/**
 * The line `workscope hook` appends: the raw payload, untouched, with the time it arrived and an
 * id, because hooks carry neither (see docs/formats.md#the-workscope-hook-envelope).
 */
export const HookEnvelope = z.object({
  /** Marks the line as written by `workscope hook`. */
  workscope: z.literal("hook"),
  /** The envelope's version. */
  v: z.literal(1),
  /** A fingerprint of the payload and its arrival second, so a hook run twice counts once. */
  id: z.string().min(1),
  /** When the hook ran, ISO-8601 UTC. */
  ts: z.string().min(1),
  /** The payload exactly as Claude Code sent it. */
  payload: z.custom<Record<string, unknown>>(isRecord, "payload should be an object"),
});
export type HookEnvelope = z.infer<typeof HookEnvelope>;

/** True when a parsed line is a hook payload, raw or enveloped. */
export function isHookLine(value: Record<string, unknown>): boolean {
  return value["workscope"] === "hook" || typeof value["hook_event_name"] === "string";
}

/**
 * The envelope for one payload arriving at `receivedMs`. The id is made of the session, the
 * tool, the time bucket (one second) and a hash of the payload, so a hook run twice counts once.
 */
export function envelopeHook(payload: Record<string, unknown>, receivedMs: number): HookEnvelope {
  const json = JSON.stringify(payload);
  const key = [
    payload["session_id"],
    payload["hook_event_name"],
    payload["tool_use_id"],
    Math.floor(receivedMs / 1000),
    hash64(json),
  ];
  return {
    workscope: "hook",
    v: 1,
    id: `hk-${hash64(key.join("\u0000"))}`,
    ts: toIso(receivedMs),
    payload,
  };
}

export function normalizeHook(value: Record<string, unknown>, ref: LineRef): Normalized {
  let payloadValue: unknown = value;
  let id: string | null = null;
  let ts: number | null = null;
  if (value["workscope"] === "hook") {
    const envelope = HookEnvelope.safeParse(value);
    if (!envelope.success) return rejected(`workscope hook line: ${summarizeIssues(envelope.error)}`);
    payloadValue = envelope.data.payload;
    id = envelope.data.id;
    const time = readTime(envelope.data.ts);
    if (time.ms === null) return rejected(`workscope hook line: ts: ${time.reason}`);
    ts = time.ms;
  }
  const parsed = HookPayloadSchema.safeParse(payloadValue);
  if (!parsed.success) return rejected(`Claude Code hook payload: ${summarizeIssues(parsed.error)}`);
  const payload: HookPayload = parsed.data;
  const sessionId = parsed.data.session_id ?? null;
  const agentInstance = parsed.data.agent_id ?? null;
  // Raw captures have no time of their own unless the capturing script added one. One that is
  // no usable time is reported, and the event is left for the analysis to date like an untimed one.
  const problems: string[] = [];
  if (ts === null) {
    const field = PAYLOAD_TIME_FIELDS.find((name) => payload[name] != null);
    const time = field === undefined ? null : readCaptureTime(payload[field]);
    if (time?.ms === null) problems.push(`Claude Code hook payload: ${field}: ${time.reason}`);
    else if (time !== null) {
      ts = time.ms;
      if (time.note !== null) problems.push(`Claude Code hook payload: ${field}: ${time.note}`);
    }
  }
  const subject = hookAgent(payload);
  const type = mapHookType(payload);
  const parties = hookParties(payload, type, subject);
  const taskId = typeof payload["task_id"] === "string" ? payload["task_id"] : null;
  return {
    event: new LoadedEvent(
      // A raw payload has no id of its own and equal payloads are common: see lineId.
      /* id */ id ?? lineId(ref),
      /* ts */ ts ?? Number.NaN,
      // The short texts every line repeats are shared between events (see intern).
      /* type */ intern(type),
      /* source */ "claude_code",
      /* agentId */ intern(subject),
      /* fromAgent */ internOrNull(parties?.from ?? null),
      /* toAgent */ internOrNull(parties?.to ?? null),
      /* workSessionId */ internOrNull(sessionId),
      /* conversationId */ internOrNull(agentInstance),
      /* taskId */ internOrNull(taskId),
      /* raw */ ref.bytes,
      /* invalid */ undefined,
      /* file */ ref.file,
      /* line */ ref.line,
      /* facts */ extractFacts("claude_code", hookFacts(payload, type)),
    ),
    needsTime: ts === null,
    problems,
  };
}

/**
 * The fields of a payload where capture scripts write its time, in the order they are tried:
 * `timestamp` and `ts` by collectors that append lines, `logged_at` by forks of the common
 * one-file-per-event capture.
 */
const PAYLOAD_TIME_FIELDS = ["timestamp", "ts", "logged_at"] as const;

/**
 * The payload with the Claude Code facts added under their own names, for extractFacts: the tool
 * and its call's id, whether it failed, the subagent it comes from or is about, the type a
 * Task/Agent call asks for, and what it shows in a transcript. The words a transcript shows go
 * into `message`: a person's prompt, the answer a Stop or SubagentStop carries, the brief of a
 * Task/Agent call (its description as `label`).
 */
function hookFacts(payload: HookPayload, type: string): Record<string, unknown> {
  const facts: Record<string, unknown> = { ...payload, ccKind: hookCcKind(payload) };
  const event = payload.hook_event_name;
  const tool = textOf(payload["tool_name"]);
  const input = isRecord(payload["tool_input"]) ? payload["tool_input"] : {};
  const response = isRecord(payload["tool_response"]) ? payload["tool_response"] : {};
  const agent = textOf(payload["agent_id"]);
  if (tool !== undefined) facts["toolName"] = tool;
  const toolUseId = textOf(payload["tool_use_id"]);
  if (toolUseId !== undefined) facts["toolUseId"] = toolUseId;
  if (event === "PostToolUse" || event === "PostToolUseFailure") {
    facts["isError"] = type === "tool_failed";
    if (type === "tool_failed" && textOf(payload["error"]) === undefined) {
      const error = textOf(response["error"]) ?? textOf(response["stderr"]);
      if (error !== undefined && error.length > 0) facts["error"] = error;
    }
  }
  if (agent !== undefined) facts["agentInstance"] = agent;
  if (event === "SubagentStart" || event === "SubagentStop") {
    if (agent !== undefined) facts["spawnedAgentId"] = agent;
    const last = textOf(payload["last_assistant_message"]);
    if (last !== undefined) facts["message"] = last;
  } else if (event === "Stop") {
    const last = textOf(payload["last_assistant_message"]);
    if (last !== undefined) facts["message"] = last;
  } else if (event === "UserPromptSubmit") {
    const prompt = textOf(payload["prompt"]);
    if (prompt !== undefined) facts["message"] = prompt;
  }
  const agentType = textOf(payload["agent_type"]);
  if (tool !== undefined && SPAWNING_TOOLS.has(tool)) {
    const subagentType = textOf(input["subagent_type"]);
    if (subagentType !== undefined) facts["subagentType"] = subagentType;
    const prompt = textOf(input["prompt"]);
    if (prompt !== undefined && event === "PreToolUse") facts["message"] = prompt;
    const description = textOf(input["description"]);
    if (description !== undefined && event === "PreToolUse") facts["label"] = description;
    const spawned = textOf(response["agentId"]);
    if (spawned !== undefined && spawned.length > 0) facts["spawnedAgentId"] = spawned;
  } else if (agentType !== undefined) facts["subagentType"] = agentType;
  return facts;
}

/**
 * The two sides of a delegation: a subagent's start and stop are the main agent's hand-off to it,
 * and a Task (or Agent) tool call is the main agent briefing the subagent type it names.
 */
function hookParties(
  payload: HookPayload,
  type: string,
  subject: string,
): { from: string; to: string } | null {
  if (payload.hook_event_name === "SubagentStart" || payload.hook_event_name === "SubagentStop")
    return { from: "main", to: subject };
  if (type === "manager_assign") {
    const input = isRecord(payload["tool_input"]) ? payload["tool_input"] : {};
    const target = input["subagent_type"];
    return { from: subject, to: typeof target === "string" && target.length > 0 ? target : "subagent" };
  }
  return null;
}

/**
 * The agent a payload is about: a teammate as `team/name`, a subagent by its
 * type, and otherwise the session's main agent.
 */
function hookAgent(payload: HookPayload): string {
  const team = payload["team_name"];
  const mate = payload["teammate_name"];
  if (typeof team === "string" && typeof mate === "string") return `${team}/${mate}`;
  const type = payload["agent_type"];
  const id = payload["agent_id"];
  if (typeof type === "string" && type.length > 0) return type;
  if (typeof id === "string" && id.length > 0) return id;
  return "main";
}
