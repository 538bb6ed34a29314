import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { UsageError } from "../../../scripts/args.ts";
import {
  checkDataFolder,
  discardDataFolder,
  nextDataFolder,
  replaceDataFolder,
  startDataFolder,
} from "../../../scripts/site/data-folder.ts";
import { dataFileIn, dataFolderBeside } from "../../../src/site/data-folder.ts";
import { tmpTree } from "../../helpers/tmp.ts";

const SETTINGS = { locale: "ko", base: "/", generatedAt: "2026-03-09T00:00:00.000Z" } as const;

describe("a build's data folder", () => {
  it("gets its new data in a folder of its own beside it", () => {
    expect(nextDataFolder("/srv/.workscope/dist")).toBe("/srv/.workscope/dist.next");
  });

  it("may be new, empty or an earlier build's, and nothing else, nor may the folder of its new data", () => {
    const ours = JSON.stringify(SETTINGS);
    const dir = tmpTree({
      "ours/settings.json": ours,
      "ours.next/settings.json": ours,
      "theirs/notes.txt": "keep me",
      "mine/settings.json": ours,
      "mine.next/notes.txt": "keep me",
      // Another tool's folder that happens to hold a settings.json of its own.
      "other/settings.json": '{"theme":"dark"}',
      "other/notes.txt": "keep me",
    });
    mkdirSync(path.join(dir, "empty"));
    const out = path.join(dir, "out");
    for (const name of ["new", "empty", "ours"])
      expect(() => checkDataFolder(path.join(dir, name), out)).not.toThrow();
    for (const name of ["theirs", "mine", "other"])
      expect(() => checkDataFolder(path.join(dir, name), out), name).toThrow(UsageError);
    expect(readFileSync(path.join(dir, "theirs", "notes.txt"), "utf8")).toBe("keep me");
  });

  it("refuses, in one line, a file where .workscope/, the data folder or its new data goes", () => {
    const dir = tmpTree({ "a/.workscope": "x", "b/.workscope/site": "x", "c/.workscope/site.next": "x" });
    for (const name of ["a", "b", "c"]) {
      const out = path.join(dir, name, "site");
      expect(() => checkDataFolder(dataFolderBeside(out), out), name).toThrow(UsageError);
      expect(() => checkDataFolder(dataFolderBeside(out), out), name).toThrow(
        /is a file; move it or choose another --out$/,
      );
    }
  });

  it("refuses an output folder among the data folders, or named like a build's new data", () => {
    const dir = tmpTree();
    for (const out of [
      path.join(dir, ".workscope"),
      path.join(dir, ".workscope", "dist"),
      path.join(dir, ".workscope", "dist", "deeper"),
      path.join(dir, "site.next"),
      "/",
    ])
      expect(() => checkDataFolder(dataFolderBeside(out), out), out).toThrow(UsageError);
    expect(() =>
      checkDataFolder(dataFolderBeside(path.join(dir, "workscope")), path.join(dir, "workscope")),
    ).not.toThrow();
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

  it("is replaced by the new data only as a whole", async () => {
    const dir = tmpTree({
      "dist/settings.json": "old",
      "dist/pages/sessions/gone.json": "{}",
      "dist.next/settings.json": "new",
      "dist.next/pages/READY": "",
    });
    await replaceDataFolder(path.join(dir, "dist.next"), path.join(dir, "dist"));
    expect(readdirSync(dir)).toEqual(["dist"]);
    expect(readFileSync(path.join(dir, "dist", "settings.json"), "utf8")).toBe("new");
    expect(existsSync(path.join(dir, "dist", "pages", "sessions"))).toBe(false);
    // The first build of a site has no earlier data to replace.
    const first = tmpTree({ "a.next/settings.json": "new" });
    await replaceDataFolder(path.join(first, "a.next"), path.join(first, "a"));
    expect(readdirSync(first)).toEqual(["a"]);
  });

  it("drops the new data of a failed build, and .workscope/ when nothing else is left in it", async () => {
    const dir = tmpTree({ ".workscope/a.next/settings.json": "{}", ".workscope/b/settings.json": "{}" });
    await discardDataFolder(path.join(dir, ".workscope", "a.next"));
    expect(readdirSync(path.join(dir, ".workscope"))).toEqual(["b"]);
    const alone = tmpTree({ ".workscope/a.next/settings.json": "{}" });
    await discardDataFolder(path.join(alone, ".workscope", "a.next"));
    expect(readdirSync(alone)).toEqual([]);
  });
});
