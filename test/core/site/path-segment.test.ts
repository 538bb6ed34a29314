import { describe, expect, it } from "vitest";
import { pathSegment, RESERVED_SEGMENTS } from "../../../src/core/site/path-segment.ts";

describe("pathSegment", () => {
  it.each([
    ["ws_1e382e39-018d", "ws_1e382e39-018d"],
    ["conv:abc-123", "conv.abc-123"],
    ["pair:main_nuri", "pair.main_nuri"],
    ["../../x", "~2E~2E~2F~2E~2E~2Fx"],
    ["a/b\\c", "a~2Fb~5Cc"],
    ["a\u0000b", "a~00b"],
    ["WS-Case", "~57~53-~43ase"],
    ["한", "~ED~95~9C"],
    ["a.b~c", "a~2Eb~7Ec"],
    [":", "~3A"],
    ["::", "~3A~3A"],
    ["", "~"],
    ["a:", "a~3A"],
  ])("encodes %j as %j", (id, segment) => {
    expect(pathSegment(id)).toBe(segment);
  });

  it("never yields a separator, NUL, a dot segment or more than 100 characters", () => {
    const ids = [
      "..",
      ".",
      "/",
      "\\",
      "\u0000",
      "x".repeat(5000),
      "한글".repeat(200),
      "a:".repeat(80),
      "~".repeat(90),
      `${"a".repeat(59)}한`,
    ];
    for (const id of ids) {
      const s = pathSegment(id);
      expect(s, id).not.toMatch(/[/\\\0]/);
      expect(s, id).not.toMatch(/^\.+$/);
      expect(s.length, id).toBeLessThanOrEqual(100);
      expect(s, id).toMatch(/^[a-z0-9_.~A-F-]+$/);
    }
  });

  it("gives different ids different segments, long ones included", () => {
    const ids = [
      "a",
      "A",
      "a:",
      "a.",
      "a~2E",
      "a~3A",
      ":",
      "::",
      ".",
      "~",
      "",
      "x".repeat(300),
      `${"x".repeat(299)}y`,
      `${"x".repeat(60)}~~0000000000000000`,
      "conv:x",
      "conv.x",
      "by-category",
      "~62y-category",
      "by-category:",
      "aux",
      "aux:json",
      "aux.json",
      "~61ux",
      "index:json",
      "index.json",
      "con:",
      "con~3A",
      `con:${"x".repeat(200)}`,
      `con.${"x".repeat(200)}`,
    ];
    const segments = ids.map(pathSegment);
    expect(new Set(segments).size).toBe(ids.length);
  });

  it("keeps a long id's start readable and cuts before an escape, not through one", () => {
    const s = pathSegment(`${"a".repeat(59)}${"한".repeat(50)}`);
    expect(s.startsWith("a".repeat(59))).toBe(true);
    expect(s).toMatch(/^a{59}~~[0-9a-f]{16}$/);
  });

  it.each([
    ["by-category", "~62y-category"],
    ["index.json", "~69ndex.json"],
    ["index.html", "~69ndex.html"],
    ["threads", "~74hreads"],
    ["all", "~61ll"],
    ["page", "~70age"],
  ])("keeps the route name %j free: an id by that name becomes %j", (name, segment) => {
    expect(RESERVED_SEGMENTS).toContain(name);
    // Ids reach `index.json` and `index.html` through `:`, which becomes a dot.
    expect(pathSegment(name.replace(".", ":"))).toBe(segment);
  });

  it("lists exactly the reserved route names tested above", () => {
    expect([...RESERVED_SEGMENTS].sort()).toEqual([
      "all",
      "by-category",
      "index.html",
      "index.json",
      "page",
      "threads",
    ]);
  });

  it.each([
    ["con", "~63on"],
    ["prn", "~70rn"],
    ["aux", "~61ux"],
    ["nul", "~6Eul"],
    ["com1", "~63om1"],
    ["com9", "~63om9"],
    ["lpt1", "~6Cpt1"],
    ["lpt9", "~6Cpt9"],
    ["aux:json", "~61ux.json"],
    ["NUL", "~4E~55~4C"],
    ["Con:txt", "~43on.txt"],
  ])("keeps the Windows device name in %j from being a folder: %j", (id, segment) => {
    expect(pathSegment(id)).toBe(segment);
  });

  it("leaves names that only look like device names as they are", () => {
    expect(["com10", "console", "auxiliary", "com0", "all-x", "threadsx"].map(pathSegment)).toEqual([
      "com10",
      "console",
      "auxiliary",
      "com0",
      "all-x",
      "threadsx",
    ]);
  });

  it("never ends a segment in a dot, which Windows drops", () => {
    expect(pathSegment("conv:")).toBe("conv~3A");
    // Spelled out, the colon would make the segment too long: it is cut and tagged instead.
    expect(pathSegment(`${"a".repeat(99)}:`)).toMatch(/^a{60}~~[0-9a-f]{16}$/);
  });
});
