import { describe, expect, it } from "vitest";
import {
  SUBTAGS_LISTED,
  WeeklyReport,
  weeklyReport,
  weeklyReports,
} from "../../../src/core/reports/weekly-report.ts";
import { workSession } from "../site/fixtures.ts";
import { flow, mainSession, reportOf } from "./fixtures.ts";

/** The weekly report of `week`, which the test expects to exist. */
function reportFor(a: ReturnType<typeof reportOf>, week: string): WeeklyReport {
  const report = weeklyReport(a.report, a.untitledSessions, week);
  if (report === null) throw new Error(`no report of ${week}`);
  return WeeklyReport.parse(report);
}

const category = (r: WeeklyReport, c: string) => r.categories.find((x) => x.category === c);

describe("weeklyReport", () => {
  it("counts the week's sessions per category against the previous ISO week", () => {
    const a = reportOf([
      mainSession("ws-1", "2026-02-24T10:00:00Z", { collabCategory: "infra_ops" }),
      mainSession("ws-2", "2026-03-03T10:00:00Z", { collabCategory: "infra_ops" }),
      mainSession("ws-3", "2026-03-04T10:00:00Z", { collabCategory: "infra_ops" }),
      mainSession("ws-4", "2026-03-04T11:00:00Z", { collabCategory: "qa_validation" }),
      mainSession("ws-5", "2026-02-25T11:00:00Z", { collabCategory: "docs_knowledge" }),
    ]);
    const r = reportFor(a, "2026-W10");
    expect(r.previousWeek).toBe("2026-W09");
    expect([r.sessions, r.previousSessions, r.change]).toEqual([3, 2, 1]);
    expect(category(r, "infra_ops")).toMatchObject({ sessions: 2, previousSessions: 1, change: 1 });
    expect(category(r, "qa_validation")).toMatchObject({ sessions: 1, previousSessions: 0, change: 1 });
    expect(category(r, "docs_knowledge")).toMatchObject({ sessions: 0, previousSessions: 1, change: -1 });
    expect(r.categories).toHaveLength(10);
    expect(r.categories.reduce((n, c) => n + c.sessions, 0)).toBe(r.sessions);
  });

  it("counts against 0 when the previous week held no session", () => {
    const a = reportOf([
      mainSession("ws-1", "2026-02-10T10:00:00Z"),
      mainSession("ws-2", "2026-03-03T10:00:00Z"),
      mainSession("ws-3", "2026-03-03T11:00:00Z"),
    ]);
    const r = reportFor(a, "2026-W10");
    expect(r.previousWeek).toBe("2026-W09");
    expect([r.sessions, r.previousSessions, r.change]).toEqual([2, 0, 2]);
    expect(category(r, "engineering_build")).toMatchObject({ previousSessions: 0, change: 2 });
  });

  it("is null for a week the Report does not hold, and for text that is no week", () => {
    const a = reportOf([mainSession("ws-1", "2026-03-03T10:00:00Z")]);
    expect(weeklyReport(a.report, a.untitledSessions, "2026-W09")).toBeNull();
    expect(weeklyReport(a.report, a.untitledSessions, "2026-W99")).toBeNull();
    expect(weeklyReport(a.report, a.untitledSessions, "bogus")).toBeNull();
  });

  it("counts only sessions that hold a main-agent conversation, as the Report's weeks do", () => {
    const a = reportOf([
      mainSession("ws-1", "2026-03-03T10:00:00Z"),
      workSession("ws-sub", { startMs: Date.parse("2026-03-03T10:00:00Z"), eventCount: 99 }),
    ]);
    const r = reportFor(a, "2026-W10");
    expect(r.sessions).toBe(1);
    expect(category(r, "engineering_build")?.topSessions.map((s) => s.id)).toEqual(["ws-1"]);
  });

  it("names the top three sessions of each category by events, ties by id, with what a link needs", () => {
    const a = reportOf(
      [
        mainSession("ws-d", "2026-03-03T10:00:00Z", { eventCount: 4 }),
        mainSession("ws-c", "2026-03-03T10:00:00Z", { eventCount: 9 }),
        mainSession("ws-b", "2026-03-03T10:00:00Z", { eventCount: 4 }),
        mainSession("ws-a", "2026-03-03T10:00:00Z", { eventCount: 1 }),
        mainSession("WS/Odd", "2026-03-03T10:00:00Z", { eventCount: 2, collabCategory: "infra_ops" }),
      ],
      [],
      "UTC",
      ["ws-b"],
    );
    const r = reportFor(a, "2026-W10");
    const top = category(r, "engineering_build")?.topSessions ?? [];
    expect(top.map((s) => s.id)).toEqual(["ws-c", "ws-b", "ws-d"]);
    expect(top[0]).toEqual({
      id: "ws-c",
      segment: "ws-c",
      title: "Session ws-c",
      status: "ARCHIVED",
      eventCount: 9,
      startMs: Date.parse("2026-03-03T10:00:00Z"),
    });
    expect(top[1]?.title).toBeNull();
    expect(category(r, "infra_ops")?.topSessions[0]?.segment).toBe("~57~53~2F~4Fdd");
    expect(category(r, "qa_validation")?.topSessions).toEqual([]);
  });

  it("counts the subTags of the week's sessions, most first, ties by text, once per session", () => {
    const a = reportOf([
      mainSession("ws-1", "2026-03-03T10:00:00Z", { collabSubTags: ["deploy", "API", "API"] }),
      mainSession("ws-2", "2026-03-03T10:00:00Z", { collabSubTags: ["API", "alert"] }),
      mainSession("ws-3", "2026-02-24T10:00:00Z", { collabSubTags: ["old"] }),
    ]);
    const r = reportFor(a, "2026-W10");
    expect(r.subTags).toEqual([
      { subTag: "API", sessions: 2 },
      { subTag: "alert", sessions: 1 },
      { subTag: "deploy", sessions: 1 },
    ]);
    expect(r.subTagsTotal).toBe(3);
  });

  it(`lists at most ${SUBTAGS_LISTED} subTags and counts them all`, () => {
    const tags = Array.from({ length: 25 }, (_, i) => `tag-${String(i).padStart(2, "0")}`);
    const a = reportOf([mainSession("ws-1", "2026-03-03T10:00:00Z", { collabSubTags: tags })]);
    const r = reportFor(a, "2026-W10");
    expect(r.subTags).toHaveLength(SUBTAGS_LISTED);
    expect(r.subTagsTotal).toBe(25);
  });

  it("lists the blocked flows whose failure showed in the week, in the Report's zone", () => {
    const sessions = [mainSession("ws-1", "2026-03-03T10:00:00Z")];
    const flows = [
      flow("2026-03-01T16:00:00Z", "ws-1"), // Sunday in UTC, Monday 01:00 in Seoul
      flow("2026-03-04T09:00:00Z"),
      flow("2026-03-08T16:00:00Z", "ws-1", { reason: "no_reply", fromAgent: null }), // next week in Seoul
    ];
    const utc = reportFor(reportOf(sessions, flows, "UTC"), "2026-W10");
    expect(utc.blockedFlows.map((f) => new Date(f.ts).toISOString())).toEqual([
      "2026-03-04T09:00:00.000Z",
      "2026-03-08T16:00:00.000Z",
    ]);
    expect(utc.blockedFlows[0]).toEqual({
      reason: "timeout",
      fromAgent: "seum",
      toAgent: "eden",
      ts: Date.parse("2026-03-04T09:00:00Z"),
    });
    expect(utc.blockedFlows[1]).toMatchObject({
      workSessionId: "ws-1",
      sessionSegment: "ws-1",
      fromAgent: null,
    });
    const seoul = reportFor(reportOf(sessions, flows, "Asia/Seoul"), "2026-W10");
    expect(seoul.blockedFlows.map((f) => new Date(f.ts).toISOString())).toEqual([
      "2026-03-01T16:00:00.000Z",
      "2026-03-04T09:00:00.000Z",
    ]);
  });

  it("moves a session that starts late on Sunday in UTC into the next week in Seoul", () => {
    const sessions = [
      mainSession("ws-1", "2026-03-01T17:00:00Z"),
      mainSession("ws-2", "2026-03-03T10:00:00Z"),
    ];
    expect(reportFor(reportOf(sessions, [], "UTC"), "2026-W10").sessions).toBe(1);
    const seoul = reportFor(reportOf(sessions, [], "Asia/Seoul"), "2026-W10");
    expect(seoul.sessions).toBe(2);
    expect(new Date(seoul.startMs).toISOString()).toBe("2026-03-01T15:00:00.000Z");
    expect(seoul.timeZone).toBe("Asia/Seoul");
  });

  it("carries the week's fallback share and the Report's now", () => {
    const a = reportOf([
      mainSession("ws-1", "2026-03-03T10:00:00Z", { categorySource: "fallback" }),
      mainSession("ws-2", "2026-03-03T10:00:00Z"),
    ]);
    const r = reportFor(a, "2026-W10");
    expect(r.fallbackRatio).toBe(0.5);
    expect(r.generatedAt).toBe("2026-03-09T00:00:00.000Z");
  });
});

