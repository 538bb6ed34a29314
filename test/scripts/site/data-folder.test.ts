import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { UsageError } from "../../../scripts/args.ts";
import {
  checkDataFolder,
  dataFolderBeside,
  settingsIn,
  startDataFolder,
} from "../../../scripts/site/data-folder.ts";
import { dataFileIn } from "../../../src/site/data-folder.ts";
import { tmpTree } from "../../helpers/tmp.ts";

const SETTINGS = { locale: "ko", base: "/", generatedAt: "2026-03-09T00:00:00.000Z" } as const;

describe("a build's data folder", () => {
  it("lies beside the output folder", () => {
    expect(dataFolderBeside("/srv/site/dist")).toBe("/srv/site/.workscope");
    expect(dataFolderBeside("dist")).toBe(path.resolve(".workscope"));
  });

  it("may be new, empty or an earlier build's, and nothing else", () => {
    const dir = tmpTree({ "ours/settings.json": "{}", "theirs/notes.txt": "keep me" });
    mkdirIn(dir, "empty");
    for (const name of ["new", "empty", "ours"])
      expect(() => checkDataFolder(path.join(dir, name), path.join(dir, "out"))).not.toThrow();
    expect(() => checkDataFolder(path.join(dir, "theirs"), path.join(dir, "out"))).toThrow(UsageError);
    expect(() => checkDataFolder(path.join(dir, ".workscope"), path.join(dir, ".workscope"))).toThrow(
      /choose another name/,
    );
    expect(readFileSync(path.join(dir, "theirs", "notes.txt"), "utf8")).toBe("keep me");
  });

  it("starts afresh with the build's settings, so that no page data of an earlier build is left", async () => {
    const dir = tmpTree({
      "data/settings.json": "{}",
      "data/pages/READY": "",
      "data/pages/index.json": "{}",
    });
    const data = path.join(dir, "data");
    await startDataFolder(data, SETTINGS);
    expect(JSON.parse(readFileSync(dataFileIn(data, { kind: "settings" }), "utf8"))).toEqual(SETTINGS);
    expect(existsSync(dataFileIn(data, { kind: "pages" }))).toBe(false);
    await expect(startDataFolder(data, { ...SETTINGS, base: "reports" })).rejects.toThrow();
  });

  it("tells the settings of the build that wrote it, and nothing when no build did", async () => {
    const dir = tmpTree();
    expect(settingsIn(path.join(dir, "none"))).toBeNull();
    await startDataFolder(path.join(dir, "data"), { ...SETTINGS, base: "/reports/" });
    expect(settingsIn(path.join(dir, "data"))).toEqual({ ...SETTINGS, base: "/reports/" });
  });
});

function mkdirIn(dir: string, name: string): void {
  mkdirSync(path.join(dir, name));
}
