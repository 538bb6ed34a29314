import { describe, expect, it } from "vitest";
import { nextSessionsOf, previousSessionOf } from "../../../src/core/sessions/session-links.ts";
import { classifiedEvent } from "../../helpers/events.ts";

const started = (ws: string, previous: string) =>
  classifiedEvent({
    type: "task.started",
    agentId: "eden",
    ts: 1,
    data: { workSessionId: ws, previousWorkSessionId: previous },
  });

describe("previousSessionOf", () => {
  it("takes the task file's link first, then a task.started event's", () => {
    expect(previousSessionOf("ws_b", [started("ws_b", "ws_x")], new Map([["ws_b", "ws_a"]]))).toBe("ws_a");
    expect(previousSessionOf("ws_b", [started("ws_b", "ws_x")], new Map())).toBe("ws_x");
  });

  it("never links a session to itself, and is undefined when nothing names one", () => {
    expect(previousSessionOf("ws_b", [started("ws_b", "ws_b")], new Map())).toBeUndefined();
    expect(previousSessionOf("ws_b", [], new Map())).toBeUndefined();
  });
});

describe("nextSessionsOf", () => {
  it("reverses the links, sorted, for sessions that exist", () => {
    const previous = new Map<string, string | undefined>([
      ["ws_a", undefined],
      ["ws_c", "ws_a"],
      ["ws_b", "ws_a"],
      ["ws_d", "ws_gone"],
    ]);
    const next = nextSessionsOf(previous);
    expect(next.get("ws_a")).toEqual(["ws_b", "ws_c"]);
    expect(next.has("ws_gone")).toBe(false);
    expect([...next.keys()]).toEqual(["ws_a"]);
  });
});
