import { describe, expect, it } from "vitest";
import {
  buildStage,
  formatBuildTable,
  fitsVerdict,
  formatTable,
  median,
  pairedRatio,
  peak,
  roundOrder,
  verdict,
} from "../../../scripts/bench/stats.ts";

const run = (ms: number, peakBytes = 0) => ({ ms, peakBytes });

describe("median", () => {
  it("takes the middle of an odd count, in any order", () => {
    expect(median([5, 1, 3])).toBe(3);
  });

  it("takes the mean of the middle two of an even count", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("is NaN for no values, and leaves out the runs that failed", () => {
    expect(median([])).toBeNaN();
    expect(median([Number.NaN, 7, Number.NaN])).toBe(7);
  });
});

describe("pairedRatio", () => {
  it("is the median of the ratios of the runs of each round", () => {
    // Rounds: 1/2, 2/4 and 3/3; a drift that doubles both sides leaves the ratio as it was.
    expect(pairedRatio([run(1), run(2), run(3)], [run(2), run(4), run(3)])).toBe(0.5);
  });

  it("pairs only the rounds both sides have, and is NaN with none", () => {
    expect(pairedRatio([run(1), run(9)], [run(4)])).toBe(0.25);
    expect(pairedRatio([], [run(4)])).toBeNaN();
  });

  it("leaves out a round where either side failed", () => {
    expect(pairedRatio([run(1), run(Number.NaN), run(3)], [run(2), run(1), run(Number.NaN)])).toBe(0.5);
  });
});

describe("peak", () => {
  it("is the largest peak of the runs, 0 for none", () => {
    expect(peak([run(1, 5), run(1, 9), run(1, 2)])).toBe(9);
    expect(peak([])).toBe(0);
  });
});

describe("formatTable", () => {
  const input = { bytes: 100e6, events: 200_000 };
  const table = formatTable(
    [
      { label: "raw loop", runs: [run(2000, 120e6), run(1000, 100e6), run(3000, 90e6)], vsRaw: 1 },
      { label: "analyze --workers 2", runs: [], vsRaw: Number.NaN, note: "no --workers flag yet" },
    ],
    input,
  ).split("\n");

  it("prints a header, one line per row and a final newline", () => {
    expect(table).toHaveLength(4);
    expect(table[0]).toMatch(/^command +median s +MB\/s +events\/s +peak MB +vs raw$/);
    expect(table[3]).toBe("");
  });

  it("gives the median time, MB/s and events/s over the input, the highest peak and the ratio", () => {
    expect(table[1]?.split(/\s{2,}/)).toEqual(["raw loop", "2.00", "50.0", "100,000", "120", "1.00"]);
  });

  it("says in how many rounds a row failed, after its own note", () => {
    const [, line] = formatTable(
      [{ label: "cold", runs: [run(1000, 5e6), run(Number.NaN)], vsRaw: 0.5, note: "see below" }],
      input,
    ).split("\n");
    expect(line).toMatch(/ 1\.00 +100\.0 +200,000 +5 +0\.50 {2}see below; {2}FAILED in 1 of 2 rounds$/);
  });

  it("gives no rates for a row that reads nothing", () => {
    const [, line] = formatTable(
      [{ label: "start", runs: [run(500, 50e6)], vsRaw: Number.NaN, readsNothing: true }],
      input,
    ).split("\n");
    expect(line?.split(/\s{2,}/)).toEqual(["start", "0.50", "–", "–", "50", "–"]);
  });

  it("shows dashes and the note for a row that did not run", () => {
    expect(table[2]).toMatch(/^analyze --workers 2 +– +– +– +– +– {2}no --workers flag yet$/);
  });
});

describe("verdict", () => {
  it("says whether a speed meets its target and reaches its aim", () => {
    expect(
      verdict({ what: "cold / raw", value: 0.61, sense: "at least", target: 0.5, aim: 1, digits: 2 }),
    ).toBe("cold / raw: 0.61 (target ≥ 0.50: met; aim 1.00: not yet)");
  });

  it("judges memory from above, with its unit", () => {
    expect(
      verdict({ what: "peak", value: 1200, sense: "at most", target: 1000, digits: 0, unit: " MB" }),
    ).toBe("peak: 1200 MB (target ≤ 1000 MB: NOT met)");
  });

  it("says what was not measured", () => {
    expect(
      verdict({ what: "warm / cold", value: Number.NaN, sense: "at most", target: 0.2, digits: 2 }),
    ).toBe("warm / cold: not measured (target ≤ 0.20)");
  });
});

describe("roundOrder", () => {
  it("keeps the order in even rounds and reverses it in odd ones, without changing the list", () => {
    const items = ["a", "b", "c"];
    expect(roundOrder(items, 0)).toEqual(["a", "b", "c"]);
    expect(roundOrder(items, 1)).toEqual(["c", "b", "a"]);
    expect(items).toEqual(["a", "b", "c"]);
  });
});

describe("formatBuildTable", () => {
  it("gives time, pages, rates, both peaks and the multiple of the raw loop", () => {
    const [, line] = formatBuildTable([
      {
        label: "build, 10 sessions",
        events: 50_000,
        rawMs: 1000,
        ms: 10_000,
        pages: 2000,
        treePeak: 900e6,
        ownPeak: 600e6,
      },
    ]).split("\n");
    expect(line?.split(/\s{2,}/)).toEqual([
      "build, 10 sessions",
      "10.0",
      "2,000",
      "200",
      "5,000",
      "900",
      "600",
      "10.0",
    ]);
  });

  it("shows a failed build as FAILED with why beneath", () => {
    const lines = formatBuildTable([
      {
        label: "build, big",
        events: 1,
        rawMs: 1,
        ms: 60_000,
        pages: Number.NaN,
        treePeak: 4e9,
        ownPeak: 0,
        failure: "killed by SIGKILL",
      },
    ]).split("\n");
    expect(lines[1]?.split(/\s{2,}/)).toEqual(["build, big", "60.0", "FAILED", "–", "–", "4,000", "–", "–"]);
    expect(lines[2]).toBe("  killed by SIGKILL");
  });
});

describe("buildStage", () => {
  it("tells a build that died reading the logs", () => {
    expect(buildStage("workscope: 1/2 files, 80.0 MB, 0 events (0 events/s)\n")).toBe(
      "reading and analyzing the logs (last progress: workscope: 1/2 files, 80.0 MB, 0 events (0 events/s))",
    );
  });

  it("tells one out of memory after the analysis", () => {
    const stderr =
      "workscope: read 2 files: 10 events, 3 work sessions in 9.0 s (1.0 MB, 1 events/s)\nFATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\n";
    expect(buildStage(stderr)).toBe(
      "out of memory, after the analysis: building or writing the page data, or rendering pages (last progress: workscope: read 2 files: 10 events, 3 work sessions in 9.0 s (1.0 MB, 1 events/s))",
    );
  });

  it("tells a renderer that failed, and a build that printed nothing", () => {
    expect(buildStage("Error: rendering pages (part 2 of 2) failed with SIGKILL")).toBe("rendering pages");
    expect(buildStage("")).toBe("before the first progress line");
  });
});

describe("fitsVerdict", () => {
  const row = { label: "big", events: 1, rawMs: 1, ms: 1, pages: 1, treePeak: 1, ownPeak: 1 };

  it("is met by a build that finished, and not measured without one", () => {
    expect(fitsVerdict("fits", row)).toBe("fits: met");
    expect(fitsVerdict("fits", undefined)).toBe("fits: not measured (run with --big)");
  });

  it("is not met by a build that failed, and undecided for one the time limit stopped", () => {
    expect(fitsVerdict("fits", { ...row, failure: "killed by SIGABRT; stage: out of memory, x" })).toBe(
      "fits: NOT met (killed by SIGABRT; stage: out of memory, x)",
    );
    expect(fitsVerdict("fits", { ...row, failure: "stopped at the time limit of 8 min" })).toBe(
      "fits: not decided (stopped at the time limit of 8 min)",
    );
  });
});
