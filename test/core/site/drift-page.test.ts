import { describe, expect, it } from "vitest";
import { CollabCategory } from "../../../src/core/category.ts";
import type { BlockedFlow } from "../../../src/core/sessions/blocked-flows.ts";
import type { BlockedReason } from "../../../src/core/sessions/blocked-reasons.ts";
import {
  chartWeeks,
  DriftPage,
  driftFamily,
  driftPage,
  MAX_FILLED_WEEKS,
} from "../../../src/core/site/drift-page.ts";
import { siteLookups } from "../../../src/core/site/site-lookups.ts";
import type { Week } from "../../../src/core/weeks.ts";
import { analysis, event } from "./fixtures.ts";

/** 2026-03-02, a Monday, at midnight UTC: the start of 2026-W10. */
const W10 = Date.parse("2026-03-02T00:00:00Z");
const DAY = 86_400_000;

/** A week of the Report with the given category counts and fallback ratio. */
function week(name: string, counts: Partial<Record<CollabCategory, number>>, fallbackRatio = 0): Week {
  const categoryCounts = Object.fromEntries(CollabCategory.options.map((c) => [c, counts[c] ?? 0])) as Record<
    CollabCategory,
    number
  >;
  const sessions = Object.values(categoryCounts).reduce((a, b) => a + b, 0);
  return { week: name, categoryCounts, fallbackRatio, sessions };
}

/** A blocked flow with the given reason at the given time. */
function flow(reason: BlockedReason, ts: number): BlockedFlow {
  // Cast: the flow carries only what the drift page reads and what every flow has.
  return {
    flowId: `flow-${ts}`,
    threadKey: `pair:a_b:${ts}`,
    fromAgent: "a",
    toAgent: "b",
    reason,
    ts,
    evidence: [],
  } as BlockedFlow;
}

describe("chartWeeks", () => {
  it.each([
    ["no weeks", [], []],
    ["one week", ["2026-W10"], ["2026-W10"]],
    [
      "a quiet gap, filled",
      ["2026-W12", "2026-W09", "2026-W12"],
      ["2026-W09", "2026-W10", "2026-W11", "2026-W12"],
    ],
    ["a year's end with week 53", ["2020-W52", "2021-W01"], ["2020-W52", "2020-W53", "2021-W01"]],
  ])("%s", (_, counted, weeks) => {
    expect(chartWeeks(counted)).toEqual(weeks);
  });

  it("fills a span of exactly MAX_FILLED_WEEKS weeks, and keeps only the counted weeks of a longer one", () => {
    // 2016-W01 to 2025-W52 is 521 weeks (2020 has 53), so the span of 2016-W02 to it is 520.
    const filled = chartWeeks(["2016-W02", "2025-W52"]);
    expect(filled).toHaveLength(MAX_FILLED_WEEKS);
    expect([filled[0], filled.at(-1)]).toEqual(["2016-W02", "2025-W52"]);
    expect(chartWeeks(["2016-W01", "2025-W52"])).toEqual(["2016-W01", "2025-W52"]);
    expect(chartWeeks(["1970-W01", "2026-W09", "2026-W10"])).toEqual(["1970-W01", "2026-W09", "2026-W10"]);
  });
});

