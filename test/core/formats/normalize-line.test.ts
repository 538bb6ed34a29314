import { describe, expect, it } from "vitest";
import { lineRef } from "../../helpers/line-ref.ts";
import {
  FORMAT_RULES,
  formatOf,
  keyNames,
  normalizeLine,
  normalizeValue,
  type LineFormat,
} from "../../../src/core/formats/normalize-line.ts";

const line = (text: string) => normalizeLine(lineRef("mixed.ndjson", 4, text));

describe("normalizeLine", () => {
  it("tells the three formats apart by the line itself", () => {
    expect(line('{"type":"a2a.send","agentId":"eden","ts":1,"data":{}}').event?.source).toBe("openclaw");
    expect(
      line('{"hook_event_name":"Stop","session_id":"s","timestamp":"2026-01-01T00:00:00Z"}').event?.source,
    ).toBe("claude_code");
    const v11 =
      '{"id":"e1","version":"1.1","ts":"2026-01-01T00:00:00Z","type":"heartbeat","source":"synthetic","workspace_id":"w","terminal_session_id":"t","agent_id":"a"}';
    expect(line(v11).event?.source).toBe("v1.1");
  });

  it("gives an event with its payload facts and no classification yet", () => {
    const { event } = line(
      '{"type":"a2a.send","agentId":"eden","ts":1,"data":{"message":"hi","eventRole":"conversation.main"}}',
    );
    expect(event?.facts).toEqual({ message: "hi", eventRole: "conversation.main" });
    expect(event).not.toHaveProperty("eventRole");
  });

  it("takes a line with workspace_id but no version as a v1.1 event, and says what is missing", () => {
    const result = line(
      '{"id":"e1","ts":"2026-01-01T00:00:00Z","type":"heartbeat","source":"synthetic","workspace_id":"w","terminal_session_id":"t","agent_id":"a"}',
    );
    expect(result.problems[0]).toMatch(/^invalid v1\.1 event: version/);
  });

  it("reports text that is not JSON", () => {
    const result = line('{"type":"a2a.send", "ts": 17');
    expect(result.event).toBeNull();
    expect(result.problems[0]).toMatch(/^not valid JSON: /);
  });

  it("reports JSON that is not an object", () => {
    expect(line("[1,2]").problems).toEqual(["expected a JSON object, found an array"]);
    expect(line("42").problems).toEqual(["expected a JSON object, found number"]);
  });

  it("reports an object that is no event", () => {
    expect(line('{"hello":"world"}').problems[0]).toMatch(/^not an event/);
  });
});

describe("FORMAT_RULES", () => {
  const transcript = JSON.stringify({
    parentUuid: null,
    isSidechain: false,
    userType: "external",
    cwd: "/w",
    sessionId: "s1",
    version: "2.0.61",
    gitBranch: "main",
    type: "user",
    message: { role: "user", content: "fix the build" },
    uuid: "u1",
    timestamp: "2026-03-01T10:00:00.000Z",
  });
  // One row per rule, in the table's order, and the lines no rule takes.
  const rows: Array<[string, string, LineFormat | null]> = [
    ["hook", '{"hook_event_name":"Stop","session_id":"s","type":"x","agentId":"a"}', "hook"],
    ["transcript", transcript, "transcript"],
    ["v1.1", '{"workspace_id":"w","type":"x","agentId":"a"}', "v1.1"],
    ["v1.1", '{"version":"1.1","id":"e1","source":"sdk","type":"x"}', "v1.1"],
    ["openclaw", '{"type":"a2a.send","agentId":"eden","ts":1}', "openclaw"],
    ["openclaw", '{"type":"task.created","timestamp":"2026-01-01T00:00:00Z","data":{}}', "openclaw"],
  ];
  it.each(rows)("%s: %s", (_, text, format) => {
    expect(formatOf(JSON.parse(text))).toBe(format);
  });

  it("has one row per format, in the order shapes must be told apart", () => {
    expect(FORMAT_RULES.map((r) => r.format)).toEqual(["hook", "transcript", "v1.1", "openclaw"]);
  });

  it("does not take a transcript line's Claude Code version for v1.1", () => {
    const result = line(transcript);
    expect(result.event?.source).toBe("claude_code");
    expect(result.problems.join()).not.toMatch(/v1\.1/);
  });

  it.each([
    ['{"type":"step","ts":1}', "a type and a time alone"],
    ['{"version":"2.0.61","type":"x"}', "a version alone"],
    ["[1]", "an array"],
    ['"text"', "a string"],
  ])("takes %s (%s) as no format", (text) => {
    expect(formatOf(JSON.parse(text))).toBeNull();
  });

  it("names the keys, never the values, of an object of no format", () => {
    const result = line('{"token":"sk-123","level":"info"}');
    expect(result.problems).toEqual(["not an event of a format workscope reads (keys: token, level)"]);
  });

  it("gives an already parsed value the same event as its line", () => {
    const text = '{"type":"a2a.send","agentId":"eden","ts":1,"data":{"message":"hi"}}';
    const ref = lineRef("a.json", 3, text);
    expect(normalizeValue(JSON.parse(text), ref)).toEqual(normalizeLine(ref));
  });

  it("clips long key names and shows control characters as ?", () => {
    expect(keyNames({ ["k".repeat(40)]: 1, "a\nb": 2 })).toBe(`${"k".repeat(32)}…, a?b`);
    const many = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, i]));
    expect(keyNames(many)).toBe("k0, k1, k2, k3, k4, k5, k6, k7, … (10 in all)");
  });
});
