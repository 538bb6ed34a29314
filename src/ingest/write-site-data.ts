import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { SiteData } from "../core/site/build-site.ts";
import { dataFileIn, type DataFile } from "../site/data-folder.ts";

/** How many shard files are written at once: the disk, not the CPU, is what a write waits on. */
const WRITES_IN_FLIGHT = 32;

/** One shard: the data-folder file it goes to and the value it holds. */
interface Shard {
  file: DataFile;
  value: unknown;
}

/** Each page's shard, named by its path segment, as the data folder's layout places it. */
function shardsOf(data: SiteData): Shard[] {
  return [
    ...data.sessions.map(
      (page) => ({ file: { kind: "session", segment: page.segment }, value: page }) as const,
    ),
    ...data.tasks.map((page) => ({ file: { kind: "task", segment: page.segment }, value: page }) as const),
    ...data.agents.map((page) => ({ file: { kind: "agent", segment: page.segment }, value: page }) as const),
    ...data.events.map(
      (page) =>
        ({ file: { kind: "events", listing: page.listing, page: page.page }, value: page.rows }) as const,
    ),
    ...data.families.flatMap(({ family, index, pages }) => [
      { file: { kind: "family", family }, value: index } as const,
      ...pages.map(
        ({ segment, page }) => ({ file: { kind: "familyPage", family, segment }, value: page }) as const,
      ),
    ]),
  ];
}

/**
 * Writes the site's page data into the data folder `dir` (its layout: src/site/data-folder.ts):
 * the index for the lists, and one file per session, task, agent and events page, named by their
 * path segments. Pages read only the shard they show, so a build's memory does not hold every
 * transcript at once in rendered form. Each shard's JSON is made only when its turn to be written
 * comes, so that the text of every shard is never held at once. The page data of an earlier build
 * is replaced; the folder's other files (the build's settings) stay.
 */
export async function writeSiteData(dir: string, data: SiteData): Promise<void> {
  await rm(dataFileIn(dir, { kind: "pages" }), { recursive: true, force: true });
  const shards = shardsOf(data);
  // Segments come from pathSegment(), which never yields a separator or a `..`, so each shard's
  // folder is one of a few: made once each, before the writes start.
  const folders = new Set(shards.map((shard) => path.dirname(dataFileIn(dir, shard.file))));
  folders.add(dataFileIn(dir, { kind: "pages" }));
  for (const folder of folders) await mkdir(folder, { recursive: true });
  await writeFile(dataFileIn(dir, { kind: "index" }), JSON.stringify(data.index));
  let next = 0;
  const writer = async (): Promise<void> => {
    for (let shard = shards[next++]; shard !== undefined; shard = shards[next++])
      await writeFile(dataFileIn(dir, shard.file), JSON.stringify(shard.value));
  };
  await Promise.all(Array.from({ length: WRITES_IN_FLIGHT }, writer));
  // Last: the renderers wait for this file before they read any other.
  await writeFile(dataFileIn(dir, { kind: "ready" }), "");
}
