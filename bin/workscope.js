#!/usr/bin/env node
// The `workscope` command. Installing the project bundles the command line into plain JavaScript
// (scripts/bundle-cli.ts, run by `npm ci` as "prepare"): this runs that bundle while every file it
// was built from is unchanged, and the TypeScript of scripts/workscope.ts otherwise, so that an
// edit to src/ or scripts/ counts at the very next run and a stale bundle never runs.
//
// Which Node runs it: the Node running this file when it meets the project's engines (22.12 or
// newer). An older system Node re-runs the command under the Node 22 the project pins as its `node`
// devDependency, because the Report quotes the runtime's own JSON error messages and uses its
// time-zone data, which differ between Node 20 and 22. On Node 20 the bundle runs in this process
// only what reads no log: the help texts, and `hook`, which Claude Code starts at every hook event
// and whose line is the same on any Node. The TypeScript needs a Node that strips types (22.18 or
// newer), and so do the renderer processes `build` starts.
import { readFileSync, statSync } from "node:fs";
import module, { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { inspect } from "node:util";
import { setFlagsFromString } from "node:v8";

const root = fileURLToPath(new URL("..", import.meta.url));
// The folders and the stamp's name are BUNDLE_FOLDER, COMPILE_CACHE_FOLDER and STAMP_FILE of
// scripts/bundle-cli.ts.
const bundleDir = path.join(root, ".cli-bundle");
const args = process.argv.slice(2);
/** The commands that read logs, and so run most of the bundle's code. */
const READS_LOGS = ["analyze", "build", "report"];

const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
const stripsTypes = major >= 24 || (major === 23 && minor >= 6) || (major === 22 && minor >= 18);
const meetsEngines = major >= 23 || (major === 22 && minor >= 12);
const current = bundleIsCurrent();
const cli = current ? path.join(bundleDir, "workscope.mjs") : path.join(root, "scripts", "workscope.ts");

if (current ? runsHere() : stripsTypes) {
  // A stack trace then names the TypeScript's files and lines, as it does when the source runs.
  // The bundle's source map is read only when a failure is shown: Node's own source maps read and
  // indexed it at every start, some 20 ms of the help's 0.29 s.
  if (current) process.on("uncaughtException", showFailure);
  // V8's code for the bundle, kept beside it: compiling it anew took some 60 ms of every start.
  // Node checks each entry against the source it was made from; NODE_COMPILE_CACHE names another
  // folder (NODE_DISABLE_COMPILE_CACHE=1 turns it off); Node 20 has no such cache.
  if (current) {
    // Node keeps the code V8 compiled when it loaded the bundle, which is only the top level: V8
    // compiles a function the first time it is called, and a command that reads logs calls most of
    // them, again at every run. Such a command has V8 compile every function as it loads the
    // bundle, so that the cache holds them all: a rerun of `analyze` on a grown log took some 6%
    // less time. The help and `hook`, which call few functions, stay lazy (their start took 50 ms
    // more eager), and each way keeps its own folder, as V8 refuses code compiled the other way.
    const eager = READS_LOGS.includes(args[0]);
    if (eager) setFlagsFromString("--no-lazy");
    // Where NODE_COMPILE_CACHE is set, Node keeps the code in that folder itself from its start,
    // both ways in one.
    if (!process.env.NODE_COMPILE_CACHE)
      module.enableCompileCache?.(path.join(bundleDir, "compile-cache", eager ? "eager" : "lazy"));
  }
  await import(cli);
} else {
  let node;
  try {
    node = createRequire(import.meta.url).resolve("node/bin/node");
  } catch {
    console.error(
      `workscope: needs Node 22.18 or newer (this is ${process.version}); run \`npm ci\` to install the pinned Node 22`,
    );
    process.exit(1);
  }
  const maps = current ? ["--enable-source-maps"] : [];
  // Loaded only here: most runs never start another Node, and the module takes milliseconds to load.
  const { spawnSync } = await import("node:child_process");
  const run = spawnSync(node, [...maps, cli, ...args], { stdio: "inherit" });
  process.exit(run.status ?? 1);
}

/**
 * Prints a failure nothing caught, as Node would, with each place in the bundle's files put back
 * to the TypeScript's file, line and column through the bundle's source maps, and ends the process
 * with Node's code for it. A failure that cannot be shown that way (its text cannot be made, or a
 * place in it is no path) is shown as it is: the printer never hides what failed.
 */
function showFailure(error) {
  let text;
  try {
    text = mapPlaces(inspect(error));
  } catch {
    try {
      text = String(error?.stack ?? error);
    } catch {
      text = "workscope: failed, and the failure cannot be shown";
    }
  }
  process.stderr.write(`${text}\n`);
  process.exit(1);
}

/** `text` with each place in the bundle's files (`path:line:column`) mapped to the TypeScript's. */
function mapPlaces(text) {
  const maps = new Map();
  return text.replace(
    /(file:\/\/\/[^\s()]+?\.mjs|\/[^\s()]+?\.mjs):(\d+):(\d+)/g,
    (place, file, line, column) => {
      let bundleFile;
      try {
        bundleFile = file.startsWith("file:") ? fileURLToPath(file) : file;
      } catch {
        return place;
      }
      if (path.dirname(bundleFile) !== bundleDir) return place;
      const mapFile = `${bundleFile}.map`;
      if (!maps.has(mapFile)) maps.set(mapFile, sourceMap(mapFile));
      const entry = maps.get(mapFile)?.findEntry(Number(line) - 1, Number(column) - 1);
      if (!entry?.originalSource) return place;
      const source = fileURLToPath(new URL(entry.originalSource, pathToFileURL(mapFile)));
      return `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
    },
  );
}

/** The source map in `file`, or undefined when it cannot be read. */
function sourceMap(file) {
  try {
    return new module.SourceMap(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    return undefined;
  }
}

/**
 * Whether the bundle can run in this process: on a Node that meets the engines, except `build`
 * where it cannot strip the renderers' types; on Node 20 or newer, the help texts and `hook`.
 */
function runsHere() {
  if (meetsEngines) return args[0] !== "build" || stripsTypes;
  const help =
    args.length === 0 ||
    (args.length === 1 && ["--help", "-h", "help"].includes(args[0])) ||
    (args.length === 2 && ["--help", "-h"].includes(args[1]));
  return major >= 20 && (help || args[0] === "hook");
}

/**
 * Whether the bundle is current: its files are there, and its stamp lists every file it was built
 * from with the modification time, change time and size it had then, and each file still has all
 * three. The change time catches an edit that kept the other two (`cp -p`, `rsync -t`, `touch -r`):
 * the system sets it on every write and every change of the times, and no tool sets it back. A stat
 * per file, about a hundred and fifty of them, took 4 to 13 ms on a loaded two-core machine, where
 * the bundle saved some 500 ms of CPU time at start.
 */
function bundleIsCurrent() {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(path.join(bundleDir, "inputs.json"), "utf8"));
  } catch {
    return false;
  }
  if (!Array.isArray(stamp?.inputs) || stamp.inputs.length === 0 || !Array.isArray(stamp.outputs))
    return false;
  for (const file of stamp.outputs) {
    if (statSync(path.join(bundleDir, file), { throwIfNoEntry: false }) === undefined) return false;
  }
  for (const [file, mtimeMs, ctimeMs, size] of stamp.inputs) {
    const stat = statSync(path.join(root, file), { throwIfNoEntry: false });
    if (stat === undefined || stat.mtimeMs !== mtimeMs || stat.ctimeMs !== ctimeMs || stat.size !== size)
      return false;
  }
  return true;
}
