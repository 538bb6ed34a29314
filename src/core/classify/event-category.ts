import type { CanonicalEvent } from "../event.ts";
import type { EventFacts } from "../event-facts.ts";
import type { CategoryDecision } from "./category-decision.ts";
import type { CategoryEvidence } from "./category-evidence.ts";
import { decideCategory, evidenceOf } from "./classify-text.ts";

/**
 * The words of an event that say what the collaboration is about: a message, a reply preview, a
 * summary, a prompt or a label. Failure texts (`[outcome] blocked: …`) say nothing about it.
 */
export function textOf(facts: EventFacts): string | null {
  for (const key of ["message", "replyPreview", "summary", "prompt", "label", "task_subject"] as const) {
    const value = facts[key];
    if (typeof value === "string" && value.trim().length > 0) {
      return value.startsWith("[outcome]") || value.startsWith("[completed") ? null : value;
    }
  }
  return null;
}

/** What an event's text says about its category; null for an event without text. */
export function eventEvidence(event: CanonicalEvent): CategoryEvidence | null {
  const text = textOf(event.facts);
  return text === null ? null : evidenceOf(text);
}

/**
 * One event's category: the one it states itself (`manual`, confidence 1), else what its text
 * says; null for an event with neither.
 */
export function eventCategory(event: CanonicalEvent): CategoryDecision | null {
  const evidence = eventEvidence(event);
  if (event.statedCategory !== null) {
    const tags = evidence?.tags[event.statedCategory] ?? {};
    return {
      collabCategory: event.statedCategory,
      categorySource: "manual",
      categoryConfidence: 1,
      collabSubTags: Object.keys(tags).slice(0, 5),
    };
  }
  return evidence === null ? null : decideCategory(evidence);
}
