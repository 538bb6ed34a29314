import * as z from "zod";

/** The ten collaboration categories a work session is put in. */
export const CollabCategory = z.enum([
  "engineering_build",
  "infra_ops",
  "qa_validation",
  "planning_decision",
  "research_analysis",
  "docs_knowledge",
  "growth_marketing",
  "customer_community",
  "legal_compliance",
  "biz_strategy",
]);
export type CollabCategory = z.infer<typeof CollabCategory>;
