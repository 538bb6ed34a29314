import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildSample } from "../../scripts/gen-sample.ts";
import { runAnalyze, TEST_NOW } from "../helpers/run-analyze.ts";

const SAMPLE = path.resolve(import.meta.dirname, "../../content/sample");

describe("the bundled sample", () => {
  it("is exactly what scripts/gen-sample.ts writes (run `npm run gen:sample` after changing it)", () => {
    const { files } = buildSample();
    const onDisk = readdirSync(SAMPLE, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => path.relative(SAMPLE, path.join(d.parentPath, d.name)).split(path.sep).join("/"))
      .sort();
    expect(onDisk).toEqual([...files.keys()].sort());
    for (const [rel, content] of files)
      expect(readFileSync(path.join(SAMPLE, rel)).equals(Buffer.from(content)), rel).toBe(true);
  });

  it("exercises what the views need: every format, several weeks, every blocked kind, findings", async () => {
    const { json, events } = await runAnalyze(["."], SAMPLE, TEST_NOW);
    const report = JSON.parse(json) as {
      input: {
        events: number;
        duplicates: number;
        errors: Array<{ file: string; line: number; reason: string }>;
      };
      tasks: Array<{ status: string; steps: { total: number } }>;
    };
    const lines = events
      .trim()
      .split("\n")
      .map(
        (l) =>
          JSON.parse(l) as {
            type: string;
            source: string;
            ts: number;
            workSessionId: string | null;
            data: Record<string, unknown>;
          },
      );
    expect(report.input.events).toBeGreaterThan(2000);
    expect(report.input.duplicates).toBeGreaterThan(0);
    expect(new Set(lines.map((e) => e.source))).toEqual(new Set(["openclaw", "v1.1", "claude_code"]));
    const weeks = new Set(lines.map((e) => Math.floor((e.ts - Date.UTC(2026, 0, 19)) / (7 * 86_400_000))));
    expect(weeks.size).toBeGreaterThanOrEqual(7);
    const types = new Set(lines.map((e) => e.type));
    for (const t of [
      "a2a.spawn",
      "a2a.spawn_result",
      "a2a.retry",
      "a2a.auto_route",
      "continuation.backoff",
      "unblock.requested",
      "zombie.abandoned",
      "backlog.auto_picked",
      "plan.submitted",
      "milestone.sync_failed",
      "human_query_requested",
      "human_query_answered",
      "task_resumed_after_human_query",
      "schema_error",
      "agent_started",
    ]) {
      expect(types, t).toContain(t);
    }
    expect(lines.some((e) => e.data["outcome"] === "blocked" && e.data["waitStatus"] === "timeout")).toBe(
      true,
    );
    expect(lines.some((e) => e.data["concurrencyBlocked"] === true)).toBe(true);
    expect(lines.some((e) => e.type === "a2a.spawn_result" && e.data["status"] === "error")).toBe(true);
    expect(lines.some((e) => e.type.startsWith("task.") && e.workSessionId === null)).toBe(true);
    expect(lines.some((e) => e.type.startsWith("task.") && e.workSessionId !== null)).toBe(true);
    expect(new Set(report.tasks.map((t) => t.status))).toEqual(
      new Set(["backlog", "blocked", "cancelled", "completed", "in_progress", "pending", "pending_approval"]),
    );
    expect(report.tasks.some((t) => t.steps.total > 0)).toBe(true);
    // The OpenClaw and v1.1 logs hold one bad line each; the Claude Code files give only notes on
    // the times their untimed payloads took.
    const errors = report.input.errors;
    expect([...new Set(errors.filter((e) => !e.file.startsWith("claude/")).map((e) => e.file))]).toEqual([
      "logs/coordination-events.ndjson",
      "streams/office-v11.ndjson",
    ]);
    for (const e of errors.filter((e) => e.file.startsWith("claude/")))
      expect(e.reason, `${e.file}:${e.line}`).toMatch(/carry no time|names no zone/);
    expect(errors.some((e) => e.file === "claude/raw-capture.jsonl")).toBe(true);
  });

  it("holds Claude Code sessions in every layout: one delegation per subagent, an orphan, titles, tokens", async () => {
    const { json, events } = await runAnalyze(["."], SAMPLE, TEST_NOW);
    const report = JSON.parse(json) as {
      workSessions: Array<{
        workSessionId: string;
        title: string | null;
        tokens?: { messages: number };
        threads: Array<{ threadKey: string; agentType?: string; spawnedBy?: { toolUseId: string } }>;
      }>;
      blockedFlows: Array<{ reason: string }>;
    };
    const claude = report.workSessions.filter((s) => s.tokens !== undefined);
    expect(claude.map((s) => s.title).sort()).toEqual([
      "/deploy staging",
      "Fix flaky login e2e test",
      "결제 환불 API 엔드포인트 구현",
    ]);
    for (const session of claude) {
      const calls = session.threads.flatMap((t) =>
        t.spawnedBy === undefined ? [] : [t.spawnedBy.toolUseId],
      );
      expect(new Set(calls).size, session.title ?? "").toBe(calls.length);
      expect(session.threads.some((t) => t.threadKey === `conv:${session.workSessionId}`)).toBe(true);
    }
    // The deploy session's two subagents and the refund and flaky sessions' one each.
    expect(claude.flatMap((s) => s.threads.filter((t) => t.spawnedBy !== undefined))).toHaveLength(4);
    // Two subagents never stopped: one in hooks.ndjson, one in the deploy session; each is one flow.
    expect(report.blockedFlows.filter((f) => f.reason === "subagent_orphaned")).toHaveLength(2);
    const types = new Set(
      events
        .trim()
        .split("\n")
        .map((l) => (JSON.parse(l) as { type: string }).type),
    );
    for (const t of [
      "claude.user_prompt",
      "claude.assistant_message",
      "claude.thinking",
      "claude.compact",
      "claude.summary",
      "claude.custom_title",
      "tool_failed",
      "manager_assign",
    ])
      expect(types, t).toContain(t);
  });
});
