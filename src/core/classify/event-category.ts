import type { CanonicalEvent } from "../event.ts";
import { evidenceOf, textOf } from "./classify-event.ts";
import { decideCategory } from "./classify-text.ts";
import type { CategoryDecision, CategoryEvidence } from "./event-class.ts";

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
  if (evidence === null) return null;
  const decision = decideCategory(evidence);
  return {
    collabCategory: decision.category,
    categorySource: decision.source,
    categoryConfidence: decision.confidence,
    collabSubTags: decision.subTags,
  };
}
