import { z } from "zod";
import type { Thread } from "../sessions/work-session.ts";
import { THREAD_OUTCOMES } from "../sessions/thread-outcome.ts";
import { BLOCKED_REASONS } from "../sessions/blocked-reasons.ts";
import { pathSegment } from "./path-segment.ts";

/** One delegation in a session's spawn tree: who handed work to whom, how deep, how it ended. */
export const DelegationNode = z.object({
  /** The agent that received the work. */
  agent: z.string(),
  /** The agent that handed it over. */
  parent: z.string(),
  /** 1 for a delegation by a root agent, 2 for one by its delegate, and so on. */
  depth: z.number().int().positive(),
  /** How the delegation's thread ended. */
  outcome: z.enum(THREAD_OUTCOMES),
  /** Why, when it was blocked. */
  blockedReason: z.enum(BLOCKED_REASONS).optional(),
  /** The thread's turns and its page's path segment. */
  turns: z.number().int().nonnegative(),
  threadSegment: z.string(),
});
export type DelegationNode = z.infer<typeof DelegationNode>;

/**
 * The spawn tree of a session's delegation threads, depth first from the agents that delegated
 * without being delegated to. A cycle (A hands to B, B back to A) is cut where it closes.
 */
export function delegationTree(threads: readonly Thread[]): DelegationNode[] {
  const edges = threads.filter(
    (t) => t.eventRole === "delegation.subagent" && t.fromAgent !== null && t.toAgent !== null,
  );
  const children = new Map<string, Thread[]>();
  for (const edge of edges)
    children.set(edge.fromAgent as string, [...(children.get(edge.fromAgent as string) ?? []), edge]);
  const targets = new Set(edges.map((e) => e.toAgent as string));
  const roots = [...new Set(edges.map((e) => e.fromAgent as string))].filter((a) => !targets.has(a));
  // Only cycles: start from whoever delegated first.
  if (roots.length === 0 && edges[0] !== undefined) roots.push(edges[0].fromAgent as string);
  const out: DelegationNode[] = [];
  const seen = new Set<Thread>();
  const visit = (agent: string, depth: number, path: ReadonlySet<string>): void => {
    for (const edge of children.get(agent) ?? []) {
      if (seen.has(edge)) continue;
      seen.add(edge);
      const to = edge.toAgent as string;
      out.push({
        agent: to,
        parent: agent,
        depth,
        outcome: edge.outcome,
        ...(edge.blockedReason === undefined ? {} : { blockedReason: edge.blockedReason }),
        turns: edge.turns,
        threadSegment: pathSegment(edge.threadKey),
      });
      if (!path.has(to)) visit(to, depth + 1, new Set([...path, to]));
    }
  };
  for (const root of roots.sort()) visit(root, 1, new Set([root]));
  return out;
}
