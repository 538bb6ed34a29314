import { crc32 } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { crc32Combine } from "../../src/core/crc32-combine.ts";

/** A CRC-32 shifted past `length` zero bytes' worth of powers of x, computed with BigInt. */
function shiftedByBigInt(crc: number, length: number): number {
  const poly = 0xedb88320n;
  // Bit-reversed multiplication modulo the polynomial, as zlib's multmodp.
  const times = (a: bigint, b: bigint): bigint => {
    let product = 0n;
    for (let m = 1n << 31n; m > 0n; m >>= 1n) {
      if ((a & m) !== 0n) product ^= b;
      b = (b & 1n) !== 0n ? (b >> 1n) ^ poly : b >> 1n;
    }
    return product;
  };
  let power = 1n << 31n; // x^0
  let square = 1n << 30n; // x^1
  for (let n = BigInt(length) * 8n; n > 0n; n >>= 1n) {
    if ((n & 1n) === 1n) power = times(power, square);
    square = times(square, square);
  }
  return Number(times(power, BigInt(crc)));
}

describe("crc32Combine", () => {
  it("gives the CRC of two runs of bytes one after the other from the CRC of each", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), fc.uint8Array({ maxLength: 600 }), (a, b) => {
        const both = Buffer.concat([a, b]);
        expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(both));
      }),
    );
  });

  it("shifts by lengths past 2^32 bytes, which 32-bit arithmetic would cut", () => {
    // Shifting by 2^32 bytes is shifting by 2^31 bytes twice.
    const crc = crc32(Buffer.from("x"));
    expect(crc32Combine(crc, 0, 2 ** 32)).toBe(crc32Combine(crc32Combine(crc, 0, 2 ** 31), 0, 2 ** 31));
    expect(crc32Combine(crc, 0, 2 ** 32)).not.toBe(crc);
    // Against the shift worked out another way: x^(8·length) by squaring, in BigInt.
    for (const length of [2 ** 32 + 5, 2 ** 40 + 3, 2 ** 53 - 1])
      expect(crc32Combine(crc, 0, length)).toBe(shiftedByBigInt(crc, length));
  });
});
