import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  DataFile,
  DEFAULT_OUT,
  dataFileIn,
  dataFilePath,
  dataFolderBeside,
} from "../../src/site/data-folder.ts";

describe("a build's data folder", () => {
  it("lies beside the output folder, in .workscope/, named after it", () => {
    expect(dataFolderBeside("/srv/site/dist")).toBe("/srv/site/.workscope/dist");
    expect(dataFolderBeside("/srv/site/reports/")).toBe("/srv/site/.workscope/reports");
    expect(dataFolderBeside(DEFAULT_OUT)).toBe(path.resolve(".workscope", "dist"));
  });

  it("differs for two output folders side by side", () => {
    expect(dataFolderBeside("/x/a")).not.toBe(dataFolderBeside("/x/b"));
  });
});

describe("the data folder's layout", () => {
  it("keeps the settings at the top and the page data, with its READY file, under pages/", () => {
    expect(dataFilePath({ kind: "settings" })).toEqual(["settings.json"]);
    expect(dataFilePath({ kind: "pages" })).toEqual(["pages"]);
    expect(dataFilePath({ kind: "index" })).toEqual(["pages", "index.json"]);
    expect(dataFilePath({ kind: "ready" })).toEqual(["pages", "READY"]);
    expect(dataFilePath({ kind: "session", segment: "ws-1" })).toEqual(["pages", "sessions", "ws-1.json"]);
    expect(dataFilePath({ kind: "task", segment: "t-1" })).toEqual(["pages", "tasks", "t-1.json"]);
    expect(dataFilePath({ kind: "agent", segment: "main" })).toEqual(["pages", "agents", "main.json"]);
    expect(dataFilePath({ kind: "events", listing: "all", page: 2 })).toEqual([
      "pages",
      "events",
      "all",
      "2.json",
    ]);
  });

  it("places a file of a data folder by that layout", () => {
    expect(dataFileIn("/d", { kind: "ready" })).toBe("/d/pages/READY");
    expect(dataFileIn("/d", { kind: "events", listing: "all", page: 1 })).toBe("/d/pages/events/all/1.json");
  });

  it("names files only by kinds it knows, and events pages from 1", () => {
    expect(DataFile.safeParse({ kind: "secrets" }).success).toBe(false);
    expect(DataFile.safeParse({ kind: "events", listing: "all", page: 0 }).success).toBe(false);
    expect(DataFile.safeParse({ kind: "session" }).success).toBe(false);
  });
});
