import * as z from "zod";

/** Whether a side of an event runs in a main agent's session or a subagent's, or nothing tells. */
export const SessionType = z.enum(["main", "subagent", "unknown"]);
export type SessionType = z.infer<typeof SessionType>;

/** What the session-type rules look at for one side of an event. */
export interface SideFacts {
  /** The agent on this side, when known. */
  agent: string | null;
  /** The session type the producer stated for this side, if any. */
  stated: unknown;
  /** A session key naming this side (`targetSessionKey` for the receiving side). */
  sessionKey: unknown;
  /** True for the receiving side of a delegation: a spawn, or an event with delegation hints. */
  delegated: boolean;
}

/**
 * One rule of the session-type table: the first rule that answers decides. Each row is tested
 * on its own.
 */
export interface SessionTypeRule {
  /** What the rule looks at, in words. */
  name: string;
  /** The answer, or null when the rule does not apply. */
  decide: (side: SideFacts, mainAgents: ReadonlySet<string>) => SessionType | null;
}

export const SESSION_TYPE_RULES: readonly SessionTypeRule[] = [
  {
    name: "the producer stated it (fromSessionType / toSessionType)",
    decide: (s) => (s.stated === "main" || s.stated === "subagent" ? s.stated : null),
  },
  {
    name: "the session key: `:subagent:` is a subagent, `agent:<id>:main` is main",
    decide: (s) => {
      if (typeof s.sessionKey !== "string") return null;
      if (s.sessionKey.includes(":subagent:")) return "subagent";
      return /^agent:[^:]+:main$/.test(s.sessionKey) ? "main" : null;
    },
  },
  {
    name: "the receiving side of a spawn or of an event with delegation hints is a subagent",
    decide: (s) => (s.delegated ? "subagent" : null),
  },
  {
    name: "an agent listed in openclaw.json (and `main`) is a main agent",
    decide: (s, mains) => (s.agent !== null && mains.has(s.agent.toLowerCase()) ? "main" : null),
  },
  {
    name: "an agent not listed there, when the list is known, runs as a subagent",
    decide: (s, mains) => (s.agent !== null && mains.size > 1 ? "subagent" : null),
  },
];

export function sessionTypeOf(side: SideFacts, mainAgents: ReadonlySet<string>): SessionType {
  for (const rule of SESSION_TYPE_RULES) {
    const answer = rule.decide(side, mainAgents);
    if (answer !== null) return answer;
  }
  return "unknown";
}
