import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pathSegment, RESERVED_SEGMENTS } from "../../src/core/site/path-segment.ts";
import { fuzzSettings } from "./arbitraries.ts";

// Properties of the one way an id becomes a folder of the site: whatever ids a log holds, each
// gets a folder of its own that every file system can make, inside the output folder.

const WINDOWS_DEVICES = ["con", "prn", "aux", "nul", "com1", "com9", "lpt1", "lpt9"];

/** Ids as hostile logs hold them: names of ours and of devices in any case, dots, long and odd text. */
const idArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...RESERVED_SEGMENTS, ...WINDOWS_DEVICES, ".", "..", "...", ":", "::", "a.", "nul.json"),
  fc
    .constantFrom(...RESERVED_SEGMENTS, ...WINDOWS_DEVICES)
    .chain((name) =>
      fc
        .tuple(
          fc.array(fc.boolean(), { minLength: name.length, maxLength: name.length }),
          fc.string({ maxLength: 4 }),
        )
        .map(
          ([upper, tail]) =>
            [...name].map((c, i) => (upper[i] === true ? c.toUpperCase() : c)).join("") + tail,
        ),
    ),
  fc.stringMatching(/^[a-zA-Z0-9_.:~-]{0,12}$/),
  fc.string({ maxLength: 20, unit: "binary" }),
  fc.string({ minLength: 90, maxLength: 300, unit: "grapheme" }),
);

/** What no segment may be or hold, on any file system workscope's sites are copied to. */
function unsafe(segment: string): string | null {
  const lower = segment.toLowerCase();
  if (segment === "" || segment === "." || segment === "..") return "an empty or dot-only name";
  if (/[/\\\0]/.test(segment)) return "a path separator or NUL";
  if (segment.endsWith(".") || segment.endsWith(" ")) return "a trailing dot or space, which Windows drops";
  if (RESERVED_SEGMENTS.includes(lower)) return "a name one of our routes uses";
  if (/^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/.test(lower)) return "a Windows device name";
  if (Buffer.byteLength(segment) > 255) return "longer than 255 bytes";
  return null;
}

describe("pathSegment over any ids", () => {
  it("gives a segment every file system can make, and no name of ours", () => {
    fc.assert(
      fc.property(idArb, (id) => {
        expect(unsafe(pathSegment(id))).toBeNull();
      }),
      fuzzSettings,
    );
  });

  it("gives two different ids two different segments, even on a disk that ignores case", () => {
    fc.assert(
      fc.property(idArb, idArb, (a, b) => {
        fc.pre(a !== b);
        expect(pathSegment(a).toLowerCase()).not.toBe(pathSegment(b).toLowerCase());
      }),
      fuzzSettings,
    );
  });
});
