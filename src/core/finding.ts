import { z } from "zod";

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
