import * as z from "zod";

/**
 * The sessions each conversation (or task) is tied to, as a snapshot keeps them: every key the
 * log named, once, in code-unit order, beside its sessions (none for a key tied to none). A rerun
 * looks a key up by binary search and keeps the ties of keys no earlier event named beside the
 * table (`TieLookup`) until it writes the next one, merging the two in one walk. As Maps, the
 * ties were made anew when a snapshot was read and copied whole when a rerun added to them: some
 * 80 ms of a profiled rerun over the bench's log, whose 42k keys it hashed three times.
 */
export const TieTable = z.object({
  /** The keys, in code-unit order, each once. */
  keys: z.array(z.string()),
  /** The sessions of the key at the same place. */
  sessions: z.array(z.array(z.string())),
});
export type TieTable = z.infer<typeof TieTable>;

/**
 * The table of `ties`, whatever the order they are given in. The keys are sorted by the array's
 * own order (code units, as `<` orders them) and their sessions looked up after: sorting the
 * pairs through a comparing function took a cold run over the bench's log some 40 ms, three
 * times what the sort of the keys alone takes.
 */
export function tieTableOf(ties: ReadonlyMap<string, string[]>): TieTable {
  const keys = [...ties.keys()].sort();
  return { keys, sessions: keys.map((key) => ties.get(key) as string[]) };
}

/** Whether the keys are in code-unit order, each once, as a table's must be to be searched. */
export function isOrdered(table: TieTable): boolean {
  if (table.keys.length !== table.sessions.length) return false;
  for (let i = 1; i < table.keys.length; i++)
    if (!((table.keys[i - 1] as string) < (table.keys[i] as string))) return false;
  return true;
}

/** The sessions `key` is tied to in the table; undefined when the log never named it. */
export function sessionsTiedTo(table: TieTable, key: string): string[] | undefined {
  let low = 0;
  let high = table.keys.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = table.keys[middle] as string;
    if (at === key) return table.sessions[middle];
    if (at < key) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}

/**
 * A kept table and the ties of keys it does not have, as one: what a rerun looks keys up in while
 * new events add keys.
 */
export class TieLookup {
  /** The kept table. */
  readonly kept: TieTable;
  /** The ties of keys the kept table does not have. */
  readonly added = new Map<string, string[]>();

  constructor(kept: TieTable) {
    this.kept = kept;
  }

  /** The sessions `key` is tied to; undefined when no event named it. */
  get(key: string): string[] | undefined {
    return this.added.get(key) ?? sessionsTiedTo(this.kept, key);
  }

  /** Whether the kept table has `key`: an earlier event named it. */
  isKept(key: string): boolean {
    return sessionsTiedTo(this.kept, key) !== undefined;
  }

  /** Ties `key`, which the kept table does not have, to `sessions`. */
  add(key: string, sessions: string[]): void {
    if (this.isKept(key)) throw new Error(`${key} is kept; its ties are not changed`);
    this.added.set(key, sessions);
  }

  /**
   * The keys tied to one session only, one that `has` holds: the kept ones, then the added ones.
   * A walk by index, as a walk that gave each key and its sessions as a pair made 40,000 pairs of
   * a rerun over the bench's log.
   */
  keysTiedOnlyTo(has: (session: string) => boolean): string[] {
    const keys: string[] = [];
    const { kept } = this;
    for (let i = 0; i < kept.keys.length; i++) {
      const sessions = kept.sessions[i] as string[];
      if (sessions.length === 1 && has(sessions[0] as string)) keys.push(kept.keys[i] as string);
    }
    for (const [key, sessions] of this.added)
      if (sessions.length === 1 && has(sessions[0] as string)) keys.push(key);
    return keys;
  }

  /** The kept table with the added ties in their places: the kept keys' lists are shared. */
  table(): TieTable {
    if (this.added.size === 0) return this.kept;
    const added = tieTableOf(this.added);
    const keys: string[] = [];
    const sessions: string[][] = [];
    const { kept } = this;
    let i = 0;
    let j = 0;
    while (i < kept.keys.length || j < added.keys.length) {
      const takeKept =
        j === added.keys.length ||
        (i < kept.keys.length && (kept.keys[i] as string) < (added.keys[j] as string));
      if (takeKept) {
        keys.push(kept.keys[i] as string);
        sessions.push(kept.sessions[i++] as string[]);
      } else {
        keys.push(added.keys[j] as string);
        sessions.push(added.sessions[j++] as string[]);
      }
    }
    return { keys, sessions };
  }
}
