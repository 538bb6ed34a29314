import { describe, expect, it } from "vitest";
import { lineRef } from "../../helpers/line-ref.ts";
import { normalizeLine } from "../../../src/core/formats/normalize-line.ts";

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
