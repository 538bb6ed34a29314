/** The states an agent's timeline shows. */
export const AGENT_STATES = [
  "running",
  "working",
  "pending_input",
  "blocked",
  "failed",
  "idle",
  "stopped",
] as const;
export type AgentState = (typeof AGENT_STATES)[number];

/** What an event says about the state of the agent it is about; each row is tested. */
export const AGENT_STATE_RULES: ReadonlyArray<{
  types: readonly string[];
  state: (data: Record<string, unknown>) => AgentState;
}> = [
  { types: ["agent_started"], state: () => "running" },
  { types: ["agent_unblocked", "task_resumed_after_human_query"], state: () => "running" },
  // agent_blocked says only that the agent stopped; its reason tells an error from a wait for input.
  {
    types: ["agent_blocked"],
    state: (d) =>
      /error|fail|crash/i.test(String(d["reason"] ?? d["error"] ?? "")) ? "failed" : "pending_input",
  },
  { types: ["agent_stopped"], state: () => "stopped" },
  {
    types: ["task.started", "task.resumed", "task.approved", "task_started", "task.backlog_picked"],
    state: () => "working",
  },
  { types: ["task.blocked"], state: () => "blocked" },
  { types: ["task_failed"], state: () => "failed" },
  { types: ["task.completed", "task.cancelled", "task_completed"], state: () => "idle" },
];

export function agentStateOf(type: string, data: Record<string, unknown>): AgentState | null {
  return ruleOfType.get(type)?.state(data) ?? null;
}

/**
 * The first rule that names each type: every event asks, and most name no rule, so one lookup
 * replaces a scan of every rule's types.
 */
const ruleOfType = new Map<string, (typeof AGENT_STATE_RULES)[number]>();
for (const rule of AGENT_STATE_RULES)
  for (const type of rule.types) if (!ruleOfType.has(type)) ruleOfType.set(type, rule);
