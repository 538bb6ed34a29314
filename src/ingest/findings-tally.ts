import {
  FINDINGS_LISTED_PER_FILE,
  FindingCollector,
  OTHER_REASONS,
  type Finding,
  type OmittedFindings,
} from "../core/finding.ts";

/**
 * The findings of one file, or of one part of it, in the form that can be carried to another
 * thread or to the cache and continued there: the first ones as they were added, the rest counted
 * by reason in the order each reason first came.
 */
export interface TallyState {
  /** The findings kept, `[line, reason]`, in the order they were added. */
  listed: Array<[number, string]>;
  /** The findings past the limit, `[reason, count]`, in the order their reasons first came. */
  omitted: Array<[string, number]>;
  /** Every finding, listed or counted. */
  errors: number;
}

/**
 * Findings of one file, bounded as FindingCollector bounds them (the first `limit` listed, the
 * rest counted by reason, at most `limit` distinct reasons), but kept in the order they came so
 * that a later part of the file can continue it as if the file had been read in one pass.
 */
export class FindingsTally {
  private readonly listed: Array<[number, string]> = [];
  private readonly omitted = new Map<string, number>();
  private errors = 0;
  /** How many findings are listed; the rest are counted. */
  readonly limit: number;

  constructor(limit: number = FINDINGS_LISTED_PER_FILE, from?: TallyState) {
    this.limit = limit;
    if (from !== undefined) this.append(from, 0);
  }

  /** One finding, on a 1-based line (0: the whole file). */
  add(line: number, reason: string): void {
    if (this.listed.length >= this.limit) return this.count(reason, 1);
    this.errors++;
    this.listed.push([line, reason]);
  }

  private count(reason: string, n: number): void {
    this.errors += n;
    const key = this.omitted.has(reason) || this.omitted.size < this.limit ? reason : OTHER_REASONS;
    this.omitted.set(key, (this.omitted.get(key) ?? 0) + n);
  }

  /**
   * Continues with the findings of the next part of the file, whose lines are `lineBase` lines
   * further on. Exact, except when that part had to lump reasons together and this tally is not
   * empty: which of those reasons one pass would have kept apart is then unknown, and it returns
   * false, leaving the tally as it was, so that the caller reads the file in one pass instead.
   */
  append(part: TallyState, lineBase: number): boolean {
    if (this.errors > 0 && part.omitted.some(([reason]) => reason === OTHER_REASONS)) return false;
    for (const [line, reason] of part.listed) this.add(line === 0 ? 0 : line + lineBase, reason);
    for (const [reason, n] of part.omitted) this.count(reason, n);
    return true;
  }

  /** The tally as data, to carry to another thread or to the cache. */
  state(): TallyState {
    return { listed: [...this.listed], omitted: [...this.omitted], errors: this.errors };
  }

  /** Every finding, listed or counted. */
  get total(): number {
    return this.errors;
  }

  /** The findings as the Report holds them: those listed in order, and the rest counted. */
  result(file: string): { listed: Finding[]; omitted: OmittedFindings[] } {
    const collector = new FindingCollector(this.limit);
    for (const [line, reason] of this.listed) collector.add({ file, line, reason });
    for (const [reason, count] of this.omitted) collector.addOmitted({ file, reason, count });
    return collector.result();
  }
}

/** Whether a value read from disk is a TallyState (the cache never trusts its own file). */
export function isTallyState(value: unknown): value is TallyState {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Partial<TallyState>;
  return (
    Number.isSafeInteger(v.errors) &&
    Array.isArray(v.listed) &&
    v.listed.every(
      (f) => Array.isArray(f) && Number.isSafeInteger(f[0]) && f[0] >= 0 && typeof f[1] === "string",
    ) &&
    Array.isArray(v.omitted) &&
    v.omitted.every(
      (o) => Array.isArray(o) && typeof o[0] === "string" && Number.isSafeInteger(o[1]) && o[1] > 0,
    )
  );
}
