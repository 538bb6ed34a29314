import { describe, expect, it } from "vitest";
import { FindingCollector, OTHER_REASONS } from "../../src/core/finding.ts";
import { FindingsTally, isTallyState } from "../../src/ingest/findings-tally.ts";

/** Findings `[line, reason]` of a file, with reasons from a small set and some of their own. */
const FINDINGS: Array<[number, string]> = Array.from({ length: 40 }, (_, i) => [
  i + 1,
  i % 5 === 0 ? `own reason ${i}` : `reason ${i % 3}`,
]);

/** What one pass of FindingCollector gives. */
function onePass(findings: ReadonlyArray<[number, string]>, limit: number) {
  const collector = new FindingCollector(limit);
  for (const [line, reason] of findings) collector.add({ file: "f", line, reason });
  return collector.result();
}

/** The findings tallied in parts cut at `cuts`, each part's lines counted from its start. */
function inParts(findings: ReadonlyArray<[number, string]>, cuts: number[], limit: number) {
  const whole = new FindingsTally(limit);
  let from = 0;
  for (const cut of [...cuts, findings.length]) {
    const base = findings[from - 1]?.[0] ?? 0;
    const part = new FindingsTally(limit);
    for (const [line, reason] of findings.slice(from, cut)) part.add(line - base, reason);
    if (!whole.append(part.state(), base)) return null;
    from = cut;
  }
  return whole;
}

describe("FindingsTally", () => {
  it("gives what one pass of FindingCollector gives", () => {
    for (const limit of [1, 3, 10, 100]) {
      const tally = new FindingsTally(limit);
      for (const [line, reason] of FINDINGS) tally.add(line, reason);
      expect(tally.result("f")).toEqual(onePass(FINDINGS, limit));
      expect(tally.total).toBe(FINDINGS.length);
    }
  });

  it("continues a tally part by part as one pass would, or says it cannot", () => {
    let exact = 0;
    for (const limit of [2, 5, 50])
      for (const cuts of [[1], [7, 8], [20], [3, 11, 30]]) {
        const whole = inParts(FINDINGS, cuts, limit);
        if (whole === null) continue;
        exact++;
        expect(whole.result("f")).toEqual(onePass(FINDINGS, limit));
        expect(whole.total).toBe(FINDINGS.length);
      }
    expect(exact).toBeGreaterThanOrEqual(5);
  });

  it("refuses to continue with a part that lumped reasons together", () => {
    const part = new FindingsTally(2);
    for (const [line, reason] of FINDINGS) part.add(line, reason);
    expect(part.state().omitted.some(([reason]) => reason === OTHER_REASONS)).toBe(true);
    const first = new FindingsTally(2);
    first.add(1, "x");
    expect(first.append(part.state(), 1)).toBe(false);
    expect(first.total).toBe(1);
    expect(new FindingsTally(2).append(part.state(), 0)).toBe(true);
  });

  it("starts from a state and checks states read from disk", () => {
    const tally = new FindingsTally(3);
    for (const [line, reason] of FINDINGS) tally.add(line, reason);
    const state = JSON.parse(JSON.stringify(tally.state())) as unknown;
    expect(isTallyState(state)).toBe(true);
    expect(new FindingsTally(3, state as never).result("f")).toEqual(tally.result("f"));
    expect(isTallyState({ listed: [[-1, "x"]], omitted: [], errors: 1 })).toBe(false);
    expect(isTallyState({ listed: [], omitted: [["x", 0]], errors: 0 })).toBe(false);
    expect(isTallyState(null)).toBe(false);
  });
});
