// Bundles the command line into plain JavaScript once, so that `workscope` starts without Node
// stripping the types of every module at each run, and runs on a Node too old to strip them.
// `npm ci` and `npm install` run it as the "prepare" script; run it again by hand with
//   npm run prepare
// bin/workscope.js runs the bundle only while every file it was built from is unchanged, and the
// TypeScript otherwise.
import { existsSync, readFileSync, statSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { build, type OutputFile } from "esbuild";
import { codeSignature } from "../src/ingest/code-signature.ts";
import { findProjectRoot } from "../src/ingest/project-root.ts";

/** The folder, inside the project, that holds the bundle; git ignores it. */
export const BUNDLE_FOLDER = ".cli-bundle";

/**
 * The folder inside the bundle's where bin/workscope.js has Node keep V8's compiled code of the
 * bundle. A new bundle empties it, as the code of the old one would never be read again.
 */
export const COMPILE_CACHE_FOLDER = "compile-cache";

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
 * Files the bundle depends on besides the project's modules esbuild reads: this script, whose
 * options shape the output, the TypeScript settings esbuild reads, package.json, which this script
 * and the bundle's values taken from it at build time (the version, the engines) come from, and
 * the lockfile, which changes with the version of any package, among them those INLINED.
 */
const ALSO_BUILT_FROM = ["scripts/bundle-cli.ts", "tsconfig.json", "package.json", "package-lock.json"];

/**
 * The packages bundled into the command line; every other stays an import from node_modules. zod
 * is some eighty modules, which Node found, read and linked one by one at every start: inlined,
 * `workscope --help` went from 0.22–0.30 s to 0.17–0.20 s. Every module imports it as a namespace
 * (`import * as z`, held by the lint), so esbuild leaves out what no module names: with its `z`
 * export, every locale came along, 755 KB of the bundle's 1.44 MB, and a rerun of `analyze` read
 * and compiled it at each start (some 60 ms more).
 */
export const INLINED = ["zod"];

/** The packages package.json names, but INLINED, as esbuild's `external` (each name and its subpaths). */
function externalPackages(root: string): string[] {
  const file = path.join(root, "package.json");
  const manifest = (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {}) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  return Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
    .filter((name) => !INLINED.includes(name))
    .flatMap((name) => [name, `${name}/*`]);
}

/**
 * One file the bundle was built from, as the stamp records it: path from the root, modification
 * time, change time and size. The change time is set by the system on every write and on every
 * change of the times, and no tool can set it back, so an edit that keeps the modification time and
 * the size (`cp -p`, `rsync -t`, `touch -r`) still counts.
 */
export type StampEntry = [file: string, mtimeMs: number, ctimeMs: number, size: number];

/** The stamp file's content. */
export interface Stamp {
  /** Every file the bundle was built from, with its modification and change times and size at the build. */
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
 * from node_modules, but those INLINED; the project's own modules are inlined. A file changed
 * while esbuild read it would leave a bundle older than the stamp says, so a build that saw a
 * change under way is made again. Each bundled file appears whole, by a rename, and the stamp
 * last.
 */
export async function bundleCli(root: string): Promise<BundleResult> {
  const dir = path.join(root, BUNDLE_FOLDER);
  const entries = ENTRIES.filter((entry) => existsSync(path.join(root, entry.source)));
  const outputs = entries.map((entry) => `${entry.name}.mjs`);
  await mkdir(dir, { recursive: true });
  // Without its stamp the old bundle counts as stale while the new one is written.
  await rm(path.join(dir, STAMP_FILE), { force: true });
  await rm(path.join(dir, COMPILE_CACHE_FOLDER), { recursive: true, force: true });
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
      external: externalPackages(root),
      // Stack traces point into the TypeScript when Node runs with --enable-source-maps.
      sourcemap: "linked",
      sourcesContent: false,
      metafile: true,
      // The files are put in place here, each whole by a rename (placeOutputs), not written in place.
      write: false,
      logLevel: "warning",
      // The parse cache keys on the parsing code's sources, which the bundle does not carry.
      define: { WORKSCOPE_PARSE_CODE_SIGNATURE: JSON.stringify(codeSignature(root)) },
    });
    await placeOutputs(result.outputFiles);
    const alsoBuiltFrom = ALSO_BUILT_FROM.filter((file) => existsSync(path.join(root, file)));
    // An inlined package's files are left to the lockfile, which changes with its version.
    const files = [
      ...Object.keys(result.metafile.inputs).filter((file) => !file.split("/").includes("node_modules")),
      ...alsoBuiltFrom,
    ].sort();
    const inputs: StampEntry[] = files.map((file) => {
      const stat = statSync(path.join(root, file));
      return [file, stat.mtimeMs, stat.ctimeMs, stat.size];
    });
    // A file written since the build started may hold more than esbuild read; its change time says
    // so even when its modification time was set back. The margin covers the clocks' rounding
    // (Date.now() whole milliseconds, file times finer): a file written just before the start only
    // costs another build.
    const changedDuringBuild = inputs.some(([, , ctimeMs]) => ctimeMs >= started - 2);
    if (changedDuringBuild && attempt < 3) continue;
    if (!changedDuringBuild) {
      const stamp: Stamp = { inputs, outputs };
      const temporary = path.join(dir, `${STAMP_FILE}.${process.pid}`);
      await writeFile(temporary, `${JSON.stringify(stamp)}\n`);
      await rename(temporary, path.join(dir, STAMP_FILE));
    }
    return {
      dir,
      outputs,
      inputs: changedDuringBuild ? 0 : inputs.length,
    };
  }
}

/**
 * Puts esbuild's output files into the bundle's folder, each written under a temporary name beside
 * its place and renamed into it, so that a run that found the bundle current just before `npm run
 * prepare` reads each file whole, old or new, and never half of one. All are written first and
 * renamed in a row, source maps first and the command line's own file last, so that a file is in
 * place before the one that names it. When a write fails, the temporary files are removed and the
 * old files stay.
 */
async function placeOutputs(files: readonly OutputFile[]): Promise<void> {
  const last = `${ENTRIES[0]!.name}.mjs`;
  const rank = (file: OutputFile) =>
    file.path.endsWith(".map") ? 0 : path.basename(file.path) === last ? 2 : 1;
  const ordered = [...files].sort((a, b) => rank(a) - rank(b));
  const temporary = (file: OutputFile) => `${file.path}.${process.pid}.tmp`;
  try {
    for (const file of ordered) await writeFile(temporary(file), file.contents);
    for (const file of ordered) await rename(temporary(file), file.path);
  } catch (error) {
    await Promise.all(ordered.map((file) => rm(temporary(file), { force: true })));
    throw error;
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
