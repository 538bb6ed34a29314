import type { CollabCategory } from "../category.ts";
import type { BlockedReason } from "../sessions/blocked-reasons.ts";
import type { UnattributedReason } from "../sessions/attribute.ts";
import type { ToolStep } from "../sessions/transcript.ts";
import type { EvidenceKey } from "../postmortems/judging-rule.ts";
import type { NextStepKind } from "../postmortems/next-step.ts";
import type { StepKind } from "../postmortems/step-kind.ts";

/** The site's languages: Korean first (the default), and English. */
export const LOCALES = ["ko", "en"] as const;
export type Locale = (typeof LOCALES)[number];

type Names = Readonly<{ ko: string; en: string }>;

/**
 * Every fixed word the site shows, in both languages. This file is the only place that holds
 * display text: the core and the page data hold keys (categories, statuses, reasons, a null title)
 * and pages turn them into words with its tables. Each table is typed so that a missing translation
 * is a type error, and the labels test checks every row.
 */
export const LABELS = {
  home: { ko: "홈", en: "Home" },
  sessions: { ko: "워크세션", en: "Work sessions" },
  events: { ko: "이벤트", en: "Events" },
  tasks: { ko: "태스크", en: "Tasks" },
  agents: { ko: "에이전트", en: "Agents" },
  postmortems: { ko: "포스트모템", en: "Postmortems" },
  drift: { ko: "드리프트", en: "Drift" },
  reports: { ko: "주간 리포트", en: "Weekly reports" },
  quality: { ko: "데이터 품질", en: "Data quality" },
  pmQueueNewestOf: { ko: "최근 {n}개만 보여 줍니다 (전체 {total}개)", en: "The newest {n} of {total}" },
  pmWaitsFirstOf: { ko: "처음 {n}개만 보여 줍니다 (전체 {total}개)", en: "The first {n} of {total}" },
  qAllConversations: { ko: "전체 {n}개 목록 보기", en: "See the list of all {n}" },
  qNewestOf: { ko: "최근 {n}개만 보여 줍니다 (전체 {total}개)", en: "The newest {n} of {total}" },
  qIntro: {
    ko: "읽지 못한 줄, 알 수 없는 이벤트 유형, 워크세션에 묶이지 않은 이벤트, 기본값으로 분류된 워크세션, 중복과 가린 비밀을 모았습니다.",
    en: "Lines that could not be read, unknown event types, events no work session took, sessions classified by the fallback, duplicates and redacted secrets.",
  },
  qSummary: { ko: "한눈에 보기", en: "At a glance" },
  qFindings: { ko: "입력 경고", en: "Input findings" },
  qAllFindings: { ko: "전체 경고", en: "All findings" },
  qNoFindings: { ko: "입력 경고가 없습니다.", en: "No findings." },
  qOmitted: { ko: "목록에 없는 경고 (파일별 한도 초과)", en: "Findings not listed (past a file's limit)" },
  qFile: { ko: "파일", en: "File" },
  qLine: { ko: "줄", en: "Line" },
  qReason: { ko: "사유", en: "Reason" },
  qCount: { ko: "건수", en: "Count" },
  qFormat: { ko: "형식", en: "Format" },
  qUnknownTypes: { ko: "알 수 없는 이벤트 유형", en: "Unknown event types" },
  qNoUnknownTypes: {
    ko: "모든 이벤트 유형이 형식 문서에 있습니다.",
    en: "Every event type is a documented one.",
  },
  qFirstLast: { ko: "처음 – 마지막", en: "First – last" },
  qUnattributed: { ko: "워크세션에 묶이지 않은 이벤트", en: "Events outside any work session" },
  qNoUnattributed: { ko: "모든 이벤트가 워크세션에 묶였습니다.", en: "Every event is in a work session." },
  qListedFirst: { ko: "처음 {n}개만 보여 줍니다 (전체 {total}개)", en: "The first {n} of {total}" },
  qFallback: { ko: "기본값으로 분류된 워크세션", en: "Sessions classified by the fallback" },
  qShare: { ko: "비율", en: "Share" },
  qWeek: { ko: "주", en: "Week" },
  qDuplicates: { ko: "중복으로 제외된 줄", en: "Duplicate lines dropped" },
  qNoRedactions: { ko: "가린 비밀이 없습니다.", en: "No secrets were redacted." },
  qThreads: { ko: "워크세션 밖의 대화", en: "Conversations outside work sessions" },
  qNoThreads: { ko: "워크세션 밖의 대화가 없습니다.", en: "No conversations outside work sessions." },
  qInferred: { ko: "추정", en: "Inferred" },
  qInferredNote: {
    ko: "로그에 대화 id가 없어 에이전트 쌍으로 묶고, {n}분 넘게 말이 없으면 새 대화로 나눈 추정 대화입니다.",
    en: "Inferred: the log names no conversation, so lines are grouped by agent pair and split after {n} minutes of silence.",
  },
  qNamedNote: {
    ko: "로그가 이름 붙인 대화지만 어느 워크세션에도 묶이지 않았습니다.",
    en: "A conversation the log names, which no work session took.",
  },
  qStart: { ko: "시작", en: "Start" },
  qBack: { ko: "데이터 품질로", en: "Back to data quality" },
  pmIntro: {
    ko: "끝까지 가지 못한 에이전트 간 흐름과, 각 흐름이 어떤 규칙으로 막혔다고 판정됐는지입니다.",
    en: "Agent-to-agent flows that did not end well, and the rule that judged each one blocked.",
  },
  pmNone: { ko: "막힌 흐름이 없습니다.", en: "No blocked flows." },
  pmFlows: { ko: "막힌 흐름", en: "Blocked flows" },
  pmCounts: { ko: "집계", en: "Counts" },
  pmTotal: { ko: "전체", en: "Total" },
  pmByReason: { ko: "사유별", en: "By reason" },
  pmByPair: { ko: "에이전트 쌍별", en: "By agent pair" },
  pmByWeek: { ko: "주별", en: "By ISO week" },
  pmCount: { ko: "건수", en: "Count" },
  pmReason: { ko: "사유", en: "Reason" },
  pmPair: { ko: "보낸 쪽 → 받는 쪽", en: "From → to" },
  pmWeek: { ko: "주", en: "Week" },
  pmQueue: { ko: "큐 경합", en: "Queue contention" },
  pmQueueIntro: {
    ko: "게이트웨이는 세션마다 한 번에 메시지 하나만 처리합니다. 같은 에이전트에게 보낸 메시지는 차례를 기다렸고, 기다린 시간이 쌓였습니다.",
    en: "The gateway runs one message per session at a time: sends to the same agent waited their turn, and the waits added up.",
  },
  pmNoQueue: { ko: "같은 에이전트를 두고 겹친 대기가 없습니다.", en: "No waits on one agent overlapped." },
  pmWaited: { ko: "기다린 시간", en: "Waited" },
  pmJudged: { ko: "블로킹 판정", en: "Judged blocked" },
  pmRule: { ko: "판정 규칙", en: "Rule" },
  pmRuleRow: { ko: "규칙 표의 행", en: "Row of the rule table" },
  pmThreadRule: { ko: "흐름 전체를 보는 규칙", en: "A rule over the whole flow" },
  pmNext: { ko: "그다음에 일어난 일", en: "What happened next" },
  pmNothingNext: {
    ko: "이 흐름 뒤로 재시도, 같은 에이전트로의 재전송, 태스크 블로킹이 없었습니다.",
    en: "No retry, re-send to the same agent or task block followed this flow.",
  },
  pmOrphaned: {
    ko: "동기 타임아웃 결함의 흔적입니다: sessions_send(timeoutSeconds>0)로 보낸 쪽의 도구가 제한 시간에 포기했고, 그 뒤로 이 흐름의 이벤트는 하나도 기록되지 않았습니다.",
    en: "This is the signature of the synchronous-timeout fault: the sender's tool (sessions_send with timeoutSeconds > 0) gave up at its timeout, and no event was ever written for the rest of the flow.",
  },
  pmSubagentOrphaned: {
    ko: "Claude Code 서브에이전트가 시작됐지만 SubagentStop도, 그것을 만든 Task 호출의 결과도 기록되지 않았고, 세션의 로그는 그 뒤로도 300초 넘게 이어졌습니다. 서브에이전트가 중단됐거나 캡처가 그 끝을 놓쳤습니다.",
    en: "A Claude Code subagent started, but neither a SubagentStop nor a result for the Task call that spawned it was ever logged, while the session's log went on for over 300 s: the subagent was cut off, or the capture missed its end.",
  },
  pmMarkdown: { ko: "postmortem.md 내려받기", en: "Download postmortem.md" },
  pmEvidence: { ko: "근거가 된 로그 줄", en: "Evidence lines" },
  pmNoSession: { ko: "워크세션 없음", en: "No work session" },
  pmOmitted: { ko: "개의 앞선 단계는 생략", en: " earlier steps left out" },
  pmWaitStatus: { ko: "대기 상태", en: "Wait status" },
  pmWaitError: { ko: "대기 오류", en: "Wait error" },
  pmUnanswered: { ko: "응답 없음", en: "unanswered" },
  pmBack: { ko: "포스트모템 목록", en: "All postmortems" },
  pmFlowId: { ko: "흐름 id", en: "Flow id" },
  pmTitle: { ko: "포스트모템", en: "Postmortem" },
  pmConversation: { ko: "대화 id", en: "Conversation" },
  pmTranscript: { ko: "대화 기록 보기", en: "Read the transcript" },
  pmEvidenceStep: { ko: "근거", en: "Evidence" },
  swimlane: { ko: "상태 타임라인", en: "State timeline" },
  stateSpans: { ko: "구간", en: "spans" },
  rpWeeklyReport: { ko: "주간 리포트", en: "Weekly report" },
  rpWeek: { ko: "주차", en: "Week" },
  rpPeriod: { ko: "기간", en: "Period" },
  rpChangeFromPrevious: { ko: "전주 대비", en: "Change" },
  rpPreviousWeek: { ko: "전주", en: "Previous week" },
  rpTotal: { ko: "합계", en: "Total" },
  rpTopSessions: { ko: "주요 워크세션", en: "Top sessions" },
  rpTopSessionsRule: {
    ko: "카테고리마다 이벤트가 많은 순(같으면 ID 순)으로 최대 3개",
    en: "Up to 3 per category, most events first (ties by id)",
  },
  rpSubTags: { ko: "서브태그", en: "Sub-tags" },
  rpBlockedFlows: { ko: "막힌 흐름", en: "Blocked flows" },
  rpNoBlockedFlows: { ko: "이 주에는 막힌 흐름이 없습니다.", en: "No blocked flows this week." },
  rpReason: { ko: "사유", en: "Reason" },
  rpFallbackShare: { ko: "기본값 분류 비율", en: "Fallback share" },
  rpTopCategory: { ko: "최다 카테고리", en: "Top category" },
  rpDownloadMarkdown: { ko: "Markdown 내려받기", en: "Download Markdown" },
  rpDownloadJson: { ko: "JSON 내려받기", en: "Download JSON" },
  rpAtomFeed: { ko: "Atom 피드", en: "Atom feed" },
  rpNoWeeks: {
    ko: "리포트할 주가 없습니다: 메인 에이전트 간 대화가 있는 워크세션이 없습니다.",
    en: "No weeks to report: no work session holds a conversation between main agents.",
  },
  driftTitle: { ko: "주별 드리프트", en: "Drift by week" },
  driftIntro: {
    ko: "주마다 협업 카테고리, 폴백 분류, 역할, 블로킹 흐름이 어떻게 바뀌었는지 보여 줍니다. 각 차트 아래 표가 같은 숫자입니다.",
    en: "How categories, fallback classifications, roles and blocked flows moved from week to week. The table under each chart holds the same numbers.",
  },
  driftCategories: {
    ko: "주별 메인 에이전트 대화 세션 (카테고리별)",
    en: "Main-agent conversation sessions per week, by category",
  },
  driftFallback: { ko: "폴백 분류 비율", en: "Share of fallback classifications" },
  driftRoles: { ko: "주별 역할 구성 (이벤트 수)", en: "Role mix per week (events)" },
  driftReasons: { ko: "주별 블로킹 흐름 (사유별)", en: "Blocked flows per week, by reason" },
  driftNoData: { ko: "이 차트에 보여 줄 데이터가 없습니다.", en: "Nothing to chart here." },
  driftNoFlows: { ko: "블로킹된 흐름이 없습니다.", en: "No blocked flows." },
  isoWeek: { ko: "ISO 주", en: "ISO week" },
  driftTotal: { ko: "합계", en: "Total" },
  driftFallbackPercent: { ko: "폴백 비율 (%)", en: "Fallback share (%)" },
  weeksIn: { ko: "주 기준 시간대", en: "Weeks cut in" },
  allSessions: { ko: "전체 보기", en: "View all" },
  categories: { ko: "카테고리", en: "Categories" },
  latestSessions: { ko: "최근 워크세션", en: "Latest sessions" },
  groupedByCategory: { ko: "카테고리별 묶음 보기", en: "Grouped by category" },
  newestFirst: { ko: "최신순", en: "Newest first" },
  status: { ko: "상태", en: "Status" },
  category: { ko: "카테고리", en: "Category" },
  subTag: { ko: "서브태그", en: "Sub-tag" },
  agent: { ko: "에이전트", en: "Agent" },
  search: { ko: "검색", en: "Search" },
  searchPlaceholder: { ko: "제목, 에이전트, 태그", en: "Title, agent, tag" },
  any: { ko: "전체", en: "Any" },
  clear: { ko: "필터 지우기", en: "Clear filters" },
  shown: { ko: "개 표시", en: " shown" },
  noMatch: { ko: "조건에 맞는 항목이 없습니다.", en: "Nothing matches these filters." },
  showMore: { ko: "더 보기", en: "Show more" },
  seeAll: { ko: "모두 보기", en: "See all" },
  summary: { ko: "요약", en: "Summary" },
  source: { ko: "근거", en: "Source" },
  confidence: { ko: "신뢰도", en: "Confidence" },
  roleCounts: { ko: "역할별 이벤트", en: "Events by role" },
  previousSession: { ko: "이전 워크세션", en: "Previous session" },
  nextSessions: { ko: "다음 워크세션", en: "Next sessions" },
  conversations: { ko: "메인 에이전트 대화", en: "Main-agent conversations" },
  noConversations: { ko: "메인 에이전트 간 대화가 없습니다.", en: "No conversations between main agents." },
  delegations: { ko: "위임 트리", en: "Delegation tree" },
  noDelegations: { ko: "위임이 없습니다.", en: "No delegations." },
  depth: { ko: "깊이", en: "Depth" },
  signals: { ko: "오케스트레이션 신호", en: "Orchestration signals" },
  noSignals: { ko: "오케스트레이션 신호가 없습니다.", en: "No orchestration signals." },
  timeline: { ko: "타임라인", en: "Timeline" },
  neighbours: { ko: "주변의 미귀속 이벤트", en: "Unattributed events nearby" },
  turns: { ko: "턴", en: "turns" },
  turn: { ko: "턴", en: "Turn" },
  transcript: { ko: "대화 기록", en: "Transcript" },
  rawOutcome: { ko: "원본 메시지 보기", en: "Show the raw message" },
  backToSession: { ko: "워크세션으로", en: "Back to the session" },
  time: { ko: "시각", en: "Time" },
  type: { ko: "유형", en: "Type" },
  role: { ko: "역할", en: "Role" },
  from: { ko: "보낸 쪽", en: "From" },
  to: { ko: "받는 쪽", en: "To" },
  session: { ko: "워크세션", en: "Session" },
  task: { ko: "태스크", en: "Task" },
  message: { ko: "내용", en: "Message" },
  page: { ko: "페이지", en: "Page" },
  previousPage: { ko: "이전", en: "Previous" },
  nextPage: { ko: "다음", en: "Next" },
  allRoles: { ko: "전체 역할", en: "All roles" },
  priority: { ko: "우선순위", en: "Priority" },
  steps: { ko: "단계", en: "Steps" },
  progress: { ko: "진행 기록", en: "Progress log" },
  lastActivity: { ko: "마지막 활동", en: "Last activity" },
  blocking: { ko: "블로킹 상세", en: "Blocking" },
  backlog: { ko: "백로그 상세", en: "Backlog" },
  flags: { ko: "플래그", en: "Flags" },
  pendingQuestion: { ko: "사람의 답을 기다리는 질문", en: "Waiting for a person's answer" },
  humanQueries: { ko: "사람에게 한 질문", en: "Questions to a person" },
  answered: { ko: "답변", en: "Answer" },
  taskConversation: { ko: "에이전트 ↔ 오케스트레이터 대화", en: "Agent ↔ orchestrator conversation" },
  noMessages: { ko: "메시지가 없습니다.", en: "No messages." },
  context: { ko: "맥락", en: "Context" },
  kind: { ko: "종류", en: "Kind" },
  states: { ko: "상태 변화", en: "States over time" },
  noStates: { ko: "상태 변화 기록이 없습니다.", en: "No state changes recorded." },
  eventsCount: { ko: "이벤트", en: "events" },
  findings: { ko: "데이터 품질 경고", en: "Data-quality findings" },
  secretsRedacted: { ko: "가린 비밀", en: "Secrets redacted" },
  generatedAt: { ko: "생성 시각", en: "Generated" },
  untitledSession: { ko: "협업 작업", en: "Untitled collaboration" },
  skipToContent: { ko: "본문으로 건너뛰기", en: "Skip to content" },
  continuation: { ko: "이어하기", en: "Continuation" },
  longestDelay: { ko: "최대", en: "max" },
  backoffs: { ko: "백오프", en: "backoff" },
  taskFile: { ko: "파일", en: "File" },
  blocked: { ko: "블로킹", en: "blocked" },
  person: { ko: "사람", en: "Person" },
  thinking: { ko: "생각", en: "Thinking" },
  compacted: { ko: "컨텍스트 압축", en: "Context compacted" },
  compactedTokens: { ko: "압축 전 {n} 토큰", en: "{n} tokens before" },
  undated: { ko: "날짜 없음", en: "undated" },
  toolError: { ko: "오류 보기", en: "Show the error" },
  subagents: { ko: "서브에이전트", en: "Subagents" },
  subagentCall: { ko: "생성한 호출", en: "Spawned by" },
  noCall: { ko: "생성한 호출을 찾지 못함", en: "Spawning call not found" },
  mainConversation: { ko: "사람 ↔ 에이전트 대화", en: "Person ↔ agent conversation" },
  tokens: { ko: "토큰", en: "Tokens" },
  tokensUnit: { ko: "토큰", en: "tokens" },
  tokenInput: { ko: "입력", en: "Input" },
  tokenOutput: { ko: "출력", en: "Output" },
  tokenCacheRead: { ko: "캐시 읽기", en: "Cache read" },
  tokenCacheCreation: { ko: "캐시 생성", en: "Cache creation" },
  tokenMessages: { ko: "응답 메시지", en: "Assistant messages" },
} as const satisfies Record<string, Names>;
export type LabelKey = keyof typeof LABELS;

