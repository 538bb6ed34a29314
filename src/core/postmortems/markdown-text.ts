/**
 * Log text made safe to put into Markdown. Text from a log may hold Markdown and HTML of its own
 * (`<script>`, `[x](javascript:…)`, a bare URL a renderer would link, a `|` that splits a table
 * cell): it is only ever written inside a code span or a fenced code block, where no renderer
 * makes HTML, links or emphasis of it.
 */

/** Control characters other than tab and line endings: they have no business in a document. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

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
  const line = text.replace(CONTROL, "").replace(/\r\n|\r|\n/g, " ");
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
  const body = text.replace(CONTROL, "").replace(/\r\n|\r/g, "\n");
  const fence = "~".repeat(Math.max(3, longestRun(body, "~") + 1, longestRun(body, "`") + 1));
  return `${fence}text\n${body}\n${fence}`;
}
