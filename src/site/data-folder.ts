import path from "node:path";
import * as z from "zod";
import { SiteFamily } from "../core/site/site-family.ts";

/**
 * The name of the folder that holds the data folders of the builds whose sites go beside it: a
 * build with `--out x/dist` writes its data to `x/.workscope/dist/`. It stays after the build, so
 * that `npx astro dev` can render the same data.
 */
export const DATA_FOLDER_NAME = ".workscope";

/** The output folder of a build when `--out` is not given. */
export const DEFAULT_OUT = "dist";

/**
 * The environment variable that points the pages at a data folder other than the default one,
 * `./.workscope/dist/` (the data of a build with the default `--out`).
 */
export const DATA_FOLDER_ENV = "WORKSCOPE_DATA";

/**
 * The data folder of a build whose site goes to `out`: `.workscope/<name of out>/` beside it. It is
 * named after the output folder, so that two builds into neighbouring folders (`--out x/a`,
 * `--out x/b`) never share, replace or delete each other's data, and a build from the project
 * folder with the default `--out dist` leaves it where `npx astro dev` looks by default.
 */
export function dataFolderBeside(out: string): string {
  const resolved = path.resolve(out);
  return path.join(path.dirname(resolved), DATA_FOLDER_NAME, path.basename(resolved));
}

/**
 * Every file of a data folder. The build's settings sit at the top; the page data that
 * src/ingest/write-site-data.ts writes fills the `pages/` folder, which that writer empties first,
 * and its `READY` file, written last, says the page data is complete.
 */
export const DataFile = z.discriminatedUnion("kind", [
  /** The build's settings (src/site/settings.ts). */
  z.object({ kind: z.literal("settings") }),
  /** The folder of the page data, as a whole. */
  z.object({ kind: z.literal("pages") }),
  /** The lists every page shares (SiteIndex). */
  z.object({ kind: z.literal("index") }),
  /** Present once every file of the page data is written. */
  z.object({ kind: z.literal("ready") }),
  /** One session's page data, by its path segment. */
  z.object({ kind: z.literal("session"), segment: z.string() }),
  /** One task's page data, by its path segment. */
  z.object({ kind: z.literal("task"), segment: z.string() }),
  /** One agent's page data, by its path segment. */
  z.object({ kind: z.literal("agent"), segment: z.string() }),
  /** One page of an events listing: the listing's segment and the page number, from 1. */
  z.object({ kind: z.literal("events"), listing: z.string(), page: z.number().int().positive() }),
  /** What every page of a family reads (src/core/site/site-family.ts), by the family's name. */
  z.object({ kind: z.literal("family"), family: SiteFamily }),
  /** One page of a family, by its path segment. */
  z.object({ kind: z.literal("familyPage"), family: SiteFamily, segment: z.string() }),
]);
export type DataFile = z.infer<typeof DataFile>;

/** Where a file lies in the data folder, as path segments relative to it. */
export function dataFilePath(file: DataFile): string[] {
  switch (file.kind) {
    case "settings":
      return ["settings.json"];
    case "pages":
      return ["pages"];
    case "index":
      return ["pages", "index.json"];
    case "ready":
      return ["pages", "READY"];
    case "session":
      return ["pages", "sessions", `${file.segment}.json`];
    case "task":
      return ["pages", "tasks", `${file.segment}.json`];
    case "agent":
      return ["pages", "agents", `${file.segment}.json`];
    case "events":
      return ["pages", "events", file.listing, `${file.page}.json`];
    case "family":
      return ["pages", `${file.family}.json`];
    case "familyPage":
      return ["pages", file.family, `${file.segment}.json`];
  }
}

/** A file of the data folder `dir`, as a path: how the build writes the folder and the pages read it. */
export function dataFileIn(dir: string, file: DataFile): string {
  return path.join(dir, ...dataFilePath(file));
}
