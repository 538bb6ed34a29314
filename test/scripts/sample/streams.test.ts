import { describe, expect, it } from "vitest";
import { HookEnvelope, isHookLine } from "../../../src/core/formats/hook.ts";
import { missingV11Fields } from "../../../src/core/formats/v11-rules.ts";
import { isIsoUtc } from "../../../src/core/time.ts";
import { createRng } from "../../../scripts/sample/rng.ts";
import { hookStream, rawHookCapture, v11Stream } from "../../../scripts/sample/streams.ts";

const START = Date.UTC(2026, 1, 2, 2);
const DAY = 86_400_000;

describe("v11Stream", () => {
  const starts = [START, START + DAY, START + 2 * DAY, START + 3 * DAY];
  const events = v11Stream(createRng(1), starts).map(
    (l) => JSON.parse(l) as Record<string, unknown> & { id: string; type: string; ts: string },
  );

  it("writes v1.1 events with UTC times, each with the fields every event needs", () => {
    for (const event of events) {
      expect(event["version"]).toBe("1.1");
      expect(isIsoUtc(event.ts), event.ts).toBe(true);
      for (const field of ["id", "source", "workspace_id", "terminal_session_id", "agent_id"])
        expect(typeof event[field], field).toBe("string");
    }
  });

  it("breaks the type rules once: a tool_failed without its exit code", () => {
    const broken = events.filter(
      (e) => missingV11Fields({ ...e, payload: e["payload"] as Record<string, unknown> }).length > 0,
    );
    expect(
      broken.map((e) => [
        e.type,
        missingV11Fields({ ...e, payload: e["payload"] as Record<string, unknown> }),
      ]),
    ).toEqual([["tool_failed", ["payload.exit_code"]]]);
  });

  it("repeats one id, with the same content", () => {
    const ids = events.map((e) => e.id);
    const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(repeated).toHaveLength(1);
    const copies = events.filter((e) => e.id === repeated[0]);
    expect(copies[0]).toEqual(copies[1]);
  });

  it("runs one task per start from creation to completion, and leaves the last question unanswered", () => {
    const tasks = new Set(events.map((e) => e["task_id"]));
    expect(tasks.size).toBe(starts.length);
    for (const task of tasks) {
      const own = events.filter((e) => e["task_id"] === task).map((e) => e.type);
      expect(own[0]).toBe("task_created");
      expect(own.at(-1)).toBe("task_completed");
    }
    const answers = [...tasks].map((task) => {
      const own = events.filter((e) => e["task_id"] === task).map((e) => e.type);
      return [own.includes("human_query_requested"), own.includes("human_query_answered")];
    });
    expect(answers.some(([asked]) => asked)).toBe(true);
    expect(answers.slice(0, -1).every(([asked, answered]) => asked === answered)).toBe(true);
    expect(answers.at(-1)?.[1]).toBe(false);
  });
});

describe("hookStream", () => {
  const lines = hookStream(createRng(2), START).map((l) => JSON.parse(l) as Record<string, unknown>);
  const payloads = lines.map((l) => HookEnvelope.parse(l).payload);

  it("writes enveloped hook payloads of one session, in time order", () => {
    expect(lines.every((l) => isHookLine(l))).toBe(true);
    const times = lines.map((l) => Date.parse(String(l["ts"])));
    expect(times[0]).toBe(START);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(payloads.map((p) => p["session_id"])).size).toBe(1);
    expect(payloads[0]?.["hook_event_name"]).toBe("SessionStart");
    expect(payloads.at(-1)?.["hook_event_name"]).toBe("SessionEnd");
  });

  it("starts two subagents and stops only one, and holds a failed tool and a permission prompt", () => {
    const started = payloads
      .filter((p) => p["hook_event_name"] === "SubagentStart")
      .map((p) => p["agent_id"]);
    const stopped = payloads.filter((p) => p["hook_event_name"] === "SubagentStop").map((p) => p["agent_id"]);
    expect(started).toHaveLength(2);
    expect(stopped).toEqual([started[0]]);
    expect(payloads.some((p) => p["hook_event_name"] === "PostToolUseFailure")).toBe(true);
    expect(payloads.some((p) => p["notification_type"] === "permission_prompt")).toBe(true);
  });
});

describe("rawHookCapture", () => {
  it("writes raw payloads without an envelope, only the first with a time", () => {
    const lines = rawHookCapture(createRng(3), START).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.every((l) => isHookLine(l) && l["workscope"] === undefined)).toBe(true);
    expect(lines.map((l) => l["timestamp"])).toEqual([
      new Date(START).toISOString(),
      undefined,
      undefined,
      undefined,
    ]);
  });
});
