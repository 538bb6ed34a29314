// The site's only way to its data: the data folder a build wrote (src/site/data-folder.ts). Pages
// call these while Astro renders them, in a build's renderer or in `npx astro dev`.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { AgentPage } from "../core/site/agent-page.ts";
import type { EventRow } from "../core/site/event-row.ts";
import type { SessionPage } from "../core/site/session-page.ts";
import type { SiteIndex } from "../core/site/site-index.ts";
import type { SiteFamily } from "../core/site/site-family.ts";
import type { TaskPage } from "../core/site/task-page.ts";
import { DATA_FOLDER_ENV, DEFAULT_OUT, dataFileIn, dataFolderBeside, type DataFile } from "./data-folder.ts";
import { itemsOfShare, parseRenderShare, RENDER_SHARE_ENV } from "./render-share.ts";
import { SiteSettings } from "./settings.ts";

/**
 * The data folder: the one WORKSCOPE_DATA names, else that of a build with the default `--out` from
 * the folder Astro runs in, `.workscope/dist/`.
 */
export function dataFolder(): string {
  const named = process.env[DATA_FOLDER_ENV];
  return named !== undefined && named !== "" ? path.resolve(named) : dataFolderBeside(DEFAULT_OUT);
}

/** A file of the data folder. */
function dataFile(file: DataFile): string {
  return dataFileIn(dataFolder(), file);
}

/** This process's share of the pages, when a build started it to render a share. */
const share = parseRenderShare(process.env[RENDER_SHARE_ENV]);

let settingsRead: SiteSettings | null = null;
/**
 * The build's settings, or null when no build has written any. The build writes them before it
 * starts the renderers, so they never wait.
 */
export function writtenSettings(): SiteSettings | null {
  if (settingsRead !== null) return settingsRead;
  const file = dataFile({ kind: "settings" });
  if (!existsSync(file)) return null;
  settingsRead = SiteSettings.parse(JSON.parse(readFileSync(file, "utf8")));
  return settingsRead;
}

/** The build's settings, which a page cannot do without. */
export function settings(): SiteSettings {
  const written = writtenSettings();
  if (written === null)
    throw new Error(
      `${dataFile({ kind: "settings" })} does not exist: write the site's data with \`npx workscope build\` first`,
    );
  return written;
}

let ready = false;
/**
 * Waits, once, until the page data is complete. A build starts its renderers before the analysis is
 * done (scripts/site/render-site.ts), so a renderer waits for the READY file; Astro calls pages
 * synchronously, so it sleeps synchronously, and gives up when the build that started it is gone.
 * Anywhere else (the dev server) missing data is an error at once.
 */
function waitForData(): void {
  if (ready) return;
  const flag = dataFile({ kind: "ready" });
  if (share === null && !existsSync(flag))
    throw new Error(`${path.dirname(flag)} holds no complete page data: run \`npx workscope build\` first`);
  const parent = process.ppid;
  const cell = new Int32Array(new SharedArrayBuffer(4));
  while (!existsSync(flag)) {
    if (process.ppid !== parent) throw new Error("the build that started this renderer has ended");
    Atomics.wait(cell, 0, 0, 50);
  }
  ready = true;
}

function read<T>(file: DataFile): T {
  waitForData();
  return JSON.parse(readFileSync(dataFile(file), "utf8")) as T;
}

let index: SiteIndex | null = null;
/** The lists every page shares, read once per process. */
export function siteIndex(): SiteIndex {
  return (index ??= read<SiteIndex>({ kind: "index" }));
}

// A session's thread pages come one after another, so the last session read is kept.
let lastSession: { segment: string; page: SessionPage } | null = null;
/** One session's page data. */
export function sessionShard(segment: string): SessionPage {
  if (lastSession?.segment !== segment)
    lastSession = { segment, page: read<SessionPage>({ kind: "session", segment }) };
  return lastSession.page;
}

/** One task's page data. */
export function taskShard(segment: string): TaskPage {
  return read<TaskPage>({ kind: "task", segment });
}

/** One agent's page data. */
export function agentShard(segment: string): AgentPage {
  return read<AgentPage>({ kind: "agent", segment });
}

const familyIndexes = new Map<SiteFamily, unknown>();
/**
 * What every page of a family reads, read once per process. The type is the family's index
 * schema, which its builder in src/core/site/ defines.
 */
export function familyIndex<T>(family: SiteFamily): T {
  if (!familyIndexes.has(family)) familyIndexes.set(family, read<T>({ kind: "family", family }));
  return familyIndexes.get(family) as T;
}

/** One page of a family, by its path segment; the type is the family's page schema. */
export function familyPage<T>(family: SiteFamily, segment: string): T {
  return read<T>({ kind: "familyPage", family, segment });
}

/** One page of an events listing. */
export function eventsShard(listing: string, page: number): EventRow[] {
  return read<EventRow[]>({ kind: "events", listing, page });
}

// Which sessions, tasks and agents have pages, made once per process: pages link to each other
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

/** This process's share of a route's pages: all of them unless a build shared them out. */
export function ownShare<T>(items: readonly T[]): T[] {
  return itemsOfShare(items, share);
}
