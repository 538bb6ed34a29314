import { describe, expect, it } from "vitest";
import { createRng } from "../../../scripts/sample/rng.ts";

describe("createRng", () => {
  it("gives the same sequence for the same seed, and another for another seed", () => {
    const draw = (seed: number) => {
      const rng = createRng(seed);
      return Array.from({ length: 5 }, () => rng.next());
    };
    expect(draw(20260119)).toEqual(draw(20260119));
    expect(draw(20260119)).not.toEqual(draw(20260120));
  });

  it("keeps every draw in its range", () => {
    const rng = createRng(1);
    for (let i = 0; i < 2000; i++) {
      const x = rng.next();
      expect(x >= 0 && x < 1).toBe(true);
      const n = rng.int(3, 5);
      expect(n >= 3 && n <= 5 && Number.isInteger(n)).toBe(true);
    }
  });

  it("reaches both ends of an integer range and every item of a list", () => {
    const rng = createRng(7);
    const ints = new Set(Array.from({ length: 500 }, () => rng.int(1, 4)));
    expect([...ints].sort()).toEqual([1, 2, 3, 4]);
    const picks = new Set(Array.from({ length: 500 }, () => rng.pick(["a", "b", "c"])));
    expect([...picks].sort()).toEqual(["a", "b", "c"]);
  });

  it("refuses to pick from an empty list", () => {
    expect(() => createRng(1).pick([])).toThrow("pick from an empty list");
  });

  it("gives chance(0) never and chance(1) always", () => {
    const rng = createRng(3);
    const draws = Array.from({ length: 200 }, () => [rng.chance(0), rng.chance(1)]);
    expect(draws.every(([never, always]) => never === false && always === true)).toBe(true);
  });

  it("writes hex of the asked length and version-4 UUIDs", () => {
    const rng = createRng(11);
    expect(rng.hex(20)).toMatch(/^[0-9a-f]{20}$/);
    for (let i = 0; i < 50; i++)
      expect(rng.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
