import { isRecord } from "./fields.ts";

/** A v1.1 event as far as the type rules need to see it. */
export interface V11Fields {
  type: string;
  target_agent_id?: string | null | undefined;
  task_id?: string | null | undefined;
  payload: Record<string, unknown>;
}

/**
 * One type-specific validation rule of v1.1 events: which types it applies to, and the fields
 * those types require. Each row is tested on its own.
 */
export interface V11TypeRule {
  /** Which types the rule applies to: a type, or a prefix ending in `*`. */
  appliesTo: string;
  /** True when the rule applies to an event of this type. */
  matches: (type: string) => boolean;
  /** The required fields: top-level names, or `payload.<name>`. */
  requires: readonly string[];
}

export const V11_TYPE_RULES: readonly V11TypeRule[] = [
  {
    appliesTo: "manager_assign",
    matches: (t) => t === "manager_assign",
    requires: ["target_agent_id", "task_id", "payload.summary"],
  },
  {
    appliesTo: "agent_acknowledged",
    matches: (t) => t === "agent_acknowledged",
    requires: ["target_agent_id", "task_id"],
  },
  { appliesTo: "task_*", matches: (t) => t.startsWith("task_"), requires: ["task_id"] },
  { appliesTo: "tool_*", matches: (t) => t.startsWith("tool_"), requires: ["payload.tool_name"] },
  {
    appliesTo: "tool_failed",
    matches: (t) => t === "tool_failed",
    requires: ["payload.exit_code", "payload.error_message"],
  },
];

/** The required fields an event lacks under every rule that applies to its type. */
export function missingV11Fields(event: V11Fields): string[] {
  const missing: string[] = [];
  for (const rule of V11_TYPE_RULES) {
    if (!rule.matches(event.type)) continue;
    for (const field of rule.requires) {
      if (!hasField(event, field) && !missing.includes(field)) missing.push(field);
    }
  }
  return missing;
}

function hasField(event: V11Fields, field: string): boolean {
  const value = field.startsWith("payload.")
    ? event.payload[field.slice("payload.".length)]
    : (event as unknown as Record<string, unknown>)[field];
  if (value === undefined || value === null) return false;
  if (typeof value === "string") return value.length > 0;
  return !isRecord(value) || Object.keys(value).length > 0;
}
