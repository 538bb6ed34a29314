import { describe, expect, it } from "vitest";
import { ApiIndex, apiFamily } from "../../../src/core/api/api-family.ts";
import { FAMILY_BUILDERS } from "../../../src/core/site/families.ts";
import { siteLookups } from "../../../src/core/site/site-lookups.ts";
import { analysis, event, workSession } from "../site/fixtures.ts";

describe("apiFamily", () => {
  const data = analysis(
    { workSessions: [workSession("ws-1"), workSession("ws-2")] },
    { events: [event(), event(), event()] },
  );
  const family = apiFamily(data, siteLookups(data));

  it("is registered among the site's families", () => {
    expect(FAMILY_BUILDERS).toContain(apiFamily);
  });

  it("holds both files' bodies in its index, which passes its schema, and has no pages", () => {
    expect(family.family).toBe("api");
    expect(family.pages).toEqual([]);
    const index = ApiIndex.parse(family.index);
    expect(index.workSessions.sessions.map((s) => s.segment)).toEqual(["ws-1", "ws-2"]);
    expect([index.events.total, index.events.count]).toEqual([3, 3]);
    expect(index.events.generatedAt).toBe(data.report.generatedAt);
  });
});
