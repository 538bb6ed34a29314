import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lineRef } from "../../helpers/line-ref.ts";
import { eventData } from "../../../src/core/event-data.ts";
import type { BaseEvent } from "../../../src/core/event.ts";
import {
  isTranscriptEntry,
  isWellFormed,
  normalizeTranscript,
  TranscriptEntry,
} from "../../../src/core/formats/claude-transcript.ts";
import { contentId } from "../../../src/core/formats/line-id.ts";
import type { Normalized } from "../../../src/core/formats/normalized.ts";

/** A session transcript written from the facts of the format: one entry of each kind. */
const FILE = "projects/-Users-a-proj/6f1c2a90-1b2c-4d5e-8f90-a1b2c3d4e5f6.jsonl";
const SESSION = "6f1c2a90-1b2c-4d5e-8f90-a1b2c3d4e5f6";
const TEXTS = readFileSync(new URL("../../fixtures/claude-transcript/session.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((text) => text.length > 0);

function normalizeAt(index: number): Normalized & { ref: ReturnType<typeof lineRef> } {
  const text = TEXTS[index] ?? "";
  const ref = lineRef(FILE, index + 1, text);
  return { ...normalizeTranscript(JSON.parse(text) as Record<string, unknown>, ref), ref };
}

const RESULTS = TEXTS.map((_text, i) => normalizeAt(i));

/** The event of the entry with this uuid (or, for entries without one, of this type). */
function eventOf(key: string): BaseEvent {
  const found = RESULTS.find(({ ref }) => {
    const value = JSON.parse(ref.text) as Record<string, unknown>;
    return value["uuid"] === key || (value["uuid"] === undefined && value["type"] === key);
  });
  if (found?.event == null) throw new Error(`no event for ${key}`);
  return found.event;
}

const at = (iso: string): number => Date.parse(iso);

describe("normalizeTranscript over a whole session", () => {
  it("makes one event of every entry, with no problem and the line kept as written", () => {
    for (const result of RESULTS) {
      expect(result.problems).toEqual([]);
      expect(result.event).not.toBeNull();
      expect(result.event?.source).toBe("claude_code");
      expect(result.event && eventData(result.event)).toEqual(JSON.parse(result.ref.text));
    }
  });

  it("takes the entry's uuid as the id, its time, its session, and the main chain's agent", () => {
    expect(eventOf("u-prompt-str")).toMatchObject({
      id: "u-prompt-str",
      ts: at("2026-03-01T10:00:00.000Z"),
      workSessionId: SESSION,
      agentId: "main",
      conversationId: null,
      fromAgent: null,
      toAgent: null,
      taskId: null,
      file: FILE,
      line: 2,
    });
  });

  it("reads a person's prompt written as a string and as text blocks", () => {
    expect(eventOf("u-prompt-str")).toMatchObject({
      type: "claude.user_prompt",
      facts: {
        ccKind: "prompt",
        message: "Fix the failing build in CI",
        uuid: "u-prompt-str",
        isSidechain: false,
      },
    });
    expect(eventOf("u-prompt-blocks")).toMatchObject({
      type: "claude.user_prompt",
      facts: { ccKind: "prompt", message: "Also check the README" },
    });
  });

  it("reads a slash command as a prompt and keeps its text", () => {
    const event = eventOf("u-slash");
    expect(event.type).toBe("claude.user_prompt");
    expect(event.facts.message).toContain("<command-name>/review</command-name>");
  });

  it("reads a user entry Claude Code marked isMeta as meta, not a prompt", () => {
    expect(eventOf("u-meta")).toMatchObject({ type: "claude.user_meta", facts: { ccKind: "meta" } });
  });

  it("reads the lines of one assistant message by their block, each with the message's id, model and tokens", () => {
    const usage = {
      messageId: "msg_A",
      model: "claude-opus-4-5",
      inputTokens: 100,
      outputTokens: 20,
      cacheCreationTokens: 50,
      cacheReadTokens: 1000,
    };
    expect(eventOf("u-think")).toMatchObject({
      type: "claude.thinking",
      facts: { ccKind: "thinking", message: "The build fails on lint.", ...usage },
    });
    expect(eventOf("u-answer")).toMatchObject({
      type: "claude.assistant_message",
      facts: { ccKind: "answer", message: "I will run the build.", ...usage },
    });
    expect(eventOf("u-bash")).toMatchObject({
      type: "tool_started",
      facts: { ccKind: "tool", toolName: "Bash", toolUseId: "toolu_bash1", ...usage },
    });
  });

  it("reads a failed tool result with its error text", () => {
    expect(eventOf("u-bash-fail")).toMatchObject({
      type: "tool_failed",
      facts: {
        ccKind: "tool",
        toolUseId: "toolu_bash1",
        isError: true,
        error: "Exit code 1\nerror: lint failed",
      },
    });
    expect(eventOf("u-bash-fail").facts).not.toHaveProperty("spawnedAgentId");
  });

  it("reads a line of several tool calls as one call: every id, the first tool, the line's text", () => {
    expect(eventOf("u-multi")).toMatchObject({
      type: "tool_started",
      facts: { toolUseId: "toolu_r1 toolu_r2", toolName: "Read", message: "Reading two files." },
    });
    expect(eventOf("u-multi-ok")).toMatchObject({
      type: "tool_succeeded",
      facts: { toolUseId: "toolu_r1 toolu_r2", isError: false },
    });
    expect(eventOf("u-multi-ok").facts).not.toHaveProperty("error");
  });

  it("names the failed results of a line of several, with their error text alone", () => {
    const text = JSON.stringify({
      type: "user",
      uuid: "u-two-results",
      sessionId: SESSION,
      timestamp: "2026-03-05T10:00:02.000Z",
      isSidechain: false,
      message: {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "toolu_A", content: "ok" },
          { type: "tool_result", tool_use_id: "toolu_B", content: "ENOENT", is_error: true },
        ],
      },
    });
    const { event } = normalizeTranscript(
      JSON.parse(text) as Record<string, unknown>,
      lineRef(FILE, 1, text),
    );
    expect(event).toMatchObject({
      type: "tool_failed",
      facts: { toolUseId: "toolu_A toolu_B", isError: true, failedToolUseIds: "toolu_B", error: "ENOENT" },
    });
    expect(eventOf("u-multi-ok").facts).not.toHaveProperty("failedToolUseIds");
  });

  it("reads a Task call as the main agent briefing the subagent type, and its result naming the agent", () => {
    expect(eventOf("u-task")).toMatchObject({
      type: "manager_assign",
      fromAgent: "main",
      toAgent: "Explore",
      facts: {
        ccKind: "tool",
        toolName: "Task",
        toolUseId: "toolu_task1",
        subagentType: "Explore",
        message: "Find where the lint rules are set",
        label: "Find lint config",
      },
    });
    expect(eventOf("u-task-result")).toMatchObject({
      type: "tool_succeeded",
      facts: { toolUseId: "toolu_task1", spawnedAgentId: "a1b2c3d4" },
    });
  });

  it("reads an Agent call likewise, and the agent from the text of a result without toolUseResult", () => {
    expect(eventOf("u-agent")).toMatchObject({
      type: "manager_assign",
      toAgent: "general-purpose",
      facts: { toolName: "Agent", subagentType: "general-purpose", label: "Fix lint" },
    });
    expect(eventOf("u-agent-result").facts.spawnedAgentId).toBe("e5f6a7b8");
  });

  it("puts a sidechain entry in its subagent's conversation, by the subagent agent", () => {
    expect(eventOf("u-side-prompt")).toMatchObject({
      agentId: "subagent",
      conversationId: "a1b2c3d4",
      workSessionId: SESSION,
      type: "claude.user_prompt",
      facts: { isSidechain: true, agentInstance: "a1b2c3d4" },
    });
    expect(eventOf("u-side-answer")).toMatchObject({
      agentId: "subagent",
      facts: { model: "claude-haiku-4-5", outputTokens: 8, agentInstance: "a1b2c3d4" },
    });
  });

  it("reads a local command's output and an interruption as notices", () => {
    expect(eventOf("u-local")).toMatchObject({ type: "claude.command_output", facts: { ccKind: "notice" } });
    expect(eventOf("u-interrupt")).toMatchObject({ type: "claude.interrupted", facts: { ccKind: "notice" } });
  });

  it("marks a compaction with the context's size before it, and keeps other system entries as meta", () => {
    expect(eventOf("u-compact")).toMatchObject({
      type: "claude.compact",
      facts: { ccKind: "compaction", preTokens: 155000, message: "Conversation compacted" },
    });
    expect(eventOf("u-system")).toMatchObject({ type: "claude.system", facts: { ccKind: "meta" } });
    expect(eventOf("u-compact-summary")).toMatchObject({
      type: "claude.compact_summary",
      facts: { ccKind: "meta" },
    });
  });

  it("reads titles: a summary with the entry it titles, and a person's custom title", () => {
    const summary = eventOf("summary");
    expect(summary).toMatchObject({
      type: "claude.summary",
      workSessionId: null,
      facts: { ccKind: "title", title: "Fixing the CI lint failure", leafUuid: "u-answer" },
    });
    expect(eventOf("custom-title")).toMatchObject({
      type: "claude.custom_title",
      workSessionId: SESSION,
      facts: { ccKind: "title", title: "CI lint fix" },
    });
  });

  it("gives entries without a uuid an id of their content, and leaves those without a time for the analysis to date", () => {
    const index = TEXTS.findIndex((text) => text.includes('"type":"file-history-snapshot"'));
    const snapshot = RESULTS[index];
    const text = TEXTS[index] ?? "";
    expect(snapshot?.event).toMatchObject({ type: "claude.file_history_snapshot", workSessionId: null });
    expect(snapshot?.event?.id).toBe(contentId(text, JSON.parse(text)));
    expect(snapshot?.event?.ts).toBeNaN();
    expect(snapshot?.needsTime).toBe(true);
    expect(eventOf("summary").ts).toBeNaN();
  });

  it("keeps queue operations, progress and an entry type of a later release as meta events", () => {
    expect(eventOf("queue-operation")).toMatchObject({
      type: "claude.queue_operation",
      ts: at("2026-03-01T10:02:02.000Z"),
      facts: { ccKind: "meta" },
    });
    expect(eventOf("queue-operation").id).toMatch(/^fp-[0-9a-f]{16}$/);
    expect(eventOf("u-progress")).toMatchObject({ type: "claude.progress", facts: { ccKind: "meta" } });
    expect(eventOf("u-future")).toMatchObject({ type: "claude.worktree_switch", facts: { ccKind: "meta" } });
  });
});

