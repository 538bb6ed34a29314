import type { WorkSession } from "../sessions/work-session.ts";

/** How many sessions of each category a weekly report names. */
export const TOP_SESSIONS_PER_CATEGORY = 3;

/**
 * The order sessions are named in a weekly report: the one with the most events first, as the
 * busiest collaboration is the one a reader most likely wants to open; ties by session id, so the
 * order is the same on every run. Each rule is a row, applied in turn until one tells the two
 * sessions apart.
 */
export const TOP_SESSION_RULES: ReadonlyArray<{
  /** What the row compares, in words for the tests and the docs. */
  rule: string;
  /** Negative when `a` comes first, positive when `b` does, 0 when this row cannot tell. */
  compare: (a: WorkSession, b: WorkSession) => number;
}> = [
  { rule: "most events first", compare: (a, b) => b.eventCount - a.eventCount },
  {
    rule: "then by session id",
    compare: (a, b) => (a.workSessionId < b.workSessionId ? -1 : a.workSessionId > b.workSessionId ? 1 : 0),
  },
];

/** The sessions in the order of TOP_SESSION_RULES. */
export function rankSessions(sessions: readonly WorkSession[]): WorkSession[] {
  return [...sessions].sort((a, b) => {
    for (const { compare } of TOP_SESSION_RULES) {
      const order = compare(a, b);
      if (order !== 0) return order;
    }
    return 0;
  });
}

/** The first TOP_SESSIONS_PER_CATEGORY sessions in that order. */
export function topSessions(sessions: readonly WorkSession[]): WorkSession[] {
  return rankSessions(sessions).slice(0, TOP_SESSIONS_PER_CATEGORY);
}
