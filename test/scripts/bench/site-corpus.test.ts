import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sampleLines, STATE_LOG } from "../../../scripts/bench/corpus.ts";
import { ensureSiteCorpus, ensureSiteState } from "../../../scripts/bench/site-corpus.ts";
import { tmpTree } from "../../helpers/tmp.ts";

const sessionOf = (line: string) =>
  (JSON.parse(line) as { data?: { workSessionId?: string } }).data?.workSessionId;

/** The sample is built once for the whole file: building it takes a tenth of a second. */
const SAMPLE = sampleLines();

describe("ensureSiteCorpus", () => {
  it("copies only the sample's session events, as often as the asked sessions need", async () => {
    const file = path.join(tmpTree(), "site.ndjson");
    const perCopy = new Set(SAMPLE.map(sessionOf).filter((w) => w !== undefined)).size;
    const result = await ensureSiteCorpus(file, perCopy + 1);
    expect(result.copies).toBe(2);
    const lines = readFileSync(file, "utf8").trimEnd().split("\n");
    expect(lines).toHaveLength(result.lines);
    expect(lines.every((l) => sessionOf(l) !== undefined)).toBe(true);
    expect(new Set(lines.map(sessionOf)).size).toBe(2 * perCopy);
  });

  it("copies the legacy lines too with the whole log", async () => {
    const file = path.join(tmpTree(), "site.ndjson");
    const result = await ensureSiteCorpus(file, 1, true);
    expect(result.copies).toBe(1);
    expect(result.lines).toBe(SAMPLE.length);
    expect(
      readFileSync(file, "utf8")
        .split("\n")
        .some((l) => l !== "" && sessionOf(l) === undefined),
    ).toBe(true);
  });

  it("keeps a corpus that is already there", async () => {
    const dir = tmpTree({ "site.ndjson": "kept\n" });
    const file = path.join(dir, "site.ndjson");
    const result = await ensureSiteCorpus(file, 10);
    expect(result.bytes).toBe(5);
    expect(readFileSync(file, "utf8")).toBe("kept\n");
  });
});

describe("ensureSiteState", () => {
  it("makes a state directory of the sample's whole log, copied for the asked sessions", async () => {
    const dir = path.join(tmpTree(), "state");
    const perCopy = new Set(SAMPLE.map(sessionOf).filter((w) => w !== undefined)).size;
    const state = await ensureSiteState(dir, perCopy + 1);
    expect(state.copies).toBe(2);
    expect(state.lines).toBe(2 * SAMPLE.length);
    expect(state.log).toBe(path.join(dir, STATE_LOG));
    expect(readFileSync(path.join(dir, "openclaw.json"), "utf8")).toMatch(/agents/);
    expect(readFileSync(state.log, "utf8").trimEnd().split("\n")).toHaveLength(state.lines);
  });
});
