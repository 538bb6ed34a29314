import { describe, expect, it } from "vitest";
import { contentId, lineId } from "../../../src/core/formats/line-id.ts";

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

describe("contentId", () => {
  const entry = '{"type":"summary","summary":"Fixing CI","leafUuid":"u-9"}';

  it("is fp- and 16 hex digits, and not the line id of the same text", () => {
    expect(contentId(entry, JSON.parse(entry))).toMatch(/^fp-[0-9a-f]{16}$/);
    expect(contentId(entry, JSON.parse(entry))).not.toBe(lineId({ line: 1, text: entry }));
  });

  it("ignores the whitespace between tokens and the number forms JSON.parse reads the same", () => {
    const pretty = '{\n  "type": "summary",\n  "summary": "Fixing CI",\n  "leafUuid": "u-9"\n}';
    expect(contentId(pretty, JSON.parse(pretty))).toBe(contentId(entry, JSON.parse(entry)));
    const written = '{"type":"queue-operation","n":1.0,"s":"\\u0041"}';
    const plain = '{"type":"queue-operation","n":1,"s":"A"}';
    expect(contentId(written, JSON.parse(written))).toBe(contentId(plain, JSON.parse(plain)));
  });

  it("keeps the keys in the order written and tells different contents apart", () => {
    const reordered = '{"summary":"Fixing CI","type":"summary","leafUuid":"u-9"}';
    expect(contentId(reordered, JSON.parse(reordered))).not.toBe(contentId(entry, JSON.parse(entry)));
    const other = entry.replace("u-9", "u-8");
    expect(contentId(other, JSON.parse(other))).not.toBe(contentId(entry, JSON.parse(entry)));
  });
});
