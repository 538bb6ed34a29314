/**
 * Text from the logs made safe to put into the Markdown we write (postmortems, weekly reports),
 * which chats and wikis render. A text from a log may hold Markdown and HTML of its own
 * (`<script>`, `[x](javascript:…)`, a bare URL a renderer would link, a `|` that splits a table
 * cell, `$…$` that GitHub draws as maths): it must stay text. Two ways keep it so: backslash
 * escapes for text that reads as words (`markdownText`), and code spans or fenced blocks for text
 * that reads as code or a message (`codeSpan`, `cellCode`, `codeBlock`).
 */

/**
 * Control characters, C0 and C1, but for tab and line endings: they have no business in a
 * document, so they are dropped.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it matches.
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/**
 * Line endings, the Unicode line and paragraph separators among them: a renderer may end a table
 * row or a list item at any of them, so text on one line has none, and a block has plain `\n`.
 */
const LINE_BREAKS = /\r\n|[\r\n\u2028\u2029]/g;

/** Runs of line endings and tabs, which text on one line shows as one space. */
const BREAKS_AND_TABS = /[\r\n\t\u2028\u2029]+/g;

/**
 * Characters with a meaning inline in CommonMark or GitHub's Markdown: emphasis, code, links and
 * images, raw HTML and autolinks, entities, table cells, strikethrough, `$`, which opens GitHub's
 * maths, and `:` and `@`, which start GitHub's bare autolinks (`https://…`, `name@host`).
 * CommonMark lets a backslash escape any of them. `^` needs no escape: no renderer we write for
 * gives it a meaning inline.
 */
const INLINE_SPECIALS = /[\\`*_[\]()<>|~&#!{}:@$]/g;

/** A text on one line: no control characters, and a space for each run of line endings and tabs. */
function oneLine(text: string): string {
  return text.replace(CONTROLS, "").replace(BREAKS_AND_TABS, " ");
}

/** A text from a log as Markdown that shows it as it is, on one line. */
export function markdownText(text: string): string {
  return (
    oneLine(text)
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

/** The longest run of `char` in a text. */
function longestRun(text: string, char: string): number {
  let longest = 0;
  let run = 0;
  for (const c of text) {
    run = c === char ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}

/**
 * Text as an inline code span on one line: line endings become spaces, and the fence is one
 * backtick longer than any run inside. A text that starts or ends with a backtick or a space is
 * padded with a space each side, which CommonMark strips again, so that it stays whole. Empty
 * text is `—`.
 */
export function codeSpan(text: string): string {
  const line = oneLine(text);
  if (line.trim() === "") return "—";
  const fence = "`".repeat(longestRun(line, "`") + 1);
  const pad = /^[` ]|[` ]$/.test(line) ? " " : "";
  return `${fence}${pad}${line}${pad}${fence}`;
}

/**
 * A code span for a table cell: a GFM table splits its rows on `|` even inside code spans unless
 * it is escaped, so every `|` is.
 */
export function cellCode(text: string): string {
  return codeSpan(text).replaceAll("|", "\\|");
}

/**
 * Text as a fenced code block of its own: the fence is of tildes, one longer than any run of
 * tildes or backticks inside (at least three), so no line of the text can close it.
 */
export function codeBlock(text: string): string {
  const body = text.replace(CONTROLS, "").replace(LINE_BREAKS, "\n");
  const fence = "~".repeat(Math.max(3, longestRun(body, "~") + 1, longestRun(body, "`") + 1));
  return `${fence}text\n${body}\n${fence}`;
}
