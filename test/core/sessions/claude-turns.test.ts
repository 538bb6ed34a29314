import { describe, expect, it } from "vitest";
import type { CanonicalEvent } from "../../../src/core/event.ts";
import { claudeTurns } from "../../../src/core/sessions/claude-turns.ts";
import { lineBytes, type StoredLine } from "../../../src/core/stored-line.ts";
import type { TranscriptTurn } from "../../../src/core/sessions/transcript.ts";
import { claudeEvent } from "../../helpers/claude-events.ts";

const S = "5e55-turns";
const MAIN = `conv:${S}`;
let line = 0;
const time = (second: number): string => new Date(Date.UTC(2026, 2, 2, 9, 0, second)).toISOString();
const hook = (second: number, payload: Record<string, unknown>): CanonicalEvent =>
  claudeEvent(
    { workscope: "hook", v: 1, id: `hk-${++line}`, ts: time(second), payload: { session_id: S, ...payload } },
    line,
    "hooks.ndjson",
  );
const entry = (second: number, fields: Record<string, unknown>): CanonicalEvent =>
  claudeEvent(
    { sessionId: S, uuid: `u${++line}`, timestamp: time(second), isSidechain: false, ...fields },
    line,
  );
const assistant = (second: number, content: unknown[]): CanonicalEvent =>
  entry(second, {
    type: "assistant",
    message: { id: `msg_${second}`, role: "assistant", model: "claude-sonnet-4-5-20250929", content },
  });
const user = (second: number, content: unknown): CanonicalEvent =>
  entry(second, { type: "user", message: { role: "user", content } });
const main = (events: CanonicalEvent[]): TranscriptTurn[] => claudeTurns(events, S).get(MAIN) ?? [];

