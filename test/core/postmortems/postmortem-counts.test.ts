import { describe, expect, it } from "vitest";
import { postmortemCounts } from "../../../src/core/postmortems/postmortem-counts.ts";
import type { BlockedFlow } from "../../../src/core/sessions/blocked-flows.ts";

const flow = (
  reason: BlockedFlow["reason"],
  from: string | null,
  to: string | null,
  ts: string,
): BlockedFlow => ({
  flowId: `${reason}-${ts}`,
  threadKey: "conv:x",
  fromAgent: from,
  toAgent: to,
  reason,
  ts: Date.parse(ts),
  evidence: [],
});

describe("postmortemCounts", () => {
  const flows = [
    flow("timeout", "eden", "seum", "2026-02-01T16:00:00Z"),
    flow("orphaned", "eden", "seum", "2026-02-02T10:00:00Z"),
    flow("timeout", "nuri", "ieum", "2026-02-09T10:00:00Z"),
    flow("spawn_error", null, "worker", "2026-02-10T10:00:00Z"),
  ];

  it("counts by reason in the order of the reasons, leaving out those that did not occur", () => {
    expect(postmortemCounts(flows, "UTC").byReason).toEqual([
      { reason: "timeout", count: 2 },
      { reason: "spawn_error", count: 1 },
      { reason: "orphaned", count: 1 },
    ]);
  });

  it("counts by asking and asked agent, most first, an unknown side kept apart", () => {
    expect(postmortemCounts(flows, "UTC").byPair).toEqual([
      { fromAgent: "eden", toAgent: "seum", count: 2 },
      { fromAgent: null, toAgent: "worker", count: 1 },
      { fromAgent: "nuri", toAgent: "ieum", count: 1 },
    ]);
  });

  it("counts by ISO week in the Report's zone", () => {
    // Sunday 16:00 UTC is already Monday 01:00 in Seoul: the next week there.
    expect(postmortemCounts(flows, "UTC").byWeek).toEqual([
      { week: "2026-W05", count: 1 },
      { week: "2026-W06", count: 1 },
      { week: "2026-W07", count: 2 },
    ]);
    expect(postmortemCounts(flows, "Asia/Seoul").byWeek).toEqual([
      { week: "2026-W06", count: 2 },
      { week: "2026-W07", count: 2 },
    ]);
    expect(postmortemCounts(flows, "UTC").total).toBe(4);
  });

  it("counts nothing for no flows", () => {
    expect(postmortemCounts([], "UTC")).toEqual({ total: 0, byReason: [], byPair: [], byWeek: [] });
  });
});
