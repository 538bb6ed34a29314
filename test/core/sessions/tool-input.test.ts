import { describe, expect, it } from "vitest";
import {
  MAX_TOOL_SUMMARY,
  TOOL_SUMMARY_RULES,
  toolCallInputs,
  toolSummary,
} from "../../../src/core/sessions/tool-input.ts";
import type { StoredLine } from "../../../src/core/stored-line.ts";
import { claudeEvent } from "../../helpers/claude-events.ts";

describe("TOOL_SUMMARY_RULES", () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ["Bash", { command: "npm test -- login", description: "Run tests" }, "npm test -- login"],
    ["Read", { file_path: "/app/src/auth.ts" }, "/app/src/auth.ts"],
    ["NotebookEdit", { notebook_path: "/app/a.ipynb", new_source: "x" }, "/app/a.ipynb"],
    ["Grep", { pattern: "login\\(", path: "src" }, "login\\("],
    ["WebFetch", { url: "https://example.com/a", prompt: "summarize" }, "https://example.com/a"],
    ["WebSearch", { query: "vitest projects" }, "vitest projects"],
    [
      "Task",
      { description: "Find callers", prompt: "List every caller", subagent_type: "Explore" },
      "Find callers",
    ],
    ["mcp__github__create_issue", { title: "x", path: "docs/a.md" }, "docs/a.md"],
  ];
  it("has a case here for every row", () => {
    const covered = TOOL_SUMMARY_RULES.map((rule) =>
      cases.some(
        ([name]) => rule.tools.includes(name) || (rule.tools.length === 0 && name.startsWith("mcp")),
      ),
    );
    expect(covered.every(Boolean)).toBe(true);
  });
  it.each(cases)("%s shows its input's telling field", (name, input, shown) => {
    expect(toolSummary(name, input)).toBe(shown);
  });
});

describe("toolSummary", () => {
  it("keeps one line, clipped, and is empty when no field says anything", () => {
    const long = toolSummary("Bash", { command: `echo ${"x".repeat(400)}\nls` });
    expect(long).toHaveLength(MAX_TOOL_SUMMARY);
    expect(long.endsWith("…")).toBe(true);
    expect(toolSummary("Bash", { command: "a\n  b" })).toBe("a b");
    expect(toolSummary("TodoWrite", { todos: [] })).toBe("");
  });
});

describe("toolCallInputs", () => {
  it("reads a hook payload's tool and input, by its tool_use_id or by '' without one", () => {
    const hook = claudeEvent({
      session_id: "s",
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "ls" },
      tool_use_id: "toolu_1",
    });
    expect(toolCallInputs(hook)).toEqual(new Map([["toolu_1", { name: "Bash", input: { command: "ls" } }]]));
    const early = claudeEvent({
      session_id: "s",
      hook_event_name: "PreToolUse",
      tool_name: "Read",
      tool_input: {},
    });
    expect([...toolCallInputs(early).keys()]).toEqual([""]);
  });

  it("reads every tool_use block of a transcript entry", () => {
    const entry = claudeEvent({
      type: "assistant",
      sessionId: "s",
      uuid: "u1",
      timestamp: "2026-03-02T09:00:00.000Z",
      message: {
        id: "msg_1",
        role: "assistant",
        model: "claude-sonnet-4-5-20250929",
        content: [
          { type: "tool_use", id: "toolu_a", name: "Read", input: { file_path: "/a" } },
          { type: "tool_use", id: "toolu_b", name: "Grep", input: { pattern: "x" } },
        ],
      },
    });
    expect(toolCallInputs(entry)).toEqual(
      new Map([
        ["toolu_a", { name: "Read", input: { file_path: "/a" } }],
        ["toolu_b", { name: "Grep", input: { pattern: "x" } }],
      ]),
    );
  });

  it("gives no calls for a line that does not parse, and lets a line that cannot be read fail", () => {
    const hook = claudeEvent({ session_id: "s", hook_event_name: "PreToolUse", tool_name: "Bash" });
    expect(toolCallInputs({ ...hook, raw: new TextEncoder().encode("{not json") })).toEqual(new Map());
    const gone: StoredLine = {
      length: 10,
      bytes: () => {
        throw new Error("logs/a.jsonl changed while it was read");
      },
    };
    expect(() => toolCallInputs({ ...hook, raw: gone })).toThrow(/changed while it was read/);
  });
});
