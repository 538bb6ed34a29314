import { describe, expect, it } from "vitest";
import { lineId } from "../../../src/core/formats/line-id.ts";

const payload =
  '{"hook_event_name":"PreToolUse","session_id":"s","tool_name":"Bash","tool_input":{"command":"ls"}}';

describe("lineId", () => {
  it("is fp- and 16 hex digits", () => {
    expect(lineId({ line: 1, text: payload })).toMatch(/^fp-[0-9a-f]{16}$/);
  });

  it("tells equal payloads at different lines apart: they are two firings", () => {
    expect(lineId({ line: 3, text: payload })).not.toBe(lineId({ line: 4, text: payload }));
  });

  it("gives the same line the same id, in the file or in a copy of it elsewhere", () => {
    const original = { file: "a/logs/pre_tool_use.json", line: 3, text: payload };
    const copy = { file: "backup/logs/pre_tool_use.json", line: 3, text: payload };
    expect(lineId(original)).toBe(lineId(copy));
  });

  it("tells different texts at the same line apart", () => {
    expect(lineId({ line: 3, text: payload })).not.toBe(
      lineId({ line: 3, text: payload.replace("ls", "pwd") }),
    );
  });

  it("does not confuse a line number with the text's start", () => {
    expect(lineId({ line: 12, text: "3" })).not.toBe(lineId({ line: 1, text: "23" }));
  });
});
