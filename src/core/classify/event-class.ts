import { z } from "zod";
import { CollabCategory } from "../category.ts";

/**
 * How a category was decided, strongest first: an operator's override, the event stating it, the
 * keyword rules, the heuristics, or nothing (the fallback). DESIGN.md §3.
 */
export const CategorySource = z.enum(["manual_override", "manual", "rule", "heuristic", "fallback"]);
export type CategorySource = z.infer<typeof CategorySource>;

/** The keyword and heuristic evidence one event's text gave, kept so a session can add it up. */
export const CategoryEvidence = z.object({
  /** Points per category. */
  scores: z.partialRecord(CollabCategory, z.number()),
  /** The subTags each category's matches named, with the weight that named them. */
  tags: z.partialRecord(CollabCategory, z.record(z.string(), z.number())),
  /** `rule` when keywords matched, `heuristic` when only heuristics did, `fallback` when nothing did. */
  source: z.enum(["rule", "heuristic", "fallback"]),
});
export type CategoryEvidence = z.infer<typeof CategoryEvidence>;

/** A category decision, as events and work sessions report it. */
export const CategoryDecision = z.object({
  /** The primary category. */
  collabCategory: CollabCategory,
  /** How it was decided. */
  categorySource: CategorySource,
  /** 0–1. */
  categoryConfidence: z.number().min(0).max(1),
  /** The matched specifics, at most 5. */
  collabSubTags: z.array(z.string()).max(5),
});
export type CategoryDecision = z.infer<typeof CategoryDecision>;
