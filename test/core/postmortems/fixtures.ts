// A small log with every kind of postmortem in it, analyzed as `workscope analyze` would: a flow
// whose retries ran out, followed by a blocked task and a re-send; a send never answered
// (orphaned); two sends to one agent whose waits overlap; and a legacy pair's timeout no session
// took. Texts from the log are hostile, to show they stay text.
import { analyze } from "../../../src/core/analyze.ts";
import type { Analysis } from "../../../src/core/analysis.ts";
import type { LoadedInput } from "../../../src/core/input.ts";
import { readEvent } from "../../helpers/events.ts";

export const T0 = Date.parse("2026-02-01T14:50:00Z");
export const NOW = Date.parse("2026-03-09T00:00:00Z");
/** A message no page or Markdown copy may turn into HTML or a link. */
export const HOSTILE =
  "배포 점검 <script>alert(1)</script> [click](javascript:alert(1)) https://evil.example/x | `tick` ~~~";

let line = 0;
const ev = (type: string, agentId: string, at: number, data: Record<string, unknown>) => {
  line += 1;
  return readEvent({ type, agentId, ts: T0 + at, data }, "logs/coordination-events.ndjson", line);
};
const ws = { workSessionId: "ws-1" };

export const EVENTS = [
  // c1: eden asks seum, retries twice, and is blocked for good.
  ev("a2a.send", "eden", 0, {
    ...ws,
    fromAgent: "eden",
    toAgent: "seum",
    conversationId: "c1",
    message: HOSTILE,
  }),
  ev("a2a.retry", "eden", 10_000, {
    ...ws,
    fromAgent: "eden",
    toAgent: "seum",
    conversationId: "c1",
    attempt: 1,
    maxAttempts: 2,
    reason: "overloaded <b>now</b>",
  }),
  ev("a2a.retry", "eden", 20_000, {
    ...ws,
    fromAgent: "eden",
    toAgent: "seum",
    conversationId: "c1",
    attempt: 2,
    maxAttempts: 2,
    reason: "overloaded",
  }),
  ev("a2a.response", "seum", 30_000, {
    ...ws,
    fromAgent: "seum",
    toAgent: "eden",
    conversationId: "c1",
    outcome: "blocked",
    waitStatus: "error",
    waitError: "overloaded_error after 2 attempts",
    message: "[outcome] blocked: 응답을 받지 못했습니다 (overloaded_error after 2 attempts)",
  }),
  // What eden did next: the task is blocked, and eden asks seum again (c2), which works.
  ev("task.blocked", "eden", 40_000, { ...ws, taskId: "task_1", reason: "seum is overloaded" }),
  ev("a2a.send", "eden", 50_000, {
    ...ws,
    fromAgent: "eden",
    toAgent: "seum",
    conversationId: "c2",
    message: "again",
  }),
  // nuri's send to seum waits while c2 is running: the waits overlap.
  ev("a2a.send", "nuri", 55_000, {
    ...ws,
    fromAgent: "nuri",
    toAgent: "seum",
    conversationId: "c4",
    message: "hi",
  }),
  ev("a2a.response", "seum", 60_000, {
    ...ws,
    fromAgent: "seum",
    toAgent: "eden",
    conversationId: "c2",
    turn: 1,
    message: "done",
  }),
  ev("a2a.complete", "eden", 61_000, { ...ws, fromAgent: "eden", toAgent: "seum", conversationId: "c2" }),
  ev("a2a.response", "seum", 90_000, {
    ...ws,
    fromAgent: "seum",
    toAgent: "nuri",
    conversationId: "c4",
    message: "ok",
  }),
  // c3: eden asks miri and hears nothing while the log goes on.
  ev("a2a.send", "eden", 100_000, {
    ...ws,
    fromAgent: "eden",
    toAgent: "miri",
    conversationId: "c3",
    message: "ping",
  }),
  ev("task.updated", "eden", 1_000_000, { ...ws, taskId: "task_1" }),
  // A legacy pair's exchange, without conversation or session, that timed out.
  ev("a2a.send", "nuri", 2_000_000, { fromAgent: "nuri", toAgent: "ieum", message: "legacy ask" }),
  ev("a2a.response", "ieum", 2_300_000, {
    fromAgent: "ieum",
    toAgent: "nuri",
    outcome: "blocked",
    waitStatus: "timeout",
    message: "[outcome] blocked: 응답을 받지 못했습니다 (대기 시간 300초 초과)",
  }),
  ev("task.updated", "eden", 3_000_000, { ...ws, taskId: "task_1" }),
];

/** The analysis of EVENTS, in a zone (UTC unless given). */
export function scenario(timeZone = "UTC"): Analysis {
  const input: LoadedInput = {
    files: [
      {
        path: "logs/coordination-events.ndjson",
        kind: "events",
        bytes: 1,
        lines: EVENTS.length,
        events: EVENTS.length,
        errors: 0,
      },
    ],
    events: EVENTS,
    findings: [],
    taskFiles: [],
    history: [],
    currentTasks: [],
    mainAgents: ["eden", "seum", "miri", "nuri", "ieum"],
    mentionNames: {},
    overrides: {},
  };
  return analyze(input, NOW, timeZone);
}
