import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { replaceFile } from "../../src/ingest/replace-file.ts";
import { tmpTree } from "../helpers/tmp.ts";

describe("replaceFile", () => {
  it("puts the new file in place of the old one, and leaves nothing beside it", async () => {
    const dir = tmpTree({ "out.json": "old", "out.json.1.tmp": "new" });
    await replaceFile(path.join(dir, "out.json.1.tmp"), path.join(dir, "out.json"));
    expect(readFileSync(path.join(dir, "out.json"), "utf8")).toBe("new");
    expect(readdirSync(dir)).toEqual(["out.json"]);
  });

  it("puts the new file where there was none", async () => {
    const dir = tmpTree({ "out.json.1.tmp": "new" });
    await replaceFile(path.join(dir, "out.json.1.tmp"), path.join(dir, "out.json"));
    expect(readdirSync(dir)).toEqual(["out.json"]);
  });

  it("leaves the old file in place when the new one cannot be put there", async () => {
    const dir = tmpTree({ "out.json": "old" });
    await expect(replaceFile(path.join(dir, "missing.tmp"), path.join(dir, "out.json"))).rejects.toThrow(
      /ENOENT/,
    );
    expect(readFileSync(path.join(dir, "out.json"), "utf8")).toBe("old");
    expect(readdirSync(dir)).toEqual(["out.json"]);
  });

  it("puts one of two new files in place when two replace the file at once, and fails neither", async () => {
    for (let round = 0; round < 10; round++) {
      const dir = tmpTree({ "out.json": "old", "out.json.1.tmp": "one", "out.json.2.tmp": "two" });
      const target = path.join(dir, "out.json");
      // Both find the old file there, and one moves it aside before the other can.
      await Promise.all([
        replaceFile(path.join(dir, "out.json.1.tmp"), target),
        replaceFile(path.join(dir, "out.json.2.tmp"), target),
      ]);
      expect(["one", "two"]).toContain(readFileSync(target, "utf8"));
      expect(readdirSync(dir)).toEqual(["out.json"]);
    }
  });
});
