import { Chain, jsonl, toolUseId, withSnapshot, type ChainContext } from "./claude-chain.ts";
import { HookRecorder } from "./claude-hook-logs.ts";
import { agentIdLine, agentIdOf, loggedAt, type SessionFiles, type SessionPlan } from "./claude-session.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const MODEL = "claude-opus-4-5-20251101";

/**
 * A session of a 2.1 release with capture hooks installed. It starts with a slash command
 * (`/deploy staging`, then the command's expanded text marked isMeta); an Agent subagent deploys,
 * its transcript in `<session>/subagents/agent-<id>.jsonl` with `agent-<id>.meta.json` naming the
 * spawning call, and its result names the agent only in the text `agentId: <id>`. A Korean prompt
 * about alerts follows; the context fills and Claude Code compacts it (a `compact_boundary` at a
 * new root, the summary it continues from, and the `agent-acompact-*` transcript of the compaction
 * itself). The second subagent starts (SubagentStart, its first lines) and never stops: no
 * SubagentStop, no result; the session's file ends there, as when the process is killed.
 */
export function deploySession({ rng, cwd, projectDir, start }: SessionPlan): SessionFiles {
  const sessionId = rng.uuid();
  const ctx: ChainContext = { sessionId, version: "2.1.9", cwd, gitBranch: "main", isSidechain: false };
  const hooks = new HookRecorder({
    session_id: sessionId,
    transcript_path: `${projectDir}/${sessionId}.jsonl`,
    cwd,
    permission_mode: "acceptEdits",
  });
  const main = new Chain(rng, ctx, start, MODEL);
  const files = new Map<string, string>();
  const subagents = `${sessionId}/subagents`;

  hooks.fire("SessionStart", { source: "startup" });
  const command =
    "<command-message>deploy is running…</command-message>\n<command-name>/deploy</command-name>\n<command-args>staging</command-args>";
  const prompt = main.user(5 * SECOND, command);
  hooks.fire("UserPromptSubmit", { prompt: "/deploy staging", logged_at: loggedAt(main.t - 30) });
  main.meta(
    10,
    "Deploy the current branch to the environment named in the arguments. Build the docker image, push it, roll it out and check the health endpoint.\n\nARGUMENTS: staging",
  );

  // The first subagent: deploys, and stops.
  const deployer = agentIdOf(rng);
  const deployCall = toolUseId(rng);
  const brief =
    "Build the docker image, deploy it to the staging server and check that /healthz answers 200. Report the image tag and the health result.";
  const deployInput = { subagent_type: "general-purpose", description: "Deploy to staging", prompt: brief };
  main.assistant(
    5 * SECOND,
    [
      {
        type: "thinking",
        thinking: "A deploy has several slow steps; hand it to a subagent and keep the context small.",
      },
      { type: "tool_use", id: deployCall, name: "Agent", input: deployInput },
    ],
    { input: 6, output: 233, cacheCreation: 5_820, cacheRead: 18_300 },
  );
  hooks.fire("PreToolUse", { tool_name: "Agent", tool_input: deployInput, tool_use_id: deployCall });
  hooks.fire("SubagentStart", { agent_id: deployer, agent_type: "general-purpose" });
  const side = new Chain(rng, { ...ctx, isSidechain: true, agentId: deployer }, main.t, MODEL);
  side.user(1 * SECOND, brief);
  const inAgent = { agent_id: deployer, agent_type: "general-purpose" };
  const steps: Array<[string, string, number]> = [
    [
      "docker build -t registry.local/app:3f9c2e1 . && docker push registry.local/app:3f9c2e1",
      "pushed registry.local/app:3f9c2e1",
      95,
    ],
    [
      "kubectl -n staging set image deploy/app app=registry.local/app:3f9c2e1 && kubectl -n staging rollout status deploy/app",
      'deployment "app" successfully rolled out',
      40,
    ],
    ["curl -fsS https://staging.app.local/healthz", '{"status":"ok"}', 1],
  ];
  for (const [bash, out, seconds] of steps) {
    const id = toolUseId(rng);
    const input = { command: bash, description: "Deploy step" };
    side.assistant(3 * SECOND, [{ type: "tool_use", id, name: "Bash", input }], {
      input: 7,
      output: 96,
      cacheCreation: 1_200,
      cacheRead: 9_800,
    });
    hooks.fire("PreToolUse", { ...inAgent, tool_name: "Bash", tool_input: input, tool_use_id: id });
    const response = { stdout: out, stderr: "", interrupted: false, isImage: false };
    side.result(seconds * SECOND, id, out, response);
    hooks.fire("PostToolUse", {
      ...inAgent,
      tool_name: "Bash",
      tool_input: input,
      tool_response: response,
      tool_use_id: id,
    });
  }
  const deployed = "Deployed registry.local/app:3f9c2e1 to staging; /healthz answers 200.";
  side.assistant(3 * SECOND, [{ type: "text", text: deployed }], {
    input: 7,
    output: 58,
    cacheCreation: 300,
    cacheRead: 12_100,
  });
  hooks.fire("SubagentStop", {
    ...inAgent,
    stop_hook_active: false,
    agent_transcript_path: `${projectDir}/${subagents}/agent-${deployer}.jsonl`,
    last_assistant_message: deployed,
  });
  files.set(`${subagents}/agent-${deployer}.jsonl`, jsonl(side.entries));
  files.set(
    `${subagents}/agent-${deployer}.meta.json`,
    `${JSON.stringify({ agentType: "general-purpose", description: "Deploy to staging", toolUseId: deployCall })}\n`,
  );
  main.t = side.t;
  const deployResult = {
    status: "completed",
    prompt: brief,
    content: [{ type: "text", text: deployed }],
    totalDurationMs: 152_300,
    totalTokens: 13_940,
    totalToolUseCount: 3,
  };
  main.result(
    1 * SECOND,
    deployCall,
    [
      { type: "text", text: deployed },
      { type: "text", text: agentIdLine(deployer) },
    ],
    deployResult,
  );
  hooks.fire("PostToolUse", {
    tool_name: "Agent",
    tool_input: deployInput,
    tool_response: deployResult,
    tool_use_id: deployCall,
  });
  const done =
    "스테이징 배포가 끝났습니다. 이미지는 registry.local/app:3f9c2e1 이고 헬스 체크가 200으로 응답합니다.";
  main.assistant(3 * SECOND, [{ type: "text", text: done }], {
    input: 6,
    output: 120,
    cacheCreation: 640,
    cacheRead: 24_400,
  });
  hooks.fire("Stop", { stop_hook_active: false, last_assistant_message: done });

  // A Korean request about alerts, then a compaction.
  main.wait(4 * MINUTE);
  const alerts =
    "배포 후에 서버 모니터링 경보 규칙이 제대로 걸려 있는지 점검하고, 디스크 경보가 빠져 있으면 추가해줘.";
  main.user(0, alerts);
  hooks.fire("UserPromptSubmit", { prompt: alerts, logged_at: loggedAt(main.t - 25) });
  const read = toolUseId(rng);
  const readInput = { file_path: `${cwd}/deploy/alerts.yaml` };
  main.assistant(
    4 * SECOND,
    [
      { type: "thinking", thinking: "Check which alert rules exist before adding one." },
      { type: "tool_use", id: read, name: "Read", input: readInput },
    ],
    { input: 6, output: 142, cacheCreation: 1_020, cacheRead: 25_040 },
  );
  hooks.fire("PreToolUse", { tool_name: "Read", tool_input: readInput, tool_use_id: read });
  const yaml =
    "groups:\n- name: app\n  rules:\n  - alert: HighErrorRate\n    expr: rate(http_errors_total[5m]) > 0.05";
  main.result(1 * SECOND, read, yaml, { type: "text", file: { filePath: readInput.file_path, numLines: 5 } });
  hooks.fire("PostToolUse", {
    tool_name: "Read",
    tool_input: readInput,
    tool_response: { type: "text" },
    tool_use_id: read,
  });
  hooks.fire("PreCompact", { trigger: "auto", custom_instructions: "" });
  const compactor = `acompact-${agentIdOf(rng)}`;
  const compaction = new Chain(rng, { ...ctx, isSidechain: true, agentId: compactor }, main.t, MODEL);
  compaction.user(1 * SECOND, "Your task is to create a detailed summary of the conversation so far.");
  const summary =
    "The staging deploy of registry.local/app:3f9c2e1 succeeded. The person asked to check the alert rules after the deploy and add a disk alert if missing; deploy/alerts.yaml has only HighErrorRate.";
  compaction.assistant(20 * SECOND, [{ type: "text", text: `<summary>${summary}</summary>` }], {
    input: 10,
    output: 820,
    cacheCreation: 0,
    cacheRead: 166_900,
  });
  files.set(`${subagents}/agent-${compactor}.jsonl`, jsonl(compaction.entries));
  main.t = compaction.t;
  main.compact(
    1 * SECOND,
    167_342,
    `This session is being continued from a previous conversation that ran out of context. ${summary}`,
  );
  hooks.fire("SessionStart", { source: "compact" });

  // The second subagent: it starts, runs one command, and nothing more is ever written.
  const checker = agentIdOf(rng);
  const checkCall = toolUseId(rng);
  const checkBrief =
    "Add a disk usage alert (over 85% for 10 minutes) to deploy/alerts.yaml and validate the rules with promtool.";
  const checkInput = { subagent_type: "general-purpose", description: "Add disk alert", prompt: checkBrief };
  main.assistant(
    5 * SECOND,
    [
      { type: "text", text: "디스크 사용량 경보가 없습니다. 추가와 검증을 서브에이전트에게 맡기겠습니다." },
      { type: "tool_use", id: checkCall, name: "Agent", input: checkInput },
    ],
    { input: 9, output: 188, cacheCreation: 7_400, cacheRead: 4_100 },
  );
  hooks.fire("PreToolUse", { tool_name: "Agent", tool_input: checkInput, tool_use_id: checkCall });
  hooks.fire("SubagentStart", { agent_id: checker, agent_type: "general-purpose" });
  const hung = new Chain(rng, { ...ctx, isSidechain: true, agentId: checker }, main.t, MODEL);
  hung.user(1 * SECOND, checkBrief);
  const promtool = toolUseId(rng);
  const promtoolInput = {
    command: "promtool check rules deploy/alerts.yaml",
    description: "Validate alert rules",
  };
  hung.assistant(3 * SECOND, [{ type: "tool_use", id: promtool, name: "Bash", input: promtoolInput }], {
    input: 7,
    output: 71,
    cacheCreation: 2_900,
    cacheRead: 6_200,
  });
  hooks.fire("PreToolUse", {
    agent_id: checker,
    agent_type: "general-purpose",
    tool_name: "Bash",
    tool_input: promtoolInput,
    tool_use_id: promtool,
  });
  files.set(`${subagents}/agent-${checker}.jsonl`, jsonl(hung.entries));
  files.set(
    `${subagents}/agent-${checker}.meta.json`,
    `${JSON.stringify({ agentType: "general-purpose", description: "Add disk alert", toolUseId: checkCall })}\n`,
  );

  const entries = withSnapshot(main.entries, prompt);
  files.set(`${sessionId}.jsonl`, jsonl(entries));
  return { sessionId, files, payloads: hooks.payloads, chat: [] };
}
