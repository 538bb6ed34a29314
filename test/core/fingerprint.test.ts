import { describe, expect, it } from "vitest";
import { FINGERPRINT_PREFIX, fingerprintId } from "../../src/core/fingerprint.ts";
import { hash32 } from "../../src/core/hash.ts";

describe("fingerprintId", () => {
  it("is the prefix, the time, the line length and an 8-digit hash of type and agent", () => {
    const id = fingerprintId(1_771_232_460_000, "a2a.send", "eden", 368);
    expect(id.startsWith(FINGERPRINT_PREFIX)).toBe(true);
    expect(id).toMatch(/^fp-1771232460000-368-[0-9a-f]{8}$/);
  });

  it("writes the time as JavaScript writes the number, whole or not, at every digit's edge", () => {
    const times = [
      0,
      1,
      999_999,
      1_000_000,
      1_000_001,
      1_000_999,
      1_001_000,
      1_999_999_999,
      1_771_232_460_000,
      1_771_232_000_007,
      1_771_232_460_123.5,
      -1_771_232_460_000,
      -1,
      253_402_300_799_999,
      Number.MAX_SAFE_INTEGER,
      Number.MAX_SAFE_INTEGER + 2,
    ];
    for (const ts of times)
      expect(fingerprintId(ts, "a2a.send", "eden", 7)).toBe(
        `fp-${String(ts)}-7-${hash32("a2a.send\u0000eden")}`,
      );
  });

  it("is the same for copies of one line and differs when any part differs", () => {
    const base = fingerprintId(1000, "a2a.send", "eden", 100);
    expect(fingerprintId(1000, "a2a.send", "eden", 100)).toBe(base);
    const others = [
      fingerprintId(1001, "a2a.send", "eden", 100),
      fingerprintId(1000, "a2a.response", "eden", 100),
      fingerprintId(1000, "a2a.send", "seum", 100),
      fingerprintId(1000, "a2a.send", null, 100),
      fingerprintId(1000, "a2a.send", "eden", 101),
    ];
    expect(new Set([base, ...others]).size).toBe(6);
  });

  it("keeps type and agent apart, so shifting text between them changes the id", () => {
    expect(fingerprintId(1, "a2a.sende", "den", 5)).not.toBe(fingerprintId(1, "a2a.send", "eden", 5));
  });

  it("hashes type and agent the same way however many pairs came before (the table of hashes is bounded)", () => {
    const first = fingerprintId(1, "t0", "eden", 5);
    for (let i = 0; i < 10_050; i++)
      expect(fingerprintId(1, `t${i}`, "eden", 5)).toBe(`fp-1-5-${hash32(`t${i}\u0000eden`)}`);
    expect(fingerprintId(1, "t0", "eden", 5)).toBe(first);
    expect(fingerprintId(1, "t0", null, 5)).toBe(`fp-1-5-${hash32("t0\u0000")}`);
  });
});