describe("claudeTurns", () => {
  it("pairs a hook call without a tool_use id with the next result of the same tool", () => {
    const turns = main([
      hook(1, { hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: "/a.ts" } }),
      hook(2, { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } }),
      hook(3, {
        hook_event_name: "PostToolUse",
        tool_name: "Bash",
        tool_input: { command: "ls" },
        tool_response: {},
      }),
      hook(4, {
        hook_event_name: "PostToolUse",
        tool_name: "Read",
        tool_input: { file_path: "/a.ts" },
        tool_response: { success: false, error: "no such file" },
      }),
    ]);
    expect(turns.map((t) => [t.text, t.tool])).toEqual([
      ["/a.ts", { name: "Read", outcome: "failed", error: "no such file" }],
      ["ls", { name: "Bash", outcome: "ok" }],
    ]);
  });

  it("makes one step per tool_use block of a line, each with its own result", () => {
    const turns = main([
      assistant(1, [
        { type: "tool_use", id: "toolu_a", name: "Read", input: { file_path: "/a" } },
        { type: "tool_use", id: "toolu_b", name: "Grep", input: { pattern: "x" } },
      ]),
      user(2, [{ type: "tool_result", tool_use_id: "toolu_b", content: "found" }]),
    ]);
    expect(turns.map((t) => [t.text, t.tool?.name, t.tool?.outcome])).toEqual([
      ["/a", "Read", "pending"],
      ["x", "Grep", "ok"],
    ]);
    expect(new Set(turns.map((t) => t.id)).size).toBe(2);
  });

  it("fails only the steps whose result in a line of several results failed", () => {
    const turns = main([
      assistant(1, [
        { type: "tool_use", id: "toolu_a", name: "Read", input: { file_path: "a" } },
        { type: "tool_use", id: "toolu_b", name: "Read", input: { file_path: "b" } },
      ]),
      user(2, [
        { type: "tool_result", tool_use_id: "toolu_a", content: "ok" },
        { type: "tool_result", tool_use_id: "toolu_b", content: "ENOENT", is_error: true },
      ]),
    ]);
    expect(turns.map((t) => [t.text, t.tool])).toEqual([
      ["a", { name: "Read", outcome: "ok", toolUseId: "toolu_a" }],
      ["b", { name: "Read", outcome: "failed", error: "ENOENT", toolUseId: "toolu_b" }],
    ]);
  });

  it("says the text of a line that also calls tools as an answer before the steps", () => {
    const turns = main([
      assistant(1, [
        { type: "text", text: "I'll read a file." },
        { type: "tool_use", id: "toolu_r", name: "Read", input: { file_path: "/a" } },
      ]),
      assistant(2, [
        { type: "text", text: "Now a subagent looks." },
        {
          type: "tool_use",
          id: "toolu_t",
          name: "Task",
          input: { description: "look", prompt: "Look at /a." },
        },
      ]),
      hook(3, {
        hook_event_name: "Stop",
        stop_hook_active: false,
        last_assistant_message: "Now a subagent looks.",
      }),
    ]);
    expect(turns.map((t) => [t.kind, t.text])).toEqual([
      ["answer", "I'll read a file."],
      ["tool", "/a"],
      ["answer", "Now a subagent looks."],
      ["tool", "look"],
    ]);
    expect(new Set(turns.map((t) => t.id)).size).toBe(4);
  });

  it("shows a result whose call it never saw as a step of its own", () => {
    const turns = main([
      user(1, [{ type: "tool_result", tool_use_id: "toolu_z", content: "boom", is_error: true }]),
    ]);
    expect(turns).toMatchObject([{ kind: "tool", tool: { name: "tool", outcome: "failed", error: "boom" } }]);
  });

  it("marks a hook's compaction only where the transcript marks none", () => {
    const preCompact = hook(1, { hook_event_name: "PreCompact", trigger: "auto" });
    const boundary = entry(2, {
      type: "system",
      subtype: "compact_boundary",
      content: "Conversation compacted",
      compactMetadata: { trigger: "auto", preTokens: 1200 },
    });
    expect(main([preCompact, boundary]).map((t) => [t.kind, t.text])).toEqual([
      ["compaction", "context compacted (1200 tokens)"],
    ]);
    expect(main([preCompact]).map((t) => [t.kind, t.text])).toEqual([["compaction", "context compacted"]]);
  });

  it("folds Stop's last message into the transcript's answer of the same words, and keeps thinking", () => {
    const turns = main([
      assistant(1, [{ type: "thinking", thinking: "Check the tests first.", signature: "s" }]),
      assistant(2, [{ type: "text", text: "All tests pass." }]),
      hook(3, {
        hook_event_name: "Stop",
        stop_hook_active: false,
        last_assistant_message: "All tests pass.",
      }),
    ]);
    expect(turns.map((t) => [t.kind, t.text])).toEqual([
      ["thinking", "Check the tests first."],
      ["answer", "All tests pass."],
    ]);
  });

  it("shows notifications, a local command's output and a subagent's silent stop as notices", () => {
    const all = claudeTurns(
      [
        hook(1, { hook_event_name: "Notification", message: "Claude needs your permission to use Bash" }),
        user(2, "<local-command-stdout>Cleared 3 files</local-command-stdout>"),
        hook(3, {
          hook_event_name: "SubagentStop",
          agent_id: "ag1",
          agent_type: "Explore",
          stop_hook_active: false,
        }),
      ],
      S,
    );
    expect(all.get(MAIN)?.map((t) => [t.kind, t.text])).toEqual([
      ["notice", "Claude needs your permission to use Bash"],
      ["notice", "Cleared 3 files"],
    ]);
    expect(all.get("conv:ag1")?.map((t) => [t.kind, t.text])).toEqual([["notice", "SubagentStop: Explore"]]);
  });

  it("shows a Task call whose result came first as the call, nested, with its brief", () => {
    const input = { subagent_type: "Explore", description: "Find callers", prompt: "List every caller" };
    const result = hook(1, {
      hook_event_name: "PostToolUse",
      tool_name: "Task",
      tool_use_id: "toolu_t",
      tool_input: input,
      tool_response: { status: "completed" },
    });
    // As the link pass leaves it: the call belongs to the subagent it spawned.
    const call = {
      ...hook(2, {
        hook_event_name: "PreToolUse",
        tool_name: "Task",
        tool_use_id: "toolu_t",
        tool_input: input,
      }),
      conversationId: "ag1",
    };
    const all = claudeTurns([result, call], S);
    expect(all.get(MAIN)).toMatchObject([
      {
        type: "manager_assign",
        text: "Find callers",
        tool: { name: "Task", outcome: "ok", toolUseId: "toolu_t" },
        subagentThreadKey: "conv:ag1",
      },
    ]);
    expect(all.get("conv:ag1")?.map((t) => [t.kind, t.text])).toEqual([["prompt", "List every caller"]]);
  });

  it("lets a line that cannot be read again fail, where a line that does not parse gives no text", () => {
    const task = assistant(1, [
      { type: "tool_use", id: "toolu_t", name: "Task", input: { description: "d", prompt: "Find callers" } },
    ]);
    expect(task.type).toBe("manager_assign");
    const text = new TextEncoder().encode("{not json");
    expect(() => claudeTurns([{ ...task, raw: text }], S)).not.toThrow();
    // Its first read fails (the file changed), later ones would not: the failure must not be
    // taken for a line without text.
    let reads = 0;
    const once: StoredLine = {
      length: task.raw.length,
      bytes: () => {
        if (reads++ === 0) throw new Error("logs/s.jsonl changed while it was read");
        return lineBytes(task.raw);
      },
    };
    expect(() => claudeTurns([{ ...task, raw: once }], S)).toThrow(/changed while it was read/);
  });

  it("marks the turns of undated events", () => {
    const undated = { ...user(0, "hello"), undated: true as const };
    expect(main([undated])).toMatchObject([{ kind: "prompt", text: "hello", undated: true }]);
  });
});
