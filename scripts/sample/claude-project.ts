import { flakySession } from "./claude-flaky-session.ts";
import { deploySession } from "./claude-deploy-session.ts";
import { hookLogFiles, pythonJson } from "./claude-hook-logs.ts";
import { refundSession } from "./claude-refund-session.ts";
import { projectSlug, type SessionPlan } from "./claude-session.ts";
import { createRng } from "./rng.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** When the three sessions start, as days and hours after a given day. */
const STARTS = { refund: [0, 1], deploy: [1, 2], flaky: [2, 6] } as const;

/**
 * A Claude Code project as a person's machine holds it, relative to the folder given:
 * `projects/<slug>/` with three sessions in the three layouts of subagent transcripts, and the
 * `logs/` folder of a hook capture script installed in the project, for the two later sessions,
 * with `chat.json`, the script's copy of the last session's transcript.
 *
 * It draws from its own seeded source, so that adding to it never changes the rest of the sample.
 */
export function claudeProject(firstDay: number, seed = 20260302): Map<string, string> {
  const rng = createRng(seed);
  const cwd = "/home/dev/app";
  const slug = projectSlug(cwd);
  const projectDir = `/home/dev/.claude/projects/${slug}`;
  const plan = (at: readonly [number, number]): SessionPlan => ({
    rng,
    cwd,
    projectDir,
    start: firstDay + at[0] * DAY + at[1] * HOUR,
  });
  const sessions = [
    refundSession(plan(STARTS.refund)),
    deploySession(plan(STARTS.deploy)),
    flakySession(plan(STARTS.flaky)),
  ];
  const files = new Map<string, string>();
  for (const session of sessions)
    for (const [rel, content] of session.files) files.set(`projects/${slug}/${rel}`, content);
  // Each capture file holds its hook's payloads in the order they fired, across sessions.
  for (const [name, content] of hookLogFiles(sessions.flatMap((s) => s.payloads)))
    files.set(`logs/${name}`, content);
  const last = sessions.at(-1);
  if (last !== undefined) files.set("logs/chat.json", pythonJson(last.chat));
  return files;
}
