import { describe, expect, it } from "vitest";
import { TIMELINE_BINS, timelineOf } from "../../../src/core/site/timeline.ts";

describe("timelineOf", () => {
  it("counts events per role in equal slices of the session's span", () => {
    const t = timelineOf([
      { ts: 0, eventRole: "conversation.main" },
      { ts: 500, eventRole: "delegation.subagent" },
      { ts: 999, eventRole: "conversation.main" },
      { ts: 1000, eventRole: "conversation.main" },
    ]);
    expect(t.startMs).toBe(0);
    expect(t.endMs).toBe(1000);
    expect(t.rows.map((r) => r.role)).toEqual([
      "conversation.main",
      "delegation.subagent",
      "orchestration.task",
      "system.observability",
    ]);
    const main = t.rows[0]?.counts ?? [];
    expect(main).toHaveLength(TIMELINE_BINS);
    expect(main[0]).toBe(1);
    expect(main[TIMELINE_BINS - 1]).toBe(2);
    expect(t.rows[1]?.counts[Math.floor(TIMELINE_BINS / 2)]).toBe(1);
    expect(t.rows.flatMap((r) => r.counts).reduce((a, b) => a + b, 0)).toBe(4);
  });

  it("puts a session of one instant in its first slice", () => {
    const t = timelineOf([
      { ts: 5, eventRole: "orchestration.task" },
      { ts: 5, eventRole: "orchestration.task" },
    ]);
    expect(t.rows[2]?.counts[0]).toBe(2);
  });
});
