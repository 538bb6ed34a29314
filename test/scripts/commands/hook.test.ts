import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HOOK_HELP, runHook } from "../../../scripts/commands/hook.ts";
import { UsageError } from "../../../scripts/args.ts";
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

  it("refuses input that is not one JSON object, and a missing --out", async () => {
    const out = path.join(tmpTree(), "h.ndjson");
    await expect(runHook(["--out", out], stdin("not json"))).rejects.toThrow(UsageError);
    await expect(runHook(["--out", out], stdin("[1]"))).rejects.toThrow(UsageError);
    await expect(runHook([], stdin("{}"))).rejects.toThrow("hook needs --out FILE");
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
