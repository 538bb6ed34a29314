import { driftFamily } from "./drift-page.ts";
import { apiFamily } from "../api/api-family.ts";
import { reportsFamily } from "../reports/reports-family.ts";
import { legacyFamily } from "../quality/legacy-threads.ts";
import { qualityFamily } from "../quality/quality-page.ts";
import { postmortemsFamily } from "../postmortems/postmortems-family.ts";
import type { FamilyBuilder } from "./site-family.ts";

/**
 * The builders of the page families beyond sessions, tasks, agents and events, in the order their
 * data is made. Each family's builder lives beside its page model.
 */
export const FAMILY_BUILDERS: readonly FamilyBuilder[] = [
  postmortemsFamily,
  apiFamily,
  driftFamily,
  reportsFamily,
  qualityFamily,
  legacyFamily,
];
