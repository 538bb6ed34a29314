/**
 * A line's bytes left in its file and read again when asked for: a run that reads a large log
 * then holds a few numbers per event instead of every line it read (see src/ingest/line-store.ts).
 * Reading them may throw when the file no longer holds the bytes the line was parsed from.
 */
export interface StoredLine {
  /** The line's length in bytes. */
  readonly length: number;
  /** The line's bytes, read from the file and checked against what was parsed. */
  bytes(): Uint8Array;
}

/** The bytes of an event's line, held or stored. */
export function lineBytes(raw: Uint8Array | StoredLine): Uint8Array {
  return raw instanceof Uint8Array ? raw : raw.bytes();
}

/** Whether a value is a line's bytes or a stored line. */
export function isLine(value: unknown): value is Uint8Array | StoredLine {
  if (value instanceof Uint8Array) return true;
  if (typeof value !== "object" || value === null) return false;
  const line = value as Partial<StoredLine>;
  return typeof line.length === "number" && typeof line.bytes === "function";
}
