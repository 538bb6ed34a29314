import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  appendHookLine,
  collect,
  envelopeHook,
  hash64,
  HOOK_COLLECTOR_HELP,
  hookLine,
} from "../../bin/workscope-hook.mjs";
import { envelopeHook as coreEnvelopeHook, HookEnvelope } from "../../src/core/formats/hook.ts";
import { hash64 as coreHash64 } from "../../src/core/hash.ts";
import { tmpTree } from "../helpers/tmp.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const COLLECTOR = path.join(ROOT, "bin", "workscope-hook.mjs");
const AT = Date.parse("2026-03-10T23:15:33.335Z");

/** Payloads shaped like Claude Code's, as the text it writes on a hook's stdin. */
const PAYLOADS: Record<string, string> = {
  "a PostToolUse with nested input and output": JSON.stringify({
    session_id: "9f2c4e1a-0b7d-4c3e-8a51-2d6f0e9b7c13",
    transcript_path: "/home/dev/.claude/projects/-home-dev-app/9f2c4e1a-0b7d-4c3e-8a51-2d6f0e9b7c13.jsonl",
    cwd: "/home/dev/app",
    permission_mode: "default",
    hook_event_name: "PostToolUse",
    tool_name: "Edit",
    tool_input: { file_path: "/home/dev/app/src/a.ts", old_string: "a\n", new_string: "b\n" },
    tool_response: {
      filePath: "/home/dev/app/src/a.ts",
      structuredPatch: [{ oldStart: 1, lines: ["-a", "+b"] }],
    },
    tool_use_id: "toolu_01AbCdEfGhIjKlMnOpQrStUv",
  }),
  "a Korean prompt": JSON.stringify({
    session_id: "s-ko",
    transcript_path: "/t.jsonl",
    cwd: "/app",
    hook_event_name: "UserPromptSubmit",
    prompt: "로그인 버그를 고쳐 주세요 — 테스트도 함께 🙏",
  }),
  "unicode escapes, kept as the characters they stand for": String.raw`{"session_id":"s-esc","hook_event_name":"Stop","stop_hook_active":false,"last_assistant_message":"\uC644\uB8CC \u00e9 \ud83d\ude00 \"quoted\" \u0000 tab\t"}`,
  "pretty-printed, with a byte-order mark and a newline": `\uFEFF${JSON.stringify(
    {
      session_id: "s-pretty",
      hook_event_name: "SubagentStop",
      agent_id: "a1b2c3",
      agent_type: "Explore",
      last_assistant_message: "done",
    },
    null,
    2,
  )}\n`,
  "odd field values (a numeric session, no hook name)": JSON.stringify({ session_id: 42, tool_use_id: null }),
};

/** The line the project's core envelope gives for a payload text at a time. */
function coreLine(text: string, at: number): string {
  const payload = JSON.parse(text.replace(/^\uFEFF/, "")) as Record<string, unknown>;
  return `${JSON.stringify(coreEnvelopeHook(payload, at))}\n`;
}

describe("hash64", () => {
  it("gives the core's digits for every text", () => {
    for (const text of [
      "",
      "a",
      "hk",
      "로그인",
      "😀\u0000\uD800",
      "x".repeat(10_000),
      ...Object.values(PAYLOADS),
    ])
      expect(hash64(text)).toBe(coreHash64(text));
  });
});

