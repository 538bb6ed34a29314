import { execFileSync, spawnSync } from "node:child_process";
import {
  appendFileSync,
  closeSync,
  cpSync,
  existsSync,
  fstatSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BUNDLE_FOLDER,
  bundleCli,
  COMPILE_CACHE_FOLDER,
  STAMP_FILE,
  type Stamp,
} from "../../scripts/bundle-cli.ts";
import { TEST_NOW } from "../helpers/run-analyze.ts";
import { tmpTree } from "../helpers/tmp.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * A copy of the project's code (its node_modules linked), so that the bundle can be made, edited
 * and outdated without touching the working tree's own.
 */
let copy = "";

beforeAll(async () => {
  copy = mkdtempSync(path.join(tmpdir(), "workscope-bundle-"));
  for (const part of ["bin", "scripts", "src", "package.json", "tsconfig.json"])
    cpSync(path.join(ROOT, part), path.join(copy, part), { recursive: true });
  symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"));
  await bundleCli(copy);
  // A mark only the bundle prints, after its output: the stamp still holds, as no source changed.
  appendFileSync(
    path.join(copy, BUNDLE_FOLDER, "workscope.mjs"),
    '\nprocess.stdout.write("(bundled)\\n");\n',
  );
}, 120_000);

afterAll(() => {
  if (copy !== "") rmSync(copy, { recursive: true, force: true });
});

