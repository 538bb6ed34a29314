// Bundles the command line into plain JavaScript once, so that `workscope` starts without Node
// stripping the types of every module at each run, and runs on a Node too old to strip them.
// `npm ci` and `npm install` run it as the "prepare" script; run it again by hand with
//   npm run prepare
// bin/workscope.js runs the bundle only while every file it was built from is unchanged, and the
// TypeScript otherwise.
import { existsSync, statSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";
import { findProjectRoot } from "./project-root.ts";

/** The folder, inside the project, that holds the bundle; git ignores it. */
export const BUNDLE_FOLDER = ".cli-bundle";

/**
 * The record of what a bundle was built from, beside it: bin/workscope.js reads it to tell whether
 * the bundle is current. Written last, so a bundle being written is never taken for a current one.
 */
export const STAMP_FILE = "inputs.json";

/**
 * The entry points: a source file of the project, and the name of its bundled file. Every bundle
 * lands in the one folder, because the code that starts the parse worker finds it beside itself
 * (`./parse-worker.mjs` next to the bundle that holds that code). An entry whose source does not
 * exist is left out.
 */
export const ENTRIES: readonly { source: string; name: string }[] = [
  { source: "scripts/workscope.ts", name: "workscope" },
  { source: "src/ingest/parse-worker.ts", name: "parse-worker" },
];

/**
 * Files the bundle depends on besides the modules esbuild reads: this script, whose options shape
 * the output, and the TypeScript settings esbuild reads.
 */
const ALSO_BUILT_FROM = ["scripts/bundle-cli.ts", "tsconfig.json"];

/** One file the bundle was built from, as the stamp records it: path from the root, mtime, size. */
export type StampEntry = [file: string, mtimeMs: number, size: number];

/** The stamp file's content. */
export interface Stamp {
  /** Every file the bundle was built from, with its modification time and size at the build. */
  inputs: StampEntry[];
  /** The bundled files' names in the bundle's folder, which must all be there. */
  outputs: string[];
}

/** What a bundling made. */
export interface BundleResult {
  /** The folder of the bundle. */
  dir: string;
  /** The bundled files' names, e.g. `workscope.mjs`. */
  outputs: string[];
  /** How many files the stamp records. */
  inputs: number;
}

/**
 * Bundles the entries of the project at `root` into `root/.cli-bundle/`. Packages stay imports
 * from node_modules; the project's own modules are inlined. A file changed while esbuild read it
 * would leave a bundle older than the stamp says, so a build that saw a change under way is made
 * again.
 */
export async function bundleCli(root: string): Promise<BundleResult> {
  const dir = path.join(root, BUNDLE_FOLDER);
  const entries = ENTRIES.filter((entry) => existsSync(path.join(root, entry.source)));
  await mkdir(dir, { recursive: true });
  // Without its stamp the old bundle counts as stale while the new one is written.
  await rm(path.join(dir, STAMP_FILE), { force: true });
  for (let attempt = 1; ; attempt++) {
    const started = Date.now();
    const result = await build({
      absWorkingDir: root,
      entryPoints: entries.map((entry) => ({ in: entry.source, out: entry.name })),
      outdir: dir,
      outExtension: { ".js": ".mjs" },
      bundle: true,
      format: "esm",
      platform: "node",
      target: "node22",
      packages: "external",
      // Stack traces point into the TypeScript when Node runs with --enable-source-maps.
      sourcemap: "linked",
      sourcesContent: false,
      metafile: true,
      logLevel: "warning",
    });
    const alsoBuiltFrom = ALSO_BUILT_FROM.filter((file) => existsSync(path.join(root, file)));
    const files = [...Object.keys(result.metafile.inputs), ...alsoBuiltFrom].sort();
    const inputs: StampEntry[] = files.map((file) => {
      const stat = statSync(path.join(root, file));
      return [file, stat.mtimeMs, stat.size];
    });
    // A file written since the build started may hold more than esbuild read. The margin covers
    // the clocks' rounding (Date.now() whole milliseconds, mtimes finer): a file written just
    // before the start only costs another build.
    const changedDuringBuild = inputs.some(([, mtimeMs]) => mtimeMs >= started - 2);
    if (changedDuringBuild && attempt < 3) continue;
    if (!changedDuringBuild) {
      const stamp: Stamp = { inputs, outputs: entries.map((entry) => `${entry.name}.mjs`) };
      const temporary = path.join(dir, `${STAMP_FILE}.${process.pid}`);
      await writeFile(temporary, `${JSON.stringify(stamp)}\n`);
      await rename(temporary, path.join(dir, STAMP_FILE));
    }
    return {
      dir,
      outputs: entries.map((entry) => `${entry.name}.mjs`),
      inputs: changedDuringBuild ? 0 : inputs.length,
    };
  }
}

if (import.meta.main) {
  const root = findProjectRoot(import.meta.dirname);
  const result = await bundleCli(root);
  const where = path.relative(root, result.dir);
  if (result.inputs === 0)
    process.stderr.write(
      `bundle-cli: sources kept changing while bundling; ${where}/ left without a stamp, so the TypeScript runs\n`,
    );
  else
    process.stdout.write(
      `bundle-cli: ${result.outputs.join(", ")} in ${where}/ from ${result.inputs} files\n`,
    );
}
