import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The project folder: Astro builds the pages in src/pages from here. */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const PART_SCRIPT = fileURLToPath(new URL("./render-part.ts", import.meta.url));

/** What rendering the site needs: where the data is, where the site goes, how it is served. */
export interface RenderOptions {
  dataDir: string;
  out: string;
  base: string;
  locale: "ko" | "en";
  /** How many processes render pages side by side. */
  jobs: number;
  quiet: boolean;
}

/**
 * Renders the site's pages from the data in `dataDir` into `out`. Astro renders one page at a
 * time, so with `jobs` > 1 the pages are shared out (WORKSCOPE_PART=k/n, see src/site/data.ts)
 * among as many processes, each building into a folder of its own under `out/.parts/`; the
 * folders are then moved together. The few list pages every process renders come out the same,
 * as do the shared assets, whose names are hashes of their content.
 */
export async function renderSite(options: RenderOptions): Promise<void> {
  await rm(options.out, { recursive: true, force: true });
  const partsDir = path.join(options.out, ".parts");
  await mkdir(partsDir, { recursive: true });
  const parts = Array.from({ length: options.jobs }, (_, k) => k);
  await Promise.all(parts.map((k) => renderPart(options, k, path.join(partsDir, String(k)))));
  for (const k of parts) await moveInto(path.join(partsDir, String(k)), options.out);
  await rm(partsDir, { recursive: true, force: true });
}

async function renderPart(options: RenderOptions, k: number, outDir: string): Promise<void> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    WORKSCOPE_DATA: options.dataDir,
    WORKSCOPE_LOCALE: options.locale,
    WORKSCOPE_BASE: options.base,
    WORKSCOPE_PART: `${k}/${options.jobs}`,
  };
  // Vite takes these names from the environment over the config; a parent tool (a test runner,
  // another Vite) may have set them for itself.
  for (const name of ["BASE_URL", "MODE", "DEV", "PROD", "SSR"]) delete env[name];
  // A heap limit given to this process holds for each renderer too.
  const heap = process.execArgv.filter((a) => a.startsWith("--max-old-space-size"));
  // Astro writes its intermediate build (which imports packages from node_modules) into
  // ./.astro/ of the working directory when the output folder lies outside it: each process works
  // in a folder of its own inside the project, so that the processes never share that build.
  const cwd = path.join(ROOT, ".astro", `part-${k}`);
  await mkdir(cwd, { recursive: true });
  const child = spawn(process.execPath, [...heap, PART_SCRIPT, ROOT, outDir, options.base, options.quiet ? "error" : "warn", path.join(options.dataDir, `cache-${k}`)], {
    cwd,
    env,
    stdio: ["ignore", "inherit", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    if (!options.quiet) process.stderr.write(chunk);
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`rendering pages (part ${k + 1} of ${options.jobs}) failed with ${signal ?? `exit code ${code}`}:\n${stderr.slice(-4000)}`));
    });
  });
}

/** Moves a part's files into the site, folder by folder; what is there already stays. */
async function moveInto(from: string, to: string): Promise<void> {
  for (const entry of await readdir(from, { withFileTypes: true })) {
    if (entry.name === ".prerender") continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (!existsSync(target)) await rename(source, target);
    else if (entry.isDirectory()) await moveInto(source, target);
  }
}