describe("the id of an entry without a uuid", () => {
  const idAt = (line: number, text: string): string | null | undefined =>
    normalizeTranscript(JSON.parse(text) as Record<string, unknown>, lineRef("c.jsonl", line, text)).event
      ?.id;
  const compact = TEXTS.filter((text) => (JSON.parse(text) as Record<string, unknown>)["uuid"] === undefined);

  it("is the same in a pretty-printed chat.json copy, at another line, as in the .jsonl", () => {
    expect(compact.length).toBeGreaterThanOrEqual(3);
    for (const text of compact) {
      const pretty = JSON.stringify(JSON.parse(text), null, 2);
      expect(pretty).not.toBe(text);
      expect(idAt(40, pretty)).toBe(idAt(3, text));
    }
  });

  it("is the same for an equal entry at two lines of one file: a snapshot or title, not a firing", () => {
    const [text = ""] = compact;
    expect(idAt(5, text)).toBe(idAt(9, text));
  });

  it("differs when the content differs, and when the keys are written in another order", () => {
    const title = { type: "custom-title", customTitle: "CI lint fix", sessionId: SESSION };
    const reordered = { sessionId: SESSION, type: "custom-title", customTitle: "CI lint fix" };
    expect(idAt(1, JSON.stringify(title))).not.toBe(
      idAt(1, JSON.stringify({ ...title, customTitle: "Lint" })),
    );
    expect(idAt(1, JSON.stringify(title))).not.toBe(idAt(1, JSON.stringify(reordered)));
  });

  it("is not the uuid-less rule for entries with a uuid: those keep their own", () => {
    expect(eventOf("u-progress").id).toBe("u-progress");
  });
});

