import { describe, expect, it } from "vitest";
import { createLog } from "../../../scripts/sample/log.ts";

describe("createLog", () => {
  it("appends OpenClaw's compact {type, agentId, ts, data} lines in emit order, with their times", () => {
    const log = createLog();
    log.emit("a2a.send", "eden", 2000, { toAgent: "seum", message: "hi" });
    log.emit("task.started", "seum", 1000, { taskId: "t1" });
    expect(log.lines).toEqual([
      {
        ts: 2000,
        text: '{"type":"a2a.send","agentId":"eden","ts":2000,"data":{"toAgent":"seum","message":"hi"}}',
      },
      { ts: 1000, text: '{"type":"task.started","agentId":"seum","ts":1000,"data":{"taskId":"t1"}}' },
    ]);
  });

  it("leaves out keys whose value is undefined, as OpenClaw does", () => {
    const log = createLog();
    log.emit("task.updated", "eden", 1, { taskId: "t1", workSessionId: undefined });
    expect(JSON.parse(log.lines[0]?.text ?? "")).toEqual({
      type: "task.updated",
      agentId: "eden",
      ts: 1,
      data: { taskId: "t1" },
    });
  });
});
