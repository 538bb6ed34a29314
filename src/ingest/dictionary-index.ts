import { room } from "./array-room.ts";

/**
 * Where strings are in a dictionary of event columns: how many it holds, and the indexes of the
 * entries equal to a string. A gate (see gateOf) finds a filter's few strings this way, instead of
 * testing every entry against the filter's sets.
 */
export interface StringIndex {
  /** How many strings the dictionary holds. */
  readonly size: number;
  /** The indexes of the entries equal to `value`: none when it holds no such string. */
  indexesOf(value: string): readonly number[];
}

/** A StringIndex of a dictionary's strings already parsed (at index plus two, as valuesByIndex gives them). */
export function indexOfValues(values: ReadonlyArray<string | null | undefined>): StringIndex {
  const places = new Map<string, number[]>();
  for (let k = 2; k < values.length; k++) {
    const value = values[k] as string;
    const at = places.get(value);
    if (at === undefined) places.set(value, [k - 2]);
    else at.push(k - 2);
  }
  return { size: values.length - 2, indexesOf: (value) => places.get(value) ?? [] };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN = 0x5b;
const CLOSE = 0x5d;

/** FNV-1a's 32-bit offset basis and prime. */
const FNV_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * A dictionary's strings left as the bytes of its JSON (an array of strings, as JSON.stringify
 * writes it), found by a hash of each entry's bytes and made into a string only when asked for
 * (`valueAt`). A rerun looks up a few hundred strings of a part whose dictionary holds some 70,000:
 * parsing them all took 70 to 100 ms, most of it the fresh memory of the text and its strings; one
 * walk over the bytes takes a few. A string is looked up by its own JSON, which is the same bytes
 * as its entry's, since the writer wrote each entry with JSON.stringify. Bytes that are not such
 * an array throw.
 */
export class DictionaryIndex implements StringIndex {
  readonly size: number;
  private readonly bytes: Uint8Array;
  /** Each entry's first byte (its opening quote) and the byte after its closing quote. */
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;
  /** Whether each entry holds an escape, which JSON.parse must undo. */
  private readonly escaped: Uint8Array;
  private readonly hashes: Int32Array;
  /** Open addressing: an entry's index plus one at its hash's slot or the next free one; 0 is free. */
  private readonly table: Int32Array;
  private readonly made = new Map<number, string>();

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
    let starts = new Int32Array(1024);
    let ends = new Int32Array(1024);
    let escaped = new Uint8Array(1024);
    let hashes = new Int32Array(1024);
    let n = 0;
    const last = bytes.length - 1;
    if (bytes.length < 2 || bytes[0] !== OPEN || bytes[last] !== CLOSE) throw notStrings();
    for (let at = 1; at < last;) {
      if (bytes[at] !== QUOTE) throw notStrings();
      const start = at;
      let hash = Math.imul(FNV_BASIS ^ QUOTE, FNV_PRIME);
      let escapes = 0;
      for (at++; ; at++) {
        if (at >= last) throw notStrings();
        const byte = bytes[at]!;
        hash = Math.imul(hash ^ byte, FNV_PRIME);
        if (byte === QUOTE) break;
        if (byte === BACKSLASH) {
          escapes = 1;
          at++;
          hash = Math.imul(hash ^ bytes[at]!, FNV_PRIME);
        }
      }
      at++;
      // The four grow together, so one test says when; growing them through a list at every
      // entry took 25 ms more of the 40 ms a part of 57,000 strings took.
      if (n === starts.length) {
        starts = room(starts, n + 1);
        ends = room(ends, n + 1);
        escaped = room(escaped, n + 1);
        hashes = room(hashes, n + 1);
      }
      starts[n] = start;
      ends[n] = at;
      escaped[n] = escapes;
      hashes[n] = hash;
      n++;
      if (at < last && bytes[at++] !== COMMA) throw notStrings();
      if (at === last && bytes[at - 1] === COMMA) throw notStrings();
    }
    this.size = n;
    this.starts = starts;
    this.ends = ends;
    this.escaped = escaped;
    this.hashes = hashes;
    let slots = 16;
    while (slots < 2 * n) slots *= 2;
    this.table = new Int32Array(slots);
    for (let k = 0; k < n; k++) {
      let slot = hashes[k]! & (slots - 1);
      while (this.table[slot] !== 0) slot = (slot + 1) & (slots - 1);
      this.table[slot] = k + 1;
    }
  }

  indexesOf(value: string): number[] {
    const json = Buffer.from(JSON.stringify(value), "utf8");
    let hash = FNV_BASIS;
    for (let i = 0; i < json.length; i++) hash = Math.imul(hash ^ json[i]!, FNV_PRIME);
    const found: number[] = [];
    const mask = this.table.length - 1;
    for (let slot = hash & mask; this.table[slot] !== 0; slot = (slot + 1) & mask) {
      const k = this.table[slot]! - 1;
      if (this.hashes[k] === hash && this.holds(k, json)) found.push(k);
    }
    return found.sort((a, b) => a - b);
  }

  /** The string of entry `k` (which must be below `size`). */
  valueAt(k: number): string {
    let value = this.made.get(k);
    if (value === undefined) {
      const { buffer, byteOffset } = this.bytes;
      const [start, end] = [this.starts[k]!, this.ends[k]!];
      value =
        this.escaped[k] === 1
          ? (JSON.parse(Buffer.from(buffer, byteOffset + start, end - start).toString("utf8")) as string)
          : Buffer.from(buffer, byteOffset + start + 1, end - start - 2).toString("utf8");
      this.made.set(k, value);
    }
    return value;
  }

  /** Whether entry `k`'s bytes are `json`. */
  private holds(k: number, json: Uint8Array): boolean {
    const start = this.starts[k]!;
    if (this.ends[k]! - start !== json.length) return false;
    for (let i = 0; i < json.length; i++) if (this.bytes[start + i] !== json[i]) return false;
    return true;
  }
}

function notStrings(): Error {
  return new Error("the dictionary is not a list of strings");
}
