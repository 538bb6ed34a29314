import path from "node:path";
import { describe, expect, it } from "vitest";
import { duckdbSessions, rawLoop } from "../../../scripts/bench/baselines.mjs";
import { tmpTree } from "../../helpers/tmp.ts";

const line = (ts: number, workSessionId?: string) =>
  JSON.stringify({ type: "a2a.send", agentId: "eden", ts, data: { message: "hi", workSessionId } });

/** Four events in two work sessions and none, a blank line, and a last line without its newline. */
const LOG = [line(1000, "ws-1"), line(2000, "ws-2"), line(1000, "ws-1"), "", line(3000)].join("\n");

describe("rawLoop", () => {
  it("parses every non-empty line, the last one without a newline too", async () => {
    const dir = tmpTree({ "log.ndjson": LOG });
    const result = await rawLoop(path.join(dir, "log.ndjson"));
    expect(result.count).toBe(4);
    expect(result.ms).toBeGreaterThanOrEqual(0);
  });

  it("fails on a line that is not JSON, as the baseline does no error handling", async () => {
    const dir = tmpTree({ "log.ndjson": `${line(1)}\nnot json\n` });
    await expect(rawLoop(path.join(dir, "log.ndjson"))).rejects.toThrow(SyntaxError);
  });
});

describe("duckdbSessions", () => {
  it("groups the lines by work session, the lines without one as one more group", async () => {
    const dir = tmpTree({ "it's a log.ndjson": `${LOG}\n` });
    const result = await duckdbSessions(path.join(dir, "it's a log.ndjson"), 1);
    expect(result.count).toBe(3);
  });
});
