/*
 * CRC-32 arithmetic without the bytes, which the core needs to compare ranges of a file cut in
 * different places, and the IO shell to take the CRC of a run of bytes from the CRCs of its parts.
 */

/** CRC-32's polynomial, bits reversed, as zlib's `crc32` uses it. */
const POLY = 0xedb88320;

/** a(x) times b(x) modulo CRC-32's polynomial, both bits reversed (zlib's `multmodp`). */
function multModP(a: number, b: number): number {
  let product = 0;
  for (let m = 0x80000000; m !== 0; m >>>= 1) {
    if ((a & m) !== 0) product ^= b;
    b = (b & 1) !== 0 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x to the power 2^k modulo the polynomial, for k from 0 to 63 (zlib's `x2n_table`). */
const X_TO_2_TO_K = ((): Uint32Array => {
  const table = new Uint32Array(64);
  let p = 0x40000000; // x^1
  for (let k = 0; k < 64; k++) {
    table[k] = p;
    p = multModP(p, p);
  }
  return table;
})();

/**
 * The CRC-32 of the bytes of `crcA` followed by `lengthB` bytes whose CRC-32 is `crcB`, without
 * the bytes (zlib's `crc32_combine`): multiplying by x to the power of eight times `lengthB`
 * shifts the first CRC past the second bytes. Lets one pass over bytes give the CRCs of two ways
 * of cutting them.
 */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  let shift = 0x80000000; // x^0
  for (let n = lengthB, k = 3; n > 0; n = Math.floor(n / 2), k++)
    if (n % 2 === 1) shift = multModP(X_TO_2_TO_K[k % 64] as number, shift);
  return (multModP(shift, crcA) ^ crcB) >>> 0;
}