describe("normalizeTranscript on bad entries", () => {
  const ref = (text: string) => lineRef("t.jsonl", 7, text);
  const entry = { type: "user", sessionId: "s", uuid: "u", timestamp: "2026-03-01T10:00:00Z" };

  it("rejects an entry whose message content is neither text nor a list of blocks", () => {
    const value = { ...entry, message: { role: "user", content: 42 } };
    const result = normalizeTranscript(value, ref(JSON.stringify(value)));
    expect(result.event).toBeNull();
    expect(result.problems).toHaveLength(1);
    expect(result.problems).toEqual([
      "Claude Code transcript entry: message.content: should be text or a list of content blocks, each an object with a text type",
    ]);
  });

  it("rejects an entry without a type, and a block without one", () => {
    expect(normalizeTranscript({ sessionId: "s", uuid: "u" }, ref("{}")).problems[0]).toMatch(
      /^Claude Code transcript entry: type: /,
    );
    const value = { ...entry, message: { content: [{ text: "hi" }] } };
    expect(normalizeTranscript(value, ref("{}")).problems[0]).toMatch(
      /^Claude Code transcript entry: message\.content: should be text or a list of content blocks/,
    );
  });

  it("keeps an entry whose time is no time, says why, and leaves it to be dated", () => {
    const value = { ...entry, timestamp: "yesterday", message: { content: "hi" } };
    const result = normalizeTranscript(value, ref(JSON.stringify(value)));
    expect(result.event?.ts).toBeNaN();
    expect(result.needsTime).toBe(true);
    expect(result.problems).toEqual([
      'Claude Code transcript entry: timestamp: the time "yesterday" is not an ISO-8601 time of the years 0000–9999',
    ]);
  });

  it("reads a time without a zone as UTC, with a note", () => {
    const value = { ...entry, timestamp: "2026-03-01T10:00:00", message: { content: "hi" } };
    const result = normalizeTranscript(value, ref(JSON.stringify(value)));
    expect(result.event?.ts).toBe(Date.parse("2026-03-01T10:00:00Z"));
    expect(result.problems[0]).toMatch(/names no zone: it was read as UTC$/);
  });

  it("takes a usage counter that is no count as absent, without failing the entry", () => {
    const value = {
      ...entry,
      type: "assistant",
      message: {
        id: "m",
        content: [{ type: "text", text: "ok" }],
        usage: { input_tokens: "3", output_tokens: 2 },
      },
    };
    const { event } = normalizeTranscript(value, ref(JSON.stringify(value)));
    expect(event?.facts).toMatchObject({ outputTokens: 2 });
    expect(event?.facts).not.toHaveProperty("inputTokens");
  });

  it("names no subagent side on an ordinary tool call or a sidechain entry without an agentId", () => {
    const value = { ...entry, type: "user", isSidechain: true, message: { content: "go" } };
    const { event } = normalizeTranscript(value, ref(JSON.stringify(value)));
    expect(event).toMatchObject({ agentId: "subagent", conversationId: null });
    expect(event?.facts).not.toHaveProperty("agentInstance");
  });

  it("calls a Task call without a subagent type a briefing of `subagent`", () => {
    const value = {
      ...entry,
      type: "assistant",
      message: { content: [{ type: "tool_use", id: "t1", name: "Task", input: { prompt: "p" } }] },
    };
    const { event } = normalizeTranscript(value, ref(JSON.stringify(value)));
    expect(event).toMatchObject({ type: "manager_assign", fromAgent: "main", toAgent: "subagent" });
    expect(event?.facts).not.toHaveProperty("subagentType");
  });
});

