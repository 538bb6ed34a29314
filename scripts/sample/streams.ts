import { envelopeHook } from "../../src/core/formats/hook.ts";
import type { Rng } from "./rng.ts";
import { HUMAN_QUESTIONS } from "./texts.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * A v1.1 stream (docs/formats.md#normalized-events) of an orchestrator and its workers: assignments,
 * tool runs and the human-query lifecycle (docs/formats.md#human-questions). It holds one invalid
 * event (a tool_failed without exit_code) and one repeated id, as real streams do.
 */
export function v11Stream(rng: Rng, starts: readonly number[]): string[] {
  const lines: string[] = [];
  let n = 0;
  const event = (
    ts: number,
    type: string,
    agent: string,
    fields: Record<string, unknown>,
    payload: Record<string, unknown>,
  ): Record<string, unknown> => {
    const e = {
      id: `evt_${new Date(ts).toISOString().slice(0, 10).replaceAll("-", "")}_${String(++n).padStart(6, "0")}`,
      version: "1.1",
      ts: new Date(ts).toISOString(),
      type,
      source: "synthetic",
      workspace_id: "repo_agent-office-dashboard",
      terminal_session_id: "term_a1b2c3",
      run_id: `run_${Math.floor(ts / 86_400_000)}`,
      session_id: "sess_office",
      agent_id: agent,
      target_agent_id: null,
      task_id: null,
      severity: "info",
      locale: "ko-KR",
      ...fields,
      payload,
      raw: { provider: "dashboard" },
    };
    lines.push(JSON.stringify(e));
    return e;
  };
  starts.forEach((start, i) => {
    const task = `task_${100 + i}`;
    const worker = `worker_${(i % 3) + 1}`;
    const q = HUMAN_QUESTIONS[i % HUMAN_QUESTIONS.length] ?? HUMAN_QUESTIONS[0];
    let t = start;
    event(t, "task_created", "orchestrator", { task_id: task }, { summary: "Fix flaky login test" });
    event(
      (t += 5 * SECOND),
      "manager_assign",
      "orchestrator",
      { target_agent_id: worker, task_id: task },
      { summary: "Fix flaky login test" },
    );
    event(
      (t += 10 * SECOND),
      "agent_acknowledged",
      worker,
      { target_agent_id: "orchestrator", task_id: task },
      {},
    );
    event((t += 2 * SECOND), "task_started", worker, { task_id: task }, {});
    event(
      (t += 30 * SECOND),
      "tool_started",
      worker,
      { task_id: task },
      { tool_name: "bash", command: "npm test" },
    );
    event(
      (t += 40 * SECOND),
      "tool_succeeded",
      worker,
      { task_id: task },
      { tool_name: "bash", exit_code: 0 },
    );
    if (q !== undefined && rng.chance(0.8)) {
      event(
        (t += MINUTE),
        "human_query_requested",
        "orchestrator",
        { task_id: task },
        { question: q.question, from_agent: worker },
      );
      event((t += 1000), "agent_blocked", worker, { task_id: task }, { reason: "input" });
      if (i !== starts.length - 1) {
        // The last question stays open, so the report has a pending question to show.
        event(
          (t += rng.int(5, 90) * MINUTE),
          "human_query_answered",
          "orchestrator",
          { task_id: task },
          { answer: q.answer },
        );
        event((t += 3 * SECOND), "task_resumed_after_human_query", worker, { task_id: task }, {});
        event((t += 1000), "agent_unblocked", worker, { task_id: task }, {});
      }
    }
    if (i === 1) {
      // Invalid: tool_failed requires payload.exit_code (docs/formats.md#validation-rules).
      event(
        (t += MINUTE),
        "tool_failed",
        worker,
        { task_id: task },
        { tool_name: "bash", error_message: "command failed" },
      );
    }
    const done = event(
      t + 5 * MINUTE,
      "task_completed",
      worker,
      { task_id: task },
      { summary: "flaky test fixed" },
    );
    if (i === 0) lines.push(JSON.stringify(done));
  });
  return lines;
}

/**
 * Claude Code hook payloads as `workscope hook` writes them: a main session that briefs two
 * subagents, one of which never stops: a subagent that died or hung, a real failure pattern
 * (docs/formats.md#payload-fields).
 */
export function hookStream(rng: Rng, start: number): string[] {
  const session = rng.uuid();
  const base = {
    session_id: session,
    transcript_path: `/home/dev/.claude/projects/-home-dev-app/${session}.jsonl`,
    cwd: "/home/dev/app",
    permission_mode: "default",
  };
  const lines: string[] = [];
  let t = start;
  const hook = (dt: number, payload: Record<string, unknown>): void => {
    t += dt;
    lines.push(JSON.stringify(envelopeHook({ ...base, ...payload }, t)));
  };
  const explore = rng.hex(16);
  const impl = rng.hex(16);
  hook(0, { hook_event_name: "SessionStart", source: "startup", model: "claude-sonnet" });
  hook(20 * SECOND, {
    hook_event_name: "UserPromptSubmit",
    prompt: "로그인 버그 고쳐줘. 먼저 구조를 파악하고 수정해.",
  });
  hook(5 * SECOND, {
    hook_event_name: "PreToolUse",
    tool_name: "Task",
    tool_use_id: "toolu_01",
    tool_input: { description: "Explore auth code", prompt: "Find the login flow", subagent_type: "Explore" },
  });
  hook(1 * SECOND, { hook_event_name: "SubagentStart", agent_id: explore, agent_type: "Explore" });
  hook(4 * SECOND, {
    hook_event_name: "PreToolUse",
    agent_id: explore,
    agent_type: "Explore",
    tool_name: "Grep",
    tool_use_id: "toolu_02",
    tool_input: { pattern: "login" },
  });
  hook(1 * SECOND, {
    hook_event_name: "PostToolUse",
    agent_id: explore,
    agent_type: "Explore",
    tool_name: "Grep",
    tool_use_id: "toolu_02",
    tool_input: { pattern: "login" },
    tool_response: { matches: 12 },
  });
  hook(40 * SECOND, {
    hook_event_name: "SubagentStop",
    agent_id: explore,
    agent_type: "Explore",
    agent_transcript_path: `/home/dev/.claude/projects/-home-dev-app/${explore}.jsonl`,
    last_assistant_message: "The login flow is in src/auth/login.ts.",
  });
  hook(3 * SECOND, {
    hook_event_name: "PreToolUse",
    tool_name: "Task",
    tool_use_id: "toolu_03",
    tool_input: { description: "Fix login", prompt: "Fix the null check", subagent_type: "general-purpose" },
  });
  hook(1 * SECOND, { hook_event_name: "SubagentStart", agent_id: impl, agent_type: "general-purpose" });
  hook(10 * SECOND, {
    hook_event_name: "PreToolUse",
    agent_id: impl,
    agent_type: "general-purpose",
    tool_name: "Bash",
    tool_use_id: "toolu_04",
    tool_input: { command: "npm test" },
  });
  hook(30 * SECOND, {
    hook_event_name: "PostToolUseFailure",
    agent_id: impl,
    agent_type: "general-purpose",
    tool_name: "Bash",
    tool_use_id: "toolu_04",
    tool_input: { command: "npm test" },
    error: "Command exited with code 1",
    is_interrupt: false,
  });
  hook(2 * SECOND, {
    hook_event_name: "Notification",
    message: "Claude needs your permission to use Bash",
    notification_type: "permission_prompt",
  });
  hook(90 * SECOND, {
    hook_event_name: "Stop",
    stop_hook_active: false,
    last_assistant_message: "테스트가 아직 실패합니다. 확인이 필요합니다.",
  });
  hook(10 * MINUTE, { hook_event_name: "SessionEnd", reason: "logout" });
  return lines;
}

/**
 * Payloads captured raw, without the envelope: only the first has a time (the capturing script
 * added one), so the others take theirs from it.
 */
export function rawHookCapture(rng: Rng, start: number): string[] {
  const session = rng.uuid();
  const base = { session_id: session, transcript_path: `/tmp/${session}.jsonl`, cwd: "/home/dev/site" };
  return [
    JSON.stringify({
      ...base,
      hook_event_name: "SessionStart",
      source: "resume",
      timestamp: new Date(start).toISOString(),
    }),
    JSON.stringify({
      ...base,
      hook_event_name: "PreToolUse",
      tool_name: "Read",
      tool_use_id: "toolu_r1",
      tool_input: { file_path: "README.md" },
    }),
    JSON.stringify({
      ...base,
      hook_event_name: "PostToolUse",
      tool_name: "Read",
      tool_use_id: "toolu_r1",
      tool_input: { file_path: "README.md" },
      tool_response: { ok: true },
    }),
    JSON.stringify({
      ...base,
      hook_event_name: "TaskCreated",
      task_id: "cc-task-1",
      task_subject: "Update the install docs",
      teammate_name: "writer",
      team_name: "docs",
    }),
  ];
}