describe("envelopeHook and hookLine", () => {
  for (const [name, text] of Object.entries(PAYLOADS)) {
    it(`give the core envelope's line, byte for byte: ${name}`, () => {
      const made = hookLine(text, AT);
      expect(made.line).toBe(coreLine(text, AT));
      const payload = JSON.parse(text.replace(/^\uFEFF/, "")) as Record<string, unknown>;
      expect(envelopeHook(payload, AT)).toEqual(coreEnvelopeHook(payload, AT));
      // The core reads the line back as an envelope of the same payload and time.
      const read = HookEnvelope.parse(JSON.parse(made.line ?? ""));
      expect(read.payload).toEqual(payload);
      expect(read.ts).toBe("2026-03-10T23:15:33.335Z");
    });
  }

  it("count a hook run twice within one second once, and in the next second again", () => {
    const text = PAYLOADS["a Korean prompt"] ?? "";
    const id = (at: number): unknown => JSON.parse(hookLine(text, at).line ?? "{}").id;
    const second = Math.floor(AT / 1000) * 1000;
    expect(id(second)).toBe(id(second + 999));
    expect(id(second)).not.toBe(id(second + 1000));
  });

  it("refuse what is not one JSON object, saying what stdin held", () => {
    const expects = "hook expects one JSON object on stdin (a Claude Code hook payload)";
    expect(hookLine("not json", AT)).toEqual({ problem: expects });
    expect(hookLine('[{"hook_event_name":"Stop"}]', AT)).toEqual({ problem: expects });
    expect(hookLine("null", AT)).toEqual({ problem: expects });
    expect(hookLine('{"a":1}\n{"b":2}', AT)).toEqual({ problem: expects });
    expect(hookLine(" \n", AT)).toEqual({ problem: `${expects}, and stdin was empty` });
  });
});

describe("appendHookLine", () => {
  it("appends, making the folder and a file only its owner reads", () => {
    const out = path.join(tmpTree(), "deep", "er", "hooks.ndjson");
    expect(appendHookLine(out, "one\n")).toBeNull();
    expect(appendHookLine(out, "two\n")).toBeNull();
    expect(readFileSync(out, "utf8")).toBe("one\ntwo\n");
    expect(statSync(out).mode & 0o777).toBe(0o600);
  });

  it("says in one line why a path cannot be appended to", () => {
    const dir = tmpTree({ "file.txt": "x" });
    expect(appendHookLine(dir, "x\n")).toBe(`cannot append to --out ${dir}: it is a folder`);
    const inside = path.join(dir, "file.txt", "h.ndjson");
    expect(appendHookLine(inside, "x\n")).toBe(
      `cannot append to --out ${inside}: a part of its path is a file`,
    );
    expect(readFileSync(path.join(dir, "file.txt"), "utf8")).toBe("x");
  });
});

describe("collect", () => {
  const run = (
    argv: string[],
    env: Record<string, string> = {},
    stdin = PAYLOADS["a Korean prompt"] ?? "",
  ) => {
    const warnings: string[] = [];
    let reads = 0;
    collect(
      argv,
      env,
      () => AT,
      () => {
        reads++;
        return stdin;
      },
      (text) => warnings.push(text),
    );
    return { warnings, reads };
  };

  it("appends to --out, else to $WORKSCOPE_HOOK_OUT", () => {
    const dir = tmpTree();
    const env = { WORKSCOPE_HOOK_OUT: path.join(dir, "env.ndjson") };
    expect(run(["--out", path.join(dir, "flag.ndjson")], env).warnings).toEqual([]);
    expect(run([`--out=${path.join(dir, "eq.ndjson")}`], env).warnings).toEqual([]);
    expect(run([], env).warnings).toEqual([]);
    const expected = coreLine(PAYLOADS["a Korean prompt"] ?? "", AT);
    for (const name of ["flag", "eq", "env"])
      expect(readFileSync(path.join(dir, `${name}.ndjson`), "utf8")).toBe(expected);
  });

  it("keeps the payload despite an unknown argument, and says so", () => {
    const out = path.join(tmpTree(), "h.ndjson");
    expect(run(["--out", out, "--verbose"]).warnings).toEqual(['ignored the arguments ["--verbose"]']);
    expect(readFileSync(out, "utf8")).toBe(coreLine(PAYLOADS["a Korean prompt"] ?? "", AT));
  });

  it("reads stdin even without --out, and says the line was not kept", () => {
    expect(run([])).toEqual({
      warnings: ["needs --out FILE (or $WORKSCOPE_HOOK_OUT); nothing was kept"],
      reads: 1,
    });
  });

  it("gives its help without reading stdin", () => {
    expect(run(["--help"])).toEqual({ warnings: [HOOK_COLLECTOR_HELP], reads: 0 });
  });

  it("turns a failing read into a warning, never an exception", () => {
    const warnings: string[] = [];
    collect(
      ["--out", path.join(tmpTree(), "h.ndjson")],
      {},
      () => AT,
      () => {
        throw new Error("EIO: i/o error, read");
      },
      (text) => warnings.push(text),
    );
    expect(warnings).toEqual(["failed: EIO: i/o error, read"]);
  });
});

