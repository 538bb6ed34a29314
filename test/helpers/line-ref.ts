import type { LineRef } from "../../src/core/formats/normalized.ts";

const encoder = new TextEncoder();

/** A line as the reader hands it to the formats: text, and the same text as bytes. */
export function lineRef(file: string, line: number, text: string): LineRef {
  return { file, line, text, bytes: encoder.encode(text) };
}

/** UTF-8 bytes of a text. */
export function bytes(text: string): Uint8Array {
  return encoder.encode(text);
}