/**
 * The words of relative times (`3일 전`, `3d ago`): a table of their own because the session list's
 * script says how long ago each session was, and should carry these words and no others.
 */
export const TIME_WORDS = {
  justNow: { ko: "방금", en: "just now" },
  ago: { ko: "{n}{unit} 전", en: "{n}{unit} ago" },
  fromNow: { ko: "{n}{unit} 후", en: "in {n}{unit}" },
  years: { ko: "년", en: "y" },
  months: { ko: "개월", en: "mo" },
  weeks: { ko: "주", en: "w" },
  days: { ko: "일", en: "d" },
  hours: { ko: "시간", en: "h" },
  minutes: { ko: "분", en: "min" },
} as const satisfies Record<string, Names>;
export type TimeWord = keyof typeof TIME_WORDS;

/** Values of the Report that the site names in words. */
export const VALUE_NAMES: Readonly<Record<string, Names>> = {
  ACTIVE: { ko: "진행 중", en: "Active" },
  QUIET: { ko: "조용함", en: "Quiet" },
  ARCHIVED: { ko: "보관됨", en: "Archived" },
  "conversation.main": { ko: "메인 대화", en: "Main conversation" },
  "delegation.subagent": { ko: "서브에이전트 위임", en: "Delegation" },
  "orchestration.task": { ko: "태스크 오케스트레이션", en: "Orchestration" },
  "system.observability": { ko: "시스템 관측", en: "Observability" },
  completed: { ko: "완료", en: "Completed" },
  blocked: { ko: "블로킹", en: "Blocked" },
  no_reply: { ko: "응답 없음", en: "No reply" },
  failed: { ko: "실패", en: "Failed" },
  open: { ko: "진행 중", en: "Open" },
  pending: { ko: "대기", en: "Pending" },
  pending_approval: { ko: "승인 대기", en: "Awaiting approval" },
  backlog: { ko: "백로그", en: "Backlog" },
  interrupted: { ko: "중단됨", en: "Interrupted" },
  in_progress: { ko: "진행 중", en: "In progress" },
  done: { ko: "완료", en: "Done" },
  skipped: { ko: "건너뜀", en: "Skipped" },
  cancelled: { ko: "취소", en: "Cancelled" },
  abandoned: { ko: "중단", en: "Abandoned" },
  unknown: { ko: "알 수 없음", en: "Unknown" },
  main: { ko: "메인", en: "Main" },
  subagent: { ko: "서브에이전트", en: "Subagent" },
  manual_override: { ko: "수동 지정", en: "Manual override" },
  manual: { ko: "이벤트에 명시", en: "Stated in the event" },
  rule: { ko: "규칙", en: "Rule" },
  heuristic: { ko: "휴리스틱", en: "Heuristic" },
  fallback: { ko: "기본값", en: "Fallback" },
  running: { ko: "실행 중", en: "Running" },
  working: { ko: "작업 중", en: "Working" },
  pending_input: { ko: "입력 대기", en: "Waiting for input" },
  idle: { ko: "대기", en: "Idle" },
  stopped: { ko: "정지", en: "Stopped" },
  completed_with_incomplete_steps: { ko: "미완료 단계가 남은 완료", en: "Completed with steps left" },
  force_completed: { ko: "강제 완료", en: "Force-completed" },
  stale_in_progress: { ko: "오래 멈춘 진행", en: "Stale in progress" },
  zombie: { ko: "좀비", en: "Zombie" },
  never_started: { ko: "시작 안 됨", en: "Never started" },
};

