import path from "node:path";
import { describe, expect, it } from "vitest";
import { InputFile, InputKind, LoadedInput } from "../../src/core/input.ts";
import { loadInputs } from "../../src/ingest/load.ts";
import { silentProgress } from "../../src/ingest/progress.ts";

const INPUT = path.resolve(import.meta.dirname, "../fixtures/golden/openclaw-state/input");

describe("LoadedInput", () => {
  it("describes what the loader hands to the core", async () => {
    const input = await loadInputs(["."], INPUT, () => silentProgress);
    const parsed = LoadedInput.safeParse(input);
    expect(parsed.success, parsed.error?.message).toBe(true);
    expect(new Set(input.files.map((f) => f.kind))).toEqual(
      new Set(["events", "task", "task-history", "current-task", "openclaw-config", "category-overrides"]),
    );
  });
});

describe("InputFile", () => {
  it("takes only the kinds of file workscope reads", () => {
    const file = { path: "a.ndjson", kind: "events", bytes: 1, lines: 1, events: 1, errors: 0 };
    expect(InputFile.safeParse(file).success).toBe(true);
    expect(InputFile.safeParse({ ...file, kind: "chat" }).success).toBe(false);
    expect(InputKind.options).toContain("openclaw-config");
  });
});
