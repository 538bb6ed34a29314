import { describe, expect, it } from "vitest";
import { room } from "../../src/ingest/array-room.ts";

describe("room", () => {
  it("gives the array itself while it has room, else a copy of its kind twice as long or as asked", () => {
    const array = Int32Array.from([1, 2, 3]);
    expect(room(array, 3)).toBe(array);
    const doubled = room(array, 4);
    expect(doubled).toBeInstanceOf(Int32Array);
    expect([...doubled]).toEqual([1, 2, 3, 0, 0, 0]);
    expect(room(new Uint8Array(2), 9)).toHaveLength(9);
    expect(room(new Float64Array(0), 1)).toHaveLength(1);
  });
});
