import { describe, expect, it } from "vitest";
import { claudeProject } from "../../../scripts/sample/claude-project.ts";

type Entry = Record<string, unknown>;
const FIRST_DAY = Date.UTC(2026, 2, 2);
const files = claudeProject(FIRST_DAY);

const linesOf = (rel: string): Entry[] =>
  (files.get(rel) ?? "")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Entry);
const arrayOf = (rel: string): Entry[] => JSON.parse(files.get(rel) ?? "[]") as Entry[];
const blocksOf = (e: Entry): Entry[] => {
  const content = (e["message"] as Entry | undefined)?.["content"];
  return Array.isArray(content) ? (content as Entry[]) : [];
};
const transcripts = [...files.keys()].filter((k) => k.endsWith(".jsonl"));
const all = transcripts.flatMap(linesOf);
const sessionFiles = transcripts.filter((k) => /^projects\/[^/]+\/[0-9a-f-]{36}\.jsonl$/.test(k));
const toolUses = all.flatMap(blocksOf).filter((b) => b["type"] === "tool_use");
const results = all.flatMap(blocksOf).filter((b) => b["type"] === "tool_result");

describe("the sample's Claude Code project", () => {
  it("is the same bytes on every run", () => {
    expect(claudeProject(FIRST_DAY)).toEqual(files);
  });

  it("holds three sessions, and subagents in all three layouts", () => {
    expect(sessionFiles).toHaveLength(3);
    // Inline: sidechain entries without an agent id in a session file.
    expect(
      sessionFiles.some((f) => linesOf(f).some((e) => e["isSidechain"] === true && !("agentId" in e))),
    ).toBe(true);
    // Beside the session file.
    expect(transcripts.some((f) => /^projects\/[^/]+\/agent-[0-9a-f]{8}\.jsonl$/.test(f))).toBe(true);
    // Under <session>/subagents/, each with a .meta.json naming a real Agent call.
    const metas = [...files.keys()].filter((k) => k.endsWith(".meta.json"));
    expect(metas).toHaveLength(2);
    for (const meta of metas) {
      const { toolUseId } = JSON.parse(files.get(meta) ?? "{}") as { toolUseId: string };
      const call = toolUses.find((b) => b["id"] === toolUseId);
      expect(call?.["name"]).toBe("Agent");
      expect(files.has(meta.replace(".meta.json", ".jsonl"))).toBe(true);
    }
    expect(transcripts.some((f) => /\/subagents\/agent-acompact-[0-9a-f]+\.jsonl$/.test(f))).toBe(true);
  });

  it("names every subagent in its own entries, and in its result by field or by text", () => {
    for (const f of transcripts.filter((k) => /agent-[0-9a-f]{8}\.jsonl$/.test(k))) {
      const id = /agent-([0-9a-f]{8})\.jsonl$/.exec(f)?.[1];
      expect(
        linesOf(f).every((e) => e["agentId"] === id && e["isSidechain"] === true && e["sessionId"]),
      ).toBe(true);
    }
    const structured = all.filter(
      (e) => typeof (e["toolUseResult"] as Entry | undefined)?.["agentId"] === "string",
    );
    expect(structured).toHaveLength(1);
    const text = results.filter((r) => JSON.stringify(r["content"]).includes("agentId: "));
    expect(text).toHaveLength(1);
    for (const name of ["Task", "Agent"]) {
      const call = toolUses.find((b) => b["name"] === name);
      expect(call?.["input"]).toHaveProperty("subagent_type");
      expect(call?.["input"]).toHaveProperty("description");
      expect(call?.["input"]).toHaveProperty("prompt");
    }
  });

  it("has a failed tool, thinking, a split message with one usage, a compaction at a new root", () => {
    expect(results.some((r) => r["is_error"] === true)).toBe(true);
    expect(all.flatMap(blocksOf).some((b) => b["type"] === "thinking")).toBe(true);
    const ids = all.filter((e) => e["type"] === "assistant").map((e) => (e["message"] as Entry)["id"]);
    expect(new Set(ids).size).toBeLessThan(ids.length);
    const boundary = all.find((e) => e["subtype"] === "compact_boundary");
    expect(boundary).toMatchObject({
      type: "system",
      parentUuid: null,
      compactMetadata: { preTokens: 167_342 },
    });
    const after = all.find((e) => e["parentUuid"] === boundary?.["uuid"]);
    expect(after?.["isCompactSummary"]).toBe(true);
  });

  it("has titles, a file snapshot and a slash command followed by its isMeta expansion", () => {
    const summary = all.find((e) => e["type"] === "summary");
    expect(all.some((e) => e["uuid"] === summary?.["leafUuid"])).toBe(true);
    expect(all.some((e) => e["type"] === "custom-title" && typeof e["customTitle"] === "string")).toBe(true);
    expect(all.some((e) => e["type"] === "file-history-snapshot")).toBe(true);
    const command = all.findIndex((e) =>
      String((e["message"] as Entry | undefined)?.["content"]).includes("<command-name>/deploy"),
    );
    expect(all[command + 1]?.["isMeta"]).toBe(true);
  });

  it("leaves one subagent orphaned: started, never stopped, its call never answered", () => {
    const started = arrayOf("logs/subagent_start.json").map((p) => p["agent_id"]);
    const stopped = new Set(arrayOf("logs/subagent_stop.json").map((p) => p["agent_id"]));
    const orphans = started.filter((id) => !stopped.has(id));
    expect(orphans).toHaveLength(1);
    const metaFile = [...files.keys()].find((k) => k.endsWith(`agent-${String(orphans[0])}.meta.json`));
    const meta = JSON.parse(files.get(metaFile ?? "") ?? "{}") as { toolUseId: string };
    expect(toolUses.some((b) => b["id"] === meta.toolUseId)).toBe(true);
    expect(results.some((r) => r["tool_use_id"] === meta.toolUseId)).toBe(false);
  });

  it("captures hooks as disler's scripts do: one array per hook, untimed but for logged_at, ids from the transcripts", () => {
    const logs = [...files.keys()].filter((k) => k.startsWith("logs/") && k !== "logs/chat.json");
    expect(logs).toContain("logs/pre_tool_use.json");
    const payloads = logs.flatMap(arrayOf);
    const sessions = new Set(sessionFiles.map((f) => /([0-9a-f-]{36})\.jsonl$/.exec(f)?.[1]));
    for (const p of payloads) {
      expect(sessions.has(p["session_id"] as string)).toBe(true);
      expect(p).not.toHaveProperty("timestamp");
      if (p["tool_use_id"] !== undefined)
        expect(toolUses.some((b) => b["id"] === p["tool_use_id"])).toBe(true);
    }
    const timed = payloads.filter((p) => "logged_at" in p);
    expect(timed.length).toBeGreaterThan(0);
    expect(timed.every((p) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/.test(String(p["logged_at"])))).toBe(
      true,
    );
    const notices = arrayOf("logs/notification.json").map((p) => JSON.stringify(p));
    expect(new Set(notices).size).toBeLessThan(notices.length);
  });

  it("keeps chat.json as a copy of the last session's transcript up to its last Stop", () => {
    const chat = arrayOf("logs/chat.json");
    const session = sessionFiles.map(linesOf).find((l) => l.some((e) => e["uuid"] === chat[1]?.["uuid"]));
    expect(session?.slice(0, chat.length)).toEqual(chat);
    expect(session?.at(-1)?.["type"]).toBe("custom-title");
  });

  it("only holds JSON lines that parse, in time order within each transcript", () => {
    for (const f of transcripts) {
      const times = linesOf(f)
        .map((e) => e["timestamp"])
        .filter((t): t is string => typeof t === "string");
      expect([...times].sort(), f).toEqual(times);
    }
  });
});
