import path from "node:path";
import { describe, expect, it } from "vitest";
import { firstPass, ingest, rawLoop } from "../../../scripts/bench/workloads.ts";
import { tmpTree } from "../../helpers/tmp.ts";

const line = (ts: number) =>
  JSON.stringify({ type: "a2a.send", agentId: "eden", ts, data: { message: "hi" } });

/** Three events, one of them twice, a blank line, and a last line without its newline. */
const LOG = [line(1000), line(2000), line(1000), "", line(3000)].join("\n");

describe("rawLoop", () => {
  it("parses every non-empty line, the last one without a newline too", async () => {
    const dir = tmpTree({ "log.ndjson": LOG });
    const result = await rawLoop(path.join(dir, "log.ndjson"));
    expect(result.events).toBe(4);
    expect(result.ms).toBeGreaterThanOrEqual(0);
  });

  it("fails on a line that is not JSON, as the baseline does no error handling", async () => {
    const dir = tmpTree({ "log.ndjson": `${line(1)}\nnot json\n` });
    await expect(rawLoop(path.join(dir, "log.ndjson"))).rejects.toThrow(SyntaxError);
  });
});

describe("ingest", () => {
  it("counts distinct events after dedupe, with the product's own reader and formats", async () => {
    const dir = tmpTree({ "log.ndjson": LOG });
    const result = await ingest(path.join(dir, "log.ndjson"));
    expect(result.events).toBe(3);
  });
});

describe("firstPass", () => {
  it("classifies the same distinct events that ingest counts", async () => {
    const dir = tmpTree({ "log.ndjson": LOG });
    const result = await firstPass(path.join(dir, "log.ndjson"));
    expect(result.events).toBe(3);
  });
});
