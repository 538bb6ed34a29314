import { describe, expect, it } from "vitest";
import { dateEvents, TRANSCRIPT_DATING_RULES } from "../../../src/core/claude/date-events.ts";
import type { BaseEvent } from "../../../src/core/event.ts";
import type { EventFacts } from "../../../src/core/event-facts.ts";
import { baseEvent } from "../../helpers/events.ts";

const T0 = Date.parse("2026-03-10T09:00:00Z");
const at = (seconds: number): number => T0 + seconds * 1000;

/** A transcript entry of session `s1` in `session.jsonl`, timed unless `ts` is NaN. */
const entry = (line: number, ts: number, facts: EventFacts = {}, file = "p/s1.jsonl"): BaseEvent =>
  baseEvent({ id: `u-${file}-${line}`, source: "claude_code", ts, file, line, workSessionId: "s1", facts });

/** A raw hook payload of a capture file, without a time unless given. */
const hook = (
  file: string,
  line: number,
  name: string,
  facts: EventFacts = {},
  session: string | null = "s1",
  ts = Number.NaN,
): BaseEvent =>
  baseEvent({
    id: `fp-${file}-${line}`,
    source: "claude_code",
    ts,
    file,
    line,
    workSessionId: session,
    type: name.startsWith("Post") ? "tool_succeeded" : "tool_started",
    facts: { hook_event_name: name, ...facts },
  });

const byPlace = (events: readonly BaseEvent[]) =>
  Object.fromEntries(
    events.map((e) => [`${e.file}:${e.line}`, { ts: e.ts, tsEstimated: e.tsEstimated, undated: e.undated }]),
  );

