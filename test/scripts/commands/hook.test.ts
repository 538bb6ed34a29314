import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hookLine } from "../../../bin/workscope-hook.mjs";
import { HOOK_HELP, runHook } from "../../../scripts/commands/hook.ts";
import { UsageError } from "../../../scripts/args.ts";
import { envelopeHook } from "../../../src/core/formats/hook.ts";
import { tmpTree } from "../../helpers/tmp.ts";

async function* stdin(text: string): AsyncIterable<Buffer> {
  yield Buffer.from(text);
}
const AT = Date.parse("2026-03-01T10:00:00.000Z");

afterEach(() => vi.restoreAllMocks());

describe("runHook", () => {
  it("appends each payload as one enveloped line, making the file and its folder", async () => {
    const out = path.join(tmpTree(), "captures", "hooks.ndjson");
    const payload = { hook_event_name: "Stop", session_id: "s1" };
    expect(await runHook(["--out", out], stdin(JSON.stringify(payload)), () => AT)).toBe(0);
    expect(await runHook(["--out", out], stdin(`  ${JSON.stringify(payload)}\n`), () => AT + 5000)).toBe(0);
    const lines = readFileSync(out, "utf8")
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ workscope: "hook", v: 1, ts: "2026-03-01T10:00:00.000Z", payload });
    expect(lines[0]?.["id"]).not.toBe(lines[1]?.["id"]);
  });

  it("writes the collector's line, which is the core envelope's, byte for byte", async () => {
    const out = path.join(tmpTree(), "h.ndjson");
    const payload = {
      session_id: "s-ko",
      hook_event_name: "UserPromptSubmit",
      prompt: "로그인 버그를 고쳐 주세요 😀",
      tool_input: { nested: [1, { deeper: null }] },
    };
    const text = `${JSON.stringify(payload, null, 2)}\n`;
    expect(await runHook(["--out", out], stdin(text), () => AT + 123)).toBe(0);
    const line = readFileSync(out, "utf8");
    expect(line).toBe(hookLine(text, AT + 123).line);
    expect(line).toBe(`${JSON.stringify(envelopeHook(payload, AT + 123))}\n`);
  });

  it("appends to $WORKSCOPE_HOOK_OUT when there is no --out", async () => {
    const dir = tmpTree();
    const env = { WORKSCOPE_HOOK_OUT: path.join(dir, "env.ndjson") };
    expect(await runHook([], stdin("{}"), () => AT, env)).toBe(0);
    expect(await runHook(["--out", path.join(dir, "flag.ndjson")], stdin("{}"), () => AT, env)).toBe(0);
    expect(readFileSync(path.join(dir, "env.ndjson"), "utf8")).toBe(hookLine("{}", AT).line);
    expect(readFileSync(path.join(dir, "flag.ndjson"), "utf8")).toBe(hookLine("{}", AT).line);
  });

  it("refuses input that is not one JSON object, and a missing --out", async () => {
    const out = path.join(tmpTree(), "h.ndjson");
    await expect(runHook(["--out", out], stdin("not json"))).rejects.toThrow(UsageError);
    await expect(runHook(["--out", out], stdin("[1]"))).rejects.toThrow(UsageError);
    await expect(runHook([], stdin("{}"), Date.now, {})).rejects.toThrow("hook needs --out FILE");
    await expect(runHook(["--out", out], stdin(" \n"))).rejects.toThrow("and stdin was empty");
  });

  it("refuses, in one line, an --out that is a folder or lies inside a file", async () => {
    const dir = tmpTree({ "file.txt": "x" });
    await expect(runHook(["--out", dir], stdin("{}"))).rejects.toThrow(
      new UsageError(`cannot append to --out ${dir}: it is a folder`),
    );
    const inside = path.join(dir, "file.txt", "h.ndjson");
    await expect(runHook(["--out", inside], stdin("{}"))).rejects.toThrow(
      new UsageError(`cannot append to --out ${inside}: a part of its path is a file`),
    );
  });

  it("explains itself with --help", async () => {
    let printed = "";
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      printed += String(chunk);
      return true;
    });
    expect(await runHook(["--help"], stdin(""))).toBe(0);
    expect(printed).toBe(HOOK_HELP);
  });
});
