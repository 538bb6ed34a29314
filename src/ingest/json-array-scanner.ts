/** Receives one element of the array: its exact bytes, the 1-based line it starts on, and its offset. */
export type ElementSink = (bytes: Uint8Array, line: number, offset: number) => void;

/** Receives a problem of the array on a 1-based line. */
export type ArrayProblemSink = (line: number, reason: string) => void;

const NEWLINE = 0x0a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** Where the scanner is in the array. */
type State =
  /** Before the opening `[`: a BOM and whitespace are skipped. */
  | "start"
  /** After `[` or a `,`: an element or (for an empty array or a trailing comma) `]` comes next. */
  | "between"
  /** Inside an element. */
  | "element"
  /** After an element: `,` or `]` comes next. */
  | "after-element"
  /** After the closing `]`: only whitespace may follow. */
  | "done"
  /** Something was wrong: the rest is only counted in lines. */
  | "broken";

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === NEWLINE || byte === 0x0d || byte === 0x09;
}

/**
 * Splits a JSON array, fed as chunks of bytes in order, into its elements without parsing them
 * and without holding more than the element being read: a byte scanner that follows depth,
 * strings and escapes. Each element is handed on with its exact bytes (the file's own
 * indentation and line breaks inside it) and the line it starts on. The elements are not checked
 * here: whoever parses an element reports it. What breaks the array itself (a missing `,`, text
 * after the `]`, the end of the data inside it) is one problem on the line where it broke, and
 * every element before it is kept.
 */
export class JsonArrayScanner {
  private state: State = "start";
  /** Newlines seen so far. */
  private newlines = 0;
  /** Bytes seen so far, and whether the last one was a newline. */
  private seen = 0;
  private lastByte = -1;
  /** The element being read: where it starts, its line, its pieces from earlier chunks. */
  private elementLine = 0;
  private elementOffset = 0;
  private pieces: Uint8Array[] = [];
  private pieceBytes = 0;
  private overlong = false;
  /** Inside a container element: its depth; whether inside a string, and after a backslash. */
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** The element is a bare number or literal, which ends at the first delimiter. */
  private bare = false;

  private readonly onElement: ElementSink;
  private readonly onProblem: ArrayProblemSink;
  /** Longer elements are skipped with a problem, so one runaway element cannot exhaust memory. */
  private readonly maxElementBytes: number;

  constructor(onElement: ElementSink, onProblem: ArrayProblemSink, maxElementBytes: number) {
    this.onElement = onElement;
    this.onProblem = onProblem;
    this.maxElementBytes = maxElementBytes;
  }

  /** Lines seen, blank lines included, as a line reader counts them. */
  get lines(): number {
    return this.newlines + (this.seen > 0 && this.lastByte !== NEWLINE ? 1 : 0);
  }

  /** True once the closing `]` was read. */
  get closed(): boolean {
    return this.state === "done";
  }

