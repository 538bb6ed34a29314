import * as z from "zod";

/**
 * What Claude Code writes beside a subagent's transcript in the newest layout
 * (`<session>/subagents/agent-<agentId>.meta.json`): which tool call spawned the subagent. Fields
 * a release adds are ignored.
 */
export const SubagentMeta = z.object({
  /** The subagent, from the file's name (`agent-<agentId>.meta.json`) or its `agentId` field. */
  agentId: z.string(),
  /** The id of the Task/Agent `tool_use` block that spawned it, when the file names one. */
  toolUseId: z.string().optional(),
  /** The subagent's type (`Explore`, `general-purpose`, …), when the file names one. */
  agentType: z.string().optional(),
  /** The Claude Code session, from the folder the file lies in (`<session>/subagents/`). */
  sessionId: z.string().optional(),
  /** The file, as listed in `input.files`. */
  file: z.string(),
});
export type SubagentMeta = z.infer<typeof SubagentMeta>;

/**
 * A subagent's `.meta.json`, parsed: the agent id from the file's name (`agent-<id>.meta.json`)
 * unless the file names one, the spawning call and the type when it names them, and the session
 * from the folder (`<session>/subagents/`). Null with a reason when the value is not an object.
 */
export function readSubagentMeta(value: unknown, file: string): { meta: SubagentMeta } | { problem: string } {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { problem: "a subagent's .meta.json should hold one JSON object" };
  const record = value as Record<string, unknown>;
  const parts = file.split("/");
  const name = parts.at(-1) ?? "";
  const fromName = /^agent-(.+)\.meta\.json$/.exec(name)?.[1];
  const agentId = text(record["agentId"]) ?? fromName;
  if (agentId === undefined)
    return { problem: "a subagent's .meta.json names no agent (agent-<id>.meta.json)" };
  const toolUseId = text(record["toolUseId"]) ?? text(record["tool_use_id"]);
  const agentType = text(record["agentType"]) ?? text(record["subagent_type"]);
  const sessionId = parts.at(-2) === "subagents" ? parts.at(-3) : undefined;
  return {
    meta: {
      agentId,
      ...(toolUseId === undefined ? {} : { toolUseId }),
      ...(agentType === undefined ? {} : { agentType }),
      ...(sessionId === undefined ? {} : { sessionId }),
      file,
    },
  };
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}
