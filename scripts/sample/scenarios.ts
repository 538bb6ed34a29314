import type { CollabCategory } from "../../src/core/category.ts";
import type { Log } from "./log.ts";
import type { Rng } from "./rng.ts";
import { GOALS, REPLIES, SUBAGENT_RESULTS, SUBAGENT_TASKS } from "./texts.ts";
import { BLOCKED_REASONS, type BlockedReason } from "../../src/core/sessions/blocked-reasons.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * Every reason an agent-to-agent flow can fail (docs/formats.md#failure-texts): the sample makes
 * each an OpenClaw scenario. A subagent that started and never stopped is a reason only Claude Code
 * sessions give; the sample's Claude Code project holds one (`claude-deploy-session.ts`).
 */
export const BLOCKED_KINDS = BLOCKED_REASONS.filter(
  (reason): reason is Exclude<BlockedReason, "subagent_orphaned"> => reason !== "subagent_orphaned",
);
export type BlockedKind = (typeof BLOCKED_KINDS)[number];

/** Who and what a conversation is, and whether it predates conversation and session ids. */
export interface Flow {
  log: Log;
  rng: Rng;
  /** The work session, or null for legacy logs that had none. */
  ws: string | null;
  /** The task the flow serves, if any. */
  taskId?: string | undefined;
  /** True for logs from before mid-February 2026: no ids, no roles, messages cut at 200 chars. */
  legacy: boolean;
}

interface Pair {
  from: string;
  to: string;
}

function common(flow: Flow, pair: Pair, conversationId: string, role: string, toType: "main" | "subagent") {
  if (flow.legacy) return { fromAgent: pair.from, toAgent: pair.to };
  return {
    fromAgent: pair.from,
    toAgent: pair.to,
    conversationId,
    workSessionId: flow.ws ?? undefined,
    taskId: flow.taskId,
    eventRole: role,
    fromSessionType: "main",
    toSessionType: toType,
  };
}

function cut(flow: Flow, text: string): string {
  return flow.legacy && text.length > 200 ? text.slice(0, 200) : text;
}

/**
 * A main-agent conversation (docs/formats.md#agent-to-agent-events): send, an initial reply, up to
 * five ping-pong turns, then complete. Returns the time the flow ended.
 */
export function pingPong(flow: Flow, pair: Pair, category: CollabCategory, start: number): number {
  const { log, rng } = flow;
  const conv = rng.uuid();
  const goal = rng.pick(GOALS[category]);
  const c = common(flow, pair, conv, "conversation.main", "main");
  const message = `[Goal] ${goal}\n\n${rng.pick(REPLIES)}`;
  let t = start;
  log.emit("a2a.send", pair.from, t, {
    ...c,
    targetSessionKey: `agent:${pair.to}:main`,
    message: cut(flow, message),
    runId: rng.uuid(),
  });
  t += rng.int(20, 240) * SECOND;
  const first = rng.pick(REPLIES);
  log.emit("a2a.response", pair.to, t, {
    ...c,
    fromAgent: pair.to,
    toAgent: pair.from,
    message: cut(flow, first),
    replyPreview: first.slice(0, 200),
  });
  const turns = rng.int(0, 5);
  for (let turn = 1; turn <= turns; turn++) {
    t += rng.int(15, 180) * SECOND;
    const speaker = turn % 2 === 1 ? pair.from : pair.to;
    const other = speaker === pair.from ? pair.to : pair.from;
    const text = rng.pick(REPLIES);
    log.emit("a2a.response", speaker, t, {
      ...c,
      fromAgent: speaker,
      toAgent: other,
      message: cut(flow, text),
      replyPreview: text.slice(0, 200),
      turn,
      maxTurns: 5,
    });
  }
  t += rng.int(5, 60) * SECOND;
  log.emit("a2a.complete", pair.from, t, {
    ...c,
    announced: rng.chance(0.6),
    targetSessionKey: `agent:${pair.to}:main`,
    ...(flow.legacy
      ? {}
      : {
          configuredMaxTurns: 5,
          actualTurns: turns,
          earlyTermination: turns < 5,
          terminationReason: turns < 5 ? "reply_skip" : "max_turns",
        }),
  });
  return t;
}