describe("isTranscriptEntry", () => {
  it.each([
    ["an entry with sessionId and uuid", { sessionId: "s", uuid: "u", type: "user" }, true],
    ["a summary with leafUuid", { type: "summary", summary: "t", leafUuid: "u" }, true],
    ["a custom title", { type: "custom-title", customTitle: "t" }, true],
    ["a file snapshot without session or time", { type: "file-history-snapshot", messageId: "m" }, true],
    ["a queue operation", { type: "queue-operation", operation: "enqueue" }, true],
    ["a progress entry", { type: "progress", data: {} }, true],
    ["a summary without leafUuid", { type: "summary", summary: "t" }, false],
    ["an OpenClaw event", { type: "a2a.send", agentId: "eden", ts: 1, data: {} }, false],
    ["a v1.1 event", { id: "e", version: "1.1", type: "heartbeat", workspace_id: "w" }, false],
    ["a uuid without a session", { uuid: "u", type: "user" }, false],
  ])("%s: %s", (_name, value, expected) => {
    expect(isTranscriptEntry(value)).toBe(expected);
  });

  it("takes an entry with Claude Code's version for a transcript entry", () => {
    const line = TEXTS.find((text) => text.includes('"uuid":"u-prompt-str"')) ?? "";
    const value = JSON.parse(line) as Record<string, unknown>;
    expect(value["version"]).toBe("2.0.61");
    expect(isTranscriptEntry(value)).toBe(true);
  });
});

describe("isWellFormed", () => {
  const entry = { type: "user", sessionId: "s", uuid: "u" };
  const values: Array<Record<string, unknown>> = [
    ...TEXTS.map((text) => JSON.parse(text) as Record<string, unknown>),
    entry,
    {},
    { ...entry, type: "" },
    { ...entry, type: 3 },
    { ...entry, uuid: 3 },
    { ...entry, sessionId: null },
    { ...entry, agentId: [] },
    { ...entry, subtype: 1 },
    { ...entry, summary: {} },
    { ...entry, leafUuid: 1 },
    { ...entry, customTitle: true },
    { ...entry, version: 2 },
    { ...entry, parentUuid: null },
    { ...entry, parentUuid: 4 },
    { ...entry, isSidechain: "true" },
    { ...entry, isMeta: 1 },
    { ...entry, isCompactSummary: null },
    { ...entry, message: "hi" },
    { ...entry, message: null },
    { ...entry, message: {} },
    { ...entry, message: { role: 1 } },
    { ...entry, message: { id: 1 } },
    { ...entry, message: { model: null } },
    { ...entry, message: { content: 42 } },
    { ...entry, message: { content: null } },
    { ...entry, message: { content: [] } },
    { ...entry, message: { content: ["text"] } },
    { ...entry, message: { content: [{ type: 1 }] } },
    { ...entry, message: { content: [{ type: "image", source: {} }] } },
    { ...entry, message: { content: "x", usage: "lots" } },
    { ...entry, toolUseResult: "Error", compactMetadata: 3, timestamp: 5 },
  ];

  it.each(values)("gives the schema's answer for %j", (value) => {
    expect(isWellFormed(value)).toBe(TranscriptEntry.safeParse(value).success);
  });
});
