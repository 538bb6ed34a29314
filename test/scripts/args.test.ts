import { describe, expect, it } from "vitest";
import { parseCommand, parseLocale, parseNow, parseTimeZone, UsageError } from "../../scripts/args.ts";

const OPTIONS = { out: { type: "string" }, quiet: { type: "boolean" } } as const;

describe("parseCommand", () => {
  it("gives options, positionals and --help / -h", () => {
    const { values, positionals } = parseCommand(["logs", "--out", "dist", "more", "--quiet", "-h"], OPTIONS);
    expect(values).toEqual({ out: "dist", quiet: true, help: true });
    expect(positionals).toEqual(["logs", "more"]);
  });

  it("turns an unknown option or a missing value into a one-line UsageError", () => {
    for (const argv of [["--bogus"], ["--out"], ["--quiet=yes"]]) {
      let error: unknown;
      try {
        parseCommand(argv, OPTIONS);
      } catch (e) {
        error = e;
      }
      expect(error, argv.join(" ")).toBeInstanceOf(UsageError);
      expect((error as Error).message, argv.join(" ")).not.toContain("\n");
    }
    expect(() => parseCommand(["--bogus"], OPTIONS)).toThrow(/--bogus/);
  });
});

describe("parseNow", () => {
  it("reads an ISO-8601 time as epoch ms, and takes the clock when --now is absent", () => {
    expect(parseNow("2026-03-09T00:00:00Z")).toBe(Date.UTC(2026, 2, 9));
    expect(parseNow(undefined, () => 42)).toBe(42);
  });

  it("refuses a time it cannot read, quoting it", () => {
    expect(() => parseNow("soon")).toThrow(UsageError);
    expect(() => parseNow("soon")).toThrow(
      '--now should be an ISO-8601 time, e.g. 2026-03-01T09:00:00Z (got "soon")',
    );
  });
});

describe("parseTimeZone", () => {
  it("takes an IANA zone the runtime knows, and UTC when --tz is absent", () => {
    expect(parseTimeZone(undefined)).toBe("UTC");
    expect(parseTimeZone("Asia/Seoul")).toBe("Asia/Seoul");
    expect(parseTimeZone("UTC")).toBe("UTC");
  });

  it.each(["Mars/Olympus", "", "Asia/Nowhere", "Asia/Seoul/"])(
    "refuses %j in one line, quoting it",
    (zone) => {
      expect(() => parseTimeZone(zone)).toThrow(UsageError);
      expect(() => parseTimeZone(zone)).toThrow(`(got ${JSON.stringify(zone)})`);
    },
  );
});

describe("parseLocale", () => {
  it("takes ko or en, and ko when --locale is absent", () => {
    expect(parseLocale(undefined)).toBe("ko");
    expect(parseLocale("ko")).toBe("ko");
    expect(parseLocale("en")).toBe("en");
  });

  it.each(["", "EN", "fr", "ko-KR", " en"])("refuses %j in one line, quoting it", (locale) => {
    expect(() => parseLocale(locale)).toThrow(UsageError);
    expect(() => parseLocale(locale)).toThrow(`--locale should be ko or en (got ${JSON.stringify(locale)})`);
  });
});
