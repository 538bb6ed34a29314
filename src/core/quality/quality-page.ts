import * as z from "zod";
import type { Analysis } from "../analysis.ts";
import { EventRole } from "../classify/event-role.ts";
import { Finding, OmittedFindings } from "../finding.ts";
import { UNATTRIBUTED_REASONS } from "../sessions/attribute.ts";
import { isAgentToAgent } from "../sessions/build-sessions.ts";
import { pathSegment } from "../site/path-segment.ts";
import type { FamilyBuilder } from "../site/site-family.ts";
import { conversationListPages, conversationListSegment } from "./conversation-list.ts";
import { UnknownType, unknownTypes } from "./unknown-types.ts";

/** How many findings one page lists: a page of plain rows stays small at this size. */
export const FINDINGS_PER_PAGE = 200;

/** How many unattributed events the summary lists; the counts by reason cover them all. */
export const UNATTRIBUTED_LISTED = 200;

/** An unattributed event as the data-quality page lists it. */
export const UnattributedRow = z.object({
  /** The event's id. */
  id: z.string(),
  /** When, epoch ms. */
  ts: z.number(),
  /** Its type, as the log wrote it. */
  type: z.string(),
  /** Its role, as classification gave it. */
  eventRole: EventRole,
  /** The agents it names (emitter, sender, receiver), each once, in that order. */
  agents: z.array(z.string()),
  /** The file it was read from. */
  file: z.string(),
  /** Its line in that file, from 1. */
  line: z.number().int().positive(),
  /** Why no session took it. */
  reasonKey: z.enum(UNATTRIBUTED_REASONS),
  /** The path segment of the thread outside work sessions it is in, when it is in one. */
  threadSegment: z.string().nullable(),
});
export type UnattributedRow = z.infer<typeof UnattributedRow>;

/** The summary the first data-quality page shows above its findings. */
export const QualityIndex = z.object({
  /** Findings the Report lists. */
  findings: z.number().int().nonnegative(),
  /** Findings past each file's limit, counted by file and reason. */
  omitted: z.array(OmittedFindings),
  /** Findings the Report lists and counts together. */
  findingsTotal: z.number().int().nonnegative(),
  /** How many pages the listed findings take (at least one). */
  findingPages: z.number().int().positive(),
  /** Distinct events read. */
  events: z.number().int().nonnegative(),
  /** Copies of events that dedupe dropped. */
  duplicates: z.number().int().nonnegative(),
  /** Types their format does not document, most frequent first. */
  unknownTypes: z.array(UnknownType),
  /** Events no work session took: how many, how many per reason, and the first of them. */
  unattributed: z.object({
    /** All of them. */
    total: z.number().int().nonnegative(),
    /** Per reason, in the order of UNATTRIBUTED_REASONS, reasons without events left out. */
    byReason: z.array(
      z.object({
        /** The reason. */
        reasonKey: z.enum(UNATTRIBUTED_REASONS),
        /** How many events no session took for it. */
        count: z.number().int().positive(),
      }),
    ),
    /** The first UNATTRIBUTED_LISTED of them, in time order. */
    listed: z.array(UnattributedRow),
  }),
  /** Classifications that fell back to the default category. */
  fallback: z.object({
    /** Work sessions. */
    sessions: z.number().int().nonnegative(),
    /** Work sessions whose category is only the fallback. */
    fallbackSessions: z.number().int().nonnegative(),
    /** Their share, 0–1 (0 without sessions). */
    share: z.number().min(0).max(1),
    /** Per ISO week, as the Report's weeks say. */
    weeks: z.array(
      z.object({
        /** The ISO week, `YYYY-Www`, in the Report's time zone. */
        week: z.string(),
        /** Conversation sessions that started in it. */
        sessions: z.number().int(),
        /** The share of them whose category is only the fallback, 0–1. */
        fallbackRatio: z.number(),
      }),
    ),
  }),
  /** How many pages the list of conversations outside work sessions takes (at least one). */
  conversationPages: z.number().int().positive(),
});
export type QualityIndex = z.infer<typeof QualityIndex>;

