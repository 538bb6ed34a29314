import * as z from "zod";
import { BLOCKED_REASONS } from "../sessions/blocked-reasons.ts";
import type { BlockedFlow } from "../sessions/blocked-flows.ts";
import { isoWeek } from "../weeks.ts";

/** How many flows were blocked, by reason, by agent pair and by ISO week. */
export const PostmortemCounts = z.object({
  /** Every blocked flow. */
  total: z.number().int().nonnegative(),
  /** Per reason that occurred, in the order of BLOCKED_REASONS. */
  byReason: z.array(
    z.object({
      /** The reason. */
      reason: z.enum(BLOCKED_REASONS),
      /** How many flows were blocked for it. */
      count: z.number().int().positive(),
    }),
  ),
  /** Per pair of asking and asked agent, most flows first, then by the agents' names. */
  byPair: z.array(
    z.object({
      /** Who asked. */
      fromAgent: z.string().nullable(),
      /** Who was asked. */
      toAgent: z.string().nullable(),
      /** How many of their flows were blocked. */
      count: z.number().int().positive(),
    }),
  ),
  /** Per ISO week (`2026-W03`) of the failure in the Report's time zone, oldest first. */
  byWeek: z.array(
    z.object({
      /** The ISO week, `2026-W03`. */
      week: z.string(),
      /** How many flows were blocked in it. */
      count: z.number().int().positive(),
    }),
  ),
});
export type PostmortemCounts = z.infer<typeof PostmortemCounts>;

/** The counts of some flows, their weeks taken in `timeZone`. */
export function postmortemCounts(flows: readonly BlockedFlow[], timeZone: string): PostmortemCounts {
  const reasons = new Map<string, number>();
  const pairs = new Map<string, { fromAgent: string | null; toAgent: string | null; count: number }>();
  const weeks = new Map<string, number>();
  for (const flow of flows) {
    reasons.set(flow.reason, (reasons.get(flow.reason) ?? 0) + 1);
    // JSON keeps null apart from any name, which a joined string could not.
    const pairKey = JSON.stringify([flow.fromAgent, flow.toAgent]);
    const pair = pairs.get(pairKey) ?? { fromAgent: flow.fromAgent, toAgent: flow.toAgent, count: 0 };
    pair.count += 1;
    pairs.set(pairKey, pair);
    const week = isoWeek(flow.ts, timeZone);
    weeks.set(week, (weeks.get(week) ?? 0) + 1);
  }
  // Plain code-unit order, the same in every runtime, rather than a locale's collation.
  const order = (a: string | null, b: string | null): number =>
    (a ?? "") < (b ?? "") ? -1 : (a ?? "") > (b ?? "") ? 1 : 0;
  return {
    total: flows.length,
    byReason: BLOCKED_REASONS.filter((r) => reasons.has(r)).map((reason) => ({
      reason,
      count: reasons.get(reason) as number,
    })),
    byPair: [...pairs.values()].sort(
      (a, b) => b.count - a.count || order(a.fromAgent, b.fromAgent) || order(a.toAgent, b.toAgent),
    ),
    byWeek: [...weeks]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([week, count]) => ({ week, count })),
  };
}
