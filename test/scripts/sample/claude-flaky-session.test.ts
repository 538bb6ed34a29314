import { describe, expect, it } from "vitest";
import { flakySession } from "../../../scripts/sample/claude-flaky-session.ts";
import { createRng } from "../../../scripts/sample/rng.ts";

type Entry = Record<string, unknown>;
const session = flakySession({
  rng: createRng(4),
  cwd: "/home/dev/app",
  projectDir: "/home/dev/.claude/projects/-home-dev-app",
  start: Date.UTC(2026, 2, 4, 6),
});
const parse = (text: string | undefined): Entry[] =>
  (text ?? "")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Entry);
const main = parse(session.files.get(`${session.sessionId}.jsonl`));

describe("flakySession", () => {
  it("keeps its subagent beside the session file, named by the Task result's agentId", () => {
    const agentFile = [...session.files.keys()].find((k) => k.startsWith("agent-"));
    const agentId = /^agent-([0-9a-f]{8})\.jsonl$/.exec(agentFile ?? "")?.[1];
    expect(agentId).toBeDefined();
    const side = parse(session.files.get(agentFile ?? ""));
    expect(side.every((e) => e["agentId"] === agentId && e["sessionId"] === session.sessionId)).toBe(true);
    expect(main.some((e) => (e["toolUseResult"] as Entry | undefined)?.["agentId"] === agentId)).toBe(true);
  });

  it("fires the hooks of its session in order, the failure folded on the call the transcript failed", () => {
    const names = session.payloads.map((p) => p.hook_event_name);
    expect(names[0]).toBe("SessionStart");
    expect(names.at(-1)).toBe("SessionEnd");
    const failure = session.payloads.find((p) => p.hook_event_name === "PostToolUseFailure");
    const failed = main
      .flatMap((e) => ((e["message"] as Entry | undefined)?.["content"] ?? []) as Entry[])
      .find((b) => typeof b === "object" && b["is_error"] === true);
    expect(failure?.["tool_use_id"]).toBe(failed?.["tool_use_id"]);
    const idle = session.payloads.filter((p) => p["notification_type"] === "idle_prompt");
    expect(idle).toHaveLength(2);
    expect(idle[0]).toEqual(idle[1]);
  });

  it("ends with the rename, which the chat copy made at the last Stop does not hold", () => {
    expect(main.at(-1)).toMatchObject({ type: "custom-title", customTitle: "Fix flaky login e2e test" });
    expect(session.chat).toEqual(main.slice(0, -1));
    expect(session.chat[0]?.["type"]).toBe("file-history-snapshot");
  });
});
