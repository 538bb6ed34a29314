/**
 * Text from the logs (titles, subTags, agent names, ids) written into Markdown that chats and wikis
 * render. It must stay text: never a link, an image, raw HTML, a table cell boundary or emphasis.
 */

/**
 * Characters with a meaning inline in CommonMark or GitHub's Markdown: emphasis, code, links and
 * images, raw HTML and autolinks, entities, table cells, strikethrough, and `:` and `@`, which
 * start GitHub's bare autolinks (`https://…`, `name@host`). CommonMark lets a backslash escape any
 * of them.
 */
const INLINE_SPECIALS = /[\\`*_[\]()<>|~&#!{}:@]/g;

/** Line breaks, tabs and other control characters, which could end a table row or a list item. */
// eslint-disable-next-line no-control-regex -- control characters are what it matches.
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** A text from a log as Markdown that shows it as it is, on one line. */
export function markdownText(text: string): string {
  return (
    text
      .replace(CONTROLS, " ")
      .replace(INLINE_SPECIALS, (c) => `\\${c}`)
      // A dot before a letter could make a bare domain (`www.x`, `evil.com`) that GitHub or a
      // linkify-minded renderer links; an escaped dot keeps it text, while `v1.2` stays as it is.
      .replace(/\.(?=\p{L})/gu, "\\.")
  );
}

/**
 * One of our own words (a category's or a reason's name) in Markdown: trusted text, written as it
 * is for people reading the Markdown raw, but for a bar, which would split a table cell.
 */
export function markdownLabel(text: string): string {
  return text.replaceAll("|", "\\|");
}

/**
 * A URL of ours as a Markdown link destination: every character outside the unreserved and
 * delimiter set is percent-encoded, so that no space, parenthesis or angle bracket can end the
 * destination early.
 */
export function markdownUrl(url: string): string {
  return url.replace(/[^A-Za-z0-9\-._~:/?#%&=+@!$,;*]/g, (c) =>
    [...new TextEncoder().encode(c)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join(""),
  );
}

/** A link whose text comes from a log and whose destination is one of our URLs. */
export function markdownLink(text: string, url: string): string {
  return `[${markdownText(text)}](${markdownUrl(url)})`;
}

/** A count's change as a report shows it: `+3`, `−2` (a minus sign), `0`. */
export function signedChange(change: number): string {
  if (change > 0) return `+${change}`;
  if (change < 0) return `\u2212${-change}`;
  return "0";
}

/** A share 0–1 as a percentage with at most one decimal: `0.333` → `33.3%`. */
export function percent(ratio: number): string {
  return `${Math.round(ratio * 1000) / 10}%`;
}
