// Small Reports for the weekly report's tests: sessions that hold a conversation between main
// agents, and the Report's weeks computed from them exactly as the analysis does.
import type { Analysis } from "../../../src/core/analysis.ts";
import type { Report } from "../../../src/core/report.ts";
import type { BlockedFlow } from "../../../src/core/sessions/blocked-flows.ts";
import type { WorkSession } from "../../../src/core/sessions/work-session.ts";
import { weeklyCategories } from "../../../src/core/weeks.ts";
import { analysis, workSession } from "../site/fixtures.ts";

/** A session holding a main-agent conversation that started at `iso`. */
export function mainSession(id: string, iso: string, extra: Partial<WorkSession> = {}): WorkSession {
  return workSession(id, {
    startMs: Date.parse(iso),
    lastActivityMs: Date.parse(iso) + 60_000,
    roleCounts: {
      "conversation.main": 2,
      "delegation.subagent": 1,
      "orchestration.task": 0,
      "system.observability": 0,
    },
    ...extra,
  });
}

/** A blocked flow at `iso`, in `session` when given. */
export function flow(iso: string, session?: string, extra: Partial<BlockedFlow> = {}): BlockedFlow {
  // The weekly report reads neither the flow's id nor its evidence; both are here to make a whole flow.
  return {
    flowId: `flow-${iso}`,
    threadKey: `conv:${iso}`,
    fromAgent: "seum",
    toAgent: "eden",
    reason: "timeout",
    ts: Date.parse(iso),
    evidence: [],
    ...(session === undefined ? {} : { workSessionId: session }),
    ...extra,
  } as BlockedFlow;
}

/** An analysis of these sessions and flows, its weeks cut in `timeZone`. */
export function reportOf(
  sessions: WorkSession[],
  flows: BlockedFlow[] = [],
  timeZone = "UTC",
  untitled: string[] = [],
): Analysis {
  const parts: Partial<Report> = {
    timeZone,
    workSessions: sessions,
    blockedFlows: flows,
    weeks: weeklyCategories(sessions, timeZone),
  };
  return analysis(parts, { untitledSessions: new Set(untitled) });
}