describe("dateEvents", () => {
  it("hands back the events as given when every one has a time", () => {
    const events = [entry(1, at(0)), entry(2, at(1))];
    const dated = dateEvents(events);
    expect(dated.events).toBe(events);
    expect(dated.findings).toEqual([]);
  });

  it("dates untimed hook payloads from the transcript entries of the same tool call", () => {
    const transcript = [
      entry(1, at(0), { ccKind: "prompt" }),
      // One assistant line with two tool calls names both ids, joined by a space.
      entry(2, at(10), { ccKind: "tool", toolUseId: "toolu_A toolu_B" }),
      entry(3, at(20), { ccKind: "tool", toolUseId: "toolu_A" }),
      entry(4, at(30), { ccKind: "tool", toolUseId: "toolu_B" }),
    ];
    const pre = [
      hook("logs/pre_tool_use.json", 2, "PreToolUse", { toolUseId: "toolu_A" }),
      hook("logs/pre_tool_use.json", 9, "PreToolUse", { toolUseId: "toolu_B" }),
    ];
    const post = [hook("logs/post_tool_use.json", 2, "PostToolUse", { toolUseId: "toolu_B" })];
    const { events, findings } = dateEvents([...pre, ...post, ...transcript]);
    const dated = byPlace(events);
    expect(dated["logs/pre_tool_use.json:2"]).toEqual({ ts: at(10), tsEstimated: true, undated: undefined });
    expect(dated["logs/pre_tool_use.json:9"]).toEqual({ ts: at(10), tsEstimated: true, undated: undefined });
    // Sent after the tool ran: the result's time, not the call's.
    expect(dated["logs/post_tool_use.json:2"]).toEqual({ ts: at(30), tsEstimated: true, undated: undefined });
    expect(dated["p/s1.jsonl:3"]).toEqual({ ts: at(20), tsEstimated: undefined, undated: undefined });
    expect(findings).toEqual([
      {
        file: "logs/post_tool_use.json",
        line: 2,
        reason:
          "1 event(s) carry no time: 1 dated by the transcript entry of the same tool call, 0 by other events of their session, 0 left undated as nothing tied to them has a time",
      },
      {
        file: "logs/pre_tool_use.json",
        line: 2,
        reason:
          "2 event(s) carry no time: 2 dated by the transcript entry of the same tool call, 0 by other events of their session, 0 left undated as nothing tied to them has a time",
      },
    ]);
  });

  it("takes a tool call's time only from a transcript, not from another hook payload", () => {
    const timedHook = hook("h.ndjson", 1, "PreToolUse", { toolUseId: "toolu_A" }, "s9", at(5));
    const untimed = hook("logs/post_tool_use.json", 1, "PostToolUse", { toolUseId: "toolu_A" }, "s2");
    const { events } = dateEvents([timedHook, untimed]);
    expect(events[1]).toMatchObject({ ts: 0, undated: true });
  });

  it("else takes the nearest timed event of the same file and session, earlier before later", () => {
    const file = "logs/events.ndjson";
    const events = [
      hook(file, 1, "SessionStart", {}, "s1", at(1)),
      hook(file, 2, "SessionStart", {}, "s2", at(2)),
      hook(file, 3, "Notification", {}, "s1"),
      hook(file, 4, "Notification", {}, "s2"),
      hook(file, 5, "Notification", {}, "s3"),
      hook(file, 6, "Stop", {}, "s3", at(6)),
      hook(file, 7, "Stop", {}, "s1", at(7)),
    ];
    const dated = byPlace(dateEvents(events).events);
    expect(dated[`${file}:3`]).toEqual({ ts: at(1), tsEstimated: true, undated: undefined });
    expect(dated[`${file}:4`]).toEqual({ ts: at(2), tsEstimated: true, undated: undefined });
    expect(dated[`${file}:5`]).toEqual({ ts: at(6), tsEstimated: true, undated: undefined });
  });

  it("else takes the earliest timed event of the session in any file", () => {
    const events = [
      entry(1, at(50), {}, "p/s1.jsonl"),
      entry(1, at(40), {}, "p/s1-copy.jsonl"),
      hook("logs/stop.json", 1, "Stop"),
    ];
    const { events: dated, findings } = dateEvents(events);
    expect(dated[2]).toMatchObject({ ts: at(40), tsEstimated: true });
    expect(dated[2]?.undated).toBeUndefined();
    expect(findings[0]?.reason).toContain(
      "0 dated by the transcript entry of the same tool call, 1 by other events",
    );
  });

  it("leaves an event nothing dates undated, placed at its file's nearest timed event", () => {
    const file = "logs/notification.json";
    const events = [
      hook(file, 1, "Notification", {}, "s7", at(3)),
      hook(file, 2, "Notification", {}, null),
      hook(file, 3, "Notification", {}, "s8"),
    ];
    const dated = byPlace(dateEvents(events).events);
    expect(dated[`${file}:2`]).toEqual({ ts: at(3), tsEstimated: true, undated: true });
    expect(dated[`${file}:3`]).toEqual({ ts: at(3), tsEstimated: true, undated: true });
  });

  it("dates a file with no time at all at 0, undated, and says so once", () => {
    const file = "logs/session_start.json";
    const events = [hook(file, 2, "SessionStart", {}, "s5"), hook(file, 8, "SessionStart", {}, "s6")];
    const { events: dated, findings } = dateEvents(events);
    expect(dated.map((e) => [e.ts, e.undated])).toEqual([
      [0, true],
      [0, true],
    ]);
    expect(findings).toEqual([
      {
        file,
        line: 2,
        reason:
          "2 event(s) carry no time: 0 dated by the transcript entry of the same tool call, 0 by other events of their session, 2 left undated as nothing tied to them has a time",
      },
    ]);
  });

  it("gives the same times and findings whatever the order of the files", () => {
    const files = [
      [entry(1, at(0)), entry(2, at(9), { toolUseId: "toolu_A" }), entry(3, at(12))],
      [
        hook("a/pre_tool_use.json", 1, "PreToolUse", { toolUseId: "toolu_A" }),
        hook("a/pre_tool_use.json", 2, "Stop"),
      ],
      [hook("b/stop.json", 1, "Stop"), hook("b/stop.json", 2, "Stop", {}, "s4")],
      [entry(1, at(-5), {}, "c/s1.jsonl")],
    ];
    const forward = dateEvents(files.flat());
    const backward = dateEvents([...files].reverse().flat());
    expect(byPlace(backward.events)).toEqual(byPlace(forward.events));
    expect(backward.findings).toEqual(forward.findings);
    expect(byPlace(forward.events)["b/stop.json:1"]).toMatchObject({ ts: at(-5), tsEstimated: true });
  });

  it("dates a transcript's summaries and titles, which Claude Code writes without a time, without a finding", () => {
    const title = baseEvent({
      id: "line-1",
      source: "claude_code",
      ts: Number.NaN,
      file: "p/s1.jsonl",
      line: 1,
      workSessionId: "s1",
      type: "claude.custom_title",
      facts: { ccKind: "title", title: "Login fix" },
    });
    const { events, findings } = dateEvents([title, entry(2, at(7), { uuid: "u-2" })]);
    expect(events[0]).toMatchObject({ ts: at(7), tsEstimated: true });
    expect(findings).toEqual([]);
    const message = entry(3, Number.NaN, { uuid: "u-3", ccKind: "answer" });
    expect(
      dateEvents([title, entry(2, at(7)), message]).findings.map((f) => [f.line, f.reason.slice(0, 26)]),
    ).toEqual([[3, "1 event(s) carry no time: "]]);
  });

  it("dates an untimed SubagentStart and SubagentStop from their subagent's first and last entry, before the file's neighbours", () => {
    const sub = (line: number, seconds: number, agent: string, session = "s1"): BaseEvent => ({
      ...entry(
        line,
        at(seconds),
        { agentInstance: agent, isSidechain: true },
        `p/${session}/agent-${agent}.jsonl`,
      ),
      workSessionId: session,
    });
    const subagent = [sub(1, 100, "a1"), sub(2, 110, "a1"), sub(3, 120, "a1"), sub(1, 900, "a1", "s2")];
    // The capture file holds only starts and stops; its one timed line is the session's start.
    const file = "logs/subagent.json";
    const captured = [
      hook(file, 1, "SessionStart", {}, "s1", at(1)),
      hook(file, 2, "SubagentStart", { spawnedAgentId: "a1", agentInstance: "a1" }),
      hook(file, 3, "SubagentStop", { spawnedAgentId: "a1", agentInstance: "a1" }),
      // No transcript of this subagent: the neighbour rule dates it, from the stop just dated.
      hook(file, 4, "SubagentStart", { spawnedAgentId: "a9", agentInstance: "a9" }),
      // A subagent of the same id in another session is another subagent.
      hook(file, 5, "SubagentStart", { spawnedAgentId: "a1", agentInstance: "a1" }, "s3"),
    ];
    const { events, findings } = dateEvents([...captured, ...subagent]);
    const dated = byPlace(events);
    expect(dated[`${file}:2`]).toEqual({ ts: at(100), tsEstimated: true, undated: undefined });
    expect(dated[`${file}:3`]).toEqual({ ts: at(120), tsEstimated: true, undated: undefined });
    expect(dated[`${file}:4`]).toEqual({ ts: at(120), tsEstimated: true, undated: undefined });
    expect(dated[`${file}:5`]).toEqual({ ts: at(120), tsEstimated: true, undated: true });
    expect(findings).toEqual([
      {
        file,
        line: 2,
        reason:
          "4 event(s) carry no time: 0 dated by the transcript entry of the same tool call, 2 by their subagent's transcript, 1 by other events of their session, 1 left undated as nothing tied to them has a time",
      },
    ]);
  });

  describe("TRANSCRIPT_DATING_RULES", () => {
    const transcript = [
      entry(1, at(10), { ccKind: "tool", toolUseId: "toolu_A" }),
      entry(2, at(20), { ccKind: "tool", toolUseId: "toolu_A" }),
      entry(3, at(30), { ccKind: "prompt", agentInstance: "a1", isSidechain: true }),
      entry(4, at(40), { ccKind: "answer", agentInstance: "a1", isSidechain: true }),
    ];
    /** Per rule: an event it dates with the time it gives, and an event it leaves to the next. */
    const cases: Record<string, [BaseEvent, number, BaseEvent]> = {
      tool: [
        hook("logs/post.json", 1, "PostToolUse", { toolUseId: "toolu_A" }),
        at(20),
        hook("logs/pre.json", 1, "PreToolUse", { toolUseId: "toolu_B" }),
      ],
      subagent: [
        hook("logs/start.json", 1, "SubagentStart", { spawnedAgentId: "a1" }),
        at(30),
        hook("logs/notification.json", 1, "Notification", { agentInstance: "a1" }),
      ],
    };
    it("has a case for each row, in this order", () => {
      expect(TRANSCRIPT_DATING_RULES.map((rule) => rule.source)).toEqual(Object.keys(cases));
    });
    it.each(TRANSCRIPT_DATING_RULES.map((rule) => [rule.source, rule] as const))(
      "%s: dates what it names and leaves the rest",
      (source, rule) => {
        const [dated, ms, left] = cases[source] as [BaseEvent, number, BaseEvent];
        const { events } = dateEvents([...transcript, dated, left]);
        expect(events[4]).toMatchObject({ ts: ms, tsEstimated: true });
        expect(rule.time(left, { tools: new Map(), agents: new Map() })).toBeUndefined();
        expect(events[5]?.ts).not.toBe(ms);
      },
    );
  });

  it("copies only the events it dates", () => {
    const timed = entry(1, at(0));
    const { events } = dateEvents([timed, hook("logs/stop.json", 1, "Stop")]);
    expect(events[0]).toBe(timed);
  });
});
