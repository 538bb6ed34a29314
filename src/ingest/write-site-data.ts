import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { SiteShards } from "../core/site/build-site.ts";
import type { SiteIndex } from "../core/site/site-index.ts";
import type { SiteShard } from "../core/site/site-shard.ts";
import { dataFileIn } from "../site/data-folder.ts";
import { jsonPieces } from "./write-json.ts";
import { writeTextFile } from "./write-output.ts";

/** How many shard files are written at once: the disk, not the CPU, is what a write waits on. */
export const WRITES_IN_FLIGHT = 32;

/**
 * Writes the site's page data into the data folder `dir` (its layout: src/site/data-folder.ts):
 * one file per session, task, agent, events page and family page, named by their path segments,
 * then the index for the lists, then the `READY` file the renderers wait for. The shards come one
 * at a time (`siteShards`), and each is taken from the
 * stream only when one of the writes in flight is done, and its JSON made only then: so only those
 * shards are held, and the page data of the whole site never is, in values or in text. The page
 * data of an earlier build is replaced; the folder's other files (the build's settings) stay.
 * Hands back the index it wrote.
 */
export async function writeSiteData(dir: string, shards: SiteShards): Promise<SiteIndex> {
  const pages = dataFileIn(dir, { kind: "pages" });
  await rm(pages, { recursive: true, force: true });
  await mkdir(pages, { recursive: true });
  // Segments come from pathSegment(), which never yields a separator or a `..`, so each shard's
  // folder is one of a few: each is made once, the first time a shard goes into it.
  const folders = new Map<string, Promise<unknown>>();
  const folderFor = (file: string): Promise<unknown> => {
    const folder = path.dirname(file);
    const made = folders.get(folder) ?? mkdir(folder, { recursive: true });
    folders.set(folder, made);
    return made;
  };
  let index: SiteIndex | undefined;
  // The next shard, or undefined once the stream has ended (its return value is the index).
  const take = (): SiteShard | undefined => {
    if (index !== undefined) return undefined;
    const next = shards.next();
    if (next.done !== true) return next.value;
    index = next.value;
    return undefined;
  };
  const writer = async (): Promise<void> => {
    for (let shard = take(); shard !== undefined; shard = take()) {
      const file = dataFileIn(dir, shard.file);
      await folderFor(file);
      await writeFile(file, JSON.stringify(shard.value));
    }
  };
  // Every write is settled before a failure is passed on, so that a caller who then removes the
  // folder does not race writes still in flight.
  const settled = await Promise.allSettled(Array.from({ length: WRITES_IN_FLIGHT }, writer));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
  if (failed !== undefined) throw failed.reason;
  if (index === undefined) throw new Error("the site's shards ended without an index");
  // The index lists every session's card: written in pieces, so that its text is never one string.
  await writeTextFile(dataFileIn(dir, { kind: "index" }), jsonPieces(index, { pretty: false }));
  // Last: the renderers wait for this file before they read any other.
  await writeFile(dataFileIn(dir, { kind: "ready" }), "");
  return index;
}
