import * as z from "zod";
import { pushTo } from "../group.ts";
import { Thread } from "../sessions/work-session.ts";

/**
 * One delegation in a session's spawn tree: who handed work to whom, how deep, and how its thread
 * ended, as the thread says (its outcome, blocked reason and turns).
 */
export const DelegationNode = Thread.pick({ outcome: true, blockedReason: true, turns: true }).extend({
  /** The agent that received the work. */
  agent: z.string(),
  /** The agent that handed it over. */
  parent: z.string(),
  /** 1 for a delegation by a root agent, 2 for one by its delegate, and so on. */
  depth: z.number().int().positive(),
  /** The path segment of the thread's transcript page. */
  threadSegment: z.string(),
});
export type DelegationNode = z.infer<typeof DelegationNode>;

/**
 * The spawn tree of a session's delegation threads, depth first from the agents that delegated
 * without being delegated to. A cycle (A hands to B, B back to A) is cut where it closes.
 * `threadSegments` are the threads' path segments, in the same order (the session card's).
 */
export function delegationTree(
  threads: readonly Thread[],
  threadSegments: readonly string[],
): DelegationNode[] {
  const segmentOf = new Map(threads.map((t, i) => [t, threadSegments[i] ?? ""]));
  const edges = threads.filter(
    (t) => t.eventRole === "delegation.subagent" && t.fromAgent !== null && t.toAgent !== null,
  );
  const children = new Map<string, Thread[]>();
  for (const edge of edges) pushTo(children, edge.fromAgent as string, edge);
  const targets = new Set(edges.map((e) => e.toAgent as string));
  const roots = [...new Set(edges.map((e) => e.fromAgent as string))].filter((a) => !targets.has(a));
  // Only cycles: start from whoever delegated first.
  if (roots.length === 0 && edges[0] !== undefined) roots.push(edges[0].fromAgent as string);
  const seen = new Set<Thread>();
  const visit = (agent: string, depth: number, path: ReadonlySet<string>): DelegationNode[] =>
    (children.get(agent) ?? []).flatMap((edge) => {
      if (seen.has(edge)) return [];
      seen.add(edge);
      const to = edge.toAgent as string;
      const node: DelegationNode = {
        agent: to,
        parent: agent,
        depth,
        outcome: edge.outcome,
        ...(edge.blockedReason === undefined ? {} : { blockedReason: edge.blockedReason }),
        turns: edge.turns,
        threadSegment: segmentOf.get(edge) ?? "",
      };
      return path.has(to) ? [node] : [node, ...visit(to, depth + 1, new Set([...path, to]))];
    });
  return roots.sort().flatMap((root) => visit(root, 1, new Set([root])));
}
