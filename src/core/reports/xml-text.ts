/**
 * Text written into XML (the Atom feed of the weeks): escaped, and cleared of the characters XML
 * 1.0 forbids anywhere, even escaped, which would make a strict reader reject the whole feed.
 */

/**
 * What XML 1.0 does not allow: the C0 controls but tab, line feed and carriage return, U+FFFE and
 * U+FFFF, and a surrogate without its pair (a string that is not valid UTF-16).
 */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- control characters are what it matches.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** A text as XML character data or an attribute value, in either quotes. */
export function xmlText(text: string): string {
  return text.replace(FORBIDDEN, "").replace(/[&<>"']/g, (c) => ENTITIES[c] as string);
}
