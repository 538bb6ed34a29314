import type { CollabCategory } from "../category.ts";

/**
 * Weaker signals, used when no keyword of the rule table matched: the shape of a message rather
 * than its words. Each row is tested on its own.
 */
export interface CategoryHeuristic {
  /** What the row looks for, in words. */
  name: string;
  /** The category it suggests. */
  category: CollabCategory;
  /** True when the message shows the signal. */
  test: (text: string) => boolean;
}

export const CATEGORY_HEURISTICS: readonly CategoryHeuristic[] = [
  {
    name: "a code block or a source file path",
    category: "engineering_build",
    test: (t) => t.includes("```") || /\b[\w/-]+\.(ts|tsx|js|py|go|rs|java|rb|sql)\b/.test(t),
  },
  {
    name: "an HTTP 5xx status, OOM or a crash",
    category: "infra_ops",
    test: (t) => /\b5\d\d\b|\bOOM\b|crash(ed|loop)?/i.test(t),
  },
  {
    name: "a percentage or a currency figure",
    category: "biz_strategy",
    test: (t) => /\d+(\.\d+)?\s?%|[$₩€]\s?\d|\d\s?(원|달러)/.test(t),
  },
  {
    name: "a link to documentation",
    category: "docs_knowledge",
    test: (t) => /https?:\/\/\S*(docs?|wiki|notion)\S*/i.test(t),
  },
];