/**
 * A 1→3 fan-out, the shape work sessions exist for: one piece of work spread over three
 * conversations. The main agent spawns three workers; each runs spawn → send → spawn_result →
 * announce response → complete on its own conversation, with the parent's id.
 */
export function fanOut(flow: Flow, main: string, workers: readonly string[], start: number): number {
  const { log, rng } = flow;
  const parent = rng.uuid();
  let end = start;
  workers.forEach((worker, i) => {
    const job = rng.pick(SUBAGENT_TASKS);
    const conv = rng.uuid();
    const key = `agent:${worker}:subagent:${rng.uuid()}`;
    const c = {
      ...common(flow, { from: main, to: worker }, conv, "delegation.subagent", "subagent"),
      parentConversationId: parent,
      depth: 1,
      hop: i + 1,
    };
    let t = start + i * rng.int(1, 5) * SECOND;
    const runId = rng.uuid();
    log.emit("a2a.spawn", main, t, { ...c, targetSessionKey: key, message: job.message, label: job.label });
    log.emit("a2a.send", main, t + 200, { ...c, targetSessionKey: key, message: job.message, runId });
    log.emit("a2a.spawn_result", main, t + 900, {
      ...c,
      status: "accepted",
      runId,
      replyPreview: "accepted",
    });
    t += rng.int(2, 12) * MINUTE;
    const result = rng.pick(SUBAGENT_RESULTS);
    const back = flow.legacy ? {} : { fromSessionType: "subagent", toSessionType: "main" };
    log.emit("a2a.response", worker, t, {
      ...c,
      ...back,
      fromAgent: worker,
      toAgent: main,
      message: result,
      replyPreview: result.slice(0, 200),
    });
    log.emit("a2a.complete", main, t + 2 * SECOND, { ...c, announced: true, targetSessionKey: key });
    end = Math.max(end, t + 2 * SECOND);
  });
  return end;
}

/**
 * Two main agents asking one agent at once (docs/formats.md#queued-sends): the gateway runs one
 * message per session at a time, so the second waits for the first, and the two waits overlap.
 */
export function queuedSends(
  flow: Flow,
  senders: readonly [string, string],
  target: string,
  category: CollabCategory,
  start: number,
): number {
  const { log, rng } = flow;
  let end = start;
  senders.forEach((from, i) => {
    const conv = rng.uuid();
    const c = common(flow, { from, to: target }, conv, "conversation.main", "main");
    const sent = start + i * 5_000;
    log.emit("a2a.send", from, sent, {
      ...c,
      targetSessionKey: `agent:${target}:main`,
      message: `[Goal] ${rng.pick(GOALS[category])}`,
      runId: rng.uuid(),
    });
    const replied = start + (i + 1) * 70_000;
    const reply = rng.pick(REPLIES);
    log.emit("a2a.response", target, replied, {
      ...c,
      fromAgent: target,
      toAgent: from,
      message: reply,
      replyPreview: reply.slice(0, 200),
    });
    log.emit("a2a.complete", from, replied + 3_000, {
      ...c,
      announced: false,
      targetSessionKey: `agent:${target}:main`,
    });
    end = Math.max(end, replied + 3_000);
  });
  return end;
}

const BLOCKED_TEXT = "[outcome] blocked: 응답을 받지 못했습니다";