/** Each category's name, as the home page and the badges show it. */
const CATEGORY_NAMES: Readonly<Record<CollabCategory, Names>> = {
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

/** Each blocked reason in words, as a badge shows it. */
const BLOCKED_REASON_NAMES: Readonly<Record<BlockedReason, Names>> = {
  timeout: { ko: "시간 초과 (300초)", en: "Timed out (300 s)" },
  context_overflow: { ko: "컨텍스트 초과", en: "Context too long" },
  run_error: { ko: "실행 오류", en: "Run error" },
  not_found: { ko: "실행을 찾을 수 없음", en: "Run not found" },
  no_reply: { ko: "응답 없음", en: "No reply" },
  concurrency_limit: { ko: "동시 처리 한도 초과", en: "Concurrency limit" },
  spawn_error: { ko: "서브에이전트 생성 실패", en: "Spawn failed" },
  job_failed: { ko: "작업 실패", en: "Job failed" },
  retry_exhausted: { ko: "재시도 소진", en: "Retries exhausted" },
  orphaned: { ko: "응답 없이 끊김", en: "Orphaned (no response)" },
  subagent_orphaned: { ko: "서브에이전트가 멈추지 않음", en: "Subagent never stopped" },
};

/** How a Claude Code tool step ended, in words, as its badge shows it. */
export const TOOL_OUTCOME_NAMES: Readonly<Record<ToolStep["outcome"], Names>> = {
  ok: { ko: "성공", en: "OK" },
  failed: { ko: "실패", en: "Failed" },
  pending: { ko: "결과 없음", en: "No result" },
};

/** A tool step's outcome in words. */
export function toolOutcomeName(locale: Locale, outcome: ToolStep["outcome"]): string {
  return TOOL_OUTCOME_NAMES[outcome][locale];
}

/** Each kind of step of a postmortem's timeline in words (src/core/postmortems/step-kind.ts). */
export const STEP_NAMES: Readonly<Record<StepKind, Names>> = {
  send: { ko: "보냄", en: "Sent" },
  spawn: { ko: "서브에이전트 생성 요청", en: "Spawn requested" },
  wait: { ko: "응답 대기", en: "Waited" },
  retry: { ko: "재시도", en: "Retry" },
  reply: { ko: "응답", en: "Reply" },
  spawn_result: { ko: "생성 결과", en: "Spawn result" },
  complete: { ko: "완료", en: "Complete" },
  blocked: { ko: "블로킹", en: "Blocked" },
  other: { ko: "기타", en: "Other" },
};

/** Each kind of "what happened next" in words (src/core/postmortems/next-step.ts). */
export const NEXT_STEP_NAMES: Readonly<Record<NextStepKind, Names>> = {
  retry: { ko: "재시도", en: "Retry" },
  resend: { ko: "같은 에이전트에게 다시 보냄", en: "Sent again to the same agent" },
  respawn: { ko: "같은 에이전트를 다시 생성", en: "Spawned the same agent again" },
  task_blocked: { ko: "태스크 블로킹", en: "Task blocked" },
  unblock_requested: { ko: "블로킹 해제 요청", en: "Unblock requested" },
  unblock_failed: { ko: "블로킹 해제 실패", en: "Unblock failed" },
  task_cancelled: { ko: "태스크 취소", en: "Task cancelled" },
};

/** The evidence each judging rule looks for, in words (src/core/postmortems/judging-rule.ts). */
export const EVIDENCE_NAMES: Readonly<Record<EvidenceKey, Names>> = {
  concurrency_blocked: {
    ko: "concurrencyBlocked가 붙은 complete, 또는 '동시 처리 한도 초과' 문구",
    en: "a complete with concurrencyBlocked, or the words 동시 처리 한도 초과",
  },
  spawn_result_error: { ko: "status가 error인 spawn_result", en: "a spawn_result with status error" },
  complete_failed: { ko: "outcome이 failed인 complete", en: "a complete with outcome failed" },
  blocked_context_length: {
    ko: "프롬프트나 컨텍스트 길이로 거절된 blocked 응답",
    en: "a blocked response rejected for prompt or context length",
  },
  blocked_wait_timeout: {
    ko: "waitStatus가 timeout이거나 300초 대기 문구가 있는 blocked 응답",
    en: "a blocked response with waitStatus timeout, or the 300 s wait text",
  },
  blocked_wait_not_found: {
    ko: "waitStatus가 not_found인 blocked 응답",
    en: "a blocked response with waitStatus not_found",
  },
  response_no_reply: { ko: "outcome이 no_reply인 응답", en: "a response with outcome no_reply" },
  blocked_other: {
    ko: "그 밖의 blocked 응답 (waitStatus error, 또는 없음)",
    en: "any other blocked response (waitStatus error, or none)",
  },
  retries_then_blocked: {
    ko: "재시도를 최대 횟수까지 한 뒤의 blocked 응답",
    en: "a blocked response after the last allowed retry",
  },
  unanswered_send: {
    ko: "보낸 뒤 응답도 실패도 기록되지 않은 채 로그만 300초 넘게 이어짐",
    en: "a send that got neither an answer nor a failure while the log went on for over 300 s",
  },
  subagent_never_stopped: {
    ko: "SubagentStart는 있는데 SubagentStop도 결과도 기록되지 않은 서브에이전트",
    en: "a subagent that started but never logged a stop or a result",
  },
};

/** A postmortem step's kind in words. */
export function stepName(locale: Locale, kind: StepKind): string {
  return STEP_NAMES[kind][locale];
}

/** A "what happened next" kind in words. */
export function nextStepName(locale: Locale, kind: NextStepKind): string {
  return NEXT_STEP_NAMES[kind][locale];
}

/** A judging rule's evidence in words. */
export function evidenceName(locale: Locale, key: EvidenceKey): string {
  return EVIDENCE_NAMES[key][locale];
}

/** A fixed word in the given language. */
export function label(locale: Locale, key: LabelKey): string {
  return LABELS[key][locale];
}

/** A session's title as pages show it: the untitled label when nothing names the session. */
export function sessionTitleText(locale: Locale, title: string | null): string {
  return title ?? label(locale, "untitledSession");
}

/** A Report value (status, role, outcome …) in words; the value itself when it has no name. */
export function valueName(locale: Locale, value: string): string {
  return VALUE_NAMES[value]?.[locale] ?? value;
}

/** A category's name. */
export function categoryName(locale: Locale, category: CollabCategory): string {
  return CATEGORY_NAMES[category][locale];
}

/** A blocked reason in words, e.g. 시간 초과 (300초). */
export function reasonName(locale: Locale, reason: BlockedReason): string {
  return BLOCKED_REASON_NAMES[reason][locale];
}

/** Why an event stayed outside every work session, in words (the data-quality page). */
export const UNATTRIBUTED_REASON_NAMES: Readonly<Record<UnattributedReason, Names>> = {
  names_nothing: {
    ko: "워크세션, 대화, 태스크 어느 것도 이름 붙이지 않음",
    en: "Names no work session, conversation or task",
  },
  conversation_in_many_sessions: {
    ko: "대화가 여러 워크세션에 걸쳐 있음",
    en: "Its conversation belongs to several work sessions",
  },
  task_in_many_sessions: {
    ko: "태스크가 여러 워크세션에 걸쳐 있음",
    en: "Its task belongs to several work sessions",
  },
  not_tied: {
    ko: "대화나 태스크를 워크세션에 잇는 이벤트나 태스크 파일이 없음",
    en: "No event or task file ties its conversation or task to a work session",
  },
};

/** Why an event is outside every work session, in words. */
export function unattributedReasonName(locale: Locale, reason: UnattributedReason): string {
  return UNATTRIBUTED_REASON_NAMES[reason][locale];
}