describe("weeklyReports", () => {
  it("reports every week the Report holds, each as weeklyReport reports it alone", () => {
    const sessions = [
      mainSession("ws-1", "2026-02-17T10:00:00Z", { collabCategory: "infra_ops" }),
      mainSession("ws-2", "2026-02-24T10:00:00Z", { collabCategory: "qa_validation" }),
      mainSession("ws-3", "2026-03-03T10:00:00Z", { collabCategory: "infra_ops", collabSubTags: ["ci"] }),
      mainSession("ws-4", "2026-03-04T11:00:00Z", { collabSubTags: ["ci", "deploy"] }),
      workSession("ws-sub", { startMs: Date.parse("2026-03-03T10:00:00Z"), eventCount: 99 }),
    ];
    const flows = [
      flow("2026-02-25T09:00:00Z", "ws-2"),
      flow("2026-03-04T09:00:00Z"),
      flow("2026-03-05T09:00:00Z", "ws-3", { reason: "no_reply" }),
    ];
    const a = reportOf(sessions, flows, "Asia/Seoul");
    const all = weeklyReports(a.report, a.untitledSessions);
    expect(all.map((r) => r.week)).toEqual(a.report.weeks.map((w) => w.week));
    expect(all.map((r) => r.week).sort()).toEqual(["2026-W08", "2026-W09", "2026-W10"]);
    for (const r of all) expect(r).toEqual(weeklyReport(a.report, a.untitledSessions, r.week));
    expect(all.map((r) => r.blockedFlows.length).reduce((n, m) => n + m, 0)).toBe(3);
  });

  it("is empty when the Report holds no week", () => {
    const a = reportOf([workSession("ws-sub", { startMs: Date.parse("2026-03-03T10:00:00Z") })]);
    expect(weeklyReports(a.report, a.untitledSessions)).toEqual([]);
  });
});