/** One page of the findings, by number. */
export const QualityFindingsPage = z.object({
  /** Its number, from 1. */
  page: z.number().int().positive(),
  /** How many pages the findings take. */
  pages: z.number().int().positive(),
  /** The place of its first finding in the whole list, from 0. */
  offset: z.number().int().nonnegative(),
  /** Its findings, in the Report's order (file, line, reason). */
  findings: z.array(Finding),
});
export type QualityFindingsPage = z.infer<typeof QualityFindingsPage>;

/**
 * The summary of an analysis's data quality. `conversationPages` is how many pages the list of
 * conversations outside work sessions takes, which the quality family also makes.
 */
export function qualityIndex(analysis: Analysis, conversationPages = 1): QualityIndex {
  const { report } = analysis;
  const { input } = report;
  const omitted = input.errorsOmitted ?? [];
  const byReason = new Map<string, number>();
  for (const u of report.unattributed) byReason.set(u.reasonKey, (byReason.get(u.reasonKey) ?? 0) + 1);
  const fallbackSessions = report.workSessions.filter((s) => s.categorySource === "fallback").length;
  const sessions = report.workSessions.length;
  return {
    findings: input.errors.length,
    omitted,
    findingsTotal: input.errors.length + omitted.reduce((sum, o) => sum + o.count, 0),
    findingPages: findingPageCount(input.errors.length),
    events: input.events,
    duplicates: input.duplicates,
    unknownTypes: unknownTypes(analysis.events),
    unattributed: {
      total: report.unattributed.length,
      byReason: UNATTRIBUTED_REASONS.flatMap((reasonKey) => {
        const count = byReason.get(reasonKey) ?? 0;
        return count === 0 ? [] : [{ reasonKey, count }];
      }),
      listed: report.unattributed.slice(0, UNATTRIBUTED_LISTED).map((u) => ({
        id: u.id,
        ts: u.ts,
        type: u.type,
        eventRole: u.eventRole,
        agents: [...new Set([u.agentId, u.fromAgent, u.toAgent].filter((a): a is string => a !== null))],
        file: u.file,
        line: u.line,
        reasonKey: u.reasonKey,
        // The events that make threads are in a thread of exactly their key; others are in none.
        threadSegment: isAgentToAgent(u) ? pathSegment(u.threadKey) : null,
      })),
    },
    fallback: {
      sessions,
      fallbackSessions,
      share: sessions === 0 ? 0 : Math.round((fallbackSessions / sessions) * 1000) / 1000,
      weeks: report.weeks.map((w) => ({
        week: w.week,
        sessions: w.sessions,
        fallbackRatio: w.fallbackRatio,
      })),
    },
    conversationPages,
  };
}

/** How many pages `findings` findings take: at least one, which says there are none. */
export function findingPageCount(findings: number): number {
  return Math.max(1, Math.ceil(findings / FINDINGS_PER_PAGE));
}

/** The findings, page by page. */
export function findingPages(findings: readonly Finding[]): QualityFindingsPage[] {
  const pages = findingPageCount(findings.length);
  return Array.from({ length: pages }, (_, i) => ({
    page: i + 1,
    pages,
    offset: i * FINDINGS_PER_PAGE,
    findings: findings.slice(i * FINDINGS_PER_PAGE, (i + 1) * FINDINGS_PER_PAGE),
  }));
}

/**
 * The family "quality": the summary as its index, the findings' pages by number, and the pages of
 * the list of conversations outside work sessions (see conversationListSegment).
 */
export const qualityFamily: FamilyBuilder = (analysis, lookups) => {
  const conversations = conversationListPages(lookups.legacyEntries);
  return {
    family: "quality",
    index: qualityIndex(analysis, conversations.length),
    pages: [
      ...findingPages(analysis.report.input.errors).map((page) => ({ segment: String(page.page), page })),
      ...conversations.map((page) => ({ segment: conversationListSegment(page.page), page })),
    ],
  };
};
