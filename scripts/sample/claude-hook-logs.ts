/**
 * Hook payloads as the most copied public capture scripts keep them: one file per hook under
 * `logs/` (`pre_tool_use.json`, `subagent_stop.json`, …), each ONE pretty-printed JSON array that
 * the script reads, appends to and writes whole on every firing. The scripts are Python, so the
 * files are what `json.dump(data, f, indent=2)` writes: every character outside ASCII escaped as
 * `\uXXXX`, and no newline at the end.
 */

import { pushTo } from "../../src/core/group.ts";

/** The file each hook's payloads go to. */
const HOOK_FILES: Readonly<Record<string, string>> = {
  SessionStart: "session_start.json",
  SessionEnd: "session_end.json",
  UserPromptSubmit: "user_prompt_submit.json",
  PreToolUse: "pre_tool_use.json",
  PostToolUse: "post_tool_use.json",
  PostToolUseFailure: "post_tool_use_failure.json",
  Notification: "notification.json",
  Stop: "stop.json",
  SubagentStart: "subagent_start.json",
  SubagentStop: "subagent_stop.json",
  PreCompact: "pre_compact.json",
};

/** One hook firing: its payload, in the order Claude Code sent them. */
export type HookPayload = Record<string, unknown> & { hook_event_name: string };

/** Collects the payloads of one session's hooks, each with the fields every payload carries. */
export class HookRecorder {
  readonly payloads: HookPayload[] = [];

  private readonly base: Record<string, unknown>;

  constructor(base: Record<string, unknown>) {
    this.base = base;
  }

  fire(hookEventName: string, fields: Record<string, unknown> = {}): void {
    this.payloads.push({ ...this.base, hook_event_name: hookEventName, ...fields });
  }
}

/** Python's `json.dumps(value, indent=2)`, with its default `ensure_ascii`. */
export function pythonJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** The `logs/` folder for these payloads: file name → content. */
export function hookLogFiles(payloads: readonly HookPayload[]): Map<string, string> {
  const byFile = new Map<string, HookPayload[]>();
  for (const payload of payloads) {
    const name = HOOK_FILES[payload.hook_event_name];
    if (name === undefined) throw new Error(`no capture file for ${payload.hook_event_name}`);
    pushTo(byFile, name, payload);
  }
  return new Map([...byFile].map(([name, list]) => [name, pythonJson(list)]));
}
