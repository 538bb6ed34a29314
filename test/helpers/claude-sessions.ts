import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { prepareEvents } from "../../src/core/claude/prepare-claude.ts";
import { readSubagentMeta, type SubagentMeta } from "../../src/core/claude/subagent-meta.ts";
import { distinctEvents } from "../../src/core/analyze.ts";
import type { BaseEvent } from "../../src/core/event.ts";
import { isRecord } from "../../src/core/formats/fields.ts";
import { isHookLine, normalizeHook } from "../../src/core/formats/hook.ts";
import { normalizeTranscript } from "../../src/core/formats/claude-transcript.ts";
import { attributeEvents } from "../../src/core/sessions/attribute.ts";
import { blockedFlowsOf, type BlockedFlow } from "../../src/core/sessions/blocked-flows.ts";
import { buildWorkSessions, type SessionsBuilt } from "../../src/core/sessions/build-sessions.ts";
import { lineRef } from "./line-ref.ts";

/** The folder of the Claude Code session fixtures. */
export const CLAUDE_FIXTURES = join(import.meta.dirname, "..", "fixtures", "claude-sessions");

/**
 * The work sessions of a folder of Claude Code files, as the analysis builds them: every
 * transcript line, hook line and array element normalized by its format, a subagent's `.meta.json`
 * read, then the Claude Code passes, dedupe and classification, attribution and sessions.
 */
export function claudeSessionsOf(
  folder: string,
  logEndMs?: number,
): SessionsBuilt & { flows: BlockedFlow[] } {
  const events: BaseEvent[] = [];
  const metas: SubagentMeta[] = [];
  for (const path of filesUnder(folder)) {
    const file = relative(folder, path);
    const text = readFileSync(path, "utf8");
    if (path.endsWith(".meta.json")) {
      const read = readSubagentMeta(JSON.parse(text), file);
      if ("meta" in read) metas.push(read.meta);
      continue;
    }
    const values: Array<[number, unknown]> = text.trimStart().startsWith("[")
      ? (JSON.parse(text) as unknown[]).map((value, i) => [i + 2, value])
      : text
          .split("\n")
          .filter((line) => line.length > 0)
          .map((line, i) => [i + 1, JSON.parse(line)]);
    for (const [line, value] of values) {
      if (!isRecord(value)) continue;
      const ref = lineRef(file, line, JSON.stringify(value));
      const normalized = isHookLine(value) ? normalizeHook(value, ref) : normalizeTranscript(value, ref);
      if (normalized.event !== null) events.push(normalized.event);
    }
  }
  const prepared = prepareEvents({ events, subagentMeta: metas });
  const distinct = distinctEvents({ events: prepared.events, mainAgents: [] });
  const attribution = attributeEvents(distinct.events, new Map());
  const built = buildWorkSessions(attribution, {
    nowMs: Date.UTC(2026, 2, 9),
    logEndMs: logEndMs ?? distinct.events.at(-1)?.ts ?? 0,
    overrides: {},
    previousFromTasks: new Map(),
    taskDescriptions: new Map(),
    mentionNames: new Map(),
    claudeLinks: prepared.links,
  });
  return { ...built, flows: blockedFlowsOf(built.threads) };
}

/** Every file under a folder, sorted by path. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}