/** Runs `node FILE ARGS…` from the working tree, as the command line's tests do. */
function node(file: string, args: string[]) {
  const run = spawnSync(process.execPath, [file, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, TZ: "UTC" },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("bundleCli", () => {
  it("bundles the command line, and the parse worker beside it when its source exists", async () => {
    const bundle = path.join(copy, BUNDLE_FOLDER);
    expect(existsSync(path.join(bundle, "workscope.mjs"))).toBe(true);
    expect(existsSync(path.join(bundle, "parse-worker.mjs"))).toBe(
      existsSync(path.join(copy, "src", "ingest", "parse-worker.ts")),
    );
    const stamp = JSON.parse(readFileSync(path.join(bundle, STAMP_FILE), "utf8")) as Stamp;
    const files = stamp.inputs.map(([file]) => file);
    expect(files).toEqual(
      expect.arrayContaining(["scripts/cli.ts", "scripts/bundle-cli.ts", "tsconfig.json", "package.json"]),
    );
    expect(files.some((file) => file.startsWith("src/core/"))).toBe(true);
    // Packages stay imports from node_modules, but zod, which is inlined and left to the lockfile.
    expect(files.some((file) => file.includes("node_modules"))).toBe(false);
    const code = readFileSync(path.join(bundle, "workscope.mjs"), "utf8");
    expect(code).not.toMatch(/from "zod"/);
    // zod is imported as a namespace, so only the English messages it sets up come along, not
    // every locale (esbuild names each module it inlines in a comment).
    expect(code).toMatch(/node_modules\/zod\/v4\/locales\/en\.js/);
    expect(code).not.toMatch(/node_modules\/zod\/v4\/locales\/(?!en\.js)/);
    expect(code).toMatch(/import\("fast-glob"\)/);
    expect(code).toMatch(/from "json5"/);
    const [file, mtimeMs, ctimeMs, size] = stamp.inputs[0]!;
    const stat = statSync(path.join(copy, file));
    expect([mtimeMs, ctimeMs, size]).toEqual([stat.mtimeMs, stat.ctimeMs, stat.size]);
    // Each file was put in place by a rename: no temporary file is left beside them.
    expect(readdirSync(bundle).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("counts the lockfile among what the bundle is built from, as it holds the inlined packages' versions", async () => {
    const project = tmpTree({
      "package.json": "{}",
      "package-lock.json": "{}",
      "scripts/workscope.ts": 'console.log("one");\n',
    });
    await bundleCli(project);
    const stamp = JSON.parse(readFileSync(path.join(project, BUNDLE_FOLDER, STAMP_FILE), "utf8")) as Stamp;
    expect(stamp.inputs.map(([file]) => file)).toContain("package-lock.json");
  });

  it("writes the same files as esbuild writes in place, and puts new files in place of the old by a rename", async () => {
    const project = tmpTree({
      "package.json": "{}",
      "scripts/workscope.ts": 'console.log("one");\n',
    });
    await bundleCli(project);
    const bundled = path.join(project, BUNDLE_FOLDER, "workscope.mjs");
    // A run that opened the old file before the new bundle was made.
    const opened = openSync(bundled, "r");
    expect(readFileSync(bundled, "utf8")).toMatch(
      /console\.log\("one"\);\n\/\/# sourceMappingURL=workscope\.mjs\.map\n$/,
    );
    const source = path.join(project, "scripts", "workscope.ts");
    writeFileSync(source, 'console.log("two");\n');
    // A source written within the build's first moments makes it build again; this is no race.
    while (Date.now() <= statSync(source).ctimeMs + 5);
    await bundleCli(project);
    try {
      // The old file is another inode, whole, and the new one is at the name: nothing was rewritten in place.
      expect(fstatSync(opened).ino).not.toBe(statSync(bundled).ino);
      expect(readFileSync(opened, "utf8")).toMatch(/console\.log\("one"\)/);
    } finally {
      closeSync(opened);
    }
    expect(node(bundled, []).stdout).toBe("two\n");
    expect(readdirSync(path.join(project, BUNDLE_FOLDER)).sort()).toEqual([
      STAMP_FILE,
      "workscope.mjs",
      "workscope.mjs.map",
    ]);
  });

  it.skipIf(!existsSync(path.join(ROOT, "src", "ingest", "parse-worker.ts")))(
    "makes a parse worker that starts from the bundle's folder and answers",
    async () => {
      const worker = new Worker(path.join(copy, BUNDLE_FOLDER, "parse-worker.mjs"));
      try {
        // A message that is no job still gets a reply: the worker loaded, with all it imports.
        const reply = await new Promise<unknown>((resolve, reject) => {
          worker.once("message", resolve);
          worker.once("error", reject);
          worker.postMessage({});
        });
        expect(reply).toMatchObject({ ok: false });
      } finally {
        await worker.terminate();
      }
    },
  );

  it("puts each entry that exists in the one folder, so the worker is found beside the bundle", async () => {
    const files = {
      "package.json": "{}",
      "scripts/workscope.ts":
        'import { name } from "../src/ingest/name.ts";\nconsole.log(name satisfies string);\n',
      "src/ingest/name.ts": 'export const name: string = "cli";\n',
    };
    const without = tmpTree(files);
    expect((await bundleCli(without)).outputs).toEqual(["workscope.mjs"]);
    expect(existsSync(path.join(without, BUNDLE_FOLDER, "parse-worker.mjs"))).toBe(false);

    const withWorker = tmpTree({
      ...files,
      "src/ingest/parse-worker.ts": 'import { name } from "./name.ts";\nconsole.log(`${name} worker`);\n',
    });
    expect((await bundleCli(withWorker)).outputs).toEqual(["workscope.mjs", "parse-worker.mjs"]);
    const worker = node(path.join(withWorker, BUNDLE_FOLDER, "parse-worker.mjs"), []);
    expect(worker.stdout).toBe("cli worker\n");
  });
});

describe("the bundled command line", () => {
  it("names the TypeScript's file and line in a stack trace", async () => {
    const project = tmpTree({
      "package.json": '{ "type": "module" }',
      "bin/workscope.js": readFileSync(path.join(ROOT, "bin", "workscope.js")),
      // Says where it runs from, then fails: the bundle runs from .cli-bundle/, the source from scripts/.
      "scripts/workscope.ts":
        "console.error(import.meta.url);\n\nfunction fail(n: number): never {\n  throw new Error(`failed ${n}`);\n}\nfail(1);\n",
    });
    await bundleCli(project);
    const run = node(path.join(project, "bin", "workscope.js"), []);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/\/\.cli-bundle\/workscope\.mjs\n/);
    expect(run.stderr).toMatch(/at fail \(.*\/scripts\/workscope\.ts:4:\d+\)/);
  });

  it.each([
    [
      "an error naming a path that is no URI",
      'throw new Error("cannot read /tmp/50%zz.mjs:1:2");',
      /cannot read \/tmp\/50%zz\.mjs:1:2/,
    ],
    ["a string", 'throw "plain words";', /plain words/],
    [
      "a value whose inspection fails",
      "throw { [Symbol.for('nodejs.util.inspect.custom')]() { throw new Error('x'); }, stack: 'the stack' };",
      /the stack/,
    ],
  ])("shows %s thrown by the bundle, and exits with 1", async (_, failure, shown) => {
    const project = tmpTree({
      "package.json": '{ "type": "module" }',
      "bin/workscope.js": readFileSync(path.join(ROOT, "bin", "workscope.js")),
      "scripts/workscope.ts": `${failure}\n`,
    });
    await bundleCli(project);
    const run = node(path.join(project, "bin", "workscope.js"), []);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(shown);
  });

  it("keeps V8's compiled code beside the bundle, in the folder NODE_COMPILE_CACHE names if set, and a new bundle empties it", async () => {
    const project = tmpTree({
      "package.json": '{ "type": "module" }',
      "bin/workscope.js": readFileSync(path.join(ROOT, "bin", "workscope.js")),
      "scripts/workscope.ts": 'console.log("ran");\n',
    });
    await bundleCli(project);
    const kept = path.join(project, BUNDLE_FOLDER, COMPILE_CACHE_FOLDER);
    const run = (env: NodeJS.ProcessEnv, args: string[] = []) =>
      spawnSync(process.execPath, [path.join(project, "bin", "workscope.js"), ...args], {
        encoding: "utf8",
        env: { ...process.env, NODE_COMPILE_CACHE: "", ...env },
      });
    expect(run({}).stdout).toBe("ran\n");
    expect(readdirSync(kept)).toEqual(["lazy"]);
    // The second run reads what the first kept, and runs the same.
    expect(run({}).stdout).toBe("ran\n");
    // A command that reads logs compiles the whole bundle, and keeps that code apart.
    expect(run({}, ["analyze"]).stdout).toBe("ran\n");
    expect(readdirSync(kept).sort()).toEqual(["eager", "lazy"]);
    expect(readdirSync(path.join(kept, "eager")).length).toBeGreaterThan(0);
    expect(run({}, ["analyze"]).stdout).toBe("ran\n");

    await bundleCli(project);
    expect(existsSync(kept)).toBe(false);
    const elsewhere = path.join(tmpTree(), "v8");
    expect(run({ NODE_COMPILE_CACHE: elsewhere }).stdout).toBe("ran\n");
    expect(readdirSync(elsewhere).length).toBeGreaterThan(0);
    expect(existsSync(kept)).toBe(false);
  });

  it("writes the same Report and events, byte for byte, as the TypeScript", () => {
    const outputs = (dir: string, cli: string) => {
      const json = path.join(dir, "report.json");
      const events = path.join(dir, "events.ndjson");
      const run = node(cli, [
        "analyze",
        "content/sample",
        "--now",
        TEST_NOW,
        "--json",
        json,
        "--events",
        events,
      ]);
      expect(run.code, run.stderr).toBe(0);
      return { json: readFileSync(json), events: readFileSync(events) };
    };
    const fromSource = outputs(tmpTree(), path.join(copy, "scripts", "workscope.ts"));
    const fromBundle = outputs(tmpTree(), path.join(copy, BUNDLE_FOLDER, "workscope.mjs"));
    expect(fromBundle.json.length).toBeGreaterThan(1000);
    expect(fromBundle.json.equals(fromSource.json)).toBe(true);
    expect(fromBundle.events.equals(fromSource.events)).toBe(true);
  });

  // On a Node older than the engines allow, the help comes from the bundle in that process, and a
  // command that reads logs runs under the pinned Node 22, so its Report is the same byte for byte:
  // the sample has a line that is not JSON, and Node 20 words the parser's error otherwise.
  const older = "/usr/bin/node";
  const olderVersion = existsSync(older)
    ? spawnSync(older, ["-p", "process.versions.node"], { encoding: "utf8" }).stdout.trim()
    : "";
  const [major = 0, minor = 0] = olderVersion.split(".").map(Number);
  it.skipIf(!(major >= 20 && (major < 22 || (major === 22 && minor < 12))))(
    `on Node ${olderVersion || "20"}, prints the help and appends a hook line itself, and analyzes under Node 22`,
    () => {
      const bin = path.join(copy, "bin", "workscope.js");
      const run = (args: string[]) =>
        spawnSync(older, [bin, ...args], { cwd: ROOT, encoding: "utf8", env: { ...process.env, TZ: "UTC" } });
      const help = run(["--help"]);
      expect(help.status).toBe(0);
      expect(help.stdout).toMatch(/\(bundled\)\n$/);
      const dir = tmpTree();
      // hook, started at every hook event, runs in this process too: its line is the same on any Node.
      const hooked = spawnSync(older, [bin, "hook", "--out", path.join(dir, "hooks.ndjson")], {
        input: '{"session_id":"s-1","hook_event_name":"Stop"}',
        encoding: "utf8",
      });
      expect(hooked.status, hooked.stderr).toBe(0);
      expect(hooked.stdout).toBe("(bundled)\n");
      expect(JSON.parse(readFileSync(path.join(dir, "hooks.ndjson"), "utf8"))).toMatchObject({
        workscope: "hook",
        payload: { session_id: "s-1", hook_event_name: "Stop" },
      });
      const args = ["analyze", "content/sample", "--now", TEST_NOW, "--quiet"];
      expect(run([...args, "--json", path.join(dir, "old.json")]).status).toBe(0);
      expect(
        node(path.join(copy, "scripts", "workscope.ts"), [...args, "--json", path.join(dir, "new.json")])
          .code,
      ).toBe(0);
      expect(readFileSync(path.join(dir, "old.json")).equals(readFileSync(path.join(dir, "new.json")))).toBe(
        true,
      );
    },
  );

  it("runs as TypeScript while the bundle has no stamp, or lacks one of its files", () => {
    for (const file of [STAMP_FILE, "workscope.mjs"]) {
      const bundled = path.join(copy, BUNDLE_FOLDER, file);
      const kept = readFileSync(bundled);
      rmSync(bundled);
      try {
        const help = node(path.join(copy, "bin", "workscope.js"), ["--help"]);
        expect(help.code, file).toBe(0);
        expect(help.stdout, file).toMatch(/^workscope — /);
        expect(help.stdout, file).not.toMatch(/\(bundled\)/);
      } finally {
        writeFileSync(bundled, kept);
      }
    }
  });

  // Last, as it leaves the copy's bundle outdated.
  it("is what bin runs while it is current, and the TypeScript once a source file changed", () => {
    const bin = path.join(copy, "bin", "workscope.js");
    const bundled = node(bin, ["--help"]);
    expect(bundled.code).toBe(0);
    expect(bundled.stdout).toMatch(/^workscope — [^]*\(bundled\)\n$/);

    // An edit to the source counts at the next run.
    const cli = path.join(copy, "scripts", "cli.ts");
    const original = readFileSync(cli, "utf8");
    const { atime, mtime } = statSync(cli);
    writeFileSync(cli, original.replace("workscope — reports", "workscope (edited) — reports"));
    const edited = node(bin, ["--help"]);
    expect(edited.code).toBe(0);
    expect(edited.stdout).toMatch(/^workscope \(edited\) — reports/);
    expect(edited.stdout).not.toMatch(/\(bundled\)/);

    // The same size and an older time is a change too: only the recorded time and size are current.
    writeFileSync(cli, original.replace("workscope — reports", "workscope — REPORTS"));
    utimesSync(cli, atime, new Date(mtime.getTime() - 60_000));
    expect(node(bin, ["--help"]).stdout).toMatch(/^workscope — REPORTS/);
  });

  it("runs the TypeScript after an edit that kept the file's size and modification time (touch -r)", async () => {
    await bundleCli(copy);
    const bin = path.join(copy, "bin", "workscope.js");
    expect(node(bin, ["--help"]).stdout).toMatch(/^workscope — /);
    appendFileSync(
      path.join(copy, BUNDLE_FOLDER, "workscope.mjs"),
      '\nprocess.stdout.write("(bundled)\\n");\n',
    );
    expect(node(bin, ["--help"]).stdout).toMatch(/\(bundled\)\n$/);

    const cli = path.join(copy, "scripts", "cli.ts");
    const stamp = JSON.parse(readFileSync(path.join(copy, BUNDLE_FOLDER, STAMP_FILE), "utf8")) as Stamp;
    const [, mtimeMs, , size] = stamp.inputs.find(([file]) => file === "scripts/cli.ts")!;
    const reference = path.join(copy, "cli.ts.times");
    // touch -r copies the times to the nanosecond, which utimes from JavaScript cannot.
    execFileSync("touch", ["-r", cli, reference]);
    const text = readFileSync(cli, "utf8");
    // The same number of bytes: the earlier test may have left "REPORTS" in capitals already.
    const edited = text.replace(/workscope — reports/i, "WORKSCOPE — REPORTS");
    expect(edited).not.toBe(text);
    writeFileSync(cli, edited);
    execFileSync("touch", ["-r", reference, cli]);
    // The modification time and the size are those recorded; only the change time tells the edit.
    expect([statSync(cli).mtimeMs, statSync(cli).size]).toEqual([mtimeMs, size]);
    const run = node(bin, ["--help"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^WORKSCOPE — REPORTS/);
    expect(run.stdout).not.toMatch(/\(bundled\)/);
  });
});
