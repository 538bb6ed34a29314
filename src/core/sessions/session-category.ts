import type { CollabCategory } from "../category.ts";
import { decideCategory, mergeScores, topTags } from "../classify/classify-text.ts";
import type { CategoryDecision } from "../classify/category-decision.ts";
import type { CategoryEvidence } from "../classify/category-evidence.ts";
import type { CategoryOverride } from "../overrides.ts";

/** What a session's category is decided from. */
export interface SessionCategoryInput {
  /** The operator's override for this session, if any. */
  override: CategoryOverride | undefined;
  /** Categories its events state themselves, in time order. */
  stated: readonly CollabCategory[];
  /** The evidence of its conversation.main events' texts (or, without any, of all its texts). */
  evidence: readonly CategoryEvidence[];
}

/**
 * A session's category, decided from all its conversations together, not from whichever event
 * came first (see docs/decisions.md#a-sessions-category). Precedence: manual override > category
 * stated in the events (the one stated most, earliest on ties) > rule > heuristic > fallback.
 */
export function sessionCategory(input: SessionCategoryInput): CategoryDecision {
  const merged = mergeScores(input.evidence);
  const tagsFor = (category: CollabCategory): string[] => topTags(merged, category);
  if (input.override !== undefined) {
    return {
      collabCategory: input.override.collabCategory,
      categorySource: "manual_override",
      categoryConfidence: 1,
      collabSubTags: tagsFor(input.override.collabCategory),
    };
  }
  if (input.stated.length > 0) {
    const counts = new Map<CollabCategory, number>();
    for (const c of input.stated) counts.set(c, (counts.get(c) ?? 0) + 1);
    const [category] = [...counts].sort(
      ([a, x], [b, y]) => y - x || input.stated.indexOf(a) - input.stated.indexOf(b),
    )[0] as [CollabCategory, number];
    return {
      collabCategory: category,
      categorySource: "manual",
      categoryConfidence: 1,
      collabSubTags: tagsFor(category),
    };
  }
  return decideCategory(merged);
}
