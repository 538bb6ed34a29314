import { describe, expect, it } from "vitest";
import { Chain, jsonl, withSnapshot, type TranscriptEntry } from "../../../scripts/sample/claude-chain.ts";
import { createRng } from "../../../scripts/sample/rng.ts";

const START = Date.UTC(2026, 2, 2, 1);
const CTX = {
  sessionId: "s-1",
  version: "2.0.14",
  cwd: "/home/dev/app",
  gitBranch: "main",
  isSidechain: false,
};
const USAGE = { input: 4, output: 10, cacheCreation: 20, cacheRead: 30 };

const message = (e: TranscriptEntry | undefined): Record<string, unknown> =>
  (e?.["message"] ?? {}) as Record<string, unknown>;

describe("Chain", () => {
  it("links each entry to the one before it, from a root, with the time it was written", () => {
    const chain = new Chain(createRng(1), CTX, START, "claude-sonnet-4-5-20250929");
    const first = chain.user(1000, "hello");
    chain.user(2000, "again");
    expect(chain.entries.map((e) => e["parentUuid"])).toEqual([null, first]);
    expect(chain.entries.map((e) => e["timestamp"])).toEqual([
      "2026-03-02T01:00:01.000Z",
      "2026-03-02T01:00:03.000Z",
    ]);
    expect(chain.entries[0]).toMatchObject({
      sessionId: "s-1",
      version: "2.0.14",
      isSidechain: false,
      type: "user",
    });
    expect(chain.entries[0]).not.toHaveProperty("agentId");
  });

  it("writes an assistant message as one line per block, sharing its id and usage", () => {
    const chain = new Chain(createRng(2), { ...CTX, isSidechain: true, agentId: "a1b2c3d4" }, START, "m");
    chain.assistant(
      1000,
      [
        { type: "thinking", thinking: "why" },
        { type: "tool_use", id: "toolu_1", name: "Bash", input: { command: "ls" } },
      ],
      USAGE,
    );
    const [a, b] = chain.entries;
    expect(chain.entries).toHaveLength(2);
    expect(message(a)["id"]).toBe(message(b)["id"]);
    expect(message(a)["usage"]).toEqual(message(b)["usage"]);
    expect(message(a)["usage"]).toMatchObject({
      input_tokens: 4,
      output_tokens: 10,
      cache_read_input_tokens: 30,
    });
    expect(b?.["parentUuid"]).toBe(a?.["uuid"]);
    expect(message(b)["stop_reason"]).toBe("tool_use");
    expect(a).toMatchObject({ agentId: "a1b2c3d4", isSidechain: true, type: "assistant" });
  });

  it("marks a failed result with is_error and keeps the structured copy beside it", () => {
    const chain = new Chain(createRng(3), CTX, START, "m");
    chain.result(1000, "toolu_1", "Exit code 1", "Error: Exit code 1", true);
    chain.result(1000, "toolu_2", "ok", { stdout: "ok" });
    const blocks = chain.entries.map((e) => (message(e)["content"] as TranscriptEntry[])[0]);
    expect(blocks[0]).toEqual({
      tool_use_id: "toolu_1",
      type: "tool_result",
      content: "Exit code 1",
      is_error: true,
    });
    expect(blocks[1]).not.toHaveProperty("is_error");
    expect(chain.entries[1]?.["toolUseResult"]).toEqual({ stdout: "ok" });
  });

  it("compacts at a new root that points back, then continues from the summary", () => {
    const chain = new Chain(createRng(4), CTX, START, "m");
    const before = chain.user(0, "first");
    chain.compact(1000, 150_000, "This session is being continued");
    const [, boundary, summary] = chain.entries;
    expect(boundary).toMatchObject({
      parentUuid: null,
      logicalParentUuid: before,
      type: "system",
      subtype: "compact_boundary",
      compactMetadata: { trigger: "auto", preTokens: 150_000 },
    });
    expect(summary).toMatchObject({ parentUuid: boundary?.["uuid"], isCompactSummary: true });
  });

  it("puts a file snapshot in front of the prompt it names, without uuid or session", () => {
    const chain = new Chain(createRng(5), CTX, START, "m");
    chain.user(0, "one");
    const second = chain.user(1000, "two");
    const entries = withSnapshot(chain.entries, second);
    expect(entries.map((e) => e["type"])).toEqual(["user", "file-history-snapshot", "user"]);
    expect(entries[1]).toMatchObject({
      messageId: second,
      snapshot: { timestamp: "2026-03-02T01:00:01.000Z" },
    });
    expect(entries[1]).not.toHaveProperty("uuid");
    expect(() => withSnapshot(chain.entries, "missing")).toThrow(/no entry/);
  });

  it("writes JSONL: one compact object a line", () => {
    expect(jsonl([{ a: 1 }, { b: "둘" }])).toBe('{"a":1}\n{"b":"둘"}\n');
  });
});
