import type { CollabCategory } from "../../src/core/category.ts";

/**
 * What the sample's agents talk about: for each collaboration category, goals in Korean and
 * English and the kind of replies that follow. Real logs mix both languages in one conversation.
 */
export const GOALS: Readonly<Record<CollabCategory, readonly string[]>> = {
  engineering_build: [
    "OAuth 로그인 기능 구현하고 리팩토링까지 마무리해줘",
    "Refactor the auth middleware and add the Google OAuth strategy",
    "결제 모듈 API 엔드포인트 구현 및 코드 리뷰 요청",
    "Implement the webhook handler for the billing service",
  ],
  infra_ops: [
    "프로덕션 배포 후 장애 대응: 게이트웨이 502 에러 원인 확인",
    "Rotate the staging TLS certificates and redeploy the gateway",
    "쿠버네티스 노드 메모리 부족 경보 대응 및 환경 설정 점검",
    "Set up the nightly backup job and the disk usage alert",
  ],
  qa_validation: [
    "회귀 테스트 돌리고 QA 체크리스트 확인해줘",
    "Run the regression suite and check the flaky login test",
    "릴리스 전 품질 검증: E2E 테스트 실패 건 재현",
    "Validate the migration against the staging data set",
  ],
  planning_decision: [
    "다음 분기 로드맵 우선순위 결정 회의",
    "Decide between the two designs for the task scheduler",
    "신규 기능 기획안 검토하고 정책 결정 정리",
    "Plan the sprint scope and agree on the priorities",
  ],
  research_analysis: [
    "응답 지연 원인 분석과 대안 옵션 비교 조사",
    "Investigate why the continuation runner fires twice and compare options",
    "경쟁사 가격 정책 사전 조사 및 분석",
    "Analyze last week's token usage and find the root cause of the spike",
  ],
  docs_knowledge: [
    "신규 온보딩 가이드 문서 작성",
    "Write the changelog and update the runbook for the gateway",
    "API 변경 기록 정리해서 위키에 지식화",
    "Document the task-steps workflow in the agents guide",
  ],
  growth_marketing: [
    "가입 전환율 실험 설계하고 캠페인 메시지 작성",
    "Draft the launch campaign copy and the A/B test plan",
    "뉴스레터 마케팅 성과 분석 및 다음 실험 제안",
    "Plan the referral growth experiment for March",
  ],
  customer_community: [
    "디스코드 커뮤니티 문의 답변 및 고객 피드백 정리",
    "Reply to the customer support tickets about failed logins",
    "CS 티켓 분류하고 자주 묻는 질문 업데이트",
    "Summarize community feedback from the beta users",
  ],
  legal_compliance: [
    "개인정보 처리방침 개정안 규정 검토",
    "Review the data retention policy for GDPR compliance",
    "오픈소스 라이선스 리스크 검토 요청",
    "Check the terms of service change against the new regulation",
  ],
  biz_strategy: [
    "분기 KPI 점검하고 사업 전략 제안서 작성",
    "Prepare the pricing strategy memo with revenue scenarios",
    "파트너십 제안 검토 및 의사결정 지원 자료 준비",
    "Build the quarterly business review deck with the KPI trends",
  ],
};

/** Replies a main agent sends back; `{goal}` is the conversation's goal. */
export const REPLIES = [
  "확인했습니다. 먼저 현재 상태부터 정리해볼게요.",
  "Got it. I will start with the current state and report back.",
  "**진행 상황**: 1단계 완료, 2단계 진행 중입니다.\n- 남은 작업: 테스트\n- 예상 시간: 30분",
  "Done with the first pass. Two open questions:\n1. Should we keep the old endpoint?\n2. Who reviews the change?",
  "[[reply_to_current]] 네, 그렇게 진행하겠습니다.",
  "I checked with <@123456789012345678> and the plan works for them.",
  "`npm test` passes now; see the summary below.\n\n| check | result |\n|---|---|\n| unit | ok |\n| e2e | ok |",
  "좋습니다. 결과 정리해서 공유드릴게요. [NO_REPLY_NEEDED]",
];

/** What subagents report when they finish. */
export const SUBAGENT_RESULTS = [
  "[completed successfully]",
  "Explored 14 files; the auth flow lives in src/middleware/auth.ts.",
  "구현 완료. 테스트 3건 추가했습니다.",
  "Found 2 candidate causes; details in the report.",
];

/** Work given to subagents on a fan-out. */
export const SUBAGENT_TASKS = [
  { label: "explore-auth", message: "auth 구조 파악: 미들웨어와 세션 처리 흐름을 정리해줘" },
  { label: "impl-oauth", message: "Implement the Google OAuth strategy behind a feature flag" },
  { label: "write-tests", message: "통합 테스트 작성: 로그인 성공/실패 케이스" },
  { label: "scan-logs", message: "Scan the gateway logs for 502 errors in the last 24h" },
  { label: "draft-doc", message: "가이드 초안 작성: 설치부터 첫 실행까지" },
];

/** Human questions workers raise through the orchestrator (docs/formats.md#human-questions). */
export const HUMAN_QUESTIONS = [
  { question: "스테이징 DB 접근 권한을 열어도 될까요?", answer: "네, 오늘만 열어주세요." },
  { question: "Which region should the new bucket live in?", answer: "ap-northeast-2" },
  { question: "배포 시간을 오늘 밤으로 잡아도 되나요?", answer: "내일 오전 10시로 해주세요." },
];
