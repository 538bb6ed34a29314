import { describe, expect, it } from "vitest";
import { deploySession } from "../../../scripts/sample/claude-deploy-session.ts";
import { createRng } from "../../../scripts/sample/rng.ts";

type Entry = Record<string, unknown>;
const session = deploySession({
  rng: createRng(5),
  cwd: "/home/dev/app",
  projectDir: "/home/dev/.claude/projects/-home-dev-app",
  start: Date.UTC(2026, 2, 3, 2),
});
const parse = (text: string | undefined): Entry[] =>
  (text ?? "")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Entry);
const main = parse(session.files.get(`${session.sessionId}.jsonl`));
const toolUses = main
  .flatMap((e) => ((e["message"] as Entry | undefined)?.["content"] ?? []) as Entry[])
  .filter((b) => typeof b === "object" && b["type"] === "tool_use");

describe("deploySession", () => {
  it("keeps its subagents under <session>/subagents/, each with a .meta.json naming its Agent call", () => {
    const metas = [...session.files.keys()].filter((k) => k.endsWith(".meta.json"));
    expect(metas).toHaveLength(2);
    for (const meta of metas) {
      expect(meta.startsWith(`${session.sessionId}/subagents/agent-`)).toBe(true);
      const { toolUseId } = JSON.parse(session.files.get(meta) ?? "{}") as { toolUseId: string };
      expect(toolUses.find((b) => b["id"] === toolUseId)?.["name"]).toBe("Agent");
    }
    expect(
      [...session.files.keys()].some((k) => /\/subagents\/agent-acompact-[0-9a-f]{8}\.jsonl$/.test(k)),
    ).toBe(true);
  });

  it("opens with a slash command and its isMeta expansion, and compacts at a new root", () => {
    const prompts = main.filter((e) => e["type"] === "user");
    expect(String((prompts[0]?.["message"] as Entry)["content"])).toContain(
      "<command-name>/deploy</command-name>",
    );
    expect(prompts[1]?.["isMeta"]).toBe(true);
    expect(session.payloads.find((p) => p.hook_event_name === "UserPromptSubmit")?.["prompt"]).toBe(
      "/deploy staging",
    );
    expect(main.filter((e) => e["parentUuid"] === null).map((e) => e["type"])).toEqual(["user", "system"]);
  });

  it("leaves its last subagent started and never stopped, and its call unanswered", () => {
    const last = toolUses.at(-1);
    expect(last?.["name"]).toBe("Agent");
    expect(JSON.stringify(main)).not.toContain(`"tool_use_id":"${String(last?.["id"])}"`);
    const started = session.payloads
      .filter((p) => p.hook_event_name === "SubagentStart")
      .map((p) => p["agent_id"]);
    const stopped = session.payloads
      .filter((p) => p.hook_event_name === "SubagentStop")
      .map((p) => p["agent_id"]);
    expect(started).toHaveLength(2);
    expect(stopped).toEqual([started[0]]);
    expect(session.files.has(`${session.sessionId}/subagents/agent-${String(started[1])}.jsonl`)).toBe(true);
  });
});