/** One agent-to-agent flow that does not end well, of the given kind. Returns its end time. */
export function blockedFlow(
  flow: Flow,
  pair: Pair,
  kind: BlockedKind,
  category: CollabCategory,
  start: number,
): number {
  const { log, rng } = flow;
  const conv = rng.uuid();
  const c = common(flow, pair, conv, "conversation.main", "main");
  const runId = rng.uuid();
  const message = `[Goal] ${rng.pick(GOALS[category])}`;
  const send = (t: number): void =>
    log.emit("a2a.send", pair.from, t, { ...c, targetSessionKey: `agent:${pair.to}:main`, message, runId });
  const blocked = (t: number, extra: Record<string, unknown>, reason: string): void => {
    const text = `${BLOCKED_TEXT}${reason}`;
    log.emit("a2a.response", pair.to, t, {
      ...c,
      fromAgent: pair.to,
      toAgent: pair.from,
      message: text,
      replyPreview: text.slice(0, 200),
      outcome: "blocked",
      ...extra,
    });
  };
  let t = start;
  switch (kind) {
    case "timeout":
      send(t);
      blocked((t += 300 * SECOND), { waitStatus: "timeout" }, " (대기 시간 300초 초과)");
      break;
    case "context_overflow":
      send(t);
      blocked(
        (t += 41 * SECOND),
        {
          waitStatus: "error",
          waitError: "LLM request rejected: prompt is too long: 215000 tokens > 200000 maximum",
        },
        " (LLM request rejected: prompt is too long: 215000 tokens > 200000 maximum)",
      );
      break;
    case "run_error":
      send(t);
      blocked((t += 12 * SECOND), { waitStatus: "error" }, " (실행 오류)");
      break;
    case "not_found":
      send(t);
      blocked((t += 3 * SECOND), { waitStatus: "not_found" }, " (실행 상태를 찾을 수 없음)");
      break;
    case "no_reply": {
      send(t);
      const text = "[outcome] no_reply: 응답을 받지 못했습니다";
      log.emit("a2a.response", pair.to, (t += 95 * SECOND), {
        ...c,
        fromAgent: pair.to,
        toAgent: pair.from,
        message: text,
        replyPreview: text,
        outcome: "no_reply",
      });
      break;
    }
    case "concurrency_limit":
      send(t);
      log.emit("a2a.complete", pair.from, (t += 2 * SECOND), {
        ...c,
        announced: false,
        concurrencyBlocked: true,
        targetSessionKey: `agent:${pair.to}:main`,
        message: `동시 처리 한도 초과 (agent: ${pair.to})`,
      });
      break;
    case "spawn_error": {
      const key = `agent:${pair.to}:subagent:${rng.uuid()}`;
      const d = { ...common(flow, pair, conv, "delegation.subagent", "subagent"), depth: 1 };
      log.emit("a2a.spawn", pair.from, t, { ...d, targetSessionKey: key, message, label: "spawn-fails" });
      log.emit("a2a.spawn_result", pair.from, (t += 800), {
        ...d,
        status: "error",
        runId,
        error: "spawn failed: agent worker-deep is not allowed for this session",
      });
      break;
    }
    case "job_failed":
      send(t);
      log.emit("a2a.complete", pair.from, (t += 70 * SECOND), {
        ...c,
        announced: false,
        outcome: "failed",
        error: "announce step failed: Discord API 503",
      });
      break;
    case "retry_exhausted":
      send(t);
      for (let attempt = 1; attempt <= 3; attempt++) {
        t += attempt * 10 * SECOND;
        log.emit("a2a.retry", pair.from, t, {
          ...c,
          runId,
          attempt,
          maxAttempts: 3,
          errorCategory: "transient",
          errorCode: "overloaded_error",
          reason: "Anthropic API overloaded",
          backoffMs: attempt * 10_000,
          elapsedMs: attempt * 12_000,
        });
      }
      blocked(
        (t += 30 * SECOND),
        { waitStatus: "error", waitError: "overloaded_error after 3 attempts" },
        " (overloaded_error after 3 attempts)",
      );
      break;
    case "orphaned":
      // A send, and then nothing in its conversation, as when the gateway stops mid-flow
      // (docs/decisions.md#orphaned-sends).
      send(t);
      break;
  }
  return t;
}
