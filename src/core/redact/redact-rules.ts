/**
 * One kind of secret the redactor removes before text is published. Each row names the kind (the
 * marker says it: `[redacted: github token]`), says which characters it finds, and keeps, through
 * `keep`, the part of the match that is not secret (the `Authorization: Bearer ` before a token, the
 * user and host around a password), so that a reader still sees what was there.
 */
export interface RedactRule {
  /** The kind, in the marker and in the counts. */
  kind: string;
  /** What it finds. Global, so that every occurrence in a text is replaced. */
  pattern: RegExp;
  /** The marker with the parts of the match that stay; the marker alone when absent. */
  keep?: (marker: string, ...groups: string[]) => string;
}

/**
 * The secrets workscope knows by their shape, most specific first: an Anthropic key also looks like
 * an OpenAI key, so its row runs before the OpenAI one. A secret without a known prefix or shape (a
 * password in prose, a bare hex token) is not found: these rows only catch what is certain enough
 * that a false positive is rare. Lengths are the shortest the issuers hand out, so that a word
 * such as `sk-learn` or `task-12` is never taken for a key.
 *
 * Texts come from logs and may be megabytes long and made to be slow, so no pattern may try a
 * long scan from many starting points: a token starts only where a run of token characters
 * starts (`(?<!…)`, rather than `\b`, which also holds inside `a-b-c`), and a URL's scheme is at
 * most 32 characters. Each text is then read in time proportional to its length.
 */
export const REDACT_RULES: readonly RedactRule[] = [
  { kind: "anthropic key", pattern: /(?<![\w-])sk-ant-[\w-]{20,}/g },
  {
    kind: "openai key",
    // A key holds at least one digit: a long hyphenated word after `sk-` is not one.
    pattern: /(?<![\w-])sk-(?:proj-|svcacct-|admin-)?(?=[A-Za-z_-]*\d)[\w-]{20,}/g,
  },
  { kind: "github token", pattern: /(?<![\w-])(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_\w{22,255})\b/g },
  { kind: "gitlab token", pattern: /(?<![\w-])glpat-[\w-]{20,}/g },
  { kind: "slack token", pattern: /(?<![\w-])xox[abprs]-(?=[A-Za-z-]*\d)[A-Za-z0-9-]{10,}/g },
  { kind: "aws access key", pattern: /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g },
  // Header and payload of a JWT are base64url JSON objects, so both begin `eyJ` (`{"`).
  { kind: "jwt", pattern: /(?<![\w-])eyJ[\w-]{5,}\.eyJ[\w-]{5,}\.[\w-]{10,}/g },
  {
    kind: "private key",
    // A block cut short (a message shortened for a page) is removed to the end of the text.
    pattern:
      /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----(?:[\s\S]*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY-----|[\s\S]*$)/g,
  },
  {
    kind: "bearer token",
    // Also as a JSON or YAML field: `"Authorization": "Bearer …"`.
    pattern: /\b(Authorization["']?\s*[:=]\s*["']?Bearer\s+)[A-Za-z0-9\-._~+/]+=*/gi,
    keep: (marker, prefix = "") => `${prefix}${marker}`,
  },
  {
    kind: "url password",
    pattern: /(?<![\w+.-])([a-z][a-z0-9+.-]{0,31}:\/\/[^\s:@/?#"'<>]+:)[^\s@/?#"'<>]+(@)/gi,
    keep: (marker, before = "", at = "") => `${before}${marker}${at}`,
  },
];
