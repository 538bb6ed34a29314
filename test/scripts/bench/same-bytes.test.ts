import path from "node:path";
import { describe, expect, it } from "vitest";
import { sameBytes } from "../../../scripts/bench/same-bytes.ts";
import { tmpTree } from "../../helpers/tmp.ts";

/** Two MB and a bit, so the comparison crosses its one-megabyte reads. */
const BIG = Buffer.alloc(2 * 1024 * 1024 + 5, 7);
const changed = Buffer.from(BIG);
changed[1024 * 1024 + 3] = 8;

describe("sameBytes", () => {
  it("says two files with the same bytes are the same", async () => {
    const dir = tmpTree({ a: BIG, b: Buffer.from(BIG) });
    expect(await sameBytes(path.join(dir, "a"), path.join(dir, "b"))).toBe(true);
  });

  it("finds one byte changed past the first megabyte", async () => {
    const dir = tmpTree({ a: BIG, b: changed });
    expect(await sameBytes(path.join(dir, "a"), path.join(dir, "b"))).toBe(false);
  });

  it("says files of different sizes differ", async () => {
    const dir = tmpTree({ a: "abc", b: "abcd" });
    expect(await sameBytes(path.join(dir, "a"), path.join(dir, "b"))).toBe(false);
  });
});
