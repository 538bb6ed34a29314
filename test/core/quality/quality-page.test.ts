import { describe, expect, it } from "vitest";
import type { Finding } from "../../../src/core/finding.ts";
import { CONVERSATIONS_PER_PAGE, ConversationListPage } from "../../../src/core/quality/conversation-list.ts";
import {
  FINDINGS_PER_PAGE,
  findingPageCount,
  findingPages,
  QualityFindingsPage,
  qualityFamily,
  QualityIndex,
  qualityIndex,
  UNATTRIBUTED_LISTED,
} from "../../../src/core/quality/quality-page.ts";
import { UNATTRIBUTED_REASONS } from "../../../src/core/sessions/attribute.ts";
import { LABELS, UNATTRIBUTED_REASON_NAMES, unattributedReasonName } from "../../../src/core/site/labels.ts";
import { siteLookups } from "../../../src/core/site/site-lookups.ts";
import { analysis, event, thread, unattributed, workSession } from "../site/fixtures.ts";

const finding = (line: number): Finding => ({ file: "logs/a.ndjson", line, reason: "not valid JSON" });

describe("findingPages", () => {
  it("pages the findings by FINDINGS_PER_PAGE, and makes one empty page when there are none", () => {
    expect(findingPageCount(0)).toBe(1);
    expect(findingPageCount(FINDINGS_PER_PAGE)).toBe(1);
    expect(findingPageCount(FINDINGS_PER_PAGE + 1)).toBe(2);
    const pages = findingPages(Array.from({ length: FINDINGS_PER_PAGE + 3 }, (_, i) => finding(i + 1)));
    expect(pages.map((p) => [p.page, p.pages, p.offset, p.findings.length])).toEqual([
      [1, 2, 0, FINDINGS_PER_PAGE],
      [2, 2, FINDINGS_PER_PAGE, 3],
    ]);
    expect(pages[1]?.findings[0]?.line).toBe(FINDINGS_PER_PAGE + 1);
    expect(findingPages([])).toEqual([{ page: 1, pages: 1, offset: 0, findings: [] }]);
    for (const page of pages) expect(QualityFindingsPage.safeParse(page).success).toBe(true);
  });
});

describe("qualityIndex", () => {
  const loose = [unattributed(1, "eden"), unattributed(2, "seum"), unattributed(3, "eden")];
  loose[1] = { ...loose[1]!, reasonKey: "not_tied", type: "task.started", eventRole: "orchestration.task" };
  loose[0] = { ...loose[0]!, threadKey: "pair:eden_seum@1970-01-01T00:00:00.001Z", toAgent: "seum" };
  const data = analysis(
    {
      input: {
        files: [],
        events: 40,
        duplicates: 4,
        errors: [finding(1), finding(2)],
        errorsOmitted: [{ file: "logs/a.ndjson", reason: "not valid JSON", count: 5 }],
      },
      workSessions: [
        workSession("ws_a", { categorySource: "fallback" }),
        workSession("ws_b", { categorySource: "rule" }),
        workSession("ws_c", { categorySource: "rule" }),
      ],
      unattributed: loose,
      weeks: [
        {
          week: "2026-W10",
          categoryCounts: {} as never,
          fallbackRatio: 0.5,
          sessions: 2,
        },
      ],
    },
    { events: [event({ type: "gateway.restarted", source: "openclaw" }), event({ type: "a2a.send" })] },
  );
  const index = qualityIndex(data);

  it("passes its schema", () => {
    expect(QualityIndex.safeParse(index).success).toBe(true);
  });

  it("counts the findings listed and omitted, and the duplicates", () => {
    expect([index.findings, index.findingsTotal, index.findingPages, index.duplicates, index.events]).toEqual(
      [2, 7, 1, 4, 40],
    );
    expect(index.omitted).toEqual([{ file: "logs/a.ndjson", reason: "not valid JSON", count: 5 }]);
  });

  it("counts the unknown types over the events", () => {
    expect(index.unknownTypes.map((u) => [u.type, u.count])).toEqual([["gateway.restarted", 1]]);
  });

  it("counts the unattributed by reason key in the table's order, and lists them with their thread", () => {
    expect(index.unattributed.total).toBe(3);
    expect(index.unattributed.byReason).toEqual([
      { reasonKey: "names_nothing", count: 2 },
      { reasonKey: "not_tied", count: 1 },
    ]);
    expect(index.unattributed.listed.map((u) => [u.agents, u.threadSegment])).toEqual([
      [["eden", "seum"], "pair.eden_seum~401970-01-01~5400.00.00~2E001~5A"],
      [["seum"], null],
      [["eden"], "pair.eden_~3F"],
    ]);
  });

  it("lists at most UNATTRIBUTED_LISTED unattributed events, and counts them all", () => {
    const many = Array.from({ length: UNATTRIBUTED_LISTED + 5 }, (_, i) => unattributed(i, "eden"));
    const big = qualityIndex(analysis({ unattributed: many }));
    expect([big.unattributed.total, big.unattributed.listed.length]).toEqual([
      UNATTRIBUTED_LISTED + 5,
      UNATTRIBUTED_LISTED,
    ]);
  });

  it("gives the share of sessions classified by the fallback, overall and per week", () => {
    expect(index.fallback).toEqual({
      sessions: 3,
      fallbackSessions: 1,
      share: 0.333,
      weeks: [{ week: "2026-W10", sessions: 2, fallbackRatio: 0.5 }],
    });
    expect(qualityIndex(analysis()).fallback.share).toBe(0);
  });

  it("is the quality family's index, with a page per number and the conversations' pages", () => {
    const family = qualityFamily(data, siteLookups(data));
    expect(family.family).toBe("quality");
    expect(family.index).toEqual(index);
    expect(family.pages.map((p) => p.segment)).toEqual(["1", "conversations-1"]);
    const threads = Array.from({ length: CONVERSATIONS_PER_PAGE + 1 }, (_, i) =>
      thread("eden", "seum", { threadKey: `pair:eden_seum@${i}`, startMs: i }),
    );
    const busy = analysis({}, { legacyThreads: threads });
    const many = qualityFamily(busy, siteLookups(busy));
    expect(QualityIndex.parse(many.index).conversationPages).toBe(2);
    expect(many.pages.map((p) => p.segment)).toEqual(["1", "conversations-1", "conversations-2"]);
    const last = ConversationListPage.parse(many.pages[2]?.page);
    expect(last.threads.map((e) => e.threadKey)).toEqual([`pair:eden_seum@${CONVERSATIONS_PER_PAGE}`]);
  });
});

describe("UNATTRIBUTED_REASON_NAMES", () => {
  it.each(UNATTRIBUTED_REASONS.map((key) => [key]))("names %s in Korean and English", (key) => {
    const names = UNATTRIBUTED_REASON_NAMES[key];
    expect(names.ko.trim()).not.toBe("");
    expect(names.en.trim()).not.toBe("");
    expect(unattributedReasonName("ko", key)).toBe(names.ko);
    expect(unattributedReasonName("en", key)).toBe(names.en);
  });

  it("has a row for every reason key and no other", () => {
    expect(Object.keys(UNATTRIBUTED_REASON_NAMES).sort()).toEqual([...UNATTRIBUTED_REASONS].sort());
  });

  it("keeps the placeholder of the inferred note in both languages", () => {
    expect(LABELS.qInferredNote.ko).toContain("{n}");
    expect(LABELS.qInferredNote.en).toContain("{n}");
  });
});
