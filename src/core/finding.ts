import * as z from "zod";

/**
 * A data-quality finding: something in the input that could not be read as it should. Findings
 * are never errors of the run: the run goes on, and the finding says where to look.
 */
export const Finding = z.object({
  /** The file the finding is about, as listed in `input.files`. */
  file: z.string(),
  /** The 1-based line in that file; 0 when the finding is about the whole file. */
  line: z.number().int().nonnegative(),
  /** What is wrong, in one sentence a person can act on. */
  reason: z.string(),
});
export type Finding = z.infer<typeof Finding>;

/** Orders findings by file, then line, then reason, so output never depends on read order. */
export function compareFindings(a: Finding, b: Finding): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  if (a.line !== b.line) return a.line - b.line;
  return a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0;
}

/**
 * How many findings the Report lists per file. A thousand show every kind of problem a damaged
 * file has and where it starts, and keep the Report of a file with millions of bad lines at a
 * few hundred kilobytes per file instead of past what one string can hold; the rest are counted.
 */
export const FINDINGS_LISTED_PER_FILE = 1000;

/**
 * The findings of one file and reason beyond the listed ones: counted, not listed. Together with
 * the listed findings they are every finding, as each file's `errors` count says.
 */
export const OmittedFindings = z.object({
  /** The file, as listed in `input.files`. */
  file: z.string(),
  /** The reason they share, or OTHER_REASONS for those past the limit of distinct reasons. */
  reason: z.string(),
  /** How many findings of this file and reason are not listed. */
  count: z.number().int().positive(),
});
export type OmittedFindings = z.infer<typeof OmittedFindings>;

/**
 * The reason of the omitted findings whose own reasons are past the limit of distinct reasons of
 * one file, so that even the summary stays bounded when reasons differ line by line.
 */
export const OTHER_REASONS = "findings whose reasons are past the limit of distinct reasons";

/** Findings as far as they are listed, and the rest counted by file and reason. */
export interface BoundedFindings {
  /** The findings listed, at most the limit per file, ordered by compareFindings. */
  listed: Finding[];
  /** The rest, counted by file and reason, ordered by file and reason. */
  omitted: OmittedFindings[];
}

/**
 * Collects findings in bounded memory: the first `limit` of each file are kept, later ones only
 * counted by reason (at most `limit` distinct reasons per file, the rest under OTHER_REASONS).
 * Readers add findings in line order, so what is kept is the first lines of each file.
 */
export class FindingCollector {
  private readonly kept: Finding[] = [];
  private readonly perFile = new Map<string, { kept: number; omitted: Map<string, number> }>();

  private readonly limit: number;

  constructor(limit: number = FINDINGS_LISTED_PER_FILE) {
    this.limit = limit;
  }

  /** Adds one finding: kept when its file has room, else counted. */
  add(finding: Finding): void {
    let file = this.perFile.get(finding.file);
    if (file === undefined) this.perFile.set(finding.file, (file = { kept: 0, omitted: new Map() }));
    if (file.kept < this.limit) {
      file.kept++;
      this.kept.push(finding);
      return;
    }
    this.count(finding.file, finding.reason, 1);
  }

  /** Counts findings not listed, as an earlier collection left them. */
  addOmitted(omitted: OmittedFindings): void {
    this.count(omitted.file, omitted.reason, omitted.count);
  }

  private count(path: string, reason: string, n: number): void {
    let file = this.perFile.get(path);
    if (file === undefined) this.perFile.set(path, (file = { kept: 0, omitted: new Map() }));
    const key = file.omitted.has(reason) || file.omitted.size < this.limit ? reason : OTHER_REASONS;
    file.omitted.set(key, (file.omitted.get(key) ?? 0) + n);
  }

  /** What was collected: the kept findings in order, and the rest counted. */
  result(): BoundedFindings {
    const omitted: OmittedFindings[] = [];
    for (const [file, { omitted: byReason }] of this.perFile)
      for (const [reason, count] of byReason) omitted.push({ file, reason, count });
    omitted.sort((a, b) =>
      a.file !== b.file ? (a.file < b.file ? -1 : 1) : a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0,
    );
    return { listed: [...this.kept].sort(compareFindings), omitted };
  }
}

/**
 * Bounds findings for the Report: each file's first `limit` by compareFindings are listed, the
 * rest counted with those already omitted. With no more than `limit` per file and nothing
 * omitted, the listed findings are all the findings, sorted, as the Report always had them.
 */
export function boundFindings(
  findings: readonly Finding[],
  omitted: readonly OmittedFindings[] = [],
  limit: number = FINDINGS_LISTED_PER_FILE,
): BoundedFindings {
  const collector = new FindingCollector(limit);
  for (const finding of [...findings].sort(compareFindings)) collector.add(finding);
  for (const o of omitted) collector.addOmitted(o);
  return collector.result();
}
