import * as z from "zod";
import { CollabCategory } from "./category.ts";
import { isRecord } from "./formats/fields.ts";
import { setOwn } from "./safe-map.ts";

/** One manual category override, as task-monitor stores it. */
export const CategoryOverride = z.object({
  /** The category an operator chose for the work session. */
  collabCategory: CollabCategory,
  /** When it was chosen, ISO-8601 (the server stamps it). */
  updatedAt: z.string(),
  /** Who chose it, when recorded. */
  updatedBy: z.string().optional(),
});
export type CategoryOverride = z.infer<typeof CategoryOverride>;

/**
 * `work-session-category-overrides.json`: overrides by work session id. Session ids are data, so
 * entries are set and read only through `src/core/safe-map.ts`.
 */
export type CategoryOverrides = Record<string, CategoryOverride>;

/**
 * Reads the overrides file's parsed JSON. A bad entry is reported by its session id and skipped;
 * the others still apply.
 */
export function readOverrides(value: unknown): { overrides: CategoryOverrides; problems: string[] } {
  if (!isRecord(value)) return { overrides: {}, problems: ["expected an object of work session ids"] };
  const overrides: CategoryOverrides = {};
  const problems: string[] = [];
  for (const [ws, entry] of Object.entries(value)) {
    const parsed = CategoryOverride.safeParse(entry);
    if (parsed.success) setOwn(overrides, ws, parsed.data);
    else
      problems.push(
        `override for "${ws}": ${parsed.error.issues.map((i) => `${i.path.join(".") || "entry"}: ${i.message}`).join("; ")}`,
      );
  }
  return { overrides, problems };
}
