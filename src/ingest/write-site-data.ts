import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { SiteData } from "../core/site/build-site.ts";

/**
 * Writes the site's data as shards: `index.json` for the lists, and one file per session, task,
 * agent and events page, named by their path segments. Pages read only the shard they show, so a
 * build's memory does not hold every transcript at once in rendered form.
 */
export async function writeSiteData(dir: string, data: SiteData): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  for (const sub of ["sessions", "tasks", "agents", "events"]) await mkdir(path.join(dir, sub), { recursive: true });
  await writeFile(path.join(dir, "index.json"), JSON.stringify(data.index));
  // Segments come from pathSegment(), which never yields a separator or a `..`; a file name is
  // still joined only under its own folder.
  for (const page of data.sessions) await writeFile(path.join(dir, "sessions", `${page.segment}.json`), JSON.stringify(page));
  for (const page of data.tasks) await writeFile(path.join(dir, "tasks", `${page.segment}.json`), JSON.stringify(page));
  for (const page of data.agents) await writeFile(path.join(dir, "agents", `${page.segment}.json`), JSON.stringify(page));
  for (const page of data.events) {
    await mkdir(path.join(dir, "events", page.listing), { recursive: true });
    await writeFile(path.join(dir, "events", page.listing, `${page.page}.json`), JSON.stringify(page.rows));
  }
}
