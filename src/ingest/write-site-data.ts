import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { SiteData } from "../core/site/build-site.ts";

/** The file whose presence says every shard is written. */
export const READY = "READY";

/** How many shard files are written at once: the disk, not the CPU, is what a write waits on. */
const WRITES_IN_FLIGHT = 32;

/**
 * Writes the site's data as shards: `index.json` for the lists, and one file per session, task,
 * agent and events page, named by their path segments. Pages read only the shard they show, so a
 * build's memory does not hold every transcript at once in rendered form.
 */
export async function writeSiteData(dir: string, data: SiteData): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  for (const sub of ["sessions", "tasks", "agents", "events"])
    await mkdir(path.join(dir, sub), { recursive: true });
  for (const listing of new Set(data.events.map((p) => p.listing)))
    await mkdir(path.join(dir, "events", listing), { recursive: true });
  await writeFile(path.join(dir, "index.json"), JSON.stringify(data.index));
  // Segments come from pathSegment(), which never yields a separator or a `..`; a file name is
  // still joined only under its own folder. Each file's JSON is made only when its turn comes, so
  // that the text of every shard is never held at once.
  const files: Array<() => [string, unknown]> = [
    ...data.sessions.map(
      (page) => () => [path.join(dir, "sessions", `${page.segment}.json`), page] as [string, unknown],
    ),
    ...data.tasks.map(
      (page) => () => [path.join(dir, "tasks", `${page.segment}.json`), page] as [string, unknown],
    ),
    ...data.agents.map(
      (page) => () => [path.join(dir, "agents", `${page.segment}.json`), page] as [string, unknown],
    ),
    ...data.events.map(
      (page) => () =>
        [path.join(dir, "events", page.listing, `${page.page}.json`), page.rows] as [string, unknown],
    ),
  ];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < files.length) {
      const [file, value] = (files[next++] as () => [string, unknown])();
      await writeFile(file, JSON.stringify(value));
    }
  };
  await Promise.all(Array.from({ length: WRITES_IN_FLIGHT }, worker));
  // Last: the renderers wait for this file before they read any other (src/site/data.ts).
  await writeFile(path.join(dir, READY), "");
}