  /** Feeds the next chunk; the chunk may be reused by the caller once this returns. */
  push(chunk: Uint8Array): void {
    const base = this.seen;
    let elementStart = this.state === "element" ? 0 : -1;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      switch (this.state) {
        case "element":
          if (this.elementByte(byte)) {
            this.endElement(chunk, elementStart, i + 1);
            elementStart = -1;
          } else if (this.bare && this.endsBare(byte)) {
            this.endElement(chunk, elementStart, i);
            elementStart = -1;
            // The delimiter that ended a bare value is read again as what follows an element.
            i--;
            continue;
          }
          break;
        case "start":
          if (byte === OPEN_BRACKET) this.state = "between";
          else if (!isSpace(byte) && !isBom(byte, base + i))
            this.break(`expected a JSON array to start with "[", found ${describeByte(byte)}`);
          break;
        case "between":
        case "after-element":
          if (isSpace(byte)) break;
          if (byte === CLOSE_BRACKET) this.state = "done";
          else if (this.state === "after-element")
            if (byte === COMMA) this.state = "between";
            else this.break(`expected "," or "]" after an element, found ${describeByte(byte)}`);
          else {
            this.startElement(byte, base + i);
            elementStart = i;
          }
          break;
        case "done":
          if (!isSpace(byte)) this.break("text after the end of the JSON array was ignored");
          break;
        case "broken":
          break;
      }
      if (byte === NEWLINE) this.newlines++;
    }
    if (this.state === "element" && elementStart !== -1) this.hold(chunk.subarray(elementStart));
    this.seen += chunk.length;
    if (chunk.length > 0) this.lastByte = chunk[chunk.length - 1]!;
  }

  /** Says the data ended: an array not closed by then is cut short. */
  end(): void {
    if (this.state === "done" || this.state === "broken") return;
    if (this.state === "start") {
      if (this.seen > 0) this.onProblem(this.lines, "expected a JSON array, found only whitespace");
    } else if (this.state === "element")
      this.onProblem(
        this.elementLine,
        `the JSON array is cut short: the data ends inside the element that starts on line ${this.elementLine}; it was skipped`,
      );
    else if (this.state === "between" || this.state === "after-element")
      this.onProblem(
        Math.max(1, this.lines),
        'the JSON array is cut short: the data ends before its closing "]"',
      );
    this.state = "broken";
  }

  private startElement(byte: number, offset: number): void {
    this.state = "element";
    this.elementLine = this.newlines + 1;
    this.elementOffset = offset;
    this.pieces = [];
    this.pieceBytes = 0;
    this.overlong = false;
    this.depth = byte === OPEN_BRACE || byte === OPEN_BRACKET ? 1 : 0;
    this.inString = byte === QUOTE;
    this.escaped = false;
    this.bare = this.depth === 0 && !this.inString;
  }

  /** Takes one byte of an element after its first; true when it is the element's last byte. */
  private elementByte(byte: number): boolean {
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (byte === BACKSLASH) this.escaped = true;
      else if (byte === QUOTE) {
        this.inString = false;
        // A string that is the element itself ends with its closing quote.
        return this.depth === 0 && !this.bare;
      }
      return false;
    }
    if (this.bare) return false;
    if (byte === QUOTE) this.inString = true;
    else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) this.depth++;
    else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) return --this.depth === 0;
    return false;
  }

  private endsBare(byte: number): boolean {
    return byte === COMMA || byte === CLOSE_BRACKET || isSpace(byte);
  }

  /** Hands on the element that ends at `end` of this chunk, having started at `start` of it (or before it). */
  private endElement(chunk: Uint8Array, start: number, end: number): void {
    this.state = "after-element";
    const length = this.pieceBytes + (end - start);
    if (this.overlong || length > this.maxElementBytes) {
      this.onProblem(
        this.elementLine,
        `array element is longer than ${sizeText(this.maxElementBytes)} and was skipped`,
      );
    } else {
      const tail = chunk.subarray(start, end);
      const bytes = this.pieces.length === 0 ? tail : concat([...this.pieces, tail], length);
      this.onElement(bytes, this.elementLine, this.elementOffset);
    }
    this.pieces = [];
    this.pieceBytes = 0;
    this.overlong = false;
  }

  /** Keeps the part of an element that runs past the end of a chunk, as a copy. */
  private hold(bytes: Uint8Array): void {
    if (this.overlong) return;
    this.pieceBytes += bytes.length;
    if (this.pieceBytes > this.maxElementBytes) {
      this.overlong = true;
      this.pieces = [];
      return;
    }
    this.pieces.push(bytes.slice());
  }

  private break(reason: string): void {
    this.onProblem(this.newlines + 1, reason);
    this.state = "broken";
  }
}

/** Whether the byte at this offset of the data is the UTF-8 BOM's byte there. */
function isBom(byte: number, offset: number): boolean {
  return byte === [0xef, 0xbb, 0xbf][offset];
}

function describeByte(byte: number): string {
  return byte >= 0x21 && byte <= 0x7e ? `"${String.fromCharCode(byte)}"` : `byte 0x${byte.toString(16)}`;
}

function concat(pieces: readonly Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MiB` : `${bytes} bytes`;
}
