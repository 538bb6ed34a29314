import { Chain, jsonl, toolUseId, type ChainContext } from "./claude-chain.ts";
import type { SessionFiles, SessionPlan } from "./claude-session.ts";

const SECOND = 1000;
const MODEL = "claude-sonnet-4-20250514";

/**
 * A session of an older Claude Code release (1.0.x), before hooks were installed: a person asks in
 * Korean for a refund endpoint; a Task subagent runs inline, its entries in the session file with
 * `isSidechain: true` and no agent id, and its result names no agent either; a test run fails
 * (`is_error`) and passes after a fix. The file starts with a `summary` line, the title Claude Code
 * wrote for the conversation later, pointing at the session's last entry.
 */
export function refundSession({ rng, cwd, start }: SessionPlan): SessionFiles {
  const sessionId = rng.uuid();
  const ctx: ChainContext = {
    sessionId,
    version: "1.0.98",
    cwd,
    gitBranch: "feature/refund",
    isSidechain: false,
  };
  const main = new Chain(rng, ctx, start, MODEL);
  const task = toolUseId(rng);
  const taskPrompt =
    "Find where the payment API handlers and their routes are defined, and summarise how a new endpoint is added.";
  main.user(0, "결제 모듈에 환불 API 엔드포인트를 구현해줘. 기존 핸들러 코드 구조를 먼저 파악해.");
  main.assistant(
    4 * SECOND,
    [
      {
        type: "thinking",
        thinking:
          "The user wants a refund endpoint. I should see how the payment handlers are organised first.",
      },
      { type: "text", text: "먼저 결제 핸들러 구조를 살펴보겠습니다." },
      {
        type: "tool_use",
        id: task,
        name: "Task",
        input: { description: "Find payment handlers", prompt: taskPrompt, subagent_type: "general-purpose" },
      },
    ],
    { input: 4, output: 212, cacheCreation: 2_140, cacheRead: 13_880 },
  );

  // The subagent's entries, inline: a chain of their own that starts at a new root.
  const side = new Chain(rng, { ...ctx, isSidechain: true }, main.t, MODEL);
  side.user(1 * SECOND, taskPrompt);
  const grep = toolUseId(rng);
  side.assistant(
    3 * SECOND,
    [
      {
        type: "tool_use",
        id: grep,
        name: "Grep",
        input: { pattern: "router\\.(post|get)", path: "src/payments" },
      },
    ],
    { input: 3, output: 64, cacheCreation: 1_020, cacheRead: 9_400 },
  );
  side.result(1 * SECOND, grep, "src/payments/routes.ts\nsrc/payments/handlers/charge.ts", {
    mode: "files_with_matches",
    filenames: ["src/payments/routes.ts", "src/payments/handlers/charge.ts"],
    numFiles: 2,
  });
  const found =
    "Handlers live in src/payments/handlers/, one file per endpoint; src/payments/routes.ts registers each with router.post.";
  side.assistant(5 * SECOND, [{ type: "text", text: found }], {
    input: 3,
    output: 118,
    cacheCreation: 640,
    cacheRead: 10_420,
  });
  main.t = side.t;
  main.result(2 * SECOND, task, [{ type: "text", text: found }], {
    content: [{ type: "text", text: found }],
    totalDurationMs: 11_240,
    totalTokens: 11_900,
    totalToolUseCount: 1,
    usage: {
      input_tokens: 3,
      output_tokens: 118,
      cache_creation_input_tokens: 640,
      cache_read_input_tokens: 10_420,
    },
  });

  const write = toolUseId(rng);
  const file = `${cwd}/src/payments/handlers/refund.ts`;
  main.assistant(
    6 * SECOND,
    [
      {
        type: "tool_use",
        id: write,
        name: "Write",
        input: { file_path: file, content: "export async function refund() {}\n" },
      },
    ],
    { input: 4, output: 540, cacheCreation: 1_310, cacheRead: 16_020 },
  );
  main.result(1 * SECOND, write, `File created successfully at: ${file}`, { type: "create", filePath: file });

  const test = toolUseId(rng);
  main.assistant(
    3 * SECOND,
    [
      {
        type: "tool_use",
        id: test,
        name: "Bash",
        input: { command: "npm test -- payments", description: "Run payment tests" },
      },
    ],
    { input: 4, output: 88, cacheCreation: 700, cacheRead: 17_330 },
  );
  const failure =
    "Exit code 1\nFAIL src/payments/refund.test.ts\n  ● refund › rejects a refund larger than the charge\n    expected 400, received 500";
  main.result(9 * SECOND, test, failure, `Error: ${failure}`, true);

  const fix = toolUseId(rng);
  main.assistant(
    5 * SECOND,
    [
      { type: "thinking", thinking: "The handler does not compare the refund with the charged amount." },
      {
        type: "tool_use",
        id: fix,
        name: "Edit",
        input: { file_path: file, old_string: "{}", new_string: "{ assertRefundable(charge, amount); }" },
      },
    ],
    { input: 4, output: 301, cacheCreation: 820, cacheRead: 18_040 },
  );
  main.result(1 * SECOND, fix, `The file ${file} has been updated.`, { filePath: file });
  const rerun = toolUseId(rng);
  main.assistant(
    3 * SECOND,
    [
      {
        type: "tool_use",
        id: rerun,
        name: "Bash",
        input: { command: "npm test -- payments", description: "Run payment tests" },
      },
    ],
    { input: 4, output: 77, cacheCreation: 410, cacheRead: 18_900 },
  );
  main.result(8 * SECOND, rerun, "Tests: 14 passed, 14 total", {
    stdout: "Tests: 14 passed, 14 total",
    stderr: "",
    interrupted: false,
    isImage: false,
  });
  const [answer] = main.assistant(
    4 * SECOND,
    [
      {
        type: "text",
        text: "환불 엔드포인트 구현을 마쳤습니다. `POST /payments/:id/refund` 가 환불 금액을 결제 금액과 비교해 검증하고, 결제 테스트 14개가 모두 통과합니다.",
      },
    ],
    { input: 4, output: 164, cacheCreation: 380, cacheRead: 19_450 },
  );

  // Claude Code writes the sidechain's lines as they come, between the Task call and its result.
  const callAt = main.entries.findIndex((e) => e["toolUseResult"] !== undefined);
  const entries = [
    { type: "summary", summary: "결제 환불 API 엔드포인트 구현", leafUuid: answer },
    ...main.entries.slice(0, callAt),
    ...side.entries,
    ...main.entries.slice(callAt),
  ];
  return { sessionId, files: new Map([[`${sessionId}.jsonl`, jsonl(entries)]]), payloads: [], chat: [] };
}
