import { describe, expect, it } from "vitest";
import { REDACT_RULES } from "../../../src/core/redact/redact-rules.ts";
import { redactText } from "../../../src/core/redact/redact.ts";

/**
 * Every value here is fake and put together from parts, so that no file of the repository holds a
 * string that looks like a live secret to a scanner.
 */
const ALNUM = "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0";
const join = (...parts: string[]): string => parts.join("");

/** Per kind: texts it catches (with what they become) and texts it must leave alone. */
const ROWS: Record<string, { catches: [string, string][]; leaves: string[] }> = {
  "anthropic key": {
    catches: [[join("key ", "sk-", "ant-", "api03-", ALNUM, "_x-y"), "key [redacted: anthropic key]"]],
    leaves: ["sk-ant-short", "the sk-ant- prefix"],
  },
  "openai key": {
    catches: [
      [join("sk-", ALNUM), "[redacted: openai key]"],
      [join("OPENAI=", "sk-", "proj-", ALNUM, "-", ALNUM), "OPENAI=[redacted: openai key]"],
    ],
    leaves: [
      "sk-learn",
      "task-12345678901234567890",
      "sk-this-is-a-long-hyphenated-name",
      "risk-assessment-document-v2",
    ],
  },
  "github token": {
    catches: [
      [join("gh", "p_", ALNUM.slice(0, 36)), "[redacted: github token]"],
      [join("token=", "gh", "s_", ALNUM.slice(0, 36), " end"), "token=[redacted: github token] end"],
      [join("github", "_pat_", ALNUM.slice(0, 22), "_", ALNUM), "[redacted: github token]"],
    ],
    leaves: ["ghp_short", join("gh", "x_", ALNUM.slice(0, 36)), "github_pat_"],
  },
  "gitlab token": {
    catches: [[join("gl", "pat-", ALNUM.slice(0, 20)), "[redacted: gitlab token]"]],
    leaves: ["glpat-short", "see glpat- tokens"],
  },
  "slack token": {
    catches: [
      [join("xo", "xb-", "1234567890-", "1234567890123-", ALNUM.slice(0, 24)), "[redacted: slack token]"],
    ],
    leaves: ["xoxb-", "xoxz-1234567890-abc", "xoxo-hugs-and-kisses"],
  },
  "aws access key": {
    catches: [
      [join("id ", "AK", "IA", "IOSFODNN7EXAMPLE"), "id [redacted: aws access key]"],
      [join("AS", "IA", "Y34FZKBOKMUTVV7A"), "[redacted: aws access key]"],
    ],
    leaves: ["AKIA1234", "AKIAiosfodnn7example", "XAKIAIOSFODNN7EXAMPLE"],
  },
  jwt: {
    catches: [
      [
        join(
          "token: ",
          "eyJ",
          "hbGciOiJIUzI1NiJ9",
          ".",
          "eyJ",
          "zdWIiOiIxMjM0In0",
          ".",
          "dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk",
        ),
        "token: [redacted: jwt]",
      ],
    ],
    leaves: ["eyJhbGciOiJIUzI1NiJ9", "eyJ.eyJ.abc", "version 1.2.3"],
  },
  "private key": {
    catches: [
      [
        join(
          "before\n-----BEGIN ",
          "RSA PRIVATE KEY-----\nMIIEow",
          ALNUM,
          "\n-----END ",
          "RSA PRIVATE KEY-----\nafter",
        ),
        "before\n[redacted: private key]\nafter",
      ],
      [join("-----BEGIN ", "PRIVATE KEY-----\nMIIEvQ", ALNUM, "…"), "[redacted: private key]"],
      [
        join("-----BEGIN ", "OPENSSH PRIVATE KEY-----\nb3Bl\n-----END ", "OPENSSH PRIVATE KEY-----"),
        "[redacted: private key]",
      ],
    ],
    leaves: ["-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----", "-----BEGIN CERTIFICATE-----"],
  },
  "bearer token": {
    catches: [
      [
        join("Authorization: Bearer ", "abc.DEF-123_~+/xyz=="),
        "Authorization: Bearer [redacted: bearer token]",
      ],
      [
        join('{"authorization": "Bearer ', ALNUM, '"}'),
        '{"authorization": "Bearer [redacted: bearer token]"}',
      ],
    ],
    leaves: ["a Bearer of good news", "Authorization: Basic"],
  },
  "url password": {
    catches: [
      [
        join("postgres://app:", "hunter2", "@db.internal:5432/x"),
        "postgres://app:[redacted: url password]@db.internal:5432/x",
      ],
      [
        join("see https://u:", "p4ss", "@example.com."),
        "see https://u:[redacted: url password]@example.com.",
      ],
    ],
    leaves: [
      "http://localhost:8080/path",
      "https://example.com/a@b",
      "mailto:someone@example.com",
      "user:pass@host",
    ],
  },
};

describe("REDACT_RULES", () => {
  it("has a test row for each rule and a rule for each test row", () => {
    expect(REDACT_RULES.map((r) => r.kind).sort()).toEqual(Object.keys(ROWS).sort());
  });

  it("has global patterns, so that every occurrence is replaced", () => {
    for (const rule of REDACT_RULES) expect(rule.pattern.flags).toContain("g");
  });

  it.each([
    ["hyphenated words", "a-".repeat(100_000)],
    ["a run of prefixes", `${"sk-".repeat(60_000)}://`],
    ["a prefix then a run without a digit", `sk-${"a-".repeat(100_000)}`],
    ["slack prefixes", "xoxb-".repeat(40_000)],
    ["JWT-like parts", "eyJ-".repeat(50_000)],
    ["JWT-like dotted parts", "eyJaaaaa.".repeat(25_000)],
    ["a long scheme", `${"a".repeat(100_000)}://${"b".repeat(100_000)}:${"c".repeat(100_000)}`],
    ["many URLs without a password", "x://a:b/".repeat(30_000)],
    ["unended key blocks", "-----BEGIN PRIVATE KEY-----".repeat(10_000)],
    ["bearer headers", "Authorization: Bearer ".repeat(10_000)],
  ])("reads %s in time proportional to the text", (_name, text) => {
    const started = performance.now();
    redactText(text);
    // Quadratic patterns took tens of seconds on these; linear ones take milliseconds.
    expect(performance.now() - started).toBeLessThan(1500);
  });

  describe.each(REDACT_RULES.map((r) => r.kind))("%s", (kind) => {
    const row = ROWS[kind] as (typeof ROWS)[string];
    it.each(row.catches)("catches %j", (text, expected) => {
      const result = redactText(text);
      expect(result.text).toBe(expected);
      expect(result.counts.get(kind)).toBeGreaterThan(0);
    });
    it.each(row.leaves)("leaves %j", (text) => {
      const result = redactText(text);
      expect(result.text).toBe(text);
      expect(result.counts.size).toBe(0);
    });
  });
});
