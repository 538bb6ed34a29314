import { describe, expect, it } from "vitest";
import { HookRecorder, hookLogFiles, pythonJson } from "../../../scripts/sample/claude-hook-logs.ts";

describe("pythonJson", () => {
  it("writes what Python's json.dumps(indent=2) writes: non-ASCII escaped, no newline at the end", () => {
    const text = pythonJson([{ prompt: "배포…", n: 1, empty: [] }]);
    expect(text).toBe('[\n  {\n    "prompt": "\\ubc30\\ud3ec\\u2026",\n    "n": 1,\n    "empty": []\n  }\n]');
    expect(JSON.parse(text)).toEqual([{ prompt: "배포…", n: 1, empty: [] }]);
  });
});

describe("hookLogFiles", () => {
  it("puts each hook's payloads in its own file, one array each, in the order they fired", () => {
    const hooks = new HookRecorder({ session_id: "s-1", cwd: "/home/dev/app" });
    hooks.fire("PreToolUse", { tool_use_id: "toolu_1" });
    hooks.fire("Stop");
    hooks.fire("PreToolUse", { tool_use_id: "toolu_2" });
    const files = hookLogFiles(hooks.payloads);
    expect([...files.keys()]).toEqual(["pre_tool_use.json", "stop.json"]);
    const pre = JSON.parse(files.get("pre_tool_use.json") ?? "") as Array<Record<string, unknown>>;
    expect(pre.map((p) => p["tool_use_id"])).toEqual(["toolu_1", "toolu_2"]);
    expect(pre[0]).toEqual({
      session_id: "s-1",
      cwd: "/home/dev/app",
      hook_event_name: "PreToolUse",
      tool_use_id: "toolu_1",
    });
  });

  it("refuses a hook it has no file name for", () => {
    expect(() => hookLogFiles([{ hook_event_name: "Mystery" }])).toThrow(/Mystery/);
  });
});
