import { describe, expect, it } from "vitest";
import { withSessionsOfTitles } from "../../../src/core/claude/session-of-titles.ts";
import type { BaseEvent } from "../../../src/core/event.ts";
import type { EventFacts } from "../../../src/core/event-facts.ts";
import { baseEvent } from "../../helpers/events.ts";

const entry = (file: string, line: number, session: string | null, facts: EventFacts = {}): BaseEvent =>
  baseEvent({
    id: `${file}#${line}`,
    source: "claude_code",
    ts: 1,
    file,
    line,
    workSessionId: session,
    facts,
  });

describe("withSessionsOfTitles", () => {
  it("gives a summary the session of the entry its leafUuid names, in any file", () => {
    const events = [
      entry("p/new.jsonl", 1, null, { ccKind: "title", title: "Fix the build", leafUuid: "u-9" }),
      entry("p/new.jsonl", 2, "s-new", { uuid: "u-1" }),
      entry("p/old.jsonl", 7, "s-old", { uuid: "u-9" }),
    ];
    expect(withSessionsOfTitles(events)[0]?.workSessionId).toBe("s-old");
  });

  it("else gives an entry the session most events of its file name, the smallest id on a tie", () => {
    const events = [
      entry("p/a.jsonl", 1, null, { ccKind: "title", title: "Named" }),
      entry("p/a.jsonl", 2, "s-b"),
      entry("p/a.jsonl", 3, "s-a"),
      entry("p/a.jsonl", 4, "s-b"),
      entry("p/c.jsonl", 1, null, { ccKind: "meta", leafUuid: "u-missing" }),
      entry("p/c.jsonl", 2, "s-z"),
      entry("p/c.jsonl", 3, "s-y"),
    ];
    const out = withSessionsOfTitles(events);
    expect(out[0]?.workSessionId).toBe("s-b");
    expect(out[4]?.workSessionId).toBe("s-y");
    expect(withSessionsOfTitles([...events].reverse())[2]?.workSessionId).toBe("s-y");
  });

  it("leaves hook payloads, and entries of files that name no session, without one", () => {
    const payload = baseEvent({
      id: "h",
      source: "claude_code",
      file: "logs/permission_request.json",
      line: 1,
      facts: { hook_event_name: "PermissionRequest" },
    });
    const events = [payload, entry("logs/permission_request.json", 2, "s1"), entry("p/x.jsonl", 1, null)];
    const out = withSessionsOfTitles(events);
    expect(out.map((e) => e.workSessionId)).toEqual([null, "s1", null]);
    expect(out[0]).toBe(payload);
  });

  it("hands back the events as given when every transcript entry names its session", () => {
    const events = [entry("p/a.jsonl", 1, "s1")];
    expect(withSessionsOfTitles(events)).toBe(events);
  });
});
