import { describe, expect, it } from "vitest";
import {
  mapTranscriptEntry,
  snakeCase,
  TRANSCRIPT_RULES,
  type TranscriptEntryView,
} from "../../../src/core/formats/claude-transcript-rules.ts";

/** An entry view with nothing in it; each case fills in what its row looks at. */
const view = (fields: Partial<TranscriptEntryView>): TranscriptEntryView => ({
  type: "user",
  subtype: "",
  isMeta: false,
  isCompactSummary: false,
  text: "",
  toolUses: [],
  toolResults: [],
  thinking: "",
  ...fields,
});

const bash = { id: "toolu_1", name: "Bash", input: { command: "ls" } };
const task = { id: "toolu_2", name: "Task", input: { subagent_type: "Explore" } };

/** An entry that matches each row and none before it, and the type it must map to: one per row. */
const CASES: Array<[string, TranscriptEntryView, string, string]> = [
  [
    "failed tool result",
    view({
      toolResults: [
        { toolUseId: "a", isError: false, text: "" },
        { toolUseId: "b", isError: true, text: "boom" },
      ],
    }),
    "tool_failed",
    "tool",
  ],
  [
    "tool result",
    view({ toolResults: [{ toolUseId: "a", isError: false, text: "ok" }] }),
    "tool_succeeded",
    "tool",
  ],
  [
    "meta user entry",
    view({ isMeta: true, text: "Caveat: the messages below…" }),
    "claude.user_meta",
    "meta",
  ],
  [
    "compaction summary",
    view({ isCompactSummary: true, text: "This session is being continued from a previous conversation…" }),
    "claude.compact_summary",
    "meta",
  ],
  [
    "local command output",
    view({ text: "<local-command-stdout>Compacted</local-command-stdout>" }),
    "claude.command_output",
    "notice",
  ],
  [
    "interruption",
    view({ text: "[Request interrupted by user for tool use]" }),
    "claude.interrupted",
    "notice",
  ],
  ["prompt", view({ text: "Fix the build" }), "claude.user_prompt", "prompt"],
  ["subagent call", view({ type: "assistant", toolUses: [bash, task] }), "manager_assign", "tool"],
  ["tool call", view({ type: "assistant", text: "Running it.", toolUses: [bash] }), "tool_started", "tool"],
  [
    "answer",
    view({ type: "assistant", text: "Done.", thinking: "hmm" }),
    "claude.assistant_message",
    "answer",
  ],
  ["thinking", view({ type: "assistant", thinking: "Let me see." }), "claude.thinking", "thinking"],
  ["compaction", view({ type: "system", subtype: "compact_boundary" }), "claude.compact", "compaction"],
  ["other system entry", view({ type: "system", subtype: "api_error" }), "claude.system", "meta"],
  ["summary", view({ type: "summary" }), "claude.summary", "title"],
  ["custom title", view({ type: "custom-title" }), "claude.custom_title", "title"],
];

describe("TRANSCRIPT_RULES", () => {
  it("has a test case for every row, in the table's order", () => {
    expect(CASES.map(([name]) => name)).toEqual(TRANSCRIPT_RULES.map((rule) => rule.name));
  });

  it.each(CASES)("%s", (name, entry, type, ccKind) => {
    expect(mapTranscriptEntry(entry)).toEqual({ type, ccKind });
    // The case matches its own row and no row before it, so the row is what decides.
    const first = TRANSCRIPT_RULES.findIndex((rule) => rule.test(entry));
    expect(TRANSCRIPT_RULES[first]?.name).toBe(name);
  });

  it("maps an entry no row names to claude.<snake_case type>, shown nowhere", () => {
    expect(mapTranscriptEntry(view({ type: "file-history-snapshot" }))).toEqual({
      type: "claude.file_history_snapshot",
      ccKind: "meta",
    });
    expect(mapTranscriptEntry(view({ type: "queue-operation" })).type).toBe("claude.queue_operation");
  });

  it("takes a user entry without text or results, and an empty assistant entry, as meta", () => {
    expect(mapTranscriptEntry(view({ text: "  " }))).toEqual({ type: "claude.user", ccKind: "meta" });
    expect(mapTranscriptEntry(view({ type: "assistant" }))).toEqual({
      type: "claude.assistant",
      ccKind: "meta",
    });
  });

  it("reads the Agent tool as a subagent call too", () => {
    const agent = { id: "t", name: "Agent", input: {} };
    expect(mapTranscriptEntry(view({ type: "assistant", toolUses: [agent] })).type).toBe("manager_assign");
  });
});

describe("snakeCase", () => {
  it.each([
    ["file-history-snapshot", "file_history_snapshot"],
    ["queueOperation", "queue_operation"],
    ["--", "unknown"],
  ])("%s → %s", (name, expected) => {
    expect(snakeCase(name)).toBe(expected);
  });
});
