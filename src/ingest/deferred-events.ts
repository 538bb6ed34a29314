import type { BaseEvent } from "../core/event.ts";
import type { KeyFilter } from "../core/incremental/key-filter.ts";
import type { LoadedInput } from "../core/input.ts";
import { countFrom, decodeEvents, selectEvents, type EventKeys } from "./event-columns.ts";
import { closeParts, type CachedParse, type CachedSegment } from "./parse-cache.ts";
import { countFromPart, selectFromPart } from "./select-from-part.ts";

/**
 * A cached parse that passed the cache's checks but whose columns do not decode: the run reads
 * the files again without their cache, as a whole read does with such a cache.
 */
export class DamagedCacheError extends Error {}

/** One file's cached events, not yet made. */
interface DeferredFile {
  path: string;
  cached: CachedParse;
}

/**
 * The cached events of a run's event files, kept as the cache's columns instead of being made:
 * a run that reuses the last analysis makes only those it analyses again (`select`), and one that
 * does not makes them all (`withAll`), in the order a whole read would have given them.
 */
export class DeferredEvents {
  private readonly files: DeferredFile[] = [];

  /** Keeps a file's cached parse for later. */
  add(path: string, cached: CachedParse): void {
    this.files.push({ path, cached });
  }

  /** The lines of each file the cache gave, by path. */
  lines(): Map<string, number> {
    return new Map(this.files.map((f) => [f.path, f.cached.lines]));
  }

  /** How many events the cached parse of a file holds. */
  static count(cached: CachedParse): number {
    return cached.segments.reduce((n, s) => n + (s.part?.count ?? s.columns.count), 0);
  }

  /** How many cached events have a time at or after `ts`, from the columns' times alone. */
  countFrom(ts: number): number {
    let n = 0;
    for (const { cached } of this.files)
      for (const segment of cached.segments)
        n += decoded(() =>
          segment.part !== undefined ? countFromPart(segment.part, ts) : countFrom(segment.columns, ts),
        );
    return n;
  }

  /** Closes the files of the parts left in them (see CachedSegment.part): the run is done with them. */
  close(): void {
    for (const { cached } of this.files) closeParts(cached);
  }

  /**
   * The cached events `pick` takes, asked of each one's keys (see selectEvents), file by file in
   * the order they were added and line by line; those that fail `filter` are not asked.
   */
  select(pick: (keys: EventKeys, file: string) => boolean, filter: KeyFilter | null = null): BaseEvent[] {
    const picked: BaseEvent[] = [];
    for (const { path, cached } of this.files)
      for (const segment of cached.segments)
        for (const e of decoded(() => selectFrom(segment, cached, path, pick, filter))) picked.push(e);
    return picked;
  }

  /**
   * The input with every cached event made and put before its file's new events, as a whole read
   * gives them; a DamagedCacheError when a file's bytes are not those the cache checked. With
   * `leaveLines` the events' lines are left in their files, read again (and checked) when asked
   * for, as a run that stores lines reads them (`LoadOptions.storeLines`): reading one that changed
   * since then throws a FileChangedError, and the run reads again with its lines held.
   */
  async withAll(input: LoadedInput, leaveLines = false): Promise<LoadedInput> {
    if (this.files.length === 0) return input;
    try {
      if (!leaveLines) for (const { cached } of this.files) await cached.raw?.load();
    } catch (error) {
      throw new DamagedCacheError(`a cached file changed: ${(error as Error).message}`);
    }
    const cachedOf = new Map(this.files.map((f) => [f.path, f.cached]));
    const events: BaseEvent[] = [];
    let next = 0;
    for (const file of input.files) {
      if (file.kind !== "events") continue;
      const cached = cachedOf.get(file.path);
      if (cached !== undefined)
        for (const segment of cached.segments)
          for (const e of decoded(
            () =>
              decodeEvents(
                segment.columns,
                file.path,
                segment.lineBase,
                (leaveLines ? cached.raw : cached.raw?.all()) ?? segment.columns.rawBytes,
                leaveLines,
              ).events,
          ))
            events.push(e);
      while (next < input.events.length && (input.events[next] as BaseEvent).file === file.path)
        events.push(input.events[next++] as BaseEvent);
    }
    // Events of files the list does not name (none, as every event file is listed) keep their place at the end.
    while (next < input.events.length) events.push(input.events[next++] as BaseEvent);
    return { ...input, events };
  }
}

/** The events of one part that `pick` takes: read from its file when it was left there. */
function selectFrom(
  segment: CachedSegment,
  cached: CachedParse,
  path: string,
  pick: (keys: EventKeys, file: string) => boolean,
  filter: KeyFilter | null,
): BaseEvent[] {
  const ask = (keys: EventKeys): boolean => pick(keys, path);
  if (segment.part !== undefined && cached.raw !== null)
    return selectFromPart(segment.part, path, segment.lineBase, cached.raw, ask, filter);
  return selectEvents(
    segment.columns,
    path,
    segment.lineBase,
    cached.raw ?? segment.columns.rawBytes,
    ask,
    filter,
  );
}

/** What a decode gives, or a DamagedCacheError when the columns do not hold together. */
function decoded<T>(decode: () => T): T {
  try {
    return decode();
  } catch (error) {
    throw new DamagedCacheError(`a cached parse does not decode: ${(error as Error).message}`);
  }
}
