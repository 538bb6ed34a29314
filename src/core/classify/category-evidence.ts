import * as z from "zod";
import { CollabCategory } from "../category.ts";

/**
 * What found a text's evidence: keywords of the rule table (`rule`), only the heuristics
 * (`heuristic`), or nothing (`fallback`).
 */
export const EvidenceSource = z.enum(["rule", "heuristic", "fallback"]);
export type EvidenceSource = z.infer<typeof EvidenceSource>;

/**
 * The keyword and heuristic evidence of one or more texts: points per category and the subTags
 * the matches named. Kept per event, so that a work session can add its events' evidence up.
 */
export const CategoryEvidence = z.object({
  /** Points per category: summed keyword weights (a heuristic hit counts 1). */
  scores: z.partialRecord(CollabCategory, z.number()),
  /** The subTags each category's matches named, with the weight that named them. */
  tags: z.partialRecord(CollabCategory, z.record(z.string(), z.number())),
  /** What found the evidence. */
  source: EvidenceSource,
});
export type CategoryEvidence = z.infer<typeof CategoryEvidence>;
