import type { CollabCategory } from "../category.ts";

/**
 * One keyword of the category rule table: the text to find, how much it counts, and the subTag
 * it contributes. Latin keywords match whole words only ("cs" must not match "docs"), with
 * common English endings (-s, -es, -ed, -ing) when `inflect` is set; Korean keywords match
 * inside words, because particles attach to nouns (배포를, 배포가) — DESIGN.md §3.
 */
export interface CategoryKeyword {
  /** The keyword, lower case. */
  text: string;
  /** How much a match counts: 3 names the category, 2 leans to it, 1 hints at it. */
  weight: 1 | 2 | 3;
  /** Match English endings too (test → tests, tested, testing). */
  inflect?: boolean;
  /** The subTag shown for a match; the keyword itself when absent. */
  tag?: string;
}

const k = (text: string, weight: 1 | 2 | 3, tag?: string): CategoryKeyword => ({ text, weight, ...(tag ? { tag } : {}) });
const w = (text: string, weight: 1 | 2 | 3, tag?: string): CategoryKeyword => ({ text, weight, inflect: true, ...(tag ? { tag } : {}) });

/** The rule table: each category's keywords, Korean and English. */
export const CATEGORY_KEYWORDS: Readonly<Record<CollabCategory, readonly CategoryKeyword[]>> = {
  engineering_build: [
    k("구현", 3, "구현"), k("개발", 2, "개발"), k("리팩토링", 3, "리팩토링"), k("리팩터링", 3, "리팩토링"), k("코드", 2, "코드"),
    k("기능", 1), k("엔드포인트", 2, "API"), k("모듈", 2), k("머지", 2), k("커밋", 2), k("핸들러", 2), k("함수", 2), k("컴포넌트", 2),
    w("implement", 3, "implementation"), k("implementation", 3, "implementation"), w("refactor", 3, "refactoring"), k("code", 2),
    w("feature", 2), k("endpoint", 2, "API"), k("endpoints", 2, "API"), k("api", 1, "API"), w("module", 2), w("merge", 2), w("commit", 2),
    k("pull request", 3, "PR"), k("pr", 2, "PR"), w("handler", 2), w("function", 1), w("component", 2), k("webhook", 2), w("bug fix", 2),
    k("typescript", 2), k("oauth", 1, "OAuth"),
  ],
  infra_ops: [
    k("배포", 3, "배포"), k("장애", 3, "장애 대응"), k("인프라", 3), k("서버", 2), k("모니터링", 2), k("쿠버네티스", 3, "kubernetes"),
    k("인증서", 2), k("백업", 2), k("환경 설정", 2, "환경 설정"), k("디스크", 2), k("롤백", 3), k("게이트웨이", 1), k("노드", 1), k("경보", 2, "알림"),
    w("deploy", 3, "deploy"), k("deployment", 3, "deploy"), k("outage", 3, "incident"), w("incident", 3, "incident"), w("server", 2),
    k("infra", 3), k("infrastructure", 3, "infra"), k("kubernetes", 3), k("k8s", 3, "kubernetes"), w("certificate", 2, "TLS"), k("tls", 2, "TLS"),
    w("backup", 2), k("disk", 2), w("alert", 2), w("rollback", 3), k("roll back", 3, "rollback"), k("docker", 2), k("production", 2, "prod"),
    k("prod", 2), k("staging", 1), k("502", 2, "5xx"), k("503", 2, "5xx"), k("500", 1, "5xx"), k("nginx", 2), k("on-call", 2), k("uptime", 2),
    k("cron", 1), w("redeploy", 3, "deploy"),
  ],
  qa_validation: [
    k("테스트", 3, "테스트"), k("회귀", 3, "회귀"), k("qa", 3, "QA"), k("검증", 3, "검증"), k("품질", 2), k("재현", 2), k("버그", 2),
    k("체크리스트", 1), k("플레이키", 3, "flaky"),
    w("test", 3, "test"), k("testing", 3, "test"), w("regression", 3, "regression"), w("validate", 3, "validation"), k("validation", 3),
    k("flaky", 3), w("reproduce", 2, "repro"), k("repro", 2), k("e2e", 3, "E2E"), w("bug", 2), w("verify", 2, "verification"),
    k("quality", 2), k("coverage", 2), k("smoke test", 3, "smoke test"),
  ],
  planning_decision: [
    k("기획", 3, "기획"), k("우선순위", 3, "우선순위"), k("의사결정", 3), k("결정", 2, "결정"), k("로드맵", 3, "로드맵"), k("설계", 2),
    k("회의", 2), k("스프린트", 2, "sprint"), k("일정", 1), k("범위", 1), k("방향", 1),
    w("plan", 2, "planning"), k("planning", 3), w("priority", 2, "priorities"), k("priorities", 3), w("decide", 3, "decision"),
    w("decision", 3), k("roadmap", 3), w("design", 2), k("sprint", 2), k("scope", 2), k("spec", 2), w("meeting", 1), k("trade-off", 2),
    k("milestone", 1),
  ],
  research_analysis: [
    k("조사", 3, "조사"), k("분석", 3, "분석"), k("원인", 2, "원인 분석"), k("비교", 2, "비교"), k("리서치", 3), k("데이터", 1), k("패턴", 1),
    w("research", 3), w("investigate", 3, "investigation"), k("investigation", 3), k("analysis", 3), w("analyze", 3, "analysis"),
    k("root cause", 3), w("compare", 2, "comparison"), k("comparison", 2), w("benchmark", 2), w("evaluate", 2), k("options", 1),
    k("spike", 1), k("insight", 2), k("insights", 2),
  ],
  docs_knowledge: [
    k("문서", 3, "문서"), k("가이드", 3, "가이드"), k("위키", 3), k("기록", 2), k("매뉴얼", 3), k("지식", 2, "지식화"), k("온보딩", 2),
    k("튜토리얼", 3), k("정리", 1), k("변경 기록", 3, "changelog"),
    k("doc", 2, "docs"), k("docs", 3), k("documentation", 3, "docs"), w("document", 2, "docs"), w("guide", 3, "guide"), k("wiki", 3),
    w("runbook", 3), k("changelog", 3), k("readme", 3, "README"), w("tutorial", 3), k("onboarding", 2), k("write-up", 2), k("knowledge base", 3),
  ],
  growth_marketing: [
    k("마케팅", 3), k("캠페인", 3, "캠페인"), k("전환율", 3, "전환율"), k("실험", 2, "실험"), k("광고", 3), k("뉴스레터", 3), k("그로스", 3),
    k("가입", 1), k("브랜딩", 3), k("유입", 2), k("리텐션", 2),
    k("marketing", 3), w("campaign", 3), w("conversion", 3), k("growth", 3), w("experiment", 2), k("a/b", 2, "A/B test"), k("newsletter", 3),
    k("seo", 3, "SEO"), k("ads", 3), k("referral", 2), k("funnel", 3), k("signup", 2), k("signups", 2, "signup"), k("launch copy", 3),
    k("retention", 2), k("copywriting", 3),
  ],
  customer_community: [
    k("고객", 3, "고객"), k("커뮤니티", 3, "커뮤니티"), k("문의", 3, "문의"), k("cs", 3, "CS"), k("피드백", 2, "피드백"), k("사용자", 1),
    k("티켓", 2), k("자주 묻는", 3, "FAQ"), k("불만", 3), k("환불", 3),
    w("customer", 3), k("community", 3), w("ticket", 2), w("feedback", 2), k("faq", 3, "FAQ"), w("inquiry", 3), k("inquiries", 3, "inquiry"),
    w("complaint", 3), w("refund", 3), k("support", 2), k("discord", 1), k("beta users", 2),
  ],
  legal_compliance: [
    k("법무", 3), k("규정", 3, "규정"), k("컴플라이언스", 3), k("개인정보", 3, "개인정보"), k("약관", 3, "약관"), k("라이선스", 3, "라이선스"),
    k("라이센스", 3, "라이선스"), k("계약", 2), k("리스크", 2), k("규제", 3), k("법적", 3),
    k("legal", 3), k("compliance", 3), k("gdpr", 3, "GDPR"), k("privacy", 3), w("license", 3), w("licence", 3, "license"),
    k("terms of service", 3, "terms"), w("contract", 2), w("regulation", 3), k("regulatory", 3, "regulation"), k("retention policy", 3),
    w("audit", 2), k("liability", 3),
  ],
  biz_strategy: [
    k("사업", 3), k("전략", 3, "전략"), k("kpi", 3, "KPI"), k("매출", 3, "매출"), k("가격", 2, "가격 정책"), k("수익", 3), k("파트너십", 3),
    k("투자", 3), k("비즈니스", 3), k("시장", 2), k("분기", 1), k("제안서", 2),
    w("strategy", 3), k("revenue", 3), k("pricing", 3), k("business", 3), w("partnership", 3), w("market", 2), w("investor", 3),
    k("okr", 3, "OKR"), k("okrs", 3, "OKR"), k("quarterly", 1), k("profit", 3), k("margin", 2), k("deck", 1),
  ],
};