describe("driftPage", () => {
  const data = analysis(
    {
      weeks: [
        week("2026-W09", { engineering_build: 2, qa_validation: 1 }, 0.333),
        week("2026-W10", { infra_ops: 4 }, 0.25),
      ],
      blockedFlows: [flow("timeout", W10 - DAY), flow("timeout", W10 + DAY), flow("orphaned", W10 + 2 * DAY)],
    },
    {
      events: [
        event({ ts: W10 - 8 * DAY, eventRole: "system.observability" }),
        event({ ts: W10 - DAY, eventRole: "conversation.main" }),
        event({ ts: W10 - DAY, eventRole: "conversation.main" }),
        event({ ts: W10 + DAY, eventRole: "delegation.subagent" }),
      ],
    },
  );
  const page = driftPage(data);

  it("passes its schema and lists every week any chart counts in, oldest first", () => {
    expect(DriftPage.safeParse(page).success).toBe(true);
    expect(page.weeks).toEqual(["2026-W08", "2026-W09", "2026-W10"]);
    expect(page.timeZone).toBe("UTC");
  });

  it("counts each week's sessions by category, only the categories that count something, in their own order", () => {
    expect(page.categories.series).toEqual([
      { key: "engineering_build", counts: [0, 2, 0] },
      { key: "infra_ops", counts: [0, 0, 4] },
      { key: "qa_validation", counts: [0, 1, 0] },
    ]);
    expect(page.categories.totals).toEqual([0, 3, 4]);
  });

  it("gives the fallback share in percent with one decimal, and none for a week without sessions", () => {
    expect(page.fallbackPercent).toEqual([null, 33.3, 25]);
  });

  it("counts events per week by role", () => {
    expect(page.roles.series).toEqual([
      { key: "conversation.main", counts: [0, 2, 0] },
      { key: "delegation.subagent", counts: [0, 0, 1] },
      { key: "system.observability", counts: [1, 0, 0] },
    ]);
    expect(page.roles.totals).toEqual([1, 2, 1]);
  });

  it("counts blocked flows per week by reason, in the reasons' own order", () => {
    expect(page.reasons.series).toEqual([
      { key: "timeout", counts: [0, 1, 1] },
      { key: "orphaned", counts: [0, 0, 1] },
    ]);
    expect(page.reasons.totals).toEqual([0, 1, 2]);
  });

  it("has no reason series and zero totals when no flow was blocked", () => {
    const quiet = driftPage(analysis({ weeks: [week("2026-W10", { infra_ops: 1 })] }));
    expect(quiet.weeks).toEqual(["2026-W10"]);
    expect(quiet.reasons).toEqual({ series: [], totals: [0] });
    expect(quiet.roles).toEqual({ series: [], totals: [0] });
  });

  it("draws a quiet week between counted ones as zeros, with no fallback share", () => {
    const gap = driftPage(
      analysis({ weeks: [week("2026-W07", { infra_ops: 1 }, 0.5), week("2026-W10", { infra_ops: 2 })] }),
    );
    expect(gap.weeks).toEqual(["2026-W07", "2026-W08", "2026-W09", "2026-W10"]);
    expect(gap.categories.series).toEqual([{ key: "infra_ops", counts: [1, 0, 0, 2] }]);
    expect(gap.categories.totals).toEqual([1, 0, 0, 2]);
    expect(gap.fallbackPercent).toEqual([50, null, null, 0]);
  });

  it("is empty when nothing happened", () => {
    expect(driftPage(analysis())).toEqual({
      timeZone: "UTC",
      weeks: [],
      categories: { series: [], totals: [] },
      fallbackPercent: [],
      roles: { series: [], totals: [] },
      reasons: { series: [], totals: [] },
    });
  });

  it("cuts the weeks of events and flows in the Report's time zone", () => {
    // Sunday 20:00 UTC is already Monday 05:00 in Seoul: the next ISO week there.
    const sunday = W10 - 4 * 3_600_000;
    const parts = { blockedFlows: [flow("run_error", sunday)] };
    const extra = { events: [event({ ts: sunday, eventRole: "orchestration.task" })] };
    const utc = driftPage(analysis(parts, extra));
    const seoul = driftPage(analysis({ ...parts, timeZone: "Asia/Seoul" }, extra));
    expect([utc.weeks, seoul.weeks]).toEqual([["2026-W09"], ["2026-W10"]]);
    expect(seoul.timeZone).toBe("Asia/Seoul");
    expect(seoul.roles.series).toEqual([{ key: "orchestration.task", counts: [1] }]);
    expect(seoul.reasons.series).toEqual([{ key: "run_error", counts: [1] }]);
  });
});

describe("driftFamily", () => {
  it("makes the drift family's index from the page model, with no page files", () => {
    const data = analysis({ weeks: [week("2026-W10", { infra_ops: 1 })] });
    expect(driftFamily(data, siteLookups(data))).toEqual({
      family: "drift",
      index: driftPage(data),
      pages: [],
    });
  });
});
