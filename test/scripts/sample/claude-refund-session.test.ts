import { describe, expect, it } from "vitest";
import { refundSession } from "../../../scripts/sample/claude-refund-session.ts";
import { createRng } from "../../../scripts/sample/rng.ts";

type Entry = Record<string, unknown>;
const session = refundSession({
  rng: createRng(3),
  cwd: "/home/dev/app",
  projectDir: "/home/dev/.claude/projects/-home-dev-app",
  start: Date.UTC(2026, 2, 2, 1),
});
const lines = (session.files.get(`${session.sessionId}.jsonl`) ?? "")
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l) as Entry);
const blocks = (e: Entry): Entry[] => {
  const content = (e["message"] as Entry | undefined)?.["content"];
  return Array.isArray(content) ? (content as Entry[]) : [];
};

describe("refundSession", () => {
  it("is one file, of an older release, without hooks, opening with a summary of its last entry", () => {
    expect([...session.files.keys()]).toEqual([`${session.sessionId}.jsonl`]);
    expect(session.payloads).toEqual([]);
    expect(lines[0]).toMatchObject({ type: "summary", leafUuid: lines.at(-1)?.["uuid"] });
    expect(lines.slice(1).every((e) => e["version"] === "1.0.98")).toBe(true);
  });

  it("runs its Task subagent inline, between the call and its result, with no agent id anywhere", () => {
    const call = lines.findIndex((e) => blocks(e).some((b) => b["name"] === "Task"));
    const result = lines.findIndex((e) => blocks(e).some((b) => b["type"] === "tool_result"));
    const side = lines.filter((e) => e["isSidechain"] === true);
    expect(side.length).toBeGreaterThanOrEqual(4);
    expect(lines.slice(call + 1, result).every((e) => e["isSidechain"] === true)).toBe(true);
    expect(side[0]).toMatchObject({ parentUuid: null, type: "user", sessionId: session.sessionId });
    expect(JSON.stringify(lines)).not.toContain("agentId");
  });

  it("has a failed test run, then a passing one", () => {
    const results = lines.flatMap(blocks).filter((b) => b["type"] === "tool_result");
    expect(results.filter((r) => r["is_error"] === true)).toHaveLength(1);
    expect(String(results.at(-1)?.["content"])).toContain("passed");
  });
});
