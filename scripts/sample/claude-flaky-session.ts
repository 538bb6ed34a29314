import { Chain, jsonl, toolUseId, withSnapshot, type ChainContext } from "./claude-chain.ts";
import { HookRecorder } from "./claude-hook-logs.ts";
import { agentIdOf, loggedAt, type SessionFiles, type SessionPlan } from "./claude-session.ts";

const SECOND = 1000;
const MODEL = "claude-sonnet-4-5-20250929";
const HAIKU = "claude-haiku-4-5-20251001";

/**
 * A session of a 2.0 release with capture hooks installed: an English request to fix a flaky e2e
 * test. Its Explore subagent's transcript is `agent-<id>.jsonl` beside the session file, and the
 * Task result names the agent in `toolUseResult.agentId`. A test run fails (the transcript's
 * `is_error` and the PostToolUseFailure hook of the same call), passes after an edit, and the
 * person renames the session at the end (`custom-title`). Two identical idle notifications fired.
 */
export function flakySession({ rng, cwd, projectDir, start }: SessionPlan): SessionFiles {
  const sessionId = rng.uuid();
  const ctx: ChainContext = {
    sessionId,
    version: "2.0.14",
    cwd,
    gitBranch: "fix/login-e2e",
    isSidechain: false,
  };
  const transcriptPath = `${projectDir}/${sessionId}.jsonl`;
  const hooks = new HookRecorder({
    session_id: sessionId,
    transcript_path: transcriptPath,
    cwd,
    permission_mode: "default",
  });
  const main = new Chain(rng, ctx, start, MODEL);

  hooks.fire("SessionStart", { source: "startup" });
  const promptText =
    "The login e2e test is flaky on CI. Reproduce the failure, find the cause and add a regression test.";
  const prompt = main.user(6 * SECOND, promptText);
  hooks.fire("UserPromptSubmit", { prompt: promptText, logged_at: loggedAt(main.t - 40) });

  const agentId = agentIdOf(rng);
  const task = toolUseId(rng);
  const brief =
    "Find the login e2e test and anything in it that depends on timing or shared state. Report the file and the lines.";
  const taskInput = { description: "Find flaky login test", prompt: brief, subagent_type: "Explore" };
  main.assistant(
    4 * SECOND,
    [
      {
        type: "thinking",
        thinking: "Flaky usually means a timing assumption. Let an Explore agent find the test first.",
      },
      { type: "tool_use", id: task, name: "Task", input: taskInput },
    ],
    { input: 5, output: 190, cacheCreation: 3_210, cacheRead: 12_400 },
  );
  hooks.fire("PreToolUse", { tool_name: "Task", tool_input: taskInput, tool_use_id: task });
  hooks.fire("SubagentStart", { agent_id: agentId, agent_type: "Explore" });

  const side = new Chain(rng, { ...ctx, isSidechain: true, agentId }, main.t, HAIKU);
  side.user(1 * SECOND, brief);
  const inAgent = { agent_id: agentId, agent_type: "Explore" };
  const glob = toolUseId(rng);
  const globInput = { pattern: "test/e2e/**/login*.ts" };
  side.assistant(2 * SECOND, [{ type: "tool_use", id: glob, name: "Glob", input: globInput }], {
    input: 8,
    output: 41,
    cacheCreation: 4_100,
    cacheRead: 0,
  });
  hooks.fire("PreToolUse", { ...inAgent, tool_name: "Glob", tool_input: globInput, tool_use_id: glob });
  const globOut = { filenames: [`${cwd}/test/e2e/login.spec.ts`], numFiles: 1, truncated: false };
  side.result(1 * SECOND, glob, `${cwd}/test/e2e/login.spec.ts`, globOut);
  hooks.fire("PostToolUse", {
    ...inAgent,
    tool_name: "Glob",
    tool_input: globInput,
    tool_response: globOut,
    tool_use_id: glob,
  });
  const read = toolUseId(rng);
  const readInput = { file_path: `${cwd}/test/e2e/login.spec.ts` };
  side.assistant(2 * SECOND, [{ type: "tool_use", id: read, name: "Read", input: readInput }], {
    input: 6,
    output: 52,
    cacheCreation: 390,
    cacheRead: 4_100,
  });
  hooks.fire("PreToolUse", { ...inAgent, tool_name: "Read", tool_input: readInput, tool_use_id: read });
  const source =
    "    40\t  test('keeps the session after reload', async ({ page }) => {\n    42\t    await page.waitForTimeout(500);";
  side.result(1 * SECOND, read, source, {
    type: "text",
    file: { filePath: readInput.file_path, numLines: 2 },
  });
  hooks.fire("PostToolUse", {
    ...inAgent,
    tool_name: "Read",
    tool_input: readInput,
    tool_response: { type: "text" },
    tool_use_id: read,
  });
  const found =
    "test/e2e/login.spec.ts waits a fixed 500 ms for the session cookie (line 42) instead of waiting for the redirect; on a slow runner the cookie is not set yet.";
  side.assistant(4 * SECOND, [{ type: "text", text: found }], {
    input: 6,
    output: 97,
    cacheCreation: 820,
    cacheRead: 4_490,
  });
  hooks.fire("SubagentStop", {
    ...inAgent,
    stop_hook_active: false,
    agent_transcript_path: `${projectDir}/agent-${agentId}.jsonl`,
    last_assistant_message: found,
  });
  main.t = side.t;
  const taskResult = {
    status: "completed",
    prompt: brief,
    agentId,
    content: [{ type: "text", text: found }],
    totalDurationMs: 10_870,
    totalTokens: 5_413,
    totalToolUseCount: 2,
    usage: {
      input_tokens: 6,
      output_tokens: 97,
      cache_creation_input_tokens: 820,
      cache_read_input_tokens: 4_490,
    },
  };
  main.result(1 * SECOND, task, [{ type: "text", text: found }], taskResult);
  hooks.fire("PostToolUse", {
    tool_name: "Task",
    tool_input: taskInput,
    tool_response: taskResult,
    tool_use_id: task,
  });

  const command = "npx playwright test test/e2e/login.spec.ts --repeat-each 20";
  const bashInput = { command, description: "Repeat the login test 20 times" };
  const repro = toolUseId(rng);
  main.assistant(3 * SECOND, [{ type: "tool_use", id: repro, name: "Bash", input: bashInput }], {
    input: 5,
    output: 83,
    cacheCreation: 960,
    cacheRead: 15_610,
  });
  hooks.fire("PreToolUse", { tool_name: "Bash", tool_input: bashInput, tool_use_id: repro });
  const failed =
    "Exit code 1\n  3 failed\n    [chromium] › login.spec.ts:40:5 › login › keeps the session after reload\n  17 passed (48.2s)";
  main.result(49 * SECOND, repro, failed, `Error: ${failed}`, true);
  hooks.fire("PostToolUseFailure", {
    tool_name: "Bash",
    tool_input: bashInput,
    tool_use_id: repro,
    error: failed,
    is_interrupt: false,
  });

  const edit = toolUseId(rng);
  const editInput = {
    file_path: readInput.file_path,
    old_string: "await page.waitForTimeout(500);",
    new_string: "await page.waitForURL('**/dashboard');",
  };
  main.assistant(
    5 * SECOND,
    [
      {
        type: "text",
        text: "Reproduced: 3 of 20 runs fail. Replacing the fixed wait with a wait for the redirect.",
      },
      { type: "tool_use", id: edit, name: "Edit", input: editInput },
    ],
    { input: 5, output: 244, cacheCreation: 610, cacheRead: 16_570 },
  );
  hooks.fire("PreToolUse", { tool_name: "Edit", tool_input: editInput, tool_use_id: edit });
  main.result(1 * SECOND, edit, `The file ${editInput.file_path} has been updated.`, {
    filePath: editInput.file_path,
  });
  hooks.fire("PostToolUse", {
    tool_name: "Edit",
    tool_input: editInput,
    tool_response: { filePath: editInput.file_path },
    tool_use_id: edit,
  });
  const rerun = toolUseId(rng);
  main.assistant(3 * SECOND, [{ type: "tool_use", id: rerun, name: "Bash", input: bashInput }], {
    input: 5,
    output: 83,
    cacheCreation: 530,
    cacheRead: 17_180,
  });
  hooks.fire("PreToolUse", { tool_name: "Bash", tool_input: bashInput, tool_use_id: rerun });
  const passed = { stdout: "  20 passed (51.0s)", stderr: "", interrupted: false, isImage: false };
  main.result(52 * SECOND, rerun, passed.stdout, passed);
  hooks.fire("PostToolUse", {
    tool_name: "Bash",
    tool_input: bashInput,
    tool_response: passed,
    tool_use_id: rerun,
  });
  const answer =
    "The flaky wait is fixed: the test now waits for the redirect instead of a fixed 500 ms, and 20 repeated runs pass. I added a regression test that reloads right after login.";
  main.assistant(4 * SECOND, [{ type: "text", text: answer }], {
    input: 5,
    output: 131,
    cacheCreation: 420,
    cacheRead: 17_710,
  });
  hooks.fire("Stop", { stop_hook_active: false, last_assistant_message: answer });
  const idle = { message: "Claude is waiting for your input", notification_type: "idle_prompt" };
  hooks.fire("Notification", idle);
  hooks.fire("Notification", idle);
  const chat = withSnapshot(main.entries, prompt);
  const entries = [...chat, { type: "custom-title", customTitle: "Fix flaky login e2e test", sessionId }];
  hooks.fire("SessionEnd", { reason: "prompt_input_exit" });

  return {
    sessionId,
    files: new Map([
      [`${sessionId}.jsonl`, jsonl(entries)],
      [`agent-${agentId}.jsonl`, jsonl(side.entries)],
    ]),
    payloads: hooks.payloads,
    chat,
  };
}
