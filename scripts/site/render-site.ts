import type { ChildProcess } from "node:child_process";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { DATA_FOLDER_ENV } from "../../src/site/data-folder.ts";
import { formatRenderShare, RENDER_SHARE_ENV, type RenderShare } from "../../src/site/render-share.ts";
import { PROJECT_ROOT } from "../../src/ingest/project-root.ts";
import { placeSite } from "./place-site.ts";

/** The project folder: Astro builds the pages in src/pages from here. */
export const ROOT = PROJECT_ROOT;
/**
 * The renderer's script, from the project folder rather than from this module's own, which is the
 * bundle's folder when the command line runs bundled (scripts/bundle-cli.ts).
 */
const PART_SCRIPT = path.join(ROOT, "scripts", "site", "render-part.ts");

/**
 * How the folders of a build's renderers in .astro/ begin, each followed by its part's number: a
 * build that is killed leaves them behind, and whoever killed it finds them by this name.
 */
export function rendererFolderPrefix(buildPid: number): string {
  return `render-${buildPid}-`;
}

/**
 * Where the renderers build, inside the site's folder until they are moved together: named after
 * us, so that it can be no folder of the user's.
 */
const PARTS = ".workscope-parts";

/** What rendering the site needs: where its data will be and where the site goes. */
export interface RenderOptions {
  /**
   * The data folder (src/site/data-folder.ts). Its settings are there before the renderers start;
   * its page data follows, and the renderers wait for it.
   */
  dataDir: string;
  out: string;
  /** How many processes render pages side by side. */
  jobs: number;
  quiet: boolean;
}

/** Renderers at work: wait for them, or stop them. */
export interface Rendering {
  /**
   * Resolves when every page is rendered and the site is in place in `out` (scripts/site/place-site.ts),
   * with every file the site holds, for its marker.
   */
  finished: () => Promise<string[]>;
  /** Stops the renderers and removes what they wrote; the earlier site in `out` stays. */
  cancel: () => Promise<void>;
}

/**
 * Starts rendering the site's pages into `out`. Astro renders one page at a time, so the pages are
 * shared out (src/site/render-share.ts) among `jobs` processes, each building into
 * a folder of its own under `out/.workscope-parts/`; the folders are then moved together. The few list pages
 * every process renders come out the same, as do the shared assets, whose names are hashes of
 * their content.
 *
 * The renderers start before the data is written: Astro's bundling, a few seconds per process,
 * then runs on the cores the single-threaded analysis leaves idle, and the pages wait for the
 * data (src/site/data.ts waits for its READY file).
 */
export async function startRendering(options: RenderOptions): Promise<Rendering> {
  const partsDir = path.join(options.out, PARTS);
  await rm(partsDir, { recursive: true, force: true });
  await mkdir(partsDir, { recursive: true });
  const parts = Array.from({ length: options.jobs }, (_, k) => k);
  const state: PartState = { children: [], cancelled: false };
  const done = Promise.all(parts.map((k) => renderPart(options, k, path.join(partsDir, String(k)), state)));
  // A failure is reported by finished(); until then it must not count as unhandled.
  done.catch(() => undefined);
  return {
    finished: async () => {
      await done;
      // Only now is the earlier site replaced: a failed build leaves it as it was.
      const files = await placeSite(
        options.out,
        parts.map((k) => path.join(partsDir, String(k))),
        [PARTS],
      );
      await rm(partsDir, { recursive: true, force: true });
      return files;
    },
    cancel: async () => {
      state.cancelled = true;
      // SIGKILL: a renderer waiting for the data sleeps synchronously and would not see a SIGTERM.
      for (const child of state.children) child.kill("SIGKILL");
      await done.catch(() => undefined);
      await rm(partsDir, { recursive: true, force: true });
    },
  };
}

/** The renderers started so far, and whether the build gave up on them. */
interface PartState {
  children: ChildProcess[];
  cancelled: boolean;
}

async function renderPart(
  options: RenderOptions,
  k: number,
  outDir: string,
  state: PartState,
): Promise<void> {
  const env = rendererEnv(process.env, options.dataDir, { k, n: options.jobs });
  // A heap limit given to this process holds for each renderer too.
  const heap = process.execArgv.filter((a) => a.startsWith("--max-old-space-size"));
  // Astro writes its intermediate build (which imports packages from node_modules) into
  // ./.astro/ of the working directory when the output folder lies outside it: each process works
  // in a folder of its own inside the project, so that the processes never share that build.
  // Named after this build's process, so that two builds of one checkout never meet either.
  const cwd = path.join(ROOT, ".astro", `${rendererFolderPrefix(process.pid)}${k}`);
  // Loaded only by a build: importing the module took every other command some 9 ms of its start.
  const { spawn } = await import("node:child_process");
  await mkdir(cwd, { recursive: true });
  // The build may have failed while the folder was made: then there is nothing to start.
  if (state.cancelled) return;
  const child = spawn(
    process.execPath,
    [...heap, PART_SCRIPT, ROOT, outDir, options.quiet ? "error" : "warn", path.join(cwd, "cache")],
    {
      cwd,
      env,
      stdio: ["ignore", "inherit", "pipe"],
    },
  );
  state.children.push(child);
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    if (!options.quiet) process.stderr.write(chunk);
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => {
      void rm(cwd, { recursive: true, force: true });
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `rendering pages (part ${k + 1} of ${options.jobs}) failed with ${signal ?? `exit code ${code}`}:\n${stderr.slice(-4000)}`,
          ),
        );
    });
  });
}

/**
 * The environment of a renderer: the parent's, with the data folder and the renderer's share of
 * the pages. Vite takes BASE_URL, MODE, DEV, PROD and SSR from the environment over the config, and
 * a parent tool (a test runner, another Vite) may have set them for itself: they go.
 */
export function rendererEnv(
  parent: NodeJS.ProcessEnv,
  dataDir: string,
  share: RenderShare,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...parent,
    [DATA_FOLDER_ENV]: dataDir,
    [RENDER_SHARE_ENV]: formatRenderShare(share),
  };
  for (const name of ["BASE_URL", "MODE", "DEV", "PROD", "SSR"]) delete env[name];
  return env;
}
