import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeInputs } from "../../src/ingest/analyze-inputs.ts";
import type { Progress } from "../../src/ingest/progress.ts";
import { tmpTree } from "../helpers/tmp.ts";

const line = (ts: number, data: Record<string, unknown>) =>
  JSON.stringify({
    type: "a2a.send",
    agentId: "eden",
    ts,
    data: { fromAgent: "eden", toAgent: "seum", ...data },
  });

describe("analyzeInputs", () => {
  it("reads the inputs relative to cwd and analyzes them against now", async () => {
    const dir = tmpTree({
      "logs/coordination-events.ndjson": `${line(1000, { workSessionId: "ws_a", message: "hi" })}\n`,
      "openclaw.json": JSON.stringify({ agents: { list: [{ id: "eden" }, { id: "seum" }] } }),
    });
    const { report, events } = await analyzeInputs(["."], {
      cwd: dir,
      nowMs: Date.parse("2026-03-09T00:00:00Z"),
    });
    expect(report.generatedAt).toBe("2026-03-09T00:00:00.000Z");
    expect(report.input.files.map((f) => f.path)).toEqual([
      "logs/coordination-events.ndjson",
      "openclaw.json",
    ]);
    // The config names eden and seum as main agents, though it is read after the events.
    expect(events[0]?.eventRole).toBe("conversation.main");
  });

  it("tells the progress how many files there are, and each file it finished", async () => {
    const dir = tmpTree({ "a.ndjson": `${line(1, {})}\n`, "b.ndjson": `${line(2, {})}\n` });
    const seen: string[] = [];
    const progress = (files: number): Progress => {
      seen.push(`files ${files}`);
      return {
        fileDone: () => seen.push("done"),
        bytes: () => {},
        events: (n) => seen.push(`events ${n}`),
        finish: () => {},
      };
    };
    await analyzeInputs([path.join(dir, "a.ndjson"), "b.ndjson"], { cwd: dir, nowMs: 0, progress });
    expect(seen).toEqual(["files 2", "events 1", "done", "events 1", "done"]);
  });
});
