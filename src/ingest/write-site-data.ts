import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { SiteData } from "../core/site/build-site.ts";

/** The file whose presence says every shard is written. */
export const READY = "READY";

/** How many shard files are written at once: the disk, not the CPU, is what a write waits on. */
const WRITES_IN_FLIGHT = 32;

/** One shard: the file it goes to and the value it holds. */
interface Shard {
  file: string;
  value: unknown;
}

/** Where each page's shard goes: its family's folder, named by its path segment. */
function shardsOf(dir: string, data: SiteData): Shard[] {
  // Segments come from pathSegment(), which never yields a separator or a `..`; a file name is
  // still joined only under its own folder.
  const under = (...parts: string[]): string => path.join(dir, ...parts);
  return [
    ...data.sessions.map((page) => ({ file: under("sessions", `${page.segment}.json`), value: page })),
    ...data.tasks.map((page) => ({ file: under("tasks", `${page.segment}.json`), value: page })),
    ...data.agents.map((page) => ({ file: under("agents", `${page.segment}.json`), value: page })),
    ...data.events.map((page) => ({
      file: under("events", page.listing, `${page.page}.json`),
      value: page.rows,
    })),
  ];
}

/**
 * Writes the site's data as shards: `index.json` for the lists, and one file per session, task,
 * agent and events page, named by their path segments. Pages read only the shard they show, so a
 * build's memory does not hold every transcript at once in rendered form. Each shard's JSON is made
 * only when its turn to be written comes, so that the text of every shard is never held at once.
 */
export async function writeSiteData(dir: string, data: SiteData): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  for (const sub of ["sessions", "tasks", "agents", "events"])
    await mkdir(path.join(dir, sub), { recursive: true });
  for (const listing of new Set(data.events.map((p) => p.listing)))
    await mkdir(path.join(dir, "events", listing), { recursive: true });
  await writeFile(path.join(dir, "index.json"), JSON.stringify(data.index));
  const shards = shardsOf(dir, data);
  let next = 0;
  const writer = async (): Promise<void> => {
    for (let shard = shards[next++]; shard !== undefined; shard = shards[next++])
      await writeFile(shard.file, JSON.stringify(shard.value));
  };
  await Promise.all(Array.from({ length: WRITES_IN_FLIGHT }, writer));
  // Last: the renderers wait for this file before they read any other.
  await writeFile(path.join(dir, READY), "");
}
