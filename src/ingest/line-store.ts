import type { StoredLine } from "../core/stored-line.ts";
import { BlockCrcs, CheckedFileBytes, FileChangedError, FileLine } from "./file-bytes.ts";
import type { LoadOptions } from "./load.ts";

/**
 * The lines of one part of a plain file, left in the file instead of held in memory. The part's
 * bytes are hashed a block of BLOCK_BYTES at a time as the parse reads them (`add`), and each
 * event's line becomes a StoredLine (`line`) that reads its block again when asked for and checks
 * it against that hash, so the bytes it gives are the bytes that were parsed; a block that changed
 * since throws a FileChangedError. Most lines of an OpenClaw log are never asked for again (the
 * analysis reads the facts taken from them), so a run holds two numbers and the store per event
 * rather than every chunk it read: some 100 to 125 MB less at the peak of a run over a log of
 * 122 MB. Blocks read again are kept for the rest of the run (see CheckedFileBytes): a Claude Code
 * transcript, whose tool calls are read again line by line, ends up held much as before.
 */
export class LineStore {
  private readonly absPath: string;
  private readonly start: number;
  private readonly blocks = new BlockCrcs();
  private bytes: CheckedFileBytes | null = null;
  private checked: CheckedBlocks | null = null;
  private sealed = false;

  /** The part of `absPath` that starts at byte `start`. */
  constructor(absPath: string, start: number) {
    this.absPath = absPath;
    this.start = start;
  }

  /** Takes the part's next bytes, in order from its start, as the parse reads them; gives their CRC-32. */
  add(chunk: Uint8Array): number {
    if (this.sealed) throw new Error("the part's bytes were all read");
    return this.blocks.add(chunk);
  }

  /**
   * Ends the part, of which the parse read `read` bytes of the file as lines: its lines can be read
   * from then on. When the store was not given those bytes (null: the file was read as gzip, having
   * been replaced by one since it was planned; or fewer bytes than were read, as when reading
   * stopped at an error), no line can be read again, and each says its file changed, so that the
   * command runs again with its lines held.
   */
  seal(read: number | null): void {
    const added = this.blocks.bytes;
    this.checked = added === read ? { end: this.start + added, crcs: this.blocks.done() } : null;
    this.bytes =
      this.checked === null
        ? null
        : new CheckedFileBytes(this.absPath, this.checked.end, this.checked.crcs, this.start);
    this.sealed = true;
  }

  /**
   * Where the part's bytes end in the file and each block's CRC-32, once it is sealed with all of
   * them: what another thread needs to read its lines again (a CheckedFileBytes of its own). Null
   * when no line of it can be read again.
   */
  checkedBlocks(): CheckedBlocks | null {
    if (!this.sealed) throw new Error("the part's bytes are not all read");
    return this.checked;
  }

  /** The line of `length` bytes from byte `offset` of the file. */
  line(offset: number, length: number): StoredLine {
    return new FileLine(this, offset, length);
  }

  /** The `length` bytes from `offset`, read again and checked. */
  view(offset: number, length: number): Uint8Array {
    if (!this.sealed) throw new Error("a line was asked for before its part was read");
    if (this.bytes === null) throw new FileChangedError(`${this.absPath} changed while it was read`);
    return this.bytes.view(offset, length);
  }
}

/** Where a part's bytes end in its file, and the CRC-32 of each block of them from its start. */
export interface CheckedBlocks {
  end: number;
  crcs: Uint32Array;
}

/**
 * Runs `run` with lines left in their files when `store` is true; when a stored line's file changed
 * before the line was read again (a log rewritten in place, not grown), says so through `retry`
 * and runs it again with every line held, as a run that reads a file once cannot be misled by it.
 */
export async function storingLines<T>(
  load: LoadOptions,
  store: boolean,
  run: (load: LoadOptions) => Promise<T>,
  retry: (message: string) => void,
): Promise<T> {
  if (!store) return run(load);
  try {
    return await run({ ...load, storeLines: true });
  } catch (error) {
    if (!(error instanceof FileChangedError)) throw error;
    retry(error.message);
    return run(load);
  }
}
