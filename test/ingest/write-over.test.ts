import { existsSync, linkSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { open, type FileHandle } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { openOver } from "../../src/ingest/write-over.ts";
import { tmpTree } from "../helpers/tmp.ts";

/** Writes `text` to the handle from its start and cuts the file there. */
async function writeAll(old: string, temp: string, text: string, reading?: FileHandle): Promise<void> {
  const handle = await openOver(old, temp, reading);
  try {
    await handle.write(text, 0);
    await handle.truncate(Buffer.byteLength(text));
  } finally {
    await handle.close();
  }
}

describe("openOver", () => {
  it("writes over the old file, moved to the temporary name", async () => {
    const dir = tmpTree({ "old.spare": "a much longer old version" });
    const old = path.join(dir, "old.spare");
    const temp = path.join(dir, "new.tmp");
    const inode = statSync(old).ino;
    await writeAll(old, temp, "new");
    expect(existsSync(old)).toBe(false);
    expect(statSync(temp).ino).toBe(inode);
    expect(readFileSync(temp, "utf8")).toBe("new");
  });

  it("makes a new file when there is no old one", async () => {
    const dir = tmpTree();
    const temp = path.join(dir, "new.tmp");
    await writeAll(path.join(dir, "none"), temp, "new");
    expect(readFileSync(temp, "utf8")).toBe("new");
  });

  it("leaves an old file with another name, and anything not a file, where it is", async () => {
    const dir = tmpTree({ "old.spare": "kept" });
    const old = path.join(dir, "old.spare");
    linkSync(old, path.join(dir, "users-link"));
    await writeAll(old, path.join(dir, "a.tmp"), "new");
    expect(readFileSync(old, "utf8")).toBe("kept");
    expect(readFileSync(path.join(dir, "users-link"), "utf8")).toBe("kept");
    expect(statSync(path.join(dir, "a.tmp")).ino).not.toBe(statSync(old).ino);
    const folder = path.join(dir, "folder.spare");
    mkdirSync(folder);
    writeFileSync(path.join(folder, "inside"), "x");
    await writeAll(folder, path.join(dir, "b.tmp"), "new");
    expect(readFileSync(path.join(folder, "inside"), "utf8")).toBe("x");
    expect(readFileSync(path.join(dir, "b.tmp"), "utf8")).toBe("new");
  });

  it("leaves the file the writer reads where it is, as another run may have made it the spare", async () => {
    const dir = tmpTree({ "old.spare": "the kept Report, being read" });
    const old = path.join(dir, "old.spare");
    const reading = await open(old, "r");
    try {
      const handle = await openOver(old, path.join(dir, "a.tmp"), reading);
      await handle.close();
      expect(readFileSync(old, "utf8")).toBe("the kept Report, being read");
      expect(statSync(path.join(dir, "a.tmp")).ino).not.toBe(statSync(old).ino);
      // Another file read is no reason to leave the spare.
      const other = await open(path.join(dir, "a.tmp"), "r");
      try {
        await writeAll(old, path.join(dir, "b.tmp"), "new", other);
        expect(existsSync(old)).toBe(false);
      } finally {
        await other.close();
      }
    } finally {
      await reading.close();
    }
  });
});
