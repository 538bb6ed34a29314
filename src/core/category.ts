import { z } from "zod";

/** The ten collaboration categories of seed 000 §0.3. */
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

/** Each category's display names: Korean first, as the UI shows them, and English. */
export const CATEGORY_NAMES: Readonly<Record<CollabCategory, { ko: string; en: string }>> = {
  engineering_build: { ko: "개발/구현", en: "Engineering" },
  infra_ops: { ko: "인프라/운영", en: "Infra & ops" },
  qa_validation: { ko: "QA/검증", en: "QA & validation" },
  planning_decision: { ko: "기획/의사결정", en: "Planning & decisions" },
  research_analysis: { ko: "조사/분석", en: "Research & analysis" },
  docs_knowledge: { ko: "문서/지식화", en: "Docs & knowledge" },
  growth_marketing: { ko: "성장/마케팅", en: "Growth & marketing" },
  customer_community: { ko: "고객/커뮤니티", en: "Customers & community" },
  legal_compliance: { ko: "법무/컴플라이언스", en: "Legal & compliance" },
  biz_strategy: { ko: "비즈니스/전략", en: "Business & strategy" },
};
