import * as z from "zod";
import { CollabCategory } from "../category.ts";
import { EvidenceSource } from "./category-evidence.ts";

/**
 * How a category was decided, strongest first: an operator's override, the events stating it,
 * then what the words say (keyword rules, heuristics, or nothing: the fallback).
 */
export const CategorySource = z.enum(["manual_override", "manual", ...EvidenceSource.options]);
export type CategorySource = z.infer<typeof CategorySource>;

/** A category decision, as events and work sessions report it. */
export const CategoryDecision = z.object({
  /** The primary category. */
  collabCategory: CollabCategory,
  /** How it was decided. */
  categorySource: CategorySource,
  /** 0–1: how sure the decision is; 1 for a stated or overridden category. */
  categoryConfidence: z.number().min(0).max(1),
  /** The matched specifics behind the category, strongest first, at most 5. */
  collabSubTags: z.array(z.string()).max(5),
});
export type CategoryDecision = z.infer<typeof CategoryDecision>;
