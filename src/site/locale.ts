// The language and base path of the site being built, set by `workscope build` (--locale, --base).
import type { Locale } from "../core/site/labels.ts";
import { label, type LabelKey } from "../core/site/labels.ts";

/** The build's language: `en` when WORKSCOPE_LOCALE says so, Korean otherwise. */
export const locale: Locale = process.env["WORKSCOPE_LOCALE"] === "en" ? "en" : "ko";

/** A fixed word in the build's language. */
export function t(key: LabelKey): string {
  return label(locale, key);
}

/** The path the site is served under (`--base`), with a slash at both ends. */
const base = process.env["WORKSCOPE_BASE"] ?? "/";

/** A site path under the build's base, e.g. href("sessions/") → "/reports/sessions/". */
export function href(path: string): string {
  return `${base}${path.replace(/^\//, "")}`;
}