/** The Node 20 of the system, which a hook meets when it is first on the PATH. */
const SYSTEM_NODE = "/usr/bin/node";
const NODES = [
  { name: `this Node (${process.version})`, node: process.execPath },
  ...(existsSync(SYSTEM_NODE)
    ? [
        {
          name: `the system's Node (${spawnSync(SYSTEM_NODE, ["--version"], { encoding: "utf8" }).stdout.trim()})`,
          node: SYSTEM_NODE,
        },
      ]
    : []),
];

describe.each(NODES)("node bin/workscope-hook.mjs under $name", ({ node }) => {
  const collector = (args: string[], input: string, env: Record<string, string> = {}, script = COLLECTOR) =>
    spawnSync(node, [script, ...args], {
      input,
      encoding: "utf8",
      env: { PATH: process.env["PATH"] ?? "", ...env },
    });

  it("appends the core envelope's line for the time it stamped, and writes nothing to stdout", () => {
    const out = path.join(tmpTree(), "captures", "hooks.ndjson");
    const before = Date.now();
    for (const text of Object.values(PAYLOADS)) {
      const run = collector(["--out", out], text);
      expect(run.status).toBe(0);
      expect(run.stdout).toBe("");
      expect(run.stderr).toBe("");
    }
    const lines = readFileSync(out, "utf8").split(/(?<=\n)/);
    expect(lines).toHaveLength(Object.keys(PAYLOADS).length);
    Object.values(PAYLOADS).forEach((text, i) => {
      const line = lines[i] ?? "";
      const at = Date.parse((JSON.parse(line) as { ts: string }).ts);
      expect(at).toBeGreaterThanOrEqual(before);
      expect(at).toBeLessThanOrEqual(Date.now());
      expect(line).toBe(coreLine(text, at));
    });
  });

  it.each([
    ["stdin that is not JSON", ["--out", "OUT"], "{not json", "hook expects one JSON object on stdin"],
    ["an empty stdin", ["--out", "OUT"], "", "and stdin was empty"],
    ["no --out", [], PAYLOADS["a Korean prompt"] ?? "", "needs --out FILE"],
    ["an --out that is a folder", ["--out", "DIR"], PAYLOADS["a Korean prompt"] ?? "", "it is a folder"],
    ["an --out inside a file", ["--out", "FILE/h.ndjson"], "{}", "a part of its path is a file"],
  ])("exits 0 with one line on stderr and nothing on stdout for %s", (_name, args, input, says) => {
    const dir = tmpTree({ "file.txt": "x" });
    const paths: Record<string, string> = {
      OUT: path.join(dir, "h.ndjson"),
      DIR: dir,
      "FILE/h.ndjson": path.join(dir, "file.txt", "h.ndjson"),
    };
    const run = collector(
      args.map((a) => paths[a] ?? a),
      input,
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(says);
    expect(run.stderr).toMatch(/^workscope-hook: [^\n]+\n$/);
    expect(existsSync(paths["OUT"] ?? "")).toBe(false);
  });

  it.skipIf(process.getuid?.() === 0)("exits 0 on a file it has no permission to write", () => {
    const dir = tmpTree({ "h.ndjson": "" });
    chmodSync(path.join(dir, "h.ndjson"), 0o400);
    const run = collector(["--out", path.join(dir, "h.ndjson")], "{}");
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/no permission\n$/);
  });

  it.skipIf(!existsSync("/proc/self"))(
    "exits 0 at once on a folder that cannot be made (under /proc)",
    () => {
      // Node's recursive mkdir spins forever there; the kill after 10 s only keeps a regression from
      // hanging the suite, and the status it leaves (null) fails the test.
      const run = spawnSync(node, [COLLECTOR, "--out", "/proc/workscope-none/x/h.ndjson"], {
        input: "{}",
        encoding: "utf8",
        timeout: 10_000,
      });
      expect(run.status).toBe(0);
      expect(run.stdout).toBe("");
      expect(run.stderr).toMatch(
        /^workscope-hook: cannot append to --out \/proc\/workscope-none\/x\/h\.ndjson: [^\n]+\n$/,
      );
    },
  );

  it("makes every missing folder of --out", () => {
    const out = path.join(tmpTree(), "a", "b", "c", "h.ndjson");
    const run = collector(["--out", out], "{}");
    expect(run.status).toBe(0);
    expect(run.stderr).toBe("");
    expect(JSON.parse(readFileSync(out, "utf8"))).toMatchObject({ workscope: "hook", payload: {} });
  });

  it("exits 0 when stdin is closed", () => {
    const out = path.join(tmpTree(), "h.ndjson");
    // The shell closes the descriptor before it becomes the collector, which then has no stdin at all.
    const run = spawnSync("/bin/sh", ["-c", 'exec "$0" "$@" <&-', node, COLLECTOR, "--out", out], {
      encoding: "utf8",
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("stdin was empty");
  });

  it("appends to $WORKSCOPE_HOOK_OUT, and through a link to it as npx makes one", () => {
    const dir = tmpTree();
    const link = path.join(dir, "workscope-hook");
    symlinkSync(COLLECTOR, link);
    const out = path.join(dir, "h.ndjson");
    expect(collector([], "{}", { WORKSCOPE_HOOK_OUT: out }, link).status).toBe(0);
    expect(JSON.parse(readFileSync(out, "utf8"))).toMatchObject({ workscope: "hook", v: 1, payload: {} });
  });

  it("collects nothing when another script imports it", () => {
    const dir = tmpTree();
    const out = path.join(dir, "h.ndjson");
    const importer = path.join(dir, "importer.mjs");
    writeFileSync(importer, `import ${JSON.stringify(COLLECTOR)};\n`);
    const run = spawnSync(node, [importer, "--out", out], { input: "{}", encoding: "utf8" });
    expect(run.status).toBe(0);
    expect(existsSync(out)).toBe(false);
  });

  it("keeps two hooks that append at once as two whole lines", async () => {
    const out = path.join(tmpTree(), "h.ndjson");
    // Payloads of a megabyte, far beyond a pipe's buffer, so that lines written in parts would mix.
    const texts = ["a", "b"].map((mark) =>
      JSON.stringify({
        session_id: "s",
        hook_event_name: "PostToolUse",
        tool_response: mark.repeat(1_000_000),
      }),
    );
    const codes = await Promise.all(
      texts.map(
        (text) =>
          new Promise<number | null>((resolve, reject) => {
            const child = spawn(node, [COLLECTOR, "--out", out], { stdio: ["pipe", "ignore", "ignore"] });
            child.on("error", reject);
            child.on("close", resolve);
            child.stdin.end(text);
          }),
      ),
    );
    expect(codes).toEqual([0, 0]);
    const payloads = readFileSync(out, "utf8")
      .split(/(?<=\n)/)
      .map((line) => {
        expect(line.endsWith("\n")).toBe(true);
        return JSON.stringify((JSON.parse(line) as { payload: unknown }).payload);
      });
    expect(payloads.sort()).toEqual([...texts].sort());
  });
});
