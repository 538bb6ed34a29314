// The language of the site being rendered: the build's settings say it (--locale).
import { label, type LabelKey, type Locale } from "../core/site/labels.ts";
import { settings } from "./data.ts";

/** The build's language. */
export const locale: Locale = settings().locale;

/** A fixed word in the build's language. */
export function t(key: LabelKey): string {
  return label(locale, key);
}
