// The site's only way to its data: the shards `workscope build` wrote (src/ingest/write-site-data.ts),
// in the folder named by WORKSCOPE_DATA. Pages call these while Astro renders them at build time.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { AgentPage } from "../core/site/agent-page.ts";
import type { EventRow } from "../core/site/event-row.ts";
import type { SessionPage } from "../core/site/session-page.ts";
import type { SiteIndex } from "../core/site/site-index.ts";
import type { TaskPage } from "../core/site/task-page.ts";

function dataDir(): string {
  const dir = process.env["WORKSCOPE_DATA"];
  if (dir === undefined || dir === "")
    throw new Error(
      "WORKSCOPE_DATA is not set: build the site with `workscope build`, which writes the data first",
    );
  return dir;
}

let ready = false;
/**
 * Waits, once, until `workscope build` has written every shard: it starts the renderers before the
 * analysis is done (scripts/site/render-site.ts). Astro calls pages synchronously, so this sleeps
 * synchronously; if the build that started this renderer is gone, there is nothing to wait for.
 */
function waitForData(): void {
  if (ready) return;
  const flag = path.join(dataDir(), "READY");
  const parent = process.ppid;
  const cell = new Int32Array(new SharedArrayBuffer(4));
  while (!existsSync(flag)) {
    if (process.ppid !== parent) throw new Error("the build that started this renderer has ended");
    Atomics.wait(cell, 0, 0, 50);
  }
  ready = true;
}

function read<T>(...parts: string[]): T {
  waitForData();
  return JSON.parse(readFileSync(path.join(dataDir(), ...parts), "utf8")) as T;
}

let index: SiteIndex | null = null;
/** The lists every page shares, read once per build. */
export function siteIndex(): SiteIndex {
  return (index ??= read<SiteIndex>("index.json"));
}

// A session's thread pages come one after another, so the last session read is kept.
let lastSession: { segment: string; page: SessionPage } | null = null;
/** One session's shard. */
export function sessionShard(segment: string): SessionPage {
  if (lastSession?.segment !== segment)
    lastSession = { segment, page: read<SessionPage>("sessions", `${segment}.json`) };
  return lastSession.page;
}

/** One task's shard. */
export function taskShard(segment: string): TaskPage {
  return read<TaskPage>("tasks", `${segment}.json`);
}

/** One agent's shard. */
export function agentShard(segment: string): AgentPage {
  return read<AgentPage>("agents", `${segment}.json`);
}

/** One page of an events listing. */
export function eventsShard(listing: string, page: number): EventRow[] {
  return read<EventRow[]>("events", listing, `${page}.json`);
}

// Which sessions, tasks and agents have pages, made once per build: pages link to each other
// thousands of times, and a search of the lists per link would grow with the square of the log.
let pages: { sessions: Map<string, string>; tasks: Set<string>; agents: Map<string, string> } | null = null;
function pageIndex(): NonNullable<typeof pages> {
  const index = siteIndex();
  return (pages ??= {
    sessions: new Map(index.sessions.map((s) => [s.id, s.segment])),
    tasks: new Set(index.tasks.map((t) => t.segment)),
    agents: new Map(index.agents.map((a) => [a.agentId, a.segment])),
  });
}

/** True when the task has a page (an event may name a task no file or event described). */
export function hasTaskPage(segment: string): boolean {
  return pageIndex().tasks.has(segment);
}

/** A session's path segment, when the session has a page. */
export function sessionSegment(id: string): string | undefined {
  return pageIndex().sessions.get(id);
}

/** An agent's path segment, when the agent has a page. */
export function agentSegment(id: string): string | undefined {
  return pageIndex().agents.get(id);
}

/**
 * This process's share of a route's pages: every n-th item from the k-th, when the build renders
 * pages in n processes (WORKSCOPE_PART=k/n, see scripts/site/render-site.ts); all of them otherwise.
 */
export function ownShare<T>(items: readonly T[]): T[] {
  const match = /^(\d+)\/(\d+)$/.exec(process.env["WORKSCOPE_PART"] ?? "");
  if (match === null) return [...items];
  const k = Number(match[1]);
  const n = Number(match[2]);
  return items.filter((_, i) => i % n === k);
}
